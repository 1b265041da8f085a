// review_test.go: decisive moves the solver proved, the same review from every format and orientation, the solved empty board, illegal actions.

package review

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/opening"
	"littlego/record"
)

// checkDecisive checks r against the blunder the game was built around.
func checkDecisive(t *testing.T, r *GameReview, p proof) {
	t.Helper()
	if r.Decisive != p.move {
		t.Fatalf("%s: decisive move %d, want %d (verdict %q)", r.Name, r.Decisive, p.move, r.Verdict)
	}
	m := r.Moves[p.move-1]
	if !m.Blunder || m.Color != p.blunderer || m.Before != facts.Win || m.After != facts.Loss {
		t.Errorf("%s: move %d is %+v, want %s's blunder from win to loss", r.Name, p.move, m, p.blunderer)
	}
	if !m.AlternativesComplete || !slices.Equal(m.WinningAlternatives, p.winning) {
		t.Errorf("%s: winning alternatives %v (complete %v), want %v", r.Name, m.WinningAlternatives, m.AlternativesComplete, p.winning)
	}
	if want := colorWord(p.blunderer.Other()); r.Winner != want {
		t.Errorf("%s: winner %q, want %q", r.Name, r.Winner, want)
	}
	if !strings.Contains(r.Verdict, fmt.Sprintf("%s's blunder at move %d", p.blunderer, p.move)) {
		t.Errorf("%s: verdict %q does not name the blunder", r.Name, r.Verdict)
	}
	if p.move < len(r.Moves) && !r.Moves[p.move].AfterGift {
		t.Errorf("%s: move %d, after the blunder, is not marked as a gift", r.Name, p.move+1)
	}
	if p.move < len(r.Moves) {
		if reply := r.Moves[p.move]; !reply.AfterGift || reply.After != facts.Win || reply.Blunder {
			t.Errorf("%s: the reply, move %d: gift %v, %v -> %v; want it to keep the win the blunder gave", r.Name, p.move+1, reply.AfterGift, reply.Before, reply.After)
		}
	}
	for _, m := range r.Moves[p.move:] {
		if m.Color != p.blunderer && (m.Before != facts.Win || m.After != facts.Win || m.Blunder) {
			t.Errorf("%s: the winner's move %d: %v -> %v, blunder %v; the winner kept a proved win", r.Name, m.Number, m.Before, m.After, m.Blunder)
		}
	}
}

func TestDecisiveMoveProvedBySolver(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		actions, p := decisiveGame(t, seed, 15)
		g := parseOne(t, fmt.Sprintf("seed%d.txt", seed), []byte(actionList(actions)))
		r, err := Review(context.Background(), g, testOptions())
		if err != nil {
			t.Fatal(err)
		}
		checkDecisive(t, &r, p)
	}
}

