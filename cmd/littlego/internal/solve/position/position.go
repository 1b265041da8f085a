// position.go: the plain solve of a position: input.txt read, its move number from -move, the helper file or the boards, the value and every winning action proved.

// Package position is the plain solve of a position (solve [flags] [input.txt]): whether
// the side to move wins with perfect play, which actions keep the win, and with -margin
// the exact final margin.
package position

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"littlego/board"
	"littlego/cmd/internal/player"
	"littlego/cmd/littlego/internal/base"
	"littlego/facts"
	"littlego/internal/cliflag"
	"littlego/internal/cputime"
	"littlego/internal/regularfile"
	"littlego/solver"
)

// Cmd is the plain solve of a position; it has no name of its own.
var Cmd = &base.Command{
	Name:      "",
	UsageLine: "littlego solve [-move N] [-cpu S] [-margin] [-threads N] [-tt N] [input.txt]",
	Short:     "prove a position: its value and every winning action",
	Long: `Solve reads an input.txt (the course host's format; ./input.txt by default) and prints,
for the side to move, whether it wins with perfect play, which actions keep the win and
which lose, and with -margin the exact final margin (black - white) and an action that
achieves it.

input.txt carries no move number. Without -move it is taken from my_player's helper file
for the side to move beside input.txt (littlego_state_black.txt or
littlego_state_white.txt) when that file's board is input.txt's previous board, or from
the boards on a first move (both empty with Black to play: move 1; an empty previous
board with White to play: move 2); otherwise -move is required.`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		move := fs.Int("move", 0, "the number of the move about to be played, 1..24 (odd: Black); by default from the helper file or a first move's boards")
		var lim time.Duration
		cliflag.CPU(fs, &lim, time.Minute, "the whole run's (0: no limit)")
		margin := fs.Bool("margin", false, "also find the exact final margin black - white and an action that achieves it")
		var threads int
		cliflag.Threads(fs, &threads, 1, "they search the position together over its table; -cpu counts them all")
		cliflag.Renamed(fs, map[string]string{"budget": "cpu", "jobs": "threads"})
		var ttBits int
		base.IntTT(fs, &ttBits)
		return func(args []string, out base.Output) error {
			if err := base.CheckThreads("threads", threads); err != nil {
				return err
			}
			if err := base.CheckTT(ttBits, 1); err != nil {
				return err
			}
			p, err := readPosition(args, *move, out.Stderr)
			if err != nil {
				return err
			}
			return solveOne(out.Stdout, out.Stderr, p, lim, ttBits, threads, *margin)
		}
	},
}

// readPosition reads the input file (./input.txt without args) and returns the position
// to solve, its move number from move, the helper file or a first move's boards.
func readPosition(args []string, move int, stderr io.Writer) (board.Position, error) {
	path := "input.txt"
	switch len(args) {
	case 0:
		fmt.Fprintln(stderr, "solve: reading ./input.txt (give a file to read another)")
	case 1:
		path = args[0]
	default:
		return board.Position{}, base.Usagef("expected at most one input file, got %d arguments (%s)", len(args), strings.Join(args, " "))
	}
	data, err := regularfile.Read(path, 1<<12)
	if err != nil {
		return board.Position{}, err
	}
	in, err := board.ParseInput(bytes.NewReader(data))
	if err != nil {
		return board.Position{}, fmt.Errorf("%s: %v", path, err)
	}
	if err := in.Consistency(); err != nil {
		return board.Position{}, fmt.Errorf("%s: the boards do not follow from one another: %v", path, err)
	}
	n, err := moveNumber(in, move, filepath.Dir(path))
	if err != nil {
		return board.Position{}, base.UsageError{What: err.Error()} // -move is missing or wrong
	}
	return in.Position(n), nil
}

// moveNumber checks move against the colour, or takes the number from the helper file
// of the side to move in dir, or from the boards on a first move.
func moveNumber(in board.Input, move int, dir string) (int, error) {
	if move != 0 {
		if move < 1 || move > board.MaxMoves {
			return 0, fmt.Errorf("-move %d: must be in 1..%d", move, board.MaxMoves)
		}
		if (move%2 == 1) != (in.Color == board.Black) {
			return 0, fmt.Errorf("-move %d is a %s move but input.txt has %s to play", move, board.Color((move+1)%2), in.Color)
		}
		return move, nil
	}
	empty := board.Stones{}
	switch {
	case in.Color == board.Black && in.Previous == empty && in.Current == empty:
		return 1, nil
	case in.Color == board.White && in.Previous == empty && in.Current[board.White] == 0 && in.Current[board.Black].Count() <= 1:
		return 2, nil
	}
	name := player.StateFileName(in.Color)
	data, err := regularfile.Read(filepath.Join(dir, name), 1<<10)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, fmt.Errorf("-move is required: input.txt does not say which move is about to be played, and there is no %s beside it", name)
	}
	var st player.State
	if err == nil {
		st, err = player.ReadState(bytes.NewReader(data))
	}
	if err != nil {
		return 0, fmt.Errorf("-move is required: %s: %v", name, err)
	}
	m, note := player.MoveNumber(&in, &st)
	if note != "" {
		return 0, fmt.Errorf("-move is required: %s", strings.Split(note, ";")[0])
	}
	return m, nil
}

func verdict(pos board.Position, win bool) string {
	if pos.Over {
		return "the game is over, " + pos.Winner().String() + " has won"
	}
	if win {
		return "WIN for " + pos.Turn.String()
	}
	return "LOSS for " + pos.Turn.String()
}

func solveOne(stdout, stderr io.Writer, pos board.Position, lim time.Duration, ttBits, jobs int, margin bool) error {
	start, wall := cputime.Process(), time.Now()
	s := solver.New(ttBits)
	s.SetWorkers(jobs)
	r := s.Solve(pos, base.Remaining(start, lim))
	if !r.Known {
		return base.UnknownError{What: fmt.Sprintf("unknown: the budget of %v CPU ran out after %d nodes", lim, r.Nodes)}
	}
	nodes := r.Nodes
	win, lose, known := s.WinningMoves(pos, base.Remaining(start, lim))
	nodes += s.Nodes()
	if !known {
		return base.UnknownError{What: fmt.Sprintf("%s: the budget of %v CPU ran out while sorting the moves", verdict(pos, r.Win), lim)}
	}
	fmt.Fprintf(stdout, "%s to play move %d: %s\n", pos.Turn, pos.Move, verdict(pos, r.Win))
	fmt.Fprintf(stdout, "winning: %s\n", base.PointList(win))
	fmt.Fprintf(stdout, "losing: %s\n", base.PointList(lose))
	if margin {
		m := s.Margin(pos, base.Remaining(start, lim))
		nodes += m.Nodes
		if !m.Known {
			return base.UnknownError{What: fmt.Sprintf("margin unknown: the budget of %v CPU ran out", lim)}
		}
		fmt.Fprintf(stdout, "margin: %+d, %s (black - white stones with perfect play, then after the komi; Black needs %+d) by %v\n", m.Margin, facts.Result(m.Margin), board.BlackMargin, m.Best)
	}
	fmt.Fprintf(stderr, "proved with %d nodes in %.3f s CPU, %.3f s wall (-threads %d)\n", nodes, (cputime.Process() - start).Seconds(), time.Since(wall).Seconds(), max(jobs, 1))
	return nil
}
