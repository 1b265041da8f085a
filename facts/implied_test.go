// implied_test.go: what one position's proof implies of its neighbours, against a plain reading of the opening table and the rules of minimax, and the parents a position is reached from.

package facts_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"littlego/board"
	"littlego/facts"
	"littlego/opening"
	"littlego/record"
)

// referenceChild is what a plain reading of the rules says of the position after action
// a of parent, from the table's entry of parent alone: nothing unless the entry is
// known; a loss for the side to move there when a is the entry's best action of a
// won parent (its exact margin when the entry has one); a win for it after any action
// of a lost parent. wantValue is for the child's side to move; exact and margin say
// whether the margin is exact and what it is; low and high bound it.
type referenceChild struct {
	known     bool
	wantValue facts.Value
	exact     bool
	margin    int
	low, high int
}

func referenceOf(parent board.Position, a board.Point) referenceChild {
	e, ok := opening.Lookup(parent)
	if !ok {
		return referenceChild{}
	}
	r := referenceChild{low: -board.NumPoints, high: board.NumPoints}
	switch {
	case e.Win && a == e.Best:
		r.known, r.wantValue = true, facts.Loss
		if e.MarginKnown {
			r.exact, r.margin = true, e.Margin
		}
	case !e.Win:
		r.known, r.wantValue = true, facts.Win
	}
	// The parent's margin is the best of its children's for its mover: no child does
	// better for the mover.
	if e.MarginKnown && parent.Turn == board.Black {
		r.high = e.Margin
	} else if e.MarginKnown {
		r.low = e.Margin
	}
	return r
}

// checkChild checks Known of the position after action a of parent against the
// reference.
func checkChild(t *testing.T, parent board.Position, a board.Point, name string) {
	t.Helper()
	child := parent
	child.Act(a)
	f := facts.Known(child)
	if child.Over {
		if f.Source != facts.End || !f.Proved() {
			t.Errorf("%s: the finished game: %v", name, f)
		}
		return
	}
	r := referenceOf(parent, a)
	if !r.known {
		return
	}
	if f.Value != r.wantValue {
		t.Errorf("%s: %v, want %v for %v to move (the table's entry before it)", name, f, r.wantValue, child.Turn)
	}
	m, exact := f.Margin()
	switch {
	case r.exact && (!exact || m != r.margin):
		t.Errorf("%s: %v, want the exact result %s", name, f, record.Result(r.margin))
	case f.Low < r.low || f.High > r.high:
		t.Errorf("%s: %v, want the margin within [%d, %d]", name, f, r.low, r.high)
	}
}

// Every first move, and every reply the table proves winning (the best reply of each
// first move White wins after; every reply to 2,2, after which White has lost), reaches
// a position Known proves, as the table's entry before it says.
func TestEveryProvedReplyIsProvedAfter(t *testing.T) {
	start := board.New()
	replies := 0
	for _, a := range facts.Actions(start) {
		checkChild(t, start, a, "after "+a.String())
		first := start
		first.Act(a)
		if first.Over {
			continue
		}
		e, ok := opening.Lookup(first)
		if !ok {
			t.Errorf("after %v: not in the opening table", a)
			continue
		}
		for _, b := range facts.Actions(first) {
			second := first
			second.Act(b)
			if ce, ok := opening.Lookup(second); ok && !ce.Win {
				// The table proves the reply wins by its own entry after it.
				if f := facts.Known(second); f.Value != facts.Loss {
					t.Errorf("after %v %v: %v; the table's entry says lost for %v", a, b, f, second.Turn)
				}
				replies++
				continue
			}
			if e.Win && b != e.Best {
				continue // a reply the table does not prove winning
			}
			checkChild(t, first, b, "after "+a.String()+" "+b.String())
			replies++
		}
	}
	if replies < board.NumActions {
		t.Errorf("%d replies checked; the table proves at least every reply to 2,2", replies)
	}
}

// The case a review once got wrong: after 0,3 the table proves 2,2 wins with W+4.5;
// after 0,3 2,2 that is Black's loss by W+4.5, named as implied (unless the table holds
// that position itself).
func TestImpliedByTheTablesMove(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(0, 3))
	pos.Play(board.PointAt(2, 2))
	f := facts.Known(pos)
	want := facts.Source("implied by the opening table's 2,2")
	if _, held := opening.Lookup(pos); held {
		want = facts.Table // a table through level 2 proves it itself, and is named first
	}
	if f.Value != facts.Loss || f.Outcome() != "W+4.5" || f.Source != want {
		t.Errorf("after 0,3 2,2: %v (source %q, want %q)", f, f.Source, want)
	}
	if p := facts.NewProver(facts.NewCache()).Known(pos); p.Value != f.Value || p.Outcome() != f.Outcome() {
		t.Errorf("a prover: %v, Known: %v", p, f)
	}
}

