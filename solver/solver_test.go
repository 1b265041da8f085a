// solver_test.go: the solver agrees with a plain brute-force minimax, with the host-judged solved positions, keeps its budgets and does not allocate.

package solver

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"littlego/board"
	"littlego/board/boardtest"
	"littlego/lib/cputime"
)

// bruteMargin is the exact final margin of p by plain minimax over every action that
// board.Position.Play accepts: no pruning, no table, no bounds. It gives up (ok false)
// once it has visited more than *budget positions.
func bruteMargin(p board.Position, budget *int) (margin int, ok bool) {
	if p.Over {
		return p.Margin(), true
	}
	if *budget--; *budget < 0 {
		return 0, false
	}
	best := 1000
	if p.Turn == board.Black {
		best = -1000
	}
	for a := board.Point(0); a < board.NumActions; a++ {
		q := p
		if _, legal := q.Play(a); !legal {
			continue
		}
		v, ok := bruteMargin(q, budget)
		if !ok {
			return 0, false
		}
		if (p.Turn == board.Black && v > best) || (p.Turn == board.White && v < best) {
			best = v
		}
	}
	return best, true
}

// randomPlay plays from the empty board to move `move` with uniformly random legal
// placements and, with probability passProb, a pass instead. It returns false when the
// game ended before.
func randomPlay(rng *rand.Rand, move int, passProb float64) (board.Position, bool) {
	p := board.New()
	ok := playRandomTo(rng, &p, move, passProb)
	return p, ok
}

// playRandomTo plays p on to move `move` as randomPlay does, and returns false when
// the game ended before.
func playRandomTo(rng *rand.Rand, p *board.Position, move int, passProb float64) bool {
	for int(p.Move) < move {
		legal := p.Legal()
		if legal == 0 || rng.Float64() < passProb {
			p.Pass()
		} else {
			p.Play(legal.Nth(rng.IntN(legal.Count())))
		}
		if p.Over {
			return false
		}
	}
	return true
}

// checkAgainstBrute compares Solve, Margin, Reaches and WinningMoves with brute force
// on pos.
// It returns false when brute force would take more than budget positions.
func checkAgainstBrute(t *testing.T, s *Solver, pos board.Position, budget int) bool {
	t.Helper()
	type child struct {
		a board.Point
		v int
	}
	var children []child
	for a := board.Point(0); a < board.NumActions; a++ {
		q := pos
		if _, legal := q.Play(a); !legal {
			continue
		}
		v, ok := bruteMargin(q, &budget)
		if !ok {
			return false
		}
		children = append(children, child{a, v})
	}
	exact := children[0].v
	for _, c := range children {
		if (pos.Turn == board.Black && c.v > exact) || (pos.Turn == board.White && c.v < exact) {
			exact = c.v
		}
	}
	winsFor := func(v int) bool { return (v >= board.BlackMargin) == (pos.Turn == board.Black) }

	r := s.Solve(pos, Limits{})
	if !r.Known || r.Win != winsFor(exact) {
		t.Fatalf("Solve = %+v, brute-force margin %d\n%s", r, exact, pos.String())
	}
	if r.Win {
		for _, c := range children {
			if c.a == r.Best && !winsFor(c.v) {
				t.Fatalf("Solve's best move %v loses (margin %d)\n%s", r.Best, c.v, pos.String())
			}
		}
	} else if r.Best != board.NoPoint {
		t.Fatalf("Solve lost but named a best move %v", r.Best)
	}
	mr := s.Margin(pos, Limits{})
	if !mr.Known || mr.Margin != exact {
		t.Fatalf("Margin = %+v, brute force %d\n%s", mr, exact, pos.String())
	}
	found := false
	for _, c := range children {
		if c.a == mr.Best {
			found = true
			if c.v != exact {
				t.Fatalf("Margin's move %v gives %d, not %d\n%s", mr.Best, c.v, exact, pos.String())
			}
		}
	}
	if !found {
		t.Fatalf("Margin's move %v is not legal\n%s", mr.Best, pos.String())
	}
	for d := -2; d <= 2; d++ {
		if got, known := s.Reaches(pos, exact+d, Limits{}); !known || got != (d <= 0) {
			t.Fatalf("Reaches(%d) = %v, %v; brute-force margin %d\n%s", exact+d, got, known, exact, pos.String())
		}
	}
	win, lose, known := s.WinningMoves(pos, Limits{})
	if !known {
		t.Fatal("WinningMoves without limits is not known")
	}
	var wantWin, wantLose []board.Point
	for _, c := range children {
		if winsFor(c.v) {
			wantWin = append(wantWin, c.a)
		} else {
			wantLose = append(wantLose, c.a)
		}
	}
	if !slices.Equal(win, wantWin) || !slices.Equal(lose, wantLose) {
		t.Fatalf("WinningMoves = %v / %v, brute force %v / %v\n%s", win, lose, wantWin, wantLose, pos.String())
	}
	return true
}

