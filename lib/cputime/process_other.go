// process_other.go: a wall-clock stand-in for the process's CPU time where getrusage is missing.

//go:build !unix

package cputime

import "time"

var processStart = time.Now()

// Process returns the wall time since the program started, where the system offers no
// getrusage: an upper bound of the CPU time of a single-threaded process, a lower bound
// otherwise.
func Process() time.Duration { return time.Since(processStart) }
