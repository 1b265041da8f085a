// cmd.go: the table command group and its four commands' flags: build a shard, merge a level's shards, join merged tables, verify a table against the solver.

// Package table is solve's table commands: the opening table built as shards of one
// level (solve table build), merged into one table with the levels above by minimax
// (merge), tables of one root joined (join), and a table's records proved again
// (verify); docs/solver.md, "The opening table".
package table

import (
	"flag"
	"time"

	"littlego/cmd/littlego/internal/base"
	"littlego/lib/cliflag"
)

// Cmd is "solve table".
var Cmd = &base.Command{
	Name:      "table",
	UsageLine: "littlego solve table COMMAND [flags] [arguments]",
	Short:     "build, merge, join, verify and follow the build of the opening table",
	Long: `The opening table holds every position of levels 0..K (K actions played from the
empty board, passes included) up to symmetry, with its proved value and, where built
with -margin, its exact margin. A level is built in shards (any number of machines),
merged into one table, whose earlier levels follow by minimax.`,
	Commands: []*base.Command{buildCmd, mergeCmd, joinCmd, verifyCmd, statusCmd},
}

var buildCmd = &base.Command{
	Name:      "build",
	UsageLine: "littlego solve table build -level K -shard i/n -o DIR [-root ACTIONS] [-margin] [-cpu S] [-block B] [-checkpoint D] [-known TABLE] [-tt N]",
	Short:     "prove one shard of one level, resumable",
	Long: `Build proves the positions of level K whose index is i mod n and writes them to
DIR/levelK-shardi-of-n.lgtb; a shard whose file exists is done, a stopped one resumes
from its checkpoint (DIR/levelK-shardi-of-n.lgtb.partial).`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		c := buildFlags(fs)
		return func(args []string, out base.Output) error {
			if c.level < 0 {
				return base.Usagef("-level: table build needs the level to build")
			}
			if err := base.NoArgs("table build", args); err != nil {
				return err
			}
			return buildShard(out.Stdout, out.Stderr, c)
		}
	},
}

var mergeCmd = &base.Command{
	Name:      "merge",
	UsageLine: "littlego solve table merge -o FILE [-partial] DIR",
	Short:     "merge every shard of a level into one table",
	Long: `Merge reads every shard file of DIR, refuses a missing, repeated, damaged or foreign
one, computes the levels above by minimax, prints each level's counts and the root's
value, checks the empty board against its solve, and writes the table to FILE.`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		var out string
		cliflag.Output(fs, &out, "", "the table (required)")
		partial := fs.Bool("partial", false, "a stopped shard's checkpoint stands in for its missing file, and the positions no shard has solved are recorded as unknown")
		return func(args []string, o base.Output) error {
			if len(args) != 1 {
				return base.Usagef("table merge takes one folder of shards, got %d arguments", len(args))
			}
			return mergeTable(o.Stdout, args[0], out, *partial)
		}
	},
}

var joinCmd = &base.Command{
	Name:      "join",
	UsageLine: "littlego solve table join -o FILE TABLE TABLE...",
	Short:     "join merged tables of one root (a deep level's values, a shallower one's margins)",
	Long: `Join makes merged tables of one root one, refusing any position on which two disagree;
the levels above the deepest are completed by minimax over the joined records, and each
level below the root gains what the level above implies without a search: every child of
a position lost for its side to move is won, the child after a won position's best action
is lost (with its parent's margin where that is known), repeated until neither adds a value.`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		var out string
		cliflag.Output(fs, &out, "", "the table (required)")
		return func(args []string, o base.Output) error { return joinTables(o.Stdout, args, out) }
	},
}

var verifyCmd = &base.Command{
	Name:      "verify",
	UsageLine: "littlego solve table verify [-n N] [-level K] [-seed S] [-tt N] FILE",
	Short:     "prove a table's records again with the solver",
	Long: `Verify proves again, each with a cleared solver table, a seeded sample of a table
file's known records (-n 0: all; -level K: of that level only): the value, the margin where
the record has one, and that its best action keeps them. It exits 1 on any disagreement.`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		var n int
		cliflag.Count(fs, &n, 20, "known records proved again, a seeded sample (0: all)")
		level := fs.Int("level", -1, "sample the records of this level only (-1: every level)")
		var seed uint64
		cliflag.Seed(fs, &seed, 1, "of the sample")
		var ttBits int
		base.IntTT(fs, &ttBits)
		return func(args []string, o base.Output) error {
			if len(args) != 1 {
				return base.Usagef("table verify takes one table file, got %d arguments", len(args))
			}
			return verifyTable(o.Stdout, o.Stderr, args[0], n, seed, ttBits, *level)
		}
	},
}

// buildFlags registers table build's flags on fs.
func buildFlags(fs *flag.FlagSet) *buildConfig {
	c := &buildConfig{}
	fs.IntVar(&c.level, "level", -1, "the level: the number of actions (moves and passes) played before its positions (required)")
	fs.StringVar(&c.root, "root", "", "the actions from the empty board to the table's root, separated by spaces (\"2,2 1,2 PASS\"; default: the empty board)")
	fs.StringVar(&c.shard, "shard", "0/1", "i/n: this shard's index and the number of shards; the shard holds the level's positions whose index is i mod n")
	cliflag.OutputDir(fs, &c.out, "", "the shard file goes there (required)")
	fs.BoolVar(&c.margin, "margin", false, "prove each position's exact final margin (black - white) instead of its value alone")
	cliflag.CPU(fs, &c.limit, 0, "each position's proof (0: no limit); a position not proved in it is recorded as unknown")
	cliflag.Renamed(fs, map[string]string{"position-limit": "cpu"})
	fs.DurationVar(&c.checkpoint, "checkpoint", time.Minute, "how often the blocks solved so far are saved, for a stopped shard to resume from (with -block 0, only at the end)")
	fs.IntVar(&c.block, "block", 1, "positions solved in turn over one transposition table, cleared between blocks (1: each alone; 0: the whole shard); the values never depend on it, a best move may, and checkpoints hold whole blocks so that a resumed shard writes the same file")
	fs.StringVar(&c.knownPath, "known", "", "a table file (opening/opening.lgtb) whose proved values (with -margin, margins) are recorded without a search, each logged as from the known table")
	base.IntTT(fs, &c.ttBits)
	return c
}