// densePosition returns a position with `left` moves left and about extra more
// stones played than a normal game would have by then: random play (with passes at
// rate passProb) runs under a longer game, then the move counter is set back. Denser
// boards keep brute force affordable with 7 or 8 moves left and bring captures, ataris
// and ko into almost every line.
func densePosition(rng *rand.Rand, left, extra int, passProb float64) (board.Position, bool) {
	extra &^= 1 // keep the side to move
	p := board.New()
	p.Last = uint8(board.MaxMoves + extra)
	move := board.MaxMoves + 1 - left + extra
	if !playRandomTo(rng, &p, move, passProb) {
		return p, false
	}
	p.Last = board.MaxMoves
	p.Move = uint8(board.MaxMoves + 1 - left)
	return p, true
}

// TestAgainstBruteForce compares every answer (Solve's value and move, Margin's
// margin and move, Reaches around the margin, WinningMoves' split) with plain minimax on random positions with 1
// to 8 moves left, reached by random play with some passes (so that pass states, ko and
// early ends occur), on boards of every density. Positions whose brute-force tree is
// too big are skipped. Two solvers are used: a roomy table kept across all positions,
// and a 16-entry table where entries are replaced all the time.
func TestAgainstBruteForce(t *testing.T) {
	perDepth := []int{0, 500, 500, 500, 500, 400, 300, 150, 100}
	budget := 200_000
	if testing.Short() || raceEnabled {
		// The full sweep took 517 s of the race detector's 10-minute test limit at load
		// 2-8: under -race the short sweep (about a sixth of the work) checks the
		// concurrency, and the plain test run keeps the full sweep.
		perDepth = []int{0, 80, 80, 80, 60, 50, 40, 20, 12}
		budget = 60_000
	}
	rng := rand.New(rand.NewPCG(7, 8))
	solvers := []*Solver{New(18), New(4)}
	solvers[1].SetSymmetryLeft(1) // canonical keys everywhere
	total, blackWins, withKo, passed := 0, 0, 0, 0
	for left := 1; left <= 8; left++ {
		want := perDepth[left]
		done, skipped := 0, 0
		for done < want && skipped < 20*want {
			extra := rng.IntN(18)
			if left >= 7 {
				extra = 6 + rng.IntN(12) // sparse boards are too big for brute force
			}
			pos, ok := densePosition(rng, left, extra, 0.06)
			if !ok {
				continue
			}
			if !checkAgainstBrute(t, solvers[done%2], pos, budget) {
				skipped++
				continue
			}
			done++
			if pos.Ko != 0 {
				withKo++
			}
			if pos.Passed {
				passed++
			}
			if r := solvers[0].Solve(pos, Limits{}); r.Win == (pos.Turn == board.Black) {
				blackWins++
			}
		}
		total += done
		t.Logf("%d moves left: %d positions agree (%d skipped as too big for brute force)", left, done, skipped)
		if done < want {
			t.Errorf("%d moves left: only %d of %d positions checked", left, done, want)
		}
	}
	t.Logf("%d positions in all: Black wins %d, a ko point in %d, a pass would end the game in %d",
		total, blackWins, withKo, passed)
}

