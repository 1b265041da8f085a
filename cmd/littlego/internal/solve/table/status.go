// status.go: solve table status: a level's build as its shard files tell it: shards and positions done, CPU spent, and the CPU and wall time left projected from them.

package table

import (
	"flag"
	"fmt"
	"io"
	"math"
	"time"

	"littlego/cmd/littlego/internal/base"
	"littlego/tablebase"
)

// statusCmd is "solve table status".
var statusCmd = &base.Command{
	Name:      "status",
	UsageLine: "littlego solve table status [-cores N] DIR...",
	Short:     "what a level's build has done and what is left, from its shard files",
	Long: `Status reads the shard files (*.lgtb) and checkpoints (*.lgtb.partial) in each DIR, one
level's build, and prints the shards and positions done, the CPU they cost (from each
file's header), and the CPU left projected at the CPU per position so far, with the wall
time that takes on -cores cores running one shard per core. It proves nothing and
refuses a damaged or foreign file as the merge does.`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		cores := fs.Int("cores", 64, "the cores the projected wall time is for, one shard per core")
		return func(args []string, o base.Output) error {
			if len(args) == 0 {
				return base.Usagef("table status takes one or more folders of shards")
			}
			if *cores < 1 {
				return base.Usagef("-cores %d: must be at least 1", *cores)
			}
			for _, dir := range args {
				if err := levelStatus(o.Stdout, dir, *cores); err != nil {
					return err
				}
			}
			return nil
		}
	},
}

// levelStatus prints the build of the level whose shards are in dir.
func levelStatus(stdout io.Writer, dir string, cores int) error {
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
	for _, t := range shards {
		spent += t.Header.CPU
		positions += t.Len()
		if t.Header.Kind == tablebase.KindShard {
			finished++
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
	left := perPosition * time.Duration(total-positions)
	perShard := perPosition * time.Duration(total) / time.Duration(h.Shards)
	rounds := math.Ceil(float64(h.Shards-finished) / float64(cores))
	wall := time.Duration(rounds * float64(perShard))
	fmt.Fprintf(stdout, "; %.1f CPU-s a position so far, so about %.1f CPU-hours left: %s of wall time on %d cores (%d shards of about %.0f CPU-min, one per core)\n",
		perPosition.Seconds(), left.Hours(), hoursOrMinutes(wall), cores, h.Shards-finished, perShard.Minutes())
	return nil
}

// hoursOrMinutes prints d in hours from an hour on, in minutes below.
func hoursOrMinutes(d time.Duration) string {
	if d >= time.Hour {
		return fmt.Sprintf("%.1f h", d.Hours())
	}
	return fmt.Sprintf("%.0f min", d.Minutes())
}
