package board_test

import (
	"sort"
	"strings"
	"testing"

	"littlego/board"
	"littlego/board/boardtest"
)

func TestHostJudgedPositions(t *testing.T) {
	cases := boardtest.MustLoadHostJudged(t)
	if len(cases) < 400 {
		t.Fatalf("expected at least 400 positions, read %d", len(cases))
	}
	for n, c := range cases {
		in, err := board.ParseInput(strings.NewReader(c.Input))
		if err != nil {
			t.Fatalf("case %d: %v", n, err)
		}
		if err := in.Consistency(); err != nil {
			t.Errorf("case %d (%s): host position judged inconsistent: %v", n, c.Kind, err)
		}
		pos := in.Position(c.Move)
		if int(pos.Move) != c.Move {
			t.Fatalf("case %d: move %d became %d", n, c.Move, pos.Move)
		}
		var got, want []string
		legal := pos.Legal()
		for pt := board.Point(0); pt < board.NumPoints; pt++ {
			q := pos
			captured, ok := q.Play(pt)
			if ok != legal.Has(pt) {
				t.Errorf("case %d: Play(%s) ok=%v but Legal has it=%v", n, pt, ok, legal.Has(pt))
			}
			if !ok {
				continue
			}
			got = append(got, pt.String())
			w, found := c.Legal[pt.String()]
			if !found {
				continue
			}
			if b := q.Stones.String(); b != strings.Join(w.Board, "\n") {
				t.Errorf("case %d: after %s board\n%s\nwant\n%s", n, pt, b, strings.Join(w.Board, "\n"))
			}
			if captured != w.Captured {
				t.Errorf("case %d: %s captured %d, want %d", n, pt, captured, w.Captured)
			}
		}
		for k := range c.Legal {
			want = append(want, k)
		}
		sort.Strings(want)
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("case %d (%s, move %d):\n%s\nlegal %v\nwant  %v", n, c.Kind, c.Move, pos.String(), got, want)
		}
		for _, k := range c.IllegalKo {
			pt := mustPoint(t, k)
			if !pos.Ko.Has(pt) {
				t.Errorf("case %d: %s should be illegal by ko; ko is %v", n, k, points(pos.Ko))
			}
		}
		if len(c.IllegalKo) == 0 && pos.Ko != 0 {
			t.Errorf("case %d: unexpected ko at %s", n, points(pos.Ko))
		}
		for _, k := range c.IllegalSuicide {
			pt := mustPoint(t, k)
			if legal.Has(pt) || pos.Ko.Has(pt) {
				t.Errorf("case %d: %s should be suicide", n, k)
			}
		}
		q := pos
		q.Pass()
		if q.Over != c.PassEndsGame && c.Move < board.MaxMoves {
			t.Errorf("case %d: pass ends game = %v, want %v", n, q.Over, c.PassEndsGame)
		}
	}
}

func mustPoint(t *testing.T, s string) board.Point {
	t.Helper()
	pt, err := board.ParseOutput(strings.NewReader(s))
	if err != nil || pt == board.Pass {
		t.Fatalf("bad point %q: %v", s, err)
	}
	return pt
}

// points lists the points of b, for messages.
func points(b board.Bitboard) []string {
	var out []string
	for pt := board.Point(0); pt < board.NumPoints; pt++ {
		if b.Has(pt) {
			out = append(out, pt.String())
		}
	}
	return out
}
