// cputime.go: ProcessCPUTime, the CPU time of the whole process (every thread, user + system) from getrusage.

//go:build unix

package mcts

import (
	"syscall"
	"time"
)

// ProcessCPUTime returns the user plus system CPU time used so far by the whole
// process, summed over every thread, the Go runtime's included (getrusage
// RUSAGE_SELF): what the course host charges a move. It costs one system call (well
// under a microsecond), so searches call it only every few dozen iterations.
func ProcessCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
