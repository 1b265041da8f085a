// helpers.go: the flags and the printing several subcommands share: -tt and its check, -threads' bound, lists of actions, and the CPU left of a budget.

package base

import (
	"flag"
	"strings"
	"time"

	"littlego/board"
	"littlego/lib/cputime"
	"littlego/solver"
)

// IntTT registers -tt into p, the log2 of the solver's table entries, by default
// solver.DefaultTableBits.
func IntTT(fs *flag.FlagSet, p *int) {
	fs.IntVar(p, "tt", solver.DefaultTableBits, "log2 of the transposition table entries (16 bytes each); the tables must fit in half the machine's memory")
}

// CheckTT refuses a -tt out of 10..30, or one whose tables (one per solver) do not
// fit in half the machine's memory.
func CheckTT(ttBits, tables int) error {
	if ttBits < 10 || ttBits > 30 {
		return Usagef("-tt %d: must be in 10..30", ttBits)
	}
	return CheckTableMemory(ttBits, tables)
}

// Remaining returns what is left of a budget started at start (lim 0: no limit).
func Remaining(start, lim time.Duration) solver.Limits {
	if lim == 0 {
		return solver.Limits{}
	}
	left := lim - (cputime.Process() - start)
	if left <= 0 {
		left = time.Nanosecond
	}
	return solver.Limits{CPU: left}
}

// PointList prints actions separated by spaces, "(none)" for none.
func PointList(ps []board.Point) string {
	if len(ps) == 0 {
		return "(none)"
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.String()
	}
	return strings.Join(parts, " ")
}

// NoArgs refuses arguments left after the flags of a command that takes none.
func NoArgs(command string, args []string) error {
	if len(args) > 0 {
		return Usagef("%s takes no arguments, got %q", command, args[0])
	}
	return nil
}

// MaxThreads bounds the threads (-threads) a command's solvers may use.
const MaxThreads = 64

// CheckThreads refuses a thread count outside 1..MaxThreads given as flag name.
func CheckThreads(name string, n int) error {
	if n < 1 || n > MaxThreads {
		return Usagef("-%s %d: must be in 1..%d", name, n, MaxThreads)
	}
	return nil
}
