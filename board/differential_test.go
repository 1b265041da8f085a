// differential_test.go: random games and perft counts played by board and by the reference side by side, compared after every action.

package board

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"littlego/lib/racedetect"
)

// refTracker plays one game on both implementations and compares them after every
// action; on the first difference it reports both boards and the actions so far.
type refTracker struct {
	t       testing.TB
	pos     Position
	ref     refGame
	actions []Point
	buf     bytes.Buffer
	// last is the action compare was last called after (NoPoint: the start).
	last Point
	// refLegal holds the placements the reference accepts now, found by compare.
	refLegal Bitboard
}

func newRefTracker(t testing.TB) *refTracker {
	r := &refTracker{t: t}
	r.reset()
	return r
}

// reset starts a new game, keeping the buffers.
func (r *refTracker) reset() {
	r.pos, r.ref, r.actions = New(), newRefGame(), r.actions[:0]
	r.compare(NoPoint)
}

func (r *refTracker) fail(format string, args ...any) {
	r.t.Helper()
	var seq []string
	for _, a := range r.actions {
		seq = append(seq, a.String())
	}
	when := "at the start"
	if r.last != NoPoint {
		when = "after " + r.last.String()
	}
	r.t.Fatalf("%s: %s\nactions: %s\nboard:\n%s\nreference:\n%v", when, fmt.Sprintf(format, args...),
		strings.Join(seq, " "), r.pos.String(), &r.ref)
}

// compare checks every observable of the position against the reference: the stones,
// the turn, the move number, the end of the game, the pass state, the legality of every
// point (with the board and captures after each legal one, and no change after an
// illegal one), the ko points, the score and winner, and the hash.
func (r *refTracker) compare(last Point) {
	r.last = last
	p, g := &r.pos, &r.ref
	if p.Stones != refToStones(g.board) {
		r.fail("stones differ")
	}
	if refColor(p.Turn) != g.turn || int(p.Move) != g.move || p.Over != g.over {
		r.fail("turn/move/over %v/%d/%v, reference %d/%d/%v", p.Turn, p.Move, p.Over, g.turn, g.move, g.over)
	}
	if !p.Over && p.Passed != (g.previous == g.board) {
		r.fail("Passed=%v but previous==current is %v", p.Passed, g.previous == g.board)
	}
	if h := p.ComputeHash(); p.Hash != h {
		r.fail("Hash %#x, ComputeHash %#x", p.Hash, h)
	}
	b, w := p.Score()
	if b != g.board.count(refBlack) || w != g.board.count(refWhite) || p.Margin() != b-w {
		r.fail("score %d-%d margin %d", b, w, p.Margin())
	}
	if (p.Winner() == Black) != g.blackWins() {
		r.fail("winner %v, reference says Black wins=%v", p.Winner(), g.blackWins())
	}
	wantLeft := 0
	if !g.over {
		wantLeft = refMaxMoves - g.move + 1
	}
	if p.MovesLeft() != wantLeft {
		r.fail("MovesLeft %d, want %d", p.MovesLeft(), wantLeft)
	}
	if p.IsLegal(Pass) == g.over {
		r.fail("IsLegal(Pass)=%v with over=%v", p.IsLegal(Pass), g.over)
	}
	var legal, ko Bitboard
	r.refLegal = 0
	for pt := Point(0); pt < NumPoints; pt++ {
		i, j := pt.Row(), pt.Col()
		q := *p
		captured, ok := q.Play(pt)
		v, after, refCaptured := refVerdict(refOccupied), g.board, 0
		if !g.over {
			v, after, refCaptured = g.check(i, j)
		}
		if v == refLegal {
			r.refLegal |= pt.Bit()
		}
		if ok != (v == refLegal) {
			r.fail("Play(%s) ok=%v, reference verdict %v", pt, ok, v)
		}
		switch {
		case ok:
			legal |= pt.Bit()
			// Without captures the board gains just the stone (a cheap check); with
			// captures it is compared in full.
			plain := p.Stones
			plain[p.Turn] |= pt.Bit()
			if captured != refCaptured || refCaptured == 0 && q.Stones != plain ||
				refCaptured > 0 && q.Stones != refToStones(after) {
				r.fail("then %s (captured %d, reference %d) gives board\n%s\nreference\n%v",
					pt, captured, refCaptured, q.Stones, after)
			}
		case q != *p:
			r.fail("illegal Play(%s) changed the position", pt)
		}
		if v == refKo {
			ko |= pt.Bit()
		}
	}
	if got := p.Legal(); got != legal {
		r.fail("Legal() %s, Play-legal %s", pointList(got), pointList(legal))
	}
	if !p.Over && p.Ko != ko {
		r.fail("Ko %s, reference ko points %s", pointList(p.Ko), pointList(ko))
	}
}

// play plays pt on both implementations, checks that Key changed, and compares.
func (r *refTracker) play(pt Point) {
	before := r.pos.Key()
	r.actions = append(r.actions, pt)
	if pt == Pass {
		r.pos.Pass()
		r.ref.pass()
	} else {
		if _, ok := r.pos.Play(pt); !ok {
			r.fail("Play(%s) refused", pt)
		}
		if v, _ := r.ref.play(pt.Row(), pt.Col()); v != refLegal {
			r.fail("reference refused %s: %v", pt, v)
		}
	}
	if r.pos.Key() == before {
		r.fail("Key unchanged by %s", pt)
	}
	r.compare(pt)
}

