// map_linux.go: an anonymous mapping aligned to a huge page and advised to use them.

//go:build linux

package hugemem

import (
	"sync"
	"syscall"
	"unsafe"
)

// mapHuge maps size zeroed bytes (a multiple of the element size) starting on a 2 MiB
// boundary and advises the kernel to back them with huge pages. ok is false when the
// mapping fails; a refused advice still leaves a usable mapping.
func mapHuge(size int) (b []byte, release func(), ok bool) {
	whole, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil, false
	}
	start := 0
	if off := int(uintptr(unsafe.Pointer(unsafe.SliceData(whole))) % hugePage); off != 0 {
		start = hugePage - off
	}
	b = whole[start : start+size : start+size]
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE) // advice only: without it the pages are small
	var once sync.Once
	return b, func() { once.Do(func() { _ = syscall.Munmap(whole) }) }, true
}
