// flags.go: the command-line flags every match command shares (-cpu-limit, -openings), declared and checked once.

package arena

import (
	"flag"
	"fmt"
	"math"
	"time"

	"littlego/board"
)

// MaxCPULimit is the largest CPU limit per move a match command accepts.
const MaxCPULimit = time.Hour

// MatchFlags are the flags of a match that littlego arena and littlego tune share: the CPU limit
// per move and the openings the games start from.
type MatchFlags struct {
	cpuSeconds float64
	// OpeningSpec is -openings as given.
	OpeningSpec string
}

// Register defines -cpu-limit (the course host's limit by default) and -openings (by
// default openings) on fs.
func (m *MatchFlags) Register(fs *flag.FlagSet, openings string) {
	fs.Float64Var(&m.cpuSeconds, "cpu-limit", board.HostCPULimit.Seconds(), "CPU seconds a move may take (user + system, all threads); over it the move loses")
	fs.StringVar(&m.OpeningSpec, "openings", openings, "start game pairs from openings: plies:K (every position after K placements, up to symmetry), random:K:N (N of them), file:PATH (one opening a line, e.g. 2,2 1,3)")
}

// CPULimit returns -cpu-limit, or an error when it is out of range.
func (m *MatchFlags) CPULimit() (time.Duration, error) {
	if math.IsNaN(m.cpuSeconds) || m.cpuSeconds <= 0 || m.cpuSeconds > MaxCPULimit.Seconds() {
		return 0, fmt.Errorf("-cpu-limit %g out of range: want 0 < seconds <= %g", m.cpuSeconds, MaxCPULimit.Seconds())
	}
	return time.Duration(m.cpuSeconds * float64(time.Second)), nil
}

// Openings returns -openings read by ParseOpenings with seed (nil when it is empty).
func (m *MatchFlags) Openings(seed uint64) ([]Opening, error) {
	if m.OpeningSpec == "" {
		return nil, nil
	}
	return ParseOpenings(m.OpeningSpec, seed)
}
