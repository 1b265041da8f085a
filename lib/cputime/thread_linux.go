// thread_linux.go: the calling thread's CPU time from getrusage(RUSAGE_THREAD).

//go:build linux

package cputime

import (
	"syscall"
	"time"
)

// Thread returns the user plus system CPU time of the calling OS thread. A goroutine
// that calls it must be locked to its thread (runtime.LockOSThread) for two readings
// to belong together.
func Thread() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
