// Package player runs one turn of my_player as the course host runs it: read input.txt,
// work out the move number (helper file, or inferred from the boards), ask the engine for
// a move under the CPU budget, write output.txt and the helper file, and survive every
// kind of bad input, stale file or runaway search with a legal move.
package player

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/internal/regularfile"
	"littlego/lib/atomicfile"
	"littlego/lib/cputime"
	"littlego/mcts"
)

// exitReserve is the CPU time kept back from each move's budget for the work after the
// search: writing output.txt and the helper file, exiting, and the search's own overshoot of its deadline.
const exitReserve = 25 * time.Millisecond

// exitCost is added to the CPU time a move has used when the helper file records it:
// the exit after the file is written, which the host counts too (about 2 ms measured),
// so that the bank never holds time the host saw spent.
const exitCost = 5 * time.Millisecond

// Exit statuses of a turn.
const (
	StatusMoved    = 0 // output.txt holds the move
	StatusBadInput = 1 // input.txt could not be used, or output.txt not written
	StatusUsage    = 2 // the options do not fit the input (Invocation.Move of the wrong colour)
)

// Invocation is one run of my_player: the engine's options, the game folder, and the number
// of the move about to be played when the caller knows it.
type Invocation struct {
	// Options are the engine's options; they must pass Options.Validate.
	Options engine.Options
	// Dir holds input.txt, output.txt and the helper files.
	Dir string
	// Move is the number of the move about to be played, 1..24, or 0 to take it from
	// the helper file or the boards.
	Move int
	// Log receives the diagnostics, one line each (stderr); nil discards them.
	Log io.Writer
}

// turn is an Invocation being played.
type turn struct {
	Invocation
	once sync.Once // writes output.txt exactly once (search or watchdog)
	done chan struct{}
	// account is this side's CPU account before this move: what the plan gave its
	// earlier moves this game and what they used (see bank).
	account State
}

// Run plays the turn and returns its exit status: StatusMoved when output.txt holds a
// legal move, StatusBadInput when input.txt gave no colour or current board, or the
// move could not be written, StatusUsage when Move does not fit the colour to play.
func (tn Invocation) Run() int {
	if tn.Log == nil {
		tn.Log = io.Discard
	}
	t := &turn{Invocation: tn, done: make(chan struct{})}
	in, ok := t.readInput()
	if !ok {
		return StatusBadInput
	}
	m, ok := t.settle(&in)
	if !ok {
		return StatusUsage
	}
	if t.Options.Verbose && t.account.Planned > t.account.Spent {
		t.warn("bank: %v unspent by this side's earlier moves", (t.account.Planned - t.account.Spent).Round(time.Millisecond))
	}
	if loan := engine.PlanLoan(t.Options); t.Options.Verbose && loan > 0 {
		left := loan - max(t.account.Spent-t.account.Planned, 0)
		t.warn("loan: %v of the game's %v left for proofs", max(left, 0).Round(time.Millisecond), loan.Round(time.Millisecond))
	}
	pos := in.Position(m)
	if !in.HavePrevious {
		// Unknown previous board: assume the opponent did not pass, and forbid every
		// point that would retake a ko under any board the current one can follow from.
		pos.Passed = false
		pos.Ko = board.KoRetakes(in.Color, in.Current)
	}
	eng, err := engine.New(t.Options)
	if err != nil {
		t.warn("%v", err)
		return StatusUsage
	}
	fallback := engine.FallbackMove(pos)
	go t.watchdog(pos, fallback)

	// The host counts the process's CPU from its start: the start-up so far and the
	// work after the move (writing the files, exiting) come out of the plan's budget.
	mv, rep := eng.GenMoveTurn(pos, engine.PlanTurn(t.Options, m, engine.Account{Planned: t.account.Planned,
		Spent: t.account.Spent, Loan: true, Overhead: cputime.Process() + exitReserve}))
	if !pos.IsLegal(mv) {
		t.warn("engine chose illegal %s; playing %s", mv, fallback)
		mv = fallback
	}
	if t.Options.Verbose {
		t.warn("move %d, %s: %s by %s, %d iterations, budget %v, bank %v (spent %v), CPU %v", m, in.Color, mv, rep.Method,
			rep.Iterations, rep.Budget.Round(time.Millisecond), rep.Bank.Round(time.Millisecond),
			rep.BankSpent.Round(time.Millisecond), cputime.Process().Round(time.Millisecond))
		for _, l := range rep.Details {
			fmt.Fprintln(t.Log, "  "+l)
		}
	}
	ok = t.finish(pos, mv, m)
	close(t.done)
	if !ok {
		return StatusBadInput
	}
	return StatusMoved
}

func (t *turn) warn(format string, a ...any) {
	fmt.Fprintf(t.Log, "my_player: "+format+"\n", a...)
}