// viaProtocol writes the reference's boards as the host would write input.txt for the
// side to move, reads them back, and checks that the Position built from the file is the
// one reached by play (ko point, pass state and hash included).
func (r *refTracker) viaProtocol() {
	if r.ref.over {
		return
	}
	r.buf.Reset()
	if err := FormatInput(&r.buf, r.pos.Turn, refToStones(r.ref.previous), refToStones(r.ref.board)); err != nil {
		r.fail("FormatInput: %v", err)
	}
	text := r.buf.String()
	in, err := ParseInput(&r.buf)
	if err != nil {
		r.fail("ParseInput of\n%s\n: %v", text, err)
	}
	if err := in.Consistency(); err != nil {
		r.fail("Consistency of\n%s\n: %v", text, err)
	}
	q := in.Position(r.ref.move)
	if q.Legal() != r.pos.Legal() {
		r.fail("from input.txt\n%s\nLegal %s, by play %s", text, pointList(q.Legal()), pointList(r.pos.Legal()))
	}
	if q != r.pos {
		r.fail("from input.txt\n%s\nposition\n%s\n(ko %s passed %v), by play ko %s passed %v",
			text, q.String(), pointList(q.Ko), q.Passed, pointList(r.pos.Ko), r.pos.Passed)
	}
}

// randomAction picks a legal action from the placements legal: a pass with probability
// passP (or when no placement is legal), otherwise a uniformly random placement.
func randomAction(rng *rand.Rand, legal Bitboard, passP float64) Point {
	if legal == 0 || rng.Float64() < passP {
		return Pass
	}
	return legal.Nth(rng.IntN(legal.Count()))
}

// TestDifferentialRandomGames plays 100,000 random games on both implementations; under the
// race detector, which finds nothing to check in this one-goroutine test and slows it tenfold,
// 5,000 (CI runs the full sweep without it), and 2,000 with -short.
func TestDifferentialRandomGames(t *testing.T) {
	games := 100_000
	switch {
	case testing.Short():
		games = 2_000
	case racedetect.Enabled:
		games = 5_000
	}
	rng := rand.New(rand.NewPCG(561, 2022))
	var actions, captures, kos, passes, protocolChecks, endsByPass int
	r := newRefTracker(t)
	for n := 0; n < games; n++ {
		r.reset()
		passP := 0.02
		if n%10 == 0 {
			passP = 0.15 // some games with many passes
		}
		sampled := n%16 == 0
		for !r.ref.over {
			if sampled || r.ref.lastCaptured > 0 {
				r.viaProtocol()
				protocolChecks++
			}
			pt := randomAction(rng, r.refLegal, passP)
			r.play(pt)
			actions++
			if pt == Pass {
				passes++
			}
			if r.ref.lastCaptured > 0 {
				captures++
			}
			if r.pos.Ko != 0 {
				kos++
			}
		}
		if r.ref.move <= refMaxMoves {
			endsByPass++
		}
	}
	t.Logf("%d games, %d actions (%d passes, %d captures, %d ko positions), %d protocol round trips, %d games ended by passes",
		games, actions, passes, captures, kos, protocolChecks, endsByPass)
	// The random games must reach the cases they exist to test.
	if kos == 0 || captures == 0 || endsByPass == 0 || protocolChecks == 0 {
		t.Fatalf("random games missed a case: ko %d, captures %d, pass endings %d", kos, captures, endsByPass)
	}
}

// perftBoard counts the action sequences of length depth from p, a finished game
// counting as one sequence; it also checks Legal() against Play at every node.
func perftBoard(t *testing.T, p Position, depth int) int {
	if depth == 0 || p.Over {
		return 1
	}
	legal := p.Legal()
	n := 0
	for pt := Point(0); pt <= Pass; pt++ {
		q := p
		_, ok := q.Play(pt)
		if pt < NumPoints && ok != legal.Has(pt) {
			t.Fatalf("Legal() has %s = %v but Play says %v in\n%s", pt, legal.Has(pt), ok, p.String())
		}
		if ok {
			n += perftBoard(t, q, depth-1)
		}
	}
	return n
}

// perftRef is perftBoard on the reference.
func perftRef(g refGame, depth int) int {
	if depth == 0 || g.over {
		return 1
	}
	n := 0
	for _, pt := range g.legalPoints() {
		h := g
		h.play(pt[0], pt[1])
		n += perftRef(h, depth-1)
	}
	h := g
	h.pass()
	return n + perftRef(h, depth-1)
}

func TestPerft(t *testing.T) {
	// Depths 1-3 by hand: Black has 25 points and a pass, and the pass on move 1 ends the
	// game (26). After a Black stone White has 24 points and a pass (25*25 + 1 = 626).
	// After Black p, White pass, Black has 24 points and a pass (25); after Black p,
	// White q, Black has 23 points (two stones cannot make a suicide) and a pass (24):
	// 25*(25 + 24*24) + 1 = 15026.
	want := map[int]int{0: 1, 1: 26, 2: 626, 3: 15026}
	maxDepth := 5 // depth 4 with -short and under the race detector (CI runs depth 5 without it)
	if testing.Short() || racedetect.Enabled {
		maxDepth = 4
	}
	for depth := 0; depth <= maxDepth; depth++ {
		got := perftBoard(t, New(), depth)
		ref := perftRef(newRefGame(), depth)
		t.Logf("perft(%d) = %d", depth, got)
		if got != ref {
			t.Errorf("perft(%d): board %d, reference %d", depth, got, ref)
		}
		if w, ok := want[depth]; ok && got != w {
			t.Errorf("perft(%d) = %d, want %d", depth, got, w)
		}
	}
}