// A fact a prover proved (here learnt) is implied for the positions after it (the pass,
// which White wins by passing again, is proved by the end itself): a lost
// position makes every child won, and a position's children all won for the opponent
// make it lost.
func TestProverImpliesFromItsCache(t *testing.T) {
	pos := board.New()
	for _, a := range []board.Point{12, 6, 0, 18, 24, 8} {
		pos.Play(a)
	}
	if f := facts.Known(pos); f.Proved() {
		t.Skipf("the test needs a position nothing proves without search: %v", f)
	}
	p := facts.NewProver(facts.NewCache())
	p.Learn(pos, facts.Proof(pos.Turn, facts.Loss, facts.Solver))
	for _, a := range facts.Actions(pos) {
		child := pos
		child.Act(a)
		f := p.Known(child)
		if child.Over {
			continue
		}
		if f.Value != facts.Win || f.Source != facts.Source("implied by the solver's loss before "+a.String()) && f.Source != facts.End {
			t.Errorf("after %v: %v (source %q), want a win implied by the loss before", a, f, f.Source)
		}
	}
	q := facts.NewProver(facts.NewCache())
	for _, a := range facts.Actions(pos) {
		child := pos
		child.Act(a)
		if !child.Over {
			q.Learn(child, facts.Proof(child.Turn, facts.Win, facts.Solver))
		}
	}
	if f := q.Known(pos); f.Value != facts.Loss || f.Source != "implied by the solver after every move" {
		t.Errorf("every child won for the opponent: %v (source %q)", f, f.Source)
	}
}

// The parents of a position, through a prover's Known: every position reached by a pass, a move that captured
// nothing, or a ko capture, from a parent without a ko point, is implied won when its
// parent is learnt lost; and nothing is implied of a position from a parent that does
// not reach it. Random games, a fixed seed.
func TestParentsOfRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	checked, kos := 0, 0
	for game := 0; game < 30; game++ {
		pos := board.New()
		for !pos.Over {
			actions := facts.Actions(pos)
			a := actions[rng.IntN(len(actions))]
			if rng.IntN(4) > 0 && a == board.Pass && len(actions) > 1 {
				a = actions[0]
			}
			child := pos
			captured := 0
			if a == board.Pass {
				child.Pass()
			} else {
				captured, _ = child.Play(a)
			}
			// A position nothing else proves (the test's learnt facts are made up).
			unproved := !child.Over && !facts.Known(child).Proved() && facts.Known(child).Low == facts.MinMargin && facts.Known(child).High == facts.MaxMargin
			if unproved && pos.Ko == 0 && (captured == 0 || child.Ko != 0) && pos.Move+2 <= board.MaxMoves {
				checked++
				if child.Ko != 0 {
					kos++
				}
				p := facts.NewProver(facts.NewCache())
				p.Learn(pos, facts.Proof(pos.Turn, facts.Loss, facts.Solver))
				if f := p.Known(child); f.Value != facts.Win {
					t.Fatalf("after %v from a lost parent:\n%v\n%v", a, &pos, f)
				}
				other := pos
				other.Move += 2 // the same board two moves later: no parent of child
				q := facts.NewProver(facts.NewCache())
				q.Learn(other, facts.Proof(other.Turn, facts.Loss, facts.Solver))
				if f := q.Known(child); f.Source.Implied() && f.Source.Origin() == facts.Solver && f.Value == facts.Win {
					t.Fatalf("implied from a position that does not reach it: %v", f)
				}
			}
			pos = child
		}
	}
	if checked < 200 || kos == 0 {
		t.Errorf("%d positions checked, %d after a ko capture: the games test too little", checked, kos)
	}
}

// A position after a capture does not tell its parent, so Known cannot reach it from
// there; Step, given the line, does, both ways.
func TestStepReachesPastACapture(t *testing.T) {
	pos := board.New()
	for _, a := range []board.Point{12, 11, 6, 7, 18, 5, 8, 17, 24, 23, 4, 19} {
		if !pos.Act(a) {
			t.Fatalf("%v is illegal in\n%v", a, &pos)
		}
	}
	parent := pos
	var a board.Point = board.NoPoint
	for _, c := range facts.Actions(parent) {
		child := parent
		if n, ok := child.Play(c); ok && n > 0 && child.Ko == 0 {
			a = c
			break
		}
	}
	if a == board.NoPoint {
		t.Fatalf("no capture without a ko in\n%v", &parent)
	}
	child := parent
	child.Act(a)
	p := facts.NewProver(facts.NewCache())
	lost := facts.Proof(parent.Turn, facts.Loss, facts.Solver)
	p.Learn(parent, lost)
	if f := p.Known(child); f.Value != facts.Unknown {
		t.Fatalf("Known reached past the capture %v: %v; the test needs a position it cannot", a, f)
	}
	_, cf := facts.Step(parent, a, lost, facts.Known(child))
	if cf.Value != facts.Win || cf.Source != facts.Source("implied by the solver's loss before "+a.String()) {
		t.Errorf("after the capture %v from a lost position: %v (source %q)", a, cf, cf.Source)
	}
	won := facts.Proof(child.Turn, facts.Loss, facts.Solver) // the child lost for its side to move
	pf, _ := facts.Step(parent, a, facts.Known(parent), won)
	if pf.Value != facts.Win || len(pf.Winning) != 1 || pf.Winning[0] != a || pf.Source != facts.Source("implied by the solver after "+a.String()) {
		t.Errorf("before a capture that leaves a lost position: %v (winning %v, source %q)", pf, pf.Winning, pf.Source)
	}
}