// reviewJSON returns the moves, decisive move, winner and verdict of r as JSON, for
// comparing reviews.
func reviewJSON(t *testing.T, r *GameReview) string {
	t.Helper()
	b, err := json.Marshal(struct {
		Moves    []MoveReview
		Decisive int
		Winner   string
		Verdict  string
	}{r.Moves, r.Decisive, r.Winner, r.Verdict})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSameReviewFromEveryFormat(t *testing.T) {
	actions, p := decisiveGame(t, 11, 16)
	games := []record.Record{
		parseOne(t, "game.txt", []byte(actionList(actions))),
		parseOne(t, "game.sgf", sgfRecord(t, actions, "", "")),
		parseOne(t, "games.json", jsonRecord(t, actions, "", "", 1)),
	}
	for _, g := range games[1:] {
		if !slices.Equal(g.Actions(), games[0].Actions()) {
			t.Fatalf("%s: actions %v, want %v", g.Name, g.Actions(), games[0].Actions())
		}
	}
	rs, err := ReviewAll(context.Background(), games, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkDecisive(t, &rs[0], p)
	want := reviewJSON(t, &rs[0])
	for k := range rs[1:] {
		if got := reviewJSON(t, &rs[k+1]); got != want {
			t.Errorf("%s reviews differently from %s:\n%s\nwant\n%s", rs[k+1].Name, rs[0].Name, got, want)
		}
	}
}

func TestSymmetricGamesGetTheSameReview(t *testing.T) {
	actions, p := decisiveGame(t, 21, 16)
	sym := board.Symmetry(5)
	turned := make([]board.Point, len(actions))
	for k, a := range actions {
		turned[k] = sym.Point(a)
	}
	games := []record.Record{listGame("original", actions), listGame("turned", turned)}
	rs, err := ReviewAll(context.Background(), games, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkDecisive(t, &rs[0], p)
	implied := 0
	for k := range rs[0].Moves {
		a, b := rs[0].Moves[k], rs[1].Moves[k]
		if a.Before != b.Before || a.After != b.After || a.Blunder != b.Blunder || sym.Point(a.EngineMove) != b.EngineMove {
			t.Errorf("move %d: %+v, turned %+v", k+1, a, b)
		}
		if want := pointsIn.ReplaceAllStringFunc(string(a.Proof), func(p string) string {
			return sym.Point(board.PointAt(int(p[0]-'0'), int(p[2]-'0'))).String()
		}); string(b.Proof) != want {
			t.Errorf("move %d: proved by %q, turned %q; want %q", k+1, a.Proof, b.Proof, want)
		}
		if a.Proof.Implied() {
			implied++
		}
		alts := make([]board.Point, len(a.WinningAlternatives))
		for i, x := range a.WinningAlternatives {
			alts[i] = sym.Point(x)
		}
		slices.Sort(alts)
		if !slices.Equal(alts, b.WinningAlternatives) {
			t.Errorf("move %d: alternatives %v turn into %v, want %v", k+1, a.WinningAlternatives, alts, b.WinningAlternatives)
		}
	}
	if implied == 0 {
		t.Error("no move's proof is implied: the test checks no point a source names")
	}
	for k := range rs {
		checkProofsNameTheBoard(t, &rs[k], games[k].Actions())
	}
}

// pointsIn finds the points a source names ("3,1").
var pointsIn = regexp.MustCompile(`\b[0-4],[0-4]\b`)

// checkProofsNameTheBoard checks that each move's proof names points as they stand on
// the board before the move: a child "after" a point that is empty there; any other
// point (a move of the side that moved last, or its loss before that move) a stone of
// that side, the line's own last move unless the source says it is the same position
// reached by another.
func checkProofsNameTheBoard(t *testing.T, r *GameReview, actions []board.Point) {
	t.Helper()
	pos := board.New()
	for i, m := range r.Moves {
		src := string(m.Proof)
		for _, loc := range pointsIn.FindAllStringIndex(src, -1) {
			p := board.PointAt(int(src[loc[0]]-'0'), int(src[loc[0]+2]-'0'))
			mover := pos.Turn.Other()
			switch {
			case strings.HasSuffix(src[:loc[0]], " after "):
				if pos.Stones[board.Black].Has(p) || pos.Stones[board.White].Has(p) {
					t.Errorf("%s: move %d proved by %q: %v is not empty before it", r.Name, i+1, src, p)
				}
			case !pos.Stones[mover].Has(p):
				t.Errorf("%s: move %d proved by %q: %v is no stone of %s, who moved last", r.Name, i+1, src, p, mover)
			case i > 0 && p != actions[i-1] && !strings.Contains(src, "the same position"):
				t.Errorf("%s: move %d proved by %q: the last move was %v", r.Name, i+1, src, actions[i-1])
			}
		}
		pos.Act(actions[i])
	}
}

func TestTheBookStartsWithTheWinningFirstMove(t *testing.T) {
	if mv, ok := opening.BookMove(board.New()); !ok || mv != facts.WinningFirstMove {
		t.Fatalf("the book's first move is %s (in book: %v), the solved empty board's is %s", mv, ok, facts.WinningFirstMove)
	}
}

func TestFirstMovesJudgedByTheOpeningTable(t *testing.T) {
	games, errs := record.Parse("first.txt", []byte("1,1 2,2\n2,2 1,2\nPASS\n"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	rs, err := ReviewAll(context.Background(), games, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	m := rs[0].Moves[0]
	if !m.Blunder || m.Proof != facts.Table || !slices.Equal(m.WinningAlternatives, []board.Point{facts.WinningFirstMove}) || !m.AlternativesComplete {
		t.Errorf("1,1 as the first move: %+v, want a blunder with the only alternative 2,2", m)
	}
	if e, _ := opening.Lookup(rs[0].positions[1]); m.MarginAfter == nil || *m.MarginAfter != e.Margin || *m.PointsLost != facts.EmptyBoardMargin-e.Margin {
		t.Errorf("1,1 as the first move: margin after %s, points lost %s; want the table's %+d", intOrNil(m.MarginAfter), intOrNil(m.PointsLost), e.Margin)
	}
	if w := rs[0].Moves[1]; !w.AfterGift || w.Before != facts.Win {
		t.Errorf("White after 1,1: %+v, want a gift and a won position", w)
	}
	if b, w := rs[1].Moves[0], rs[1].Moves[1]; b.Blunder || b.After != facts.Win || w.Before != facts.Loss || w.Proof != facts.Table {
		t.Errorf("2,2 then 1,2: %+v, %+v; want Black's win kept and White lost by the table", b, w)
	}
	if p := rs[2]; p.Winner != "white" || !p.Moves[0].Blunder || p.Decisive != 1 {
		t.Errorf("a pass on move 1 ends the game, lost for Black: %+v", p)
	}
}

func TestIllegalActionStopsTheReview(t *testing.T) {
	g := parseOne(t, "bad.txt", []byte("2,2 1,2 1,3 2,2 0,0\n"))
	r, err := Review(context.Background(), g, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	if r.Illegal == nil || r.Illegal.Number != 4 || r.Illegal.Reason != "occupied" || len(r.Moves) != 3 {
		t.Fatalf("illegal 2,2 at move 4: illegal %+v, %d moves reviewed", r.Illegal, len(r.Moves))
	}
	if r.Winner != "black" || !strings.Contains(r.Verdict, "illegal (occupied)") {
		t.Errorf("winner %q, verdict %q; want Black's win by forfeit", r.Winner, r.Verdict)
	}
}

// TestIllegalReasonsAgreeWithTheReferee checks illegalReason against the referee's
// record.Judge on every point of seeded random positions.
func TestIllegalReasonsAgreeWithTheReferee(t *testing.T) {
	names := map[record.Reason]string{"": "", record.IllegalOccupied: "occupied", record.IllegalSuicide: "suicide", record.IllegalKo: "ko"}
	rng := rand.New(rand.NewPCG(3, 4))
	seen := map[string]int{}
	for game := 0; game < 300; game++ {
		pos := board.New()
		for !pos.Over && pos.Legal() != 0 {
			for a := board.Point(0); a < board.NumActions; a++ {
				got, want := illegalReason(&pos, a), names[record.Judge(&pos, a)]
				if got != want {
					t.Fatalf("%s at %s: %q, the referee says %q\n%s", pos.Turn, a, got, want, pos.String())
				}
				seen[got]++
			}
			pos.Play(pos.Legal().Nth(rng.IntN(pos.Legal().Count())))
		}
	}
	if seen["ko"] == 0 || seen["suicide"] == 0 {
		t.Errorf("the random positions met no ko or no suicide: %v", seen)
	}
}

// A game from move 1 is judged by the opening table through its last level: every
// position the table proves has its value in the review, and its margin wherever the
// table holds one.
func TestOpeningTableLeavesNoEarlyPositionUnknown(t *testing.T) {
	last := opening.LastLevel()
	rng := rand.New(rand.NewPCG(5, 31))
	checked := 0
	for g := range 6 {
		pos := board.New()
		positions := []board.Position{pos}
		var moves []string
		for !pos.Over {
			legal := pos.Legal()
			a := board.Pass
			if legal != 0 && rng.IntN(12) > 0 {
				a = legal.Nth(rng.IntN(legal.Count()))
			}
			pos.Act(a)
			positions = append(positions, pos)
			moves = append(moves, a.String())
		}
		r, err := Review(context.Background(), parseOne(t, "random.txt", []byte(strings.Join(moves, " ")+"\n")),
			Options{Limit: time.Millisecond, MarginLimit: time.Millisecond, Jobs: 1, EnginePlayouts: 50})
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range positions[:min(last+1, len(positions))] {
			e, ok := opening.Lookup(p)
			if !ok {
				continue
			}
			checked++
			want := facts.Loss
			if e.Win == (p.Turn == board.Black) {
				want = facts.Win
			}
			if r.values[k] != want {
				t.Errorf("game %d, after %d moves: value %s, the table's %s", g, k, r.values[k], want)
			}
			if e.MarginKnown && (r.margins[k] == nil || *r.margins[k] != e.Margin) {
				t.Errorf("game %d, after %d moves: margin %s, the table's %+d", g, k, intOrNil(r.margins[k]), e.Margin)
			}
		}
	}
	if checked < 6 {
		t.Errorf("the table proved %d positions of six games; want at least the empty board of each", checked)
	}
}

// The table's root and first moves agree with the solved empty board: Black wins by
// EmptyBoardMargin, with WinningFirstMove alone; after any other first move White wins.
// (The review's facts take the table first: a table that contradicted the solve would
// not be caught there.)
func TestOpeningTableAgreesWithTheSolvedEmptyBoard(t *testing.T) {
	empty := board.New()
	e, ok := opening.Lookup(empty)
	if !ok || !e.Win || e.Best != facts.WinningFirstMove || !e.MarginKnown || e.Margin != facts.EmptyBoardMargin {
		t.Fatalf("the table's empty board: %+v (held: %v); want Black's win by %d with %v", e, ok, facts.EmptyBoardMargin, facts.WinningFirstMove)
	}
	for a := board.Point(0); a < board.NumPoints; a++ {
		child := empty
		child.Play(a)
		ce, ok := opening.Lookup(child)
		if !ok || ce.Win != (a != facts.WinningFirstMove) || ce.MarginKnown && (ce.Margin >= board.BlackMargin) != (a == facts.WinningFirstMove) {
			t.Errorf("after %v the table says %+v (held: %v)", a, ce, ok)
		}
	}
}

// A position whose side to move is not its move number's (GTP hands the turn over
// without a move) is not taken from the table.
func TestTableIgnoresAHandedOverTurn(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(0, 0))
	pos.Turn = board.Black
	pos.Hash = pos.ComputeHash()
	if _, ok := opening.Lookup(pos); ok {
		t.Error("the table answered for Black to play at move 2")
	}
}

// The review's account of the engine's move is the engine's report of it: the book's
// first move a proved win (no estimate, a rate of 1), White's searched reply an estimate
// that proves nothing.
func TestEngineMoveIsTheReportsProof(t *testing.T) {
	r, err := Review(context.Background(), parseOne(t, "book.txt", []byte("2,2 0,0 PASS PASS\n")), testOptions())
	if err != nil {
		t.Fatal(err)
	}
	first, second := r.Moves[0], r.Moves[1]
	if first.EngineMove != board.PointAt(2, 2) || first.EngineMethod != "book" || first.EngineValue != facts.Win || first.EngineEstimate || first.EngineWinRate != 1 {
		t.Errorf("move 1: the engine's %v by %s (%v, estimate %v, rate %v); want the book's proved 2,2", first.EngineMove,
			first.EngineMethod, first.EngineValue, first.EngineEstimate, first.EngineWinRate)
	}
	if second.EngineMethod != "search" || second.EngineValue != facts.Unknown || !second.EngineEstimate {
		t.Errorf("move 2: the engine's %v by %s (%v, estimate %v); want a search's estimate", second.EngineMove,
			second.EngineMethod, second.EngineValue, second.EngineEstimate)
	}
}
