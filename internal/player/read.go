package player

import (
	"errors"
	"io"
	"os"
	"syscall"
)

// maxStateBytes bounds what is read of a helper file: WriteState writes under 100 bytes.
const maxStateBytes = 1024

// readRegular returns at most limit bytes of the regular file at path (following
// symbolic links), and an error for anything else, without ever blocking: a FIFO is
// opened without waiting for a writer and then refused, like a device.
func readRegular(path string, limit int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file but " + kind(fi.Mode()))
	}
	return io.ReadAll(io.LimitReader(f, limit))
}

// kind names a file type that is not a regular file.
func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}