// readInput reads and parses input.txt; ok is false (with the reason on the log) when
// it gave no colour or no current board. A previous board that cannot be read, or from
// which the current board cannot follow, is marked unknown.
func (t *turn) readInput() (in board.Input, ok bool) {
	data, err := regularfile.Read(filepath.Join(t.Dir, "input.txt"), board.MaxInputBytes+1)
	if err != nil {
		t.warn("cannot read input.txt: %v", err)
		return in, false
	}
	in, perr := board.ParseInput(bytes.NewReader(data))
	switch {
	case perr != nil && (!in.HaveColor || !in.HaveCurrent):
		t.warn("%v", perr)
		return in, false
	case perr != nil:
		t.warn("%v; playing from the current board", perr)
	case in.Consistency() != nil:
		t.warn("boards inconsistent (%v); playing from the current board", in.Consistency())
		in.HavePrevious = false
	}
	return in, true
}

// settle decides the previous board and the number of the move about to be played. An
// unknown previous board is taken from the helper file when its board can be the
// previous one; otherwise it stays unknown and the move number is judged from the
// current board alone. ok is false when t.Move does not fit the colour.
func (t *turn) settle(in *board.Input) (move int, ok bool) {
	st := t.readState(in.Color)
	if !in.HavePrevious {
		in.Previous = in.Current
		if st != nil && st.Color == in.Color {
			vouched := *in
			vouched.Previous = st.After
			if vouched.Consistency() == nil {
				t.warn("taking the previous board from %s", StateFileName(in.Color))
				*in = vouched
				in.HavePrevious = true
			}
		}
	}
	m, note := MoveNumber(in, st)
	trusted := st != nil && note == "" && m == st.Move+2
	if t.Move != 0 {
		if board.FixMoveNumber(in.Color, t.Move) != t.Move {
			t.warn("-move %d is not a move of %s (Black plays odd numbers)", t.Move, in.Color)
			return 0, false
		}
		trusted = trusted && t.Move == m
		m, note = t.Move, ""
	}
	if note != "" {
		t.warn("%s", note)
	}
	t.account = t.bank(m, st, trusted)
	return m, true
}

// bank returns this side's CPU account before move m: the helper file's when it was
// trusted for the move number and its plan is the one these options give; otherwise
// (a new game, no usable file, another -budget) the earlier moves are taken to have
// spent all the plan gave them, so that there is no bank.
func (t *turn) bank(m int, st *State, trusted bool) State {
	earlier := engine.PlanSoFar(t.Options, m-2)
	if trusted && st.Planned == earlier.Truncate(time.Microsecond) {
		return State{Planned: earlier, Spent: st.Spent}
	}
	if trusted && t.Options.Verbose {
		t.warn("%s: its CPU account does not fit this game plan; no bank", StateFileName(st.Color))
	}
	return State{Planned: earlier, Spent: earlier}
}

// readState returns the helper file of colour, or nil when it is missing or unusable.
func (t *turn) readState(color board.Color) *State {
	name := StateFileName(color)
	data, err := regularfile.Read(filepath.Join(t.Dir, name), maxStateBytes)
	if os.IsNotExist(err) {
		return nil
	}
	var st State
	if err == nil {
		st, err = ReadState(bytes.NewReader(data))
	}
	if err != nil {
		t.warn("ignoring %s: %v", name, err)
		return nil
	}
	return &st
}

// finish writes output.txt and the helper file once; it reports whether output.txt was
// written by this call or an earlier one.
func (t *turn) finish(pos board.Position, mv board.Point, m int) bool {
	ok := true
	t.once.Do(func() {
		var out bytes.Buffer
		if err := board.WriteOutput(&out, mv); err != nil {
			t.warn("%v", err)
			ok = false
			return
		}
		if !t.write("output.txt", out.Bytes()) {
			ok = false
			return
		}
		after := pos
		after.Play(mv)
		var sb strings.Builder
		WriteState(&sb, State{Color: pos.Turn, Move: m, After: after.Stones,
			Planned: t.account.Planned + engine.PlanBudget(t.Options, m),
			Spent:   t.account.Spent + cputime.Process() + exitCost})
		t.write(StateFileName(pos.Turn), []byte(sb.String()))
	})
	return ok
}

// write replaces the file name in the folder, atomically when the folder allows it and
// in place otherwise, and reports whether it succeeded.
func (t *turn) write(name string, data []byte) bool {
	inPlace, err := atomicfile.Replace(filepath.Join(t.Dir, name), data, 0o644)
	if err != nil {
		t.warn("cannot write %s: %v", name, err)
		return false
	}
	if inPlace {
		t.warn("folder refuses new files: wrote %s in place", name)
	}
	return true
}

// watchdog plays the fallback move and ends the process if the process CPU time reaches
// the search's hard ceiling, whatever the search is doing.
func (t *turn) watchdog(pos board.Position, fallback board.Point) {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-t.done:
			return
		case <-tick.C:
			if cputime.Process() > mcts.HardCeiling {
				t.warn("CPU time near the limit: playing the fallback move %s", fallback)
				t.finish(pos, fallback, int(pos.Move))
				os.Exit(StatusMoved)
			}
		}
	}
}
