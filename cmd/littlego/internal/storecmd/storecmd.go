// Package storecmd is "littlego store": what the proof store holds (status), the store
// as a table file that solve table join takes (export), and the store emptied (clear).
package storecmd

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"littlego/board"
	"littlego/cmd/internal/storeflag"
	"littlego/cmd/littlego/internal/base"
	"littlego/facts"
	"littlego/lib/atomicfile"
	"littlego/lib/cliflag"
	"littlego/proofstore"
	"littlego/tablebase"
)

// Cmd is "littlego store".
var Cmd = &base.Command{
	Name:      "store",
	UsageLine: "littlego store [export|clear] [flags]",
	Short:     "what the proof store holds; export it as a table; empty it",
	Long: `The proof store keeps every position the review, the board, gtp, analysis and solve
prove, so that no proof is paid for twice (docs/store.md). "littlego store" says where
it is and what it holds (its own flags: "littlego store help store"), "store export -o FILE" writes its positions of the
opening table's levels as a table file for "solve table join", "store clear" empties it.
Each takes -store FILE (default: the user's cache directory).`,
	Commands: []*base.Command{exportCmd, clearCmd},
	Default:  statusCmd,
}

var statusCmd = &base.Command{
	Name:      "store",
	UsageLine: "littlego store [-store FILE]",
	Short:     "say where the store is and what it holds",
	Long:      "Store prints the store's file, its positions by level and by tool, and the CPU its proofs cost.",
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		var path string
		storeflag.Var(fs, &path)
		return func(args []string, out base.Output) error {
			if err := base.NoArgs("store", args); err != nil {
				return err
			}
			s, err := open(path)
			if err != nil {
				return err
			}
			status(out.Stdout, s)
			return nil
		}
	},
}

var exportCmd = &base.Command{
	Name:      "export",
	UsageLine: "littlego store export -o FILE [-levels K] [-store FILE]",
	Short:     "write the store's positions of levels 0..K as a table file",
	Long: `Export writes the store's proofs of the positions of levels 0..K (K actions played
from the empty board; default 4, the opening table's deepest) as a table file of the
empty board's levels, which "solve table join" joins with the opening table.`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		var path, o string
		storeflag.Var(fs, &path)
		cliflag.Output(fs, &o, "", "the table file (required)")
		levels := fs.Int("levels", 4, "the deepest `level` to export")
		return func(args []string, out base.Output) error {
			if err := base.NoArgs("store export", args); err != nil {
				return err
			}
			if o == "" {
				return base.Usagef("-o: store export needs the table file to write")
			}
			if *levels < 0 || *levels >= board.MaxMoves {
				return base.Usagef("-levels %d: want a level from 0 to %d", *levels, board.MaxMoves-1)
			}
			s, err := open(path)
			if err != nil {
				return err
			}
			return export(out.Stdout, s, o, *levels)
		}
	},
}

var clearCmd = &base.Command{
	Name:      "clear",
	UsageLine: "littlego store clear [-store FILE]",
	Short:     "remove every proof from the store",
	Long:      "Clear empties the store (a damaged store, or one of another format, is removed).",
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		var path string
		storeflag.Var(fs, &path)
		return func(args []string, out base.Output) error {
			if err := base.NoArgs("store clear", args); err != nil {
				return err
			}
			p, err := storePath(path)
			if err != nil {
				return err
			}
			if err := proofstore.Clear(p); err != nil {
				return err
			}
			fmt.Fprintf(out.Stdout, "proof store %s: empty\n", p)
			return nil
		}
	},
}

// storePath returns the store's file the flag (else $LITTLEGO_STORE, else the user's
// cache directory) names; off is refused, there being no store to work on.
func storePath(value string) (string, error) {
	if value == "" {
		value = os.Getenv(storeflag.EnvVar)
	}
	switch value {
	case storeflag.Off:
		return "", base.Usagef("-store off: the store commands need a store")
	case "":
		return proofstore.DefaultPath()
	}
	return value, nil
}

// open opens the store the flag names.
func open(value string) (*proofstore.Store, error) {
	p, err := storePath(value)
	if err != nil {
		return nil, err
	}
	return proofstore.Open(p, proofstore.Options{Tool: "store"})
}

// status prints what s holds.
func status(w io.Writer, s *proofstore.Store) {
	proofs := s.Proofs()
	byLevel, byTool := map[int]int{}, map[string]int{}
	var values, margins, tried int
	var cpu time.Duration
	for _, p := range proofs {
		if !p.Fact.Proved() && p.Fact.Low < p.Fact.High {
			tried++
		}
		pos := p.Position()
		byLevel[tablebase.Level(&pos)]++
		byTool[p.Tool]++
		if p.Fact.Value != facts.Unknown {
			values++
		}
		if p.Fact.Low == p.Fact.High {
			margins++
		}
		cpu += p.CPU
	}
	fmt.Fprintf(w, "proof store %s: %d positions (%d values, %d exact margins, %d only tried in vain), %.1f CPU-s of proofs\n",
		s.Path(), len(proofs), values, margins, tried, cpu.Seconds())
	if len(proofs) == 0 {
		return
	}
	var levels []string
	for _, l := range slices.Sorted(maps.Keys(byLevel)) {
		levels = append(levels, fmt.Sprintf("%d: %d", l, byLevel[l]))
	}
	fmt.Fprintf(w, "by level: %s\n", strings.Join(levels, ", "))
	var tools []string
	for _, t := range slices.Sorted(maps.Keys(byTool)) {
		tools = append(tools, fmt.Sprintf("%s %d", t, byTool[t]))
	}
	fmt.Fprintf(w, "by tool: %s\n", strings.Join(tools, ", "))
}

// export writes s's proofs of levels 0..last, with the empty board's own (solved), as a
// table of the empty board's levels to out.
func export(w io.Writer, s *proofstore.Store, out string, last int) error {
	empty := board.New()
	records := []tablebase.Record{tablebase.MakeRecord(empty, entry(facts.Known(empty)))}
	deepest := 0
	for _, p := range s.Proofs() {
		pos := p.Position()
		if l := tablebase.Level(&pos); l >= 1 && l <= last {
			records = append(records, tablebase.MakeRecord(pos, entry(p.Fact)))
			deepest = max(deepest, l)
		}
	}
	slices.Sort(records)
	h := tablebase.Header{Kind: tablebase.KindTable, Root: tablebase.Key(&empty), LastLevel: deepest, Shards: 1,
		Note: fmt.Sprintf("littlego store export: %d positions of levels 0..%d from %s", len(records), deepest, s.Path())}
	data, err := tablebase.Encode(h, records)
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(out, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(w, "%d positions of levels 0..%d (the empty board's from its solve) -> %s\n", len(records), deepest, out)
	return nil
}

// entry is what a table records of a fact: its value, its exact margin, and an action
// that keeps the margin (else a winning one).
func entry(f facts.Fact) tablebase.Entry {
	e := tablebase.Entry{Known: f.Value != facts.Unknown, Win: f.Value == facts.Win, Best: board.NoPoint}
	if m, ok := f.Margin(); ok {
		e.MarginKnown, e.Margin = true, m
		if len(f.Keeping) > 0 {
			e.Best = f.Keeping[0]
		}
	} else if f.Value == facts.Win && len(f.Winning) > 0 {
		e.Best = f.Winning[0]
	}
	return e
}
