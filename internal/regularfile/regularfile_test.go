package regularfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReadBoundsARegularFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := Read(path, 4)
	if err != nil || string(data) != "0123" {
		t.Fatalf("Read: %q, %v; want the first 4 bytes", data, err)
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	if data, err := Read(link, 100); err != nil || string(data) != "0123456789" {
		t.Fatalf("Read through a link: %q, %v", data, err)
	}
}

func TestReadRefusesWhatIsNotARegularFileWithoutBlocking(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	for path, kind := range map[string]string{fifo: "a FIFO", zero: "a device", dir: "a folder"} {
		done := make(chan error, 1)
		go func() { _, err := Read(path, 1<<20); done <- err }()
		select {
		case err := <-done:
			var nr *NotRegularError
			if !errors.As(err, &nr) || nr.Kind != kind || !strings.Contains(err.Error(), kind+", not a regular file") {
				t.Errorf("%s: %v; want %s, not a regular file", path, err, kind)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: Read blocked", path)
		}
	}
}

func TestCheck(t *testing.T) {
	if Check(0) != nil {
		t.Error("a regular file refused")
	}
	if err := Check(os.ModeSocket); err == nil || err.Error() != "a socket, not a regular file" {
		t.Errorf("socket: %v", err)
	}
}
