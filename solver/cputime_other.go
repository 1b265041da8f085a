// cputime_other.go: a wall-clock stand-in for the process CPU time where getrusage is missing.

//go:build !unix

package solver

import "time"

var processStart = time.Now()

// ProcessCPU returns the wall time since the program started, an upper bound of the CPU
// time of a single-threaded process, where the system offers no getrusage.
func ProcessCPU() time.Duration { return time.Since(processStart) }
