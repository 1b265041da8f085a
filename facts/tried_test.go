// tried_test.go: an attempt in vain at a position's winning actions is recorded.

package facts

import (
	"context"
	"strings"
	"testing"
	"time"

	"littlego/board"
)

// A list of winning actions not completed within the limit (a nanosecond, for a position
// whose proof takes the solver seconds) is recorded as tried in vain at that limit, as the
// value and the margin are, so that a caller that proves each position once does not pay
// for it twice; a complete list records nothing.
func TestWinningInVainIsRecorded(t *testing.T) {
	pos := board.New()
	for _, a := range []board.Point{board.PointAt(0, 0), board.PointAt(4, 4), board.PointAt(0, 4), board.PointAt(4, 0), board.PointAt(1, 2), board.PointAt(3, 2)} {
		if !pos.Act(a) {
			t.Fatalf("the test line: %v", a)
		}
	}
	c := NewCache()
	p := NewProver(c)
	if f := p.Winning(context.Background(), pos, Limits{CPU: time.Nanosecond}); f.Complete {
		t.Fatal("the winning actions were listed within a nanosecond: the test wants a position whose proof takes longer")
	}
	if got := c.Tried(pos); got.Winning != time.Nanosecond || got.Value != 0 {
		t.Errorf("tried %+v; want the winning list tried in vain at 1ns", got)
	}
	empty := board.New() // the solved empty board: its winning action is known
	if f := p.Winning(context.Background(), empty, Limits{CPU: time.Nanosecond}); !f.Complete || c.Tried(empty) != (Tried{}) {
		t.Errorf("the empty board: complete %v, tried %+v", f.Complete, c.Tried(empty))
	}
}

// What an earlier run's proof implies reads as such, and rests on it: a position proved
// lost for its mover, read back from an archive, makes each move into it a win, "implied
// by the earlier proof's loss before" the move, whose origin is Before.
func TestAnEarlierProofImplies(t *testing.T) {
	pos := board.New()
	for _, a := range []board.Point{board.PointAt(0, 0), board.PointAt(4, 4), board.PointAt(0, 4), board.PointAt(4, 0), board.PointAt(1, 2)} {
		pos.Act(a)
	}
	child := pos
	child.Act(board.PointAt(3, 2))
	if Known(child).Proved() || Known(pos).Proved() {
		t.Fatal("the test positions are proved without search")
	}
	c := NewCache()
	if err := c.Recall(child, Proof(child.Turn, Loss, Solver), Provenance{Source: Solver, Tool: "test"}); err != nil {
		t.Fatal(err)
	}
	p := NewProver(c)
	f := p.Known(pos)
	for _, m := range Moves(pos, f, p.Known) {
		if m.Action != board.PointAt(3, 2) {
			continue
		}
		if m.Value != Win || m.After.Source != Before {
			t.Errorf("the move into the earlier proof's loss: %v, source %q", m.Value, m.After.Source)
		}
	}
	if f.Value != Win || !f.Source.Implied() || f.Source.Origin() != Before || !strings.Contains(string(f.Source), "implied by the earlier proof") {
		t.Errorf("the position before: %v, source %q (origin %q)", f.Value, f.Source, f.Source.Origin())
	}
}
