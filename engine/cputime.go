// cputime.go: CPU time of the whole process, as the Unix time command counts it.

package engine

import (
	"syscall"
	"time"
)

// ProcessCPU returns the user plus system CPU time used so far by the whole process,
// every thread included (getrusage RUSAGE_SELF), start-up included.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
