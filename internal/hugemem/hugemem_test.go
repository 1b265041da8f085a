// hugemem_test.go: slices come zeroed, writable, of the asked length, mapped ones aligned to a huge page, and are given back.

package hugemem

import (
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

type cell struct{ a, b uint64 }

func TestSliceIsZeroedAndWritable(t *testing.T) {
	for _, n := range []int{0, 1, 1000, MinHuge / 16, 3 * MinHuge / 16} {
		s, release, huge := Slice[cell](n)
		if len(s) != n {
			t.Fatalf("n %d: length %d", n, len(s))
		}
		wantHuge := runtime.GOOS == "linux" && n*16 >= MinHuge
		if huge != wantHuge {
			t.Errorf("n %d: mapped apart %v, want %v", n, huge, wantHuge)
		}
		if huge && uintptr(unsafe.Pointer(unsafe.SliceData(s)))%hugePage != 0 {
			t.Errorf("n %d: mapped at %p, not on a 2 MiB boundary", n, unsafe.SliceData(s))
		}
		for i := range s {
			if s[i] != (cell{}) {
				t.Fatalf("n %d: element %d not zero", n, i)
			}
			s[i] = cell{uint64(i), ^uint64(i)}
		}
		for i := range s {
			if s[i] != (cell{uint64(i), ^uint64(i)}) {
				t.Fatalf("n %d: element %d reads back %v", n, i, s[i])
			}
		}
		release()
		release() // a second call does nothing
	}
}

// TestHugePagesLog reports whether the kernel backed a mapped slice with huge pages
// (it may decline them when memory is fragmented or transparent huge pages are off,
// so this only logs).
func TestHugePagesLog(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("huge pages are asked for on Linux only")
	}
	before := anonHuge(t)
	s, release, _ := Slice[cell](16 * MinHuge / 16)
	defer release()
	for i := range s {
		s[i].a = 1
	}
	t.Logf("AnonHugePages %s -> %s kB", before, anonHuge(t))
}

func anonHuge(t *testing.T) string {
	b, err := os.ReadFile("/proc/self/smaps_rollup")
	if err != nil {
		t.Skip(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "AnonHugePages:" {
			return f[1]
		}
	}
	return "?"
}
