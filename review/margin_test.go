// margin_test.go: the review's margins checked against a brute-force minimax, its mistakes, and the empty board's value.

package review

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/lib/racedetect"
	"littlego/record"
)

// bruteMargin is the final margin black - white of pos under perfect play, by plain
// minimax over every action (passes included) to the end of the game, with a table of
// the positions seen: a reference that shares no code with the solver.
func bruteMargin(pos board.Position, seen map[board.Position]int) int {
	if pos.Over {
		return pos.Stones[board.Black].Count() - pos.Stones[board.White].Count()
	}
	if v, ok := seen[pos]; ok {
		return v
	}
	best, first := 0, true
	for a := board.Point(0); a < board.NumActions; a++ {
		child := pos
		if !child.Act(a) {
			continue
		}
		v := bruteMargin(child, seen)
		if first || (pos.Turn == board.Black && v > best) || (pos.Turn == board.White && v < best) {
			best, first = v, false
		}
	}
	seen[pos] = best
	return best
}

// bruteLeft is how many moves may remain in a position the brute force checks.
const bruteLeft = 6

// recordedGames reads the recorded matches of the engine against a course opponent
// (littlego arena -seed 7 -openings random:4:2 -json, engine:budget=0.2,workers=1 vs greedy).
func recordedGames(t *testing.T) []record.Record {
	t.Helper()
	data, err := os.ReadFile("testdata/engine-greedy.json")
	if err != nil {
		t.Fatal(err)
	}
	games, errs := record.Parse("engine-greedy.json", data)
	if len(errs) > 0 || len(games) != 4 {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	return games
}

// marginOptions prove every late margin (a few milliseconds each) and give up early on
// the opening (three times the limits under the race detector, which slows the solver).
func marginOptions() Options {
	scale := time.Duration(1)
	if racedetect.Enabled {
		scale = 3
	}
	return Options{Limit: 10 * time.Millisecond * scale, MarginLimit: 30 * time.Millisecond * scale, Jobs: 1}
}

func TestReviewMarginsAgreeWithBruteForce(t *testing.T) {
	rs, err := ReviewAll(context.Background(), recordedGames(t), marginOptions())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[board.Position]int{}
	checked := 0
	for _, r := range rs {
		for k := range r.Moves {
			m := &r.Moves[k]
			for _, c := range []struct {
				n      int
				margin *int
				value  facts.Value
			}{{m.Number, m.MarginBefore, m.Before}, {m.Number + 1, m.MarginAfter, m.After}} {
				pos, _ := r.Position(c.n)
				if board.MaxMoves+1-int(pos.Move) > bruteLeft && !pos.Over {
					continue
				}
				want := bruteMargin(pos, seen)
				if c.margin == nil || *c.margin != want {
					t.Errorf("%s, position before move %d: review's margin %s, brute force %d", r.Name, c.n, intOrNil(c.margin), want)
					continue
				}
				if (c.value == facts.Win) != ((want >= board.BlackMargin) == (m.Color == board.Black)) || c.value == facts.Unknown {
					t.Errorf("%s, position before move %d: value %s for %s, brute-force margin %d", r.Name, c.n, c.value, m.Color, want)
				}
				checked++
			}
			if m.PointsLost != nil {
				lost := *m.MarginBefore - *m.MarginAfter
				if m.Color == board.White {
					lost = -lost
				}
				if *m.PointsLost != lost || lost < 0 || m.Mistake != (lost >= MistakePoints && m.Before == facts.Loss && !m.Opening) {
					t.Errorf("%s, move %d: %d points lost, mistake %v, from %d -> %d", r.Name, m.Number, *m.PointsLost, m.Mistake, *m.MarginBefore, *m.MarginAfter)
				}
			}
		}
	}
	if checked < 40 {
		t.Errorf("only %d late margins checked", checked)
	}
}

func TestLostWhiteGameListsItsMistakes(t *testing.T) {
	games := recordedGames(t)
	g := games[0] // the engine as Black beats greedy
	o := marginOptions()
	o.MarginLimit *= 5 // its mistakes are at moves 12 to 16
	r, err := Review(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if r.Winner != "black" || r.White != "greedy" {
		t.Fatalf("game 1: %s won, White %q; want greedy's loss as White", r.Winner, r.White)
	}
	var white []int // White's mistakes
	for _, n := range r.Mistakes {
		if r.Moves[n-1].Color == board.White {
			white = append(white, n)
		}
	}
	if len(white) == 0 {
		t.Fatalf("game 1: no White mistake listed (mistakes %v)", r.Mistakes)
	}
	for _, n := range white {
		m := r.Moves[n-1]
		if !m.Mistake || m.Before != facts.Loss || m.PointsLost == nil || *m.PointsLost < MistakePoints || *m.MarginAfter-*m.MarginBefore != *m.PointsLost {
			t.Fatalf("move %d listed as a mistake: %+v", n, m)
		}
	}
	stats := Summarize([]GameReview{r})
	for _, s := range stats {
		if s.Name == "greedy" && (s.Mistakes != len(white) || !slices.Equal(s.MistakeMoves, white)) {
			t.Errorf("greedy's record: mistakes %d at %v, want %v", s.Mistakes, s.MistakeMoves, white)
		}
	}
}

func TestEmptyBoardIsBlacksWinByThree(t *testing.T) {
	if facts.EmptyBoardMargin != 3 || facts.EmptyBoardMargin < board.BlackMargin {
		t.Fatalf("EmptyBoardMargin %d: the solved empty board is Black's win by 3", facts.EmptyBoardMargin)
	}
	r, err := Review(context.Background(), listGame("empty", nil), Options{Limit: time.Millisecond, MarginLimit: time.Millisecond, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.values[0] != facts.Win || r.margins[0] == nil || *r.margins[0] != 3 {
		t.Errorf("the empty board: value %s, margin %v; want a win for Black by 3", r.values[0], r.margins[0])
	}
	if want := "Black to play, a proved win (B+0.5 with perfect play: Black 3 stones ahead)"; !strings.Contains(r.Verdict, want) {
		t.Errorf("verdict %q, want it to say %q", r.Verdict, want)
	}
}

// intOrNil writes *p, or "nil".
func intOrNil(p *int) string {
	if p == nil {
		return "nil"
	}
	return strconv.Itoa(*p)
}

// whiteByHalf is a record White wins by half a point: Black 12 stones, White 10, komi
// 2.5; its mistakes fall late enough for the brute force.
const whiteByHalf = "0,0 4,0 0,1 4,1 0,2 4,2 0,3 4,3 0,4 4,4 1,0 3,0 1,1 3,1 1,2 3,2 1,3 3,3 1,4 3,4 2,0 PASS 2,1 PASS\n"

// TestMistakesBestMovesByBruteForce: each mistake of a reviewed game lists its best
// moves, complete and never the mistake, each keeping the margin before it by a
// brute-force minimax where few moves are left.
func TestMistakesBestMovesByBruteForce(t *testing.T) {
	scale := time.Duration(1)
	if racedetect.Enabled {
		scale = 3
	}
	g := parseOne(t, "half.txt", []byte(whiteByHalf))
	r, err := Review(context.Background(), g, Options{Limit: 50 * time.Millisecond * scale, MarginLimit: 300 * time.Millisecond * scale, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Mistakes) == 0 {
		t.Fatal("no mistake found")
	}
	seen := map[board.Position]int{}
	checked := 0
	for _, n := range r.Mistakes {
		m := &r.Moves[n-1]
		if len(m.BestMoves) == 0 || slices.Contains(m.BestMoves, m.Action) || !m.BestComplete {
			t.Errorf("mistake %d (%s): best moves %v, complete %v", n, m.Action, m.BestMoves, m.BestComplete)
			continue
		}
		pos, _ := r.Position(n)
		if board.MaxMoves+1-int(pos.Move) > bruteLeft+4 {
			continue
		}
		checked++
		for a := board.Point(0); a < board.NumActions; a++ {
			child := pos
			if !child.Act(a) {
				continue
			}
			if keeps := bruteMargin(child, seen) == *m.MarginBefore; keeps != slices.Contains(m.BestMoves, a) {
				t.Errorf("mistake %d: %s keeps the margin %d: %v by brute force, listed %v", n, a, *m.MarginBefore, keeps, m.BestMoves)
			}
		}
	}
	if checked == 0 {
		t.Error("no mistake's best moves checked by brute force")
	}
}
