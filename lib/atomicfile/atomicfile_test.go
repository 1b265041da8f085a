// atomicfile_test.go: WriteFile writes the whole file with its permissions, and leaves nothing behind on failure.

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "output.txt")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("2,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != "2,2\n" {
		t.Fatalf("read %q, %v", got, err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
}

func TestWriteFileFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	// A folder in the way of the rename.
	path := filepath.Join(dir, "busy")
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(path, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("data"), 0o644); err == nil {
		t.Fatal("rename over a non-empty folder succeeded")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	if err := WriteFile(filepath.Join(dir, "missing", "f"), []byte("x"), 0o644); err == nil {
		t.Fatal("write into a missing folder succeeded")
	}
}

// refuseNewFiles makes WriteFile fail as it does in a read-only folder, for the rest of
// the test.
func refuseNewFiles(t *testing.T) {
	t.Cleanup(func() { createTemp = os.CreateTemp })
	createTemp = func(dir, pattern string) (*os.File, error) {
		return nil, &os.PathError{Op: "open", Path: dir, Err: syscall.EACCES}
	}
}

func TestReplaceAtomicWhenAllowed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "output.txt")
	if err := os.WriteFile(path, []byte("4,4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inPlace, err := Replace(path, []byte("PASS\n"), 0o644)
	got, _ := os.ReadFile(path)
	if err != nil || inPlace || string(got) != "PASS\n" {
		t.Fatalf("inPlace %v, err %v, file %q; want an atomic PASS", inPlace, err, got)
	}
}

func TestReplaceInPlaceWhenTheFolderRefusesNewFiles(t *testing.T) {
	refuseNewFiles(t)
	path := filepath.Join(t.TempDir(), "output.txt")
	if err := os.WriteFile(path, []byte("4,4 and a longer stale line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inPlace, err := Replace(path, []byte("0,1\n"), 0o644)
	got, _ := os.ReadFile(path)
	if err != nil || !inPlace || string(got) != "0,1\n" {
		t.Fatalf("inPlace %v, err %v, file %q; want 0,1 written in place", inPlace, err, got)
	}
}

func TestReplaceFailsWithoutAFileToOverwrite(t *testing.T) {
	refuseNewFiles(t)
	dir := t.TempDir()
	if _, err := Replace(filepath.Join(dir, "output.txt"), []byte("0,1\n"), 0o644); err == nil {
		t.Fatal("Replace succeeded with neither a new file nor an old one")
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := Replace(fifo, []byte("0,1\n"), 0o644); done <- err }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("Replace wrote into a FIFO")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Replace blocked on a FIFO")
	}
}
