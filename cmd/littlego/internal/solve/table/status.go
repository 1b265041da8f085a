// status.go: solve table status: a level's build as its shard files tell it: shards and positions done, CPU spent, and the CPU and wall time left projected from them.

package table

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/internal/regularfile"
	"littlego/tablebase"
)

// statusCmd is "solve table status".
var statusCmd = &base.Command{
	Name:      "status",
	UsageLine: "littlego solve table status [-cores N] [-known TABLE] DIR...",
	Short:     "what a level's build has done and what is left, from its shard files",
	Long: `Status reads the shard files (*.lgtb) and checkpoints (*.lgtb.partial) in each DIR, one
level's build, and prints the shards and positions done, the CPU they cost (from each
file's header), and the CPU left projected at the CPU per position so far, with the wall
time that takes on -cores cores running one shard per core; then, from the shards'
per-position logs (*.log), where the CPU went: by value (the mover wins, loses) and the
slowest tenth of the positions' share. It proves nothing and
refuses a damaged or foreign file as the merge does.`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		cores := fs.Int("cores", 64, "the cores the projected wall time is for, one shard per core")
		knownPath := fs.String("known", "", "a table file (opening/opening.lgtb) whose proved values the build takes without a search (build -known): the positions left that it proves are counted apart and cost nothing")
		return func(args []string, o base.Output) error {
			if len(args) == 0 {
				return base.Usagef("table status takes one or more folders of shards")
			}
			if *cores < 1 {
				return base.Usagef("-cores %d: must be at least 1", *cores)
			}
			var known *tablebase.Table
			if *knownPath != "" {
				var err error
				if known, err = readTable(*knownPath); err != nil {
					return base.Usagef("-known: %v", err)
				}
			}
			for _, dir := range args {
				if err := levelStatus(o.Stdout, dir, *cores, known); err != nil {
					return err
				}
			}
			return nil
		}
	},
}

// freeLeft returns how many of the positions of level that no shard has recorded
// (done, keyed) known proves.
func freeLeft(known *tablebase.Table, level []board.Position, done map[uint64]bool) int {
	if known == nil {
		return 0
	}
	free := 0
	for _, p := range level {
		if done[tablebase.Key(&p)] {
			continue
		}
		if e, ok := known.Lookup(p); ok && e.Known {
			free++
		}
	}
	return free
}

// levelStatus prints the build of the level whose shards are in dir; known, when not
// nil, is the table the build takes proved values from (see freeLeft).
func levelStatus(stdout io.Writer, dir string, cores int, known *tablebase.Table) error {
	shards, err := readShards(dir, true)
	if err != nil {
		return err
	}
	h := shards[0].Header
	levels, err := tablebase.Levels(tablebase.KeyPosition(h.Root), h.LastLevel)
	if err != nil {
		return fmt.Errorf("%s: %v", dir, err)
	}
	total := len(levels[len(levels)-1])
	var spent time.Duration
	finished, positions, stopped := 0, 0, 0
	var slowest time.Duration // the CPU of the slowest finished shard
	done := map[uint64]bool{}
	for _, t := range shards {
		spent += t.Header.CPU
		positions += t.Len()
		for _, r := range t.Records() {
			done[r.Key()] = true
		}
		if t.Header.Kind == tablebase.KindShard {
			finished++
			slowest = max(slowest, t.Header.CPU)
		} else {
			stopped++
		}
	}
	what := "values"
	if h.Margins {
		what = "margins"
	}
	fmt.Fprintf(stdout, "level %d (%s), %s: %d of %d shards done, %d stopped part way; %d of %d positions; %.2f CPU-hours spent",
		h.LastLevel, what, dir, finished, h.Shards, stopped, positions, total, spent.Hours())
	if positions == 0 || positions == total {
		fmt.Fprintln(stdout)
		return nil
	}
	perPosition := spent / time.Duration(positions)
	free := freeLeft(known, levels[len(levels)-1], done)
	toSolve := total - positions - free
	left := perPosition * time.Duration(toSolve)
	perShard := perPosition * time.Duration(total-positions) / time.Duration(h.Shards-finished)
	if free > 0 {
		perShard = left / time.Duration(h.Shards-finished)
	}
	rounds := math.Ceil(float64(h.Shards-finished) / float64(cores))
	// The wall time is at least the slowest shard's: with a core per shard the level takes
	// as long as its slowest shard, not its mean one.
	wall := max(time.Duration(rounds*float64(perShard)), slowest)
	if free > 0 {
		fmt.Fprintf(stdout, "; %d of the %d positions left are proved by the known table (no search), %d to solve", free, total-positions, toSolve)
	}
	fmt.Fprintf(stdout, "; %.1f CPU-s a position so far, so about %.1f CPU-hours left: %s of wall time on %d cores (%d shards of about %.0f CPU-min, one per core; the slowest shard so far %.0f CPU-min)\n",
		perPosition.Seconds(), left.Hours(), hoursOrMinutes(wall), cores, h.Shards-finished, perShard.Minutes(), slowest.Minutes())
	return logStatus(stdout, dir)
}