// symmetricPosition plays random move pairs mirrored by a random symmetry (a
// placement, then its image when that is legal, for each side) on a longer game, then
// sets the counter so that `left` moves remain. It returns false unless the stones are
// invariant under the symmetry at the end (a capture can break it).
func symmetricPosition(rng *rand.Rand, left int) (board.Position, bool) {
	sym := board.Symmetry(1 + rng.IntN(board.NumSymmetries-1))
	extra := 2 * rng.IntN(8)
	p := board.New()
	p.Last = uint8(board.MaxMoves + extra)
	move := board.MaxMoves + 1 - left + extra
	var last [2]board.Point
	for int(p.Move) < move {
		// Moves 4k+1, 4k+2 are free; moves 4k+3, 4k+4 mirror them.
		var a board.Point = board.Pass
		if p.Move%4 == 1 || p.Move%4 == 2 {
			if legal := p.Legal(); legal != 0 && rng.IntN(10) > 0 {
				a = legal.Nth(rng.IntN(legal.Count()))
			}
			last[p.Turn] = a
		} else if m := sym.Point(last[p.Turn]); p.IsLegal(m) {
			a = m
		}
		p.Play(a)
		if p.Over {
			return p, false
		}
	}
	if sym.Apply(p).Stones != p.Stones {
		return p, false
	}
	p.Last = board.MaxMoves
	p.Move = uint8(board.MaxMoves + 1 - left)
	return p, true
}

// TestSymmetricPositions checks solvers keyed by the canonical key at every node on
// positions invariant under a symmetry, where the key matters most, against brute force.
func TestSymmetricPositions(t *testing.T) {
	want := 150
	if testing.Short() || raceEnabled {
		want = 30
	}
	rng := rand.New(rand.NewPCG(9, 10))
	s := New(12)
	s.SetSymmetryLeft(1)
	done, tries := 0, 0
	for done < want && tries < 100*want {
		tries++
		pos, ok := symmetricPosition(rng, 2+rng.IntN(6))
		if !ok || !checkAgainstBrute(t, s, pos, 100_000) {
			continue
		}
		done++
	}
	if done < want {
		t.Errorf("only %d symmetric positions checked", done)
	}
}

// TestLegalMovesMatchBoard checks the solver's own legal-move generation against
// board.Position.Legal on random positions (including ko and the table-move skip), and
// that the capture tried before the list is built is the list's first move.
func TestLegalMovesMatchBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := New(8)
	for n := 0; n < 3000; n++ {
		pos, ok := randomPlay(rng, 1+rng.IntN(board.MaxMoves), 0.05)
		if !ok {
			continue
		}
		skip := board.Point(rng.IntN(board.NumActions+1)) - 1 // NoPoint, a point or Pass
		w := s.workers[0]
		pl := &w.plies[0]
		w.scorePoints(&pos, pl, skip)
		first := pl.bestCapture(&w.history[pos.Turn])
		k := w.listMoves(&pos, pl, skip, &w.history[pos.Turn])
		if first != board.NoPoint && pl.moves[pl.best] != first {
			t.Fatalf("the best capture %v is not the first of the full order, %v\n%s", first, pl.moves[pl.best], pos.String())
		}
		var got board.Bitboard
		pass := false
		for _, a := range w.plies[0].moves[:k] {
			if a == board.Pass {
				pass = true
			} else {
				got |= a.Bit()
			}
		}
		want := pos.Legal()
		if skip >= 0 && skip < board.NumPoints {
			want &^= skip.Bit()
		}
		if got != want || pass != (skip != board.Pass) {
			t.Fatalf("listMoves gave %025b pass=%v, want %025b (skip %v)\n%s", got, pass, want, skip, pos.String())
		}
	}
}

func pointNames(ps []board.Point) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	slices.Sort(out)
	return out
}

