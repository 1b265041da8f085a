// thread_other.go: the process's CPU time as the thread clock where the system has no per-thread reading.

//go:build !linux

package cputime

import "time"

// Thread returns Process where the system offers no per-thread CPU time: an upper
// bound of the calling thread's time.
func Thread() time.Duration { return Process() }