// Along carries a proof along a game's line both ways: a loss at the start makes the
// next position won; a position lost for its side to move makes the move to it a
// winning one and the position before it won.
func TestAlongALine(t *testing.T) {
	pos := board.New()
	for _, a := range []board.Point{12, 6, 0, 18, 24, 8} {
		pos.Act(a)
	}
	actions := []board.Point{4, 20, 2}
	line := []board.Position{pos}
	for _, a := range actions {
		pos.Act(a)
		line = append(line, pos)
	}
	known := make([]facts.Fact, len(line))
	for k, p := range line {
		known[k] = facts.Known(p)
		if known[k].Proved() {
			t.Fatalf("position %d is proved without the line: %v", k, known[k])
		}
	}
	known[0] = facts.Proof(line[0].Turn, facts.Loss, facts.Solver)
	known[3] = facts.Proof(line[3].Turn, facts.Loss, facts.Solver)
	facts.Along(line, actions, known)
	if known[1].Value != facts.Win {
		t.Errorf("after a lost position: %v", known[1])
	}
	if known[2].Value != facts.Win || len(known[2].Winning) != 1 || known[2].Winning[0] != actions[2] {
		t.Errorf("before a position lost for its side to move: %v (winning %v)", known[2], known[2].Winning)
	}
}

// A source found through a transposition says so: after C3 B4 C4 B3 (2,2 1,1 1,2 2,1)
// the opening table proves Black's win, and D2 (3,3) loses, because the same position
// is reached by C3 B4 D2 B3 C4, whose position before C4 (1,2) the table proves lost.
// D2's source says that it is the same position reached by 1,2 last, never only "the
// loss before" a move; along that other line it needs no such words.
func TestATranspositionSaysSo(t *testing.T) {
	pos := board.New()
	for _, a := range []board.Point{board.PointAt(2, 2), board.PointAt(1, 1), board.PointAt(1, 2), board.PointAt(2, 1)} {
		pos.Act(a)
	}
	parent := facts.Known(pos)
	if parent.Value != facts.Win {
		t.Fatalf("after 2,2 1,1 1,2 2,1: %v; the test needs Black's proved win", parent)
	}
	d2 := board.PointAt(3, 3)
	want := facts.Source("implied by the opening table's loss before 1,2 (the same position, reached by 1,2 last)")
	for _, m := range facts.Moves(pos, parent, facts.Known) {
		if m.Action == d2 && (m.Value != facts.Loss || m.After.Source != want) {
			t.Errorf("3,3 after 2,2 1,1 1,2 2,1: %v, source %q; want a loss, %q", m.Value, m.After.Source, want)
		}
		if strings.Contains(string(m.After.Source), "loss before") && !strings.Contains(string(m.After.Source), "the same position") {
			t.Errorf("%v after a proved win: source %q", m.Action, m.After.Source)
		}
	}
	child := pos
	child.Act(d2)
	if got := facts.Known(child).Source; got != "implied by the opening table's loss before 1,2" {
		t.Errorf("the position itself: source %q; want the loss before 1,2, named", got)
	}
	other := board.New()
	for _, a := range []board.Point{board.PointAt(2, 2), board.PointAt(1, 1), d2, board.PointAt(2, 1)} {
		other.Act(a)
	}
	_, cf := facts.Step(other, board.PointAt(1, 2), facts.Known(other), facts.Known(child))
	if cf.Source != "implied by the opening table's loss before 1,2" {
		t.Errorf("along 2,2 1,1 3,3 2,1 1,2: source %q; want the loss before 1,2", cf.Source)
	}
	// A cache keeps the fact as it reads without a line.
	c := facts.NewCache()
	c.Learn(child, facts.Moves(pos, parent, facts.Known)[0].After)
	for _, m := range facts.Moves(pos, parent, facts.Known) {
		if m.Action == d2 {
			c.Learn(child, m.After)
		}
	}
	if _, cf := facts.Step(other, board.PointAt(1, 2), c.Known(other), c.Known(child)); cf.Source != "implied by the opening table's loss before 1,2" {
		t.Errorf("along 2,2 1,1 3,3 2,1 1,2, from a cache that learnt it along the other line: source %q", cf.Source)
	}
}