// TestSolvedPositions checks the winning actions of every exactly solved position of
// the shared test data, and that Solve agrees on the value.
func TestSolvedPositions(t *testing.T) {
	cases := boardtest.MustLoadSolved(t)
	if len(cases) < 47 {
		t.Fatalf("expected 47 solved positions, read %d", len(cases))
	}
	s := New(20)
	wins := 0
	for n, c := range cases {
		pos := c.Pos
		win, lose, known := s.WinningMoves(pos, Limits{})
		if !known {
			t.Fatalf("case %d: not solved", n)
		}
		wantWin, wantLose := pointNames(c.Winning), pointNames(c.Losing)
		if got := pointNames(win); !slices.Equal(got, wantWin) {
			t.Errorf("case %d (move %d): winning %v, want %v\n%s", n, c.Move, got, wantWin, pos.String())
		}
		if got := pointNames(lose); !slices.Equal(got, wantLose) {
			t.Errorf("case %d (move %d): losing %v, want %v", n, c.Move, got, wantLose)
		}
		fresh := New(16)
		r := fresh.Solve(pos, Limits{})
		if !r.Known || r.Win != (len(c.Winning) > 0) {
			t.Errorf("case %d: Solve %+v, want win=%v", n, r, len(c.Winning) > 0)
		}
		if r.Win && !slices.Contains(c.Winning, r.Best) {
			t.Errorf("case %d: Solve's best %v is not among %v", n, r.Best, c.Winning)
		}
		if len(c.Winning) > 0 {
			wins++
		}
	}
	t.Logf("%d positions, %d won by the side to move", len(cases), wins)
}

// TestBudget checks that a tiny CPU or node budget stops a hard search quickly with an
// unknown result, and that the solver still answers correctly afterwards.
func TestBudget(t *testing.T) {
	pos := RandomPositions(11, 4, 1)[0] // far too deep to prove in milliseconds
	s := New(16)
	start := cputime.Process()
	r := s.Solve(pos, Limits{CPU: 20 * time.Millisecond})
	used := cputime.Process() - start
	if r.Known {
		t.Fatalf("move 4 proved in %v? %+v", used, r)
	}
	if used > 500*time.Millisecond {
		t.Errorf("a 20ms budget took %v", used)
	}
	r = s.Solve(pos, Limits{Nodes: 5000})
	if r.Known || r.Nodes > 5000 {
		t.Errorf("node limit 5000: %+v", r)
	}
	if _, _, known := s.WinningMoves(pos, Limits{Nodes: 5000}); known {
		t.Error("WinningMoves under a node limit claims to know")
	}
	if m := s.Margin(pos, Limits{Nodes: 5000}); m.Known {
		t.Errorf("Margin under a node limit claims to know: %+v", m)
	}
	// The aborted searches must not have left wrong bounds behind.
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 50; {
		p, ok := randomPlay(rng, board.MaxMoves-4, 0.05)
		if !ok {
			continue
		}
		s.Solve(p, Limits{Nodes: int64(1 + rng.IntN(200))})
		if checkAgainstBrute(t, s, p, 1_000_000) {
			n++
		}
	}
}

// TestNoAllocations checks that Solve allocates nothing once the solver exists.
func TestNoAllocations(t *testing.T) {
	positions := RandomPositions(21, 16, 8)
	s := New(16)
	i := 0
	allocs := testing.AllocsPerRun(20, func() {
		s.Solve(positions[i%len(positions)], Limits{CPU: time.Minute, Nodes: 1 << 40})
		i++
	})
	if allocs != 0 {
		t.Errorf("Solve allocates %.1f times per call", allocs)
	}
	allocs = testing.AllocsPerRun(10, func() {
		s.Margin(positions[i%len(positions)], Limits{})
		i++
	})
	if allocs != 0 {
		t.Errorf("Margin allocates %.1f times per call", allocs)
	}
}

// TestFinishedAndLastMove covers a finished game and the one-move-left shortcut.
func TestFinishedAndLastMove(t *testing.T) {
	s := New(8)
	p := board.New()
	p.Pass() // Black passes on move 1: the game ends, White wins 0 to 2.5
	if r := s.Solve(p, Limits{}); !r.Known || !r.Win {
		t.Errorf("finished game, White to 'move' and winner: %+v", r)
	}
	q := board.New()
	if r := s.Solve(q, Limits{Nodes: 1}); r.Known {
		t.Errorf("empty board proved in one node: %+v", r)
	}
	win, lose, _ := s.WinningMoves(q, Limits{Nodes: 1})
	if len(win)+len(lose) != 0 {
		t.Errorf("no move is known after one node: %v %v", win, lose)
	}
}
