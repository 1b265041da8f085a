// inprocess.go: players that run inside the arena's process (the built-ins and the engine) and how their time is measured.

package arena

import (
	"context"
	"time"

	"littlego/board"
	"littlego/engine"
)

// chooser is an in-process move chooser: a built-in opponent or the engine.
type chooser interface {
	Choose(pos board.Position) board.Point
}

// inProcess adapts a chooser to Player and times its moves. With measureCPU, the time
// is the CPU time the whole arena process used during the move (engine.ProcessCPU
// before and after), which is exact only when no other game runs at the same time
// (-jobs 1); without it, the time is wall-clock time and the CPU limit is not applied.
type inProcess struct {
	chooser    chooser
	measureCPU bool
}

// Play asks the chooser for a move and times it.
func (p *inProcess) Play(_ context.Context, t *Turn) Reply {
	if p.measureCPU {
		before := engine.ProcessCPU()
		mv := p.chooser.Choose(t.Pos)
		return Reply{Move: mv, CPU: engine.ProcessCPU() - before, Measured: true}
	}
	start := time.Now()
	mv := p.chooser.Choose(t.Pos)
	return Reply{Move: mv, CPU: time.Since(start)}
}

// Close does nothing: an in-process player holds no resources.
func (p *inProcess) Close() error { return nil }

// engineChooser is the engine, one per game per side, so its search memory lasts the game.
type engineChooser struct{ eng *engine.Engine }

// Choose returns the engine's move.
func (e engineChooser) Choose(pos board.Position) board.Point {
	mv, _ := e.eng.GenMove(pos)
	return mv
}
