// map_other.go: no huge-page mapping outside Linux: arrays come from the Go heap.

//go:build !linux

package hugemem

// mapHuge always fails here, so that Slice falls back on the Go heap.
func mapHuge(size int) (b []byte, release func(), ok bool) { return nil, nil, false }
