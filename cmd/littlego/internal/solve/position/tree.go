// tree.go: solve -sgf FILE: the position's proof written as an SGF game tree a GUI can browse.

package position

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/facts"
	"littlego/lib/atomicfile"
	"littlego/lib/cliflag"
	"littlego/proofsgf"
	"littlego/sgf"
)

// treeFlags are the flags of the proof tree.
type treeFlags struct {
	path  string        // -sgf: the file to write ("" for none)
	depth int           // -sgf-depth: moves below the position
	cpu   time.Duration // -sgf-cpu: the solver's on each position below the root
}

// defaultTreeDepth is -sgf-depth's default: the empty board's proof to move 4.
const defaultTreeDepth = 4

// defineTreeFlags defines -sgf, -sgf-depth and -sgf-cpu on fs.
func defineTreeFlags(fs *flag.FlagSet) *treeFlags {
	t := &treeFlags{}
	fs.StringVar(&t.path, "sgf", "", "also write the position's proof to `file` as an SGF game tree: the winner's move at its turns, every reply at the loser's, each node commented with its proved value and margin")
	fs.IntVar(&t.depth, "sgf-depth", defaultTreeDepth, "the proof tree's depth in `moves` below the position, 1.."+fmt.Sprint(board.MaxMoves))
	cliflag.CPUVar(fs, &t.cpu, "sgf-cpu", 100*time.Millisecond, "the solver's on each position of the proof tree below the root (0: only what is known without search: the end, the opening table, the empty board, the book and what they imply)")
	return t
}

// check refuses a depth out of range.
func (t *treeFlags) check() error {
	if t.path != "" && (t.depth < 1 || t.depth > board.MaxMoves) {
		return base.Usagef("-sgf-depth %d: must be in 1..%d", t.depth, board.MaxMoves)
	}
	if t.cpu < 0 {
		return base.Usagef("-sgf-cpu %v: must be 0 or more", t.cpu)
	}
	return nil
}

// write proves pos's tree, its root within rootLim of CPU (the run's -cpu; 0: no
// limit), each position below within -sgf-cpu, and writes it to the file; it says on
// stderr what the tree holds.
func (t *treeFlags) write(pos board.Position, rootLim time.Duration, stderr io.Writer) error {
	if t.path == "" {
		return nil
	}
	ctx := context.Background()
	p := facts.NewProver(nil)
	if f := p.Known(pos); !f.Proved() && !pos.Over {
		p.Learn(pos, p.Prove(ctx, pos, facts.Limits{CPU: rootLim}))
	}
	pr := proofsgf.Prover{P: p, Lim: proofsgf.Limits{Limits: facts.Limits{CPU: t.cpu}}}
	root, st, err := pr.Tree(ctx, pos, t.depth)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := sgf.WriteTrees(&b, root); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(t.path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("-sgf: %v", err)
	}
	fmt.Fprintf(stderr, "solve: the proof tree to %d moves below move %d: %d nodes, %d where the value is not proved (the tree stops there)\n", t.depth, pos.Move, st.Nodes, st.Unknown)
	return nil
}
