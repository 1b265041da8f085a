// prefetch_other.go: no prefetch hint outside amd64.

//go:build !amd64

package solver

// prefetch does nothing here (see prefetch_amd64.go).
func prefetch(b *bucket) {}
