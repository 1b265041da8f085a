// Package regularfile reads small files that another program wrote (input.txt,
// output.txt, helper files) without ever blocking or reading without bound.
package regularfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// NotRegularError says that a path names something other than a regular file.
type NotRegularError struct {
	// Kind names what it is: "a FIFO", "a device", "a folder", "a socket" or "a special file".
	Kind string
}

func (e *NotRegularError) Error() string { return e.Kind + ", not a regular file" }

// Check returns a *NotRegularError for a file of type t (fs.FileMode.Type) that is not
// a regular file, and nil for a regular one.
func Check(t fs.FileMode) error {
	if t == 0 {
		return nil
	}
	kind := "a special file"
	switch {
	case t&fs.ModeNamedPipe != 0:
		kind = "a FIFO"
	case t&fs.ModeDevice != 0:
		kind = "a device"
	case t&fs.ModeDir != 0:
		kind = "a folder"
	case t&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return &NotRegularError{Kind: kind}
}

// Read returns at most limit bytes of the regular file at path (a symbolic link is
// followed), and a *NotRegularError for anything else. It never blocks: the file is
// opened without waiting for a FIFO's writer and checked once open, so a link swapped
// after an earlier check is caught too.
func Read(path string, limit int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := Check(fi.Mode().Type()); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return io.ReadAll(io.LimitReader(f, limit))
}
