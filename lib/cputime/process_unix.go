// process_unix.go: the process's CPU time from getrusage(RUSAGE_SELF).

//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Process returns the user plus system CPU time used so far by the whole process,
// summed over every thread, the Go runtime's included, since the process started.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
