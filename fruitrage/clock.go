// clock.go: CPU clocks from getrusage: the whole process's (what the course host charges an agent) and the calling thread's (for in-process players).

//go:build linux

package fruitrage

import (
	"syscall"
	"time"
)

// ProcessCPUTime returns the user plus system CPU time used so far by the whole
// process, every thread and the Go runtime included, since the process started
// (getrusage RUSAGE_SELF), as the Unix time command counts it. It costs one system
// call, so searches read it only every 256 nodes.
func ProcessCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ThreadCPUTime returns the user plus system CPU time of the calling OS thread
// (getrusage RUSAGE_THREAD). A goroutine that calls it must be locked to its thread
// (runtime.LockOSThread) for the readings to belong together.
func ThreadCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
