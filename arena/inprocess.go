// inprocess.go: players that run inside the arena's process (the built-ins and the engine) and how their time is measured.

package arena

import (
	"context"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/lib/cputime"
)

// chooser is an in-process move chooser: a built-in opponent or the engine.
type chooser interface {
	Choose(pos board.Position) board.Point
}

// inProcess adapts a chooser to Player and times its moves. With measureCPU, the time
// is the CPU time the whole arena process used during the move (cputime.Process
// before and after), which is exact only when no other game runs at the same time
// (-jobs 1); without it, the time is wall-clock time and the CPU limit is not applied.
type inProcess struct {
	chooser    chooser
	measureCPU bool
	close      func() // called by Close, if not nil
}

// Answer asks the chooser for a move and times it.
func (p *inProcess) Answer(_ context.Context, t *Request) Reply {
	if p.measureCPU {
		before := cputime.Process()
		mv := p.chooser.Choose(t.Pos)
		return Reply{Move: mv, CPU: cputime.Process() - before, Measured: true}
	}
	start := time.Now()
	mv := p.chooser.Choose(t.Pos)
	return Reply{Move: mv, CPU: time.Since(start)}
}

// Close hands the player's engine back for another game.
func (p *inProcess) Close() error {
	if p.close != nil {
		p.close()
	}
	return nil
}

// engineChooser is the engine: one per side for the whole game (taken from the agent's
// idle engines and given back after the game), and the game's options, whose plan and
// seed give each move its turn.
type engineChooser struct {
	eng  *engine.Engine
	opts engine.Options
}

// Choose returns the engine's move within the game plan's turn for it.
func (e engineChooser) Choose(pos board.Position) board.Point {
	mv, _ := e.eng.GenMoveTurn(pos, engine.PlanTurn(e.opts, int(pos.Move), engine.Account{}))
	return mv
}
