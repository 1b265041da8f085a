// cputime.go: CPU time of the whole process, as the Unix time command counts it.

package engine

import (
	"time"

	"littlego/mcts"
)

// ProcessCPU returns the user plus system CPU time used so far by the whole process,
// every thread included, start-up included: the clock every budget of the engine runs
// on (it is mcts.ProcessCPUTime).
func ProcessCPU() time.Duration { return mcts.ProcessCPUTime() }
