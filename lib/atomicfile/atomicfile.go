// atomicfile.go: WriteFile, which never leaves a half-written file behind, and Replace,
// which falls back to writing in place where a folder forbids new files.

// Package atomicfile writes whole files atomically: to a temporary file in the same
// folder, then renamed into place, so a reader (a course host, go build) sees either
// the old file or the complete new one, never part of it.
package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// createTemp makes WriteFile's temporary file; tests replace it to make a folder that
// refuses new files without needing a non-root user.
var createTemp = os.CreateTemp

// WriteFile writes data to path with permissions perm, atomically. On error nothing is
// left behind and path is unchanged.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	tmp, err := createTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
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

// Replace writes data to path atomically when the folder allows it, and otherwise
// overwrites an existing regular file in place, so that what path held before never
// survives a successful call; inPlace reports the fallback. It never blocks on a FIFO.
//
// A host may leave a game folder read-only with a writable output.txt: the rename is
// then impossible, but an old move left in the file would be played again.
func Replace(path string, data []byte, perm os.FileMode) (inPlace bool, err error) {
	aerr := WriteFile(path, data, perm)
	if aerr == nil {
		return false, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|openNonblock, 0)
	if err != nil {
		return false, fmt.Errorf("%w; and in place: %w", aerr, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return false, fmt.Errorf("%w; and in place: not a regular file", aerr)
	}
	werr := f.Truncate(0)
	if werr == nil {
		_, werr = f.WriteAt(data, 0)
	}
	if err := errors.Join(werr, f.Close()); err != nil {
		return true, fmt.Errorf("%w; and in place: %w", aerr, err)
	}
	return true, nil
}
