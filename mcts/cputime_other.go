// cputime_other.go: a wall-clock stand-in for ProcessCPUTime on systems without getrusage.

//go:build !unix

package mcts

import "time"

var processStart = time.Now()

// ProcessCPUTime returns the wall time since the program started, where the system
// offers no getrusage: an upper bound of the CPU time of a single-threaded process, a
// lower bound otherwise.
func ProcessCPUTime() time.Duration { return time.Since(processStart) }
