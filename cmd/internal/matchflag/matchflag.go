// Package matchflag holds the flags every match command (littlego arena, littlego
// tune) shares, declared and checked once: -cpu, the CPU limit per move, and
// -openings.
package matchflag

import (
	"flag"
	"fmt"
	"time"

	"littlego/arena"
	"littlego/board"
	"littlego/lib/cliflag"
)

// MaxCPULimit is the largest CPU limit per move a match command accepts.
const MaxCPULimit = time.Hour

// Flags are the flags of a match that littlego arena and littlego tune share: the CPU
// limit per move and the openings the games start from.
type Flags struct {
	cpu time.Duration
	// OpeningSpec is -openings as given.
	OpeningSpec string
}

// Register defines -cpu (the course host's limit by default) and -openings (by default
// openings) on fs.
func (m *Flags) Register(fs *flag.FlagSet, openings string) {
	cliflag.CPU(fs, &m.cpu, board.HostCPULimit, "the CPU time a move may take (user + system, all threads); over it the move loses")
	fs.StringVar(&m.OpeningSpec, "openings", openings, "start game pairs from openings: plies:K (every position after K placements, up to symmetry), random:K:N (N of them), file:PATH (one opening a line, e.g. 2,2 1,3)")
}

// CPULimit returns -cpu, or an error when it is out of range.
func (m *Flags) CPULimit() (time.Duration, error) {
	if m.cpu <= 0 || m.cpu > MaxCPULimit {
		return 0, fmt.Errorf("-cpu %v out of range: want 0 < seconds <= %g", m.cpu, MaxCPULimit.Seconds())
	}
	return m.cpu, nil
}

// Openings returns -openings read by arena.ParseOpenings with seed (nil when it is
// empty).
func (m *Flags) Openings(seed uint64) ([]arena.Opening, error) {
	if m.OpeningSpec == "" {
		return nil, nil
	}
	return arena.ParseOpenings(m.OpeningSpec, seed)
}
