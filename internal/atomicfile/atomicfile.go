// atomicfile.go: WriteFile, which never leaves a half-written file behind.

// Package atomicfile writes whole files atomically: to a temporary file in the same
// folder, then renamed into place, so a reader (a course host, go build) sees either
// the old file or the complete new one, never part of it.
package atomicfile

import (
	"os"
	"path/filepath"
)

// WriteFile writes data to path with permissions perm, atomically. On error nothing is
// left behind and path is unchanged.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(perm); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
