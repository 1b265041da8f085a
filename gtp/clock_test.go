// clock_test.go: time controls to per-move budgets, clock bookkeeping, and their use by genmove.

package gtp

import (
	"math"
	"testing"

	"littlego/board"
	"littlego/engine"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestMoveBudget(t *testing.T) {
	share := func(x float64) float64 {
		return min(max(x*timeSafety-timeOverhead, minBudget), engine.MaxBudget.Seconds())
	}
	cases := []struct {
		name      string
		setup     func(k *clock)
		movesLeft int
		want      float64 // ignored when limited is false
		limited   bool
	}{
		{"none", func(k *clock) {}, 12, 0, false},
		{"byo-yomi time without stones: no limit", func(k *clock) { k.setCanadian(60, 10, 0) }, 12, 0, false},
		{"absolute", func(k *clock) { k.setCanadian(60, 0, 0) }, 12, share(5), true},
		{"absolute, long: capped", func(k *clock) { k.setCanadian(3600, 0, 0) }, 12, engine.MaxBudget.Seconds(), true},
		{"absolute zero: the least budget", func(k *clock) { k.setCanadian(0, 0, 0) }, 12, minBudget, true},
		{"canadian in main time", func(k *clock) { k.setCanadian(60, 30, 10) }, 12, share(5), true},
		{"canadian, small main: overtime pace", func(k *clock) { k.setCanadian(6, 30, 10) }, 12, share(3), true},
		{"canadian from overtime", func(k *clock) { k.setCanadian(0, 30, 10) }, 12, share(3), true},
		{"canadian, time_left in a period", func(k *clock) {
			k.setCanadian(0, 30, 10)
			k.left[board.Black] = clockState{time: 8, stones: 4}
		}, 12, share(2), true},
		{"byoyomi from overtime", func(k *clock) { k.set(byoyomi, 0, 5, 0, 3) }, 12, share(5), true},
		{"byoyomi in main time", func(k *clock) { k.set(byoyomi, 600, 5, 0, 3) }, 12, engine.MaxBudget.Seconds(), true},
		{"time_left in main time", func(k *clock) {
			k.setCanadian(600, 0, 0)
			k.left[board.Black] = clockState{time: 24}
		}, 6, share(4), true},
		{"one move left", func(k *clock) { k.setCanadian(2, 0, 0) }, 0, share(2), true},
	}
	for _, c := range cases {
		var k clock
		c.setup(&k)
		got, limited := k.moveBudget(int(board.Black), c.movesLeft)
		if limited != c.limited || (limited && !near(got, c.want)) {
			t.Errorf("%s: budget %v, %v; want %v, %v", c.name, got, limited, c.want, c.limited)
		}
		if limited && (got <= 0 || got > engine.MaxBudget.Seconds()) {
			t.Errorf("%s: budget %v outside (0, %v]", c.name, got, engine.MaxBudget.Seconds())
		}
	}
}

func TestClockBookkeeping(t *testing.T) {
	var k clock
	k.setCanadian(10, 30, 3)
	w := int(board.White)
	k.spent(w, 4)
	if st := k.left[w]; !near(st.time, 6) || st.stones != 0 {
		t.Fatalf("after 4 s of 10: %+v", st)
	}
	k.spent(w, 7) // main time runs out: the first period starts
	if st := k.left[w]; !near(st.time, 30) || st.stones != 3 {
		t.Fatalf("into overtime: %+v", st)
	}
	k.spent(w, 5)
	k.spent(w, 5)
	if st := k.left[w]; !near(st.time, 20) || st.stones != 1 {
		t.Fatalf("two stones of the period: %+v", st)
	}
	k.spent(w, 5) // the period's stones are played: a new period
	if st := k.left[w]; !near(st.time, 30) || st.stones != 3 {
		t.Fatalf("new period: %+v", st)
	}
	if st := k.left[board.Black]; !near(st.time, 10) || st.stones != 0 {
		t.Fatalf("Black's clock moved: %+v", st)
	}

	k.set(byoyomi, 0, 5, 0, 3)
	k.spent(w, 4)
	if st := k.left[w]; !near(st.time, 5) || st.stones != 1 {
		t.Fatalf("byoyomi period not reset after a move in time: %+v", st)
	}
	k.setCanadian(5, 0, 0)
	k.spent(w, 9)
	if st := k.left[w]; st.time != 0 || st.stones != 0 {
		t.Fatalf("absolute time overspent: %+v", st)
	}
	if b, ok := k.moveBudget(w, 5); !ok || b != minBudget {
		t.Fatalf("no time left: budget %v, %v", b, ok)
	}
	var none clock
	none.spent(w, 3)
	if none.left[w] != (clockState{}) {
		t.Fatal("a clock without time controls moved")
	}
}

func TestGenmoveUsesTheClock(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 100)
	mustOK(t, s, "time_settings 60 0 0")
	// Black has 12 moves in a course game: 5 s each, less the safety margin; the game
	// plan's share does not apply.
	_, rep := s.think(board.Black)
	if want := 5*timeSafety - timeOverhead; !near(rep.Budget.Seconds(), want) || rep.Bank != 0 {
		t.Fatalf("move budget %v bank %v, want %v and no bank", rep.Budget, rep.Bank, want)
	}
	if s.opts.Budget != engine.Defaults().Budget || !s.opts.Plan || s.eng.Options() != s.opts {
		t.Fatal("the clock changed the session's own options, or the engine's")
	}
	mustOK(t, s, "time_left w 3 0")
	// White's move 2: 12 moves left, 0.25 s of clock each.
	if _, rep := s.think(board.White); !near(rep.Budget.Seconds(), 3.0/12*timeSafety-timeOverhead) {
		t.Fatalf("after time_left: budget %v, want %v", rep.Budget, 3.0/12*timeSafety-timeOverhead)
	}
	mustOK(t, s, "kgs-time_settings none")
	_, rep = s.think(board.Black)
	if o := s.eng.Options(); o != s.opts || rep.Budget != engine.PlanBudget(s.opts, 3) {
		t.Fatalf("without time controls the engine runs %v with budget %v, want the session's %v and its plan's %v",
			o, rep.Budget, s.opts, engine.PlanBudget(s.opts, 3))
	}
}
