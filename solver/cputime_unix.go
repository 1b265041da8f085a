// cputime_unix.go: the process CPU time (user + system, all threads) from getrusage, as the course host counts it.

//go:build unix

package solver

import (
	"syscall"
	"time"
)

// ProcessCPU returns the CPU time used so far by the whole process, user plus system,
// summed over all threads (getrusage RUSAGE_SELF): the time the course host charges.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
