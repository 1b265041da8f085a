// hugemem.go: large zeroed arrays for tables read at random, backed by transparent huge pages where the system gives them.

// Package hugemem allocates large zeroed arrays of pointer-free elements for tables read
// at random, such as the solver's transposition table. On Linux an array of at least
// MinHuge bytes is an anonymous mapping aligned to 2 MiB and advised to use transparent
// huge pages (madvise MADV_HUGEPAGE, which Go's heap does not ask for, and which a kernel
// set to "madvise" needs): one TLB entry then covers 2 MiB instead of 4 KiB, which cuts
// the cost of the table's random accesses (about 8% of the solver's node rate at 64 MiB,
// docs/solver.md). Elsewhere, for small arrays, or when the mapping fails, the array
// comes from the Go heap. The package does no I/O.
package hugemem

import "unsafe"

// MinHuge is the smallest array, in bytes, that is mapped apart: below it a huge page
// would be mostly empty.
const MinHuge = 2 << 20

// hugePage is the size of a transparent huge page on the platforms that have them.
const hugePage = 2 << 20

// Slice returns a zeroed slice of n elements of T and a function that gives its memory
// back, to be called once no one uses the slice (for a heap slice it does nothing).
// T must hold no pointers: the garbage collector does not scan mapped memory. huge
// reports whether the slice is mapped apart and advised to use huge pages (the kernel
// may still decline them).
func Slice[T any](n int) (s []T, release func(), huge bool) {
	var zero T
	size := uintptr(n) * unsafe.Sizeof(zero)
	if n > 0 && size >= MinHuge {
		if b, release, ok := mapHuge(int(size)); ok {
			return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), n), release, true
		}
	}
	return make([]T, n), func() {}, false
}
