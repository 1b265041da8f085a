// prefetch_amd64.go: the declaration of the assembly prefetch hint.

package solver

// prefetch asks the processor to bring b's cache line in without waiting for it
// (PREFETCHT0): a probe that follows some work later then finds it in the cache. It
// changes no state and never faults.
//
//go:noescape
func prefetch(b *bucket)