// A cache keeps a fact in one orientation of its position, and serves it to every
// image: the move its source names is the reader's. After 2,2 and White's 1,2 (the
// board symmetric about column 2), Black's 3,0 and 3,4 reach images of one position; a
// fact learnt of the one after 3,0, implied by the solver's 3,0, reads of the one
// after 3,4 as implied by the solver's 3,4, and its margin's source too. (The stones
// down column 2 take the positions past the opening table and the book.)
func TestACachedSourceNamesTheReadersMove(t *testing.T) {
	pos := board.New()
	for _, a := range []board.Point{board.PointAt(2, 2), board.PointAt(1, 2), board.PointAt(3, 2), board.PointAt(0, 2), board.PointAt(4, 2)} {
		pos.Play(a)
	}
	left, right := pos, pos
	left.Play(board.PointAt(3, 0))
	right.Play(board.PointAt(3, 4))
	if lk, _ := left.CanonicalKey(); lk != func() uint64 { k, _ := right.CanonicalKey(); return k }() {
		t.Fatal("the test needs the two positions to be images of each other")
	}
	if f := facts.Known(left); f.Proved() || f.Low > facts.MinMargin || f.High < facts.MaxMargin {
		t.Fatalf("the test needs a position nothing proves without search: %v", f)
	}
	c := facts.NewCache()
	f := facts.Proof(left.Turn, facts.Loss, "implied by the solver's 3,0")
	f.Low, f.High = 0, 0
	f.MarginSource = "implied by the solver after 4,1 (the same position, reached by 3,0 last)" // the line's words are not kept
	c.Learn(left, f)
	for _, tc := range []struct {
		pos          board.Position
		src, margins string
	}{
		{left, "implied by the solver's 3,0", "implied by the solver after 4,1"},
		{right, "implied by the solver's 3,4", "implied by the solver after 4,3"},
	} {
		got := c.Known(tc.pos)
		if got.Source != facts.Source(tc.src) || got.MarginSource != facts.Source(tc.margins) {
			t.Errorf("after %v: source %q, margin's %q; want %q, %q", tc.pos.Stones, got.Source, got.MarginSource, tc.src, tc.margins)
		}
	}
}

// Mapped maps every point a source names, and nothing else; ReachedBy says "the same
// position" unless the line came by the action the source names.
func TestSourceMappedAndReachedBy(t *testing.T) {
	mirror := board.Symmetry(0)
	for s := board.Symmetry(0); s < board.NumSymmetries; s++ {
		if s.Point(board.PointAt(3, 0)) == board.PointAt(3, 4) && s.Point(board.PointAt(0, 1)) == board.PointAt(0, 3) {
			mirror = s
		}
	}
	for _, tc := range []struct{ in, out string }{
		{"solver", "solver"},
		{"implied by the opening table after 3,1", "implied by the opening table after 3,3"},
		{"implied by the solver's loss before 0,1 (the same position, reached by 0,1 last)", "implied by the solver's loss before 0,3 (the same position, reached by 0,3 last)"},
		{"implied by the solver's loss before PASS", "implied by the solver's loss before PASS"},
	} {
		if got := facts.Source(tc.in).Mapped(mirror); got != facts.Source(tc.out) {
			t.Errorf("%q mirrored: %q, want %q", tc.in, got, tc.out)
		}
	}
	for _, tc := range []struct {
		in  string
		by  board.Point
		out string
	}{
		{"implied by the solver's loss before 3,1", board.PointAt(3, 1), "implied by the solver's loss before 3,1"},
		{"implied by the solver's loss before 3,1", board.PointAt(3, 2), "implied by the solver's loss before 3,1 (the same position, reached by 3,1 last)"},
		{"implied by the solver's 3,1", board.PointAt(3, 1), "implied by the solver's 3,1"},
		{"implied by the book's 3,1", board.PointAt(0, 0), "implied by the book's 3,1 (the same position, reached by 3,1 last)"},
		{"implied by the solver after 3,1", board.PointAt(0, 0), "implied by the solver after 3,1"},
		{"book", board.PointAt(0, 0), "book"},
	} {
		if got := facts.Source(tc.in).ReachedBy(tc.by); got != facts.Source(tc.out) {
			t.Errorf("%q reached by %v: %q, want %q", tc.in, tc.by, got, tc.out)
		}
	}
}