// positionCost is one line of a shard's per-position log.
type positionCost struct {
	value string // win, loss or unknown, for the side to move
	cpu   float64
}

// logStatus prints where the CPU of the positions in the shards' logs (logPath) went: by
// value, and the share of the slowest tenth. Nothing is printed when no shard has a log.
func logStatus(stdout io.Writer, dir string) error {
	paths, err := filepath.Glob(filepath.Join(dir, "*.log"))
	if err != nil || len(paths) == 0 {
		return err
	}
	var costs []positionCost
	taken := 0
	for _, p := range paths {
		data, err := regularfile.Read(p, maxTableBytes)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasSuffix(line, fromKnown) {
				taken++
			} else if c, ok := parseCostLine(line); ok {
				costs = append(costs, c)
			}
		}
	}
	if taken > 0 {
		fmt.Fprintf(stdout, "  the logs of %d shards: %d positions taken from the known table without a search\n", len(paths), taken)
	}
	if len(costs) == 0 {
		return nil
	}
	fmt.Fprintf(stdout, "  the logs of %d shards, %d positions solved: %s\n", len(paths), len(costs), costShares(costs))
	return nil
}

// fromKnown ends the log line of a position taken from the -known table.
const fromKnown = ", from the known table"

// parseCostLine reads "k/n VALUE ... CPU CPU-s NODES nodes".
func parseCostLine(line string) (positionCost, bool) {
	f := strings.Fields(line)
	for i := 2; i < len(f); i++ {
		if f[i] == "CPU-s" && strings.Contains(f[0], "/") {
			cpu, err := strconv.ParseFloat(f[i-1], 64)
			return positionCost{value: f[1], cpu: cpu}, err == nil
		}
	}
	return positionCost{}, false
}

// costShares says how the CPU of costs divides: by value (each with its positions, its
// share and its mean) and the slowest tenth's share.
func costShares(costs []positionCost) string {
	total := 0.0
	byValue := map[string][2]float64{} // positions, CPU
	for _, c := range costs {
		total += c.cpu
		v := byValue[c.value]
		byValue[c.value] = [2]float64{v[0] + 1, v[1] + c.cpu}
	}
	var parts []string
	for _, v := range []string{"win", "loss", "unknown"} {
		if b, ok := byValue[v]; ok {
			parts = append(parts, fmt.Sprintf("mover %s %.0f (%.0f%% of the CPU, %.1f CPU-s each)", map[string]string{"win": "wins", "loss": "loses", "unknown": "unknown"}[v], b[0], 100*b[1]/total, b[1]/b[0]))
		}
	}
	if total == 0 {
		total = 1 // every position proved in under a millisecond: shares of nothing
	}
	sorted := slices.SortedFunc(slices.Values(costs), func(a, b positionCost) int { return cmp.Compare(b.cpu, a.cpu) })
	tenth := 0.0
	for _, c := range sorted[:max(len(sorted)/10, 1)] {
		tenth += c.cpu
	}
	return fmt.Sprintf("%s; the slowest tenth %.0f%% of the CPU", strings.Join(parts, ", "), 100*tenth/total)
}

// hoursOrMinutes prints d in hours from an hour on, in minutes below.
func hoursOrMinutes(d time.Duration) string {
	if d >= time.Hour {
		return fmt.Sprintf("%.1f h", d.Hours())
	}
	return fmt.Sprintf("%.0f min", d.Minutes())
}
