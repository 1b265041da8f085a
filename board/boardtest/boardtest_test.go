package boardtest

import (
	"testing"

	"littlego/board"
)

func TestDiagram(t *testing.T) {
	pos, err := Diagram(`
		X....
		.O...
		.....
		.....
		....X`, board.White, 4)
	if err != nil {
		t.Fatal(err)
	}
	if b, w := pos.Score(); b != 2 || w != 1 || pos.Turn != board.White || pos.Move != 4 || pos.Hash != pos.ComputeHash() {
		t.Fatalf("diagram read as %d-%d, %v to play move %d\n%s", b, w, pos.Turn, pos.Move, pos.String())
	}
	for _, bad := range []string{"X....", "X.... .O... ..... ..... ...Z.", "X.... .O... ..... ..... ......"} {
		if _, err := Diagram(bad, board.Black, 1); err == nil {
			t.Errorf("Diagram(%q) accepted", bad)
		}
	}
	if _, err := Diagram(". . . . .", board.Black, 30); err == nil {
		t.Error("move 30 accepted")
	}
}

func TestLoaders(t *testing.T) {
	solved := MustLoadSolved(t)
	if len(solved) != 47 {
		t.Fatalf("%d solved positions, want 47", len(solved))
	}
	for i, s := range solved {
		if int(s.Pos.Move) != s.Move || len(s.Winning)+len(s.Losing) == 0 {
			t.Fatalf("solved %d: move %d, %d winning, %d losing", i, s.Pos.Move, len(s.Winning), len(s.Losing))
		}
		for _, p := range append(append([]board.Point{}, s.Winning...), s.Losing...) {
			if !s.Pos.IsLegal(p) {
				t.Fatalf("solved %d: action %v is not legal", i, p)
			}
		}
	}
	host := MustLoadHostJudged(t)
	if len(host) != 400 {
		t.Fatalf("%d host-judged positions, want 400", len(host))
	}
	kinds := map[string]int{}
	for _, h := range host {
		kinds[h.Kind]++
	}
	for _, k := range []string{"ko", "tight", "late", "any"} {
		if kinds[k] == 0 {
			t.Errorf("no position of kind %q", k)
		}
	}
}
