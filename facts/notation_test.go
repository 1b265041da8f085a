package facts

import (
	"testing"

	"littlego/board"
)

func TestResultsOffTheBoard(t *testing.T) {
	if OnTime(board.White) != "W+Time" || ByForfeit(board.Black) != "B+Forfeit" || Void != "Void" {
		t.Errorf("OnTime %q, ByForfeit %q, Void %q", OnTime(board.White), ByForfeit(board.Black), Void)
	}
	for s, want := range map[string]struct {
		winner       board.Color
		offBoard, ok bool
	}{
		"B+0.5": {board.Black, false, true}, "W+2.5": {board.White, false, true},
		"W+Time": {board.White, true, true}, "B+Forfeit": {board.Black, true, true},
		"Void": {board.Black, false, false}, "0": {board.Black, false, false},
	} {
		w, off, ok := ParseResult(s)
		if ok != want.ok || ok && (w != want.winner || off != want.offBoard) {
			t.Errorf("ParseResult(%q) = %v, %v, %v; want %+v", s, w, off, ok, want)
		}
	}
}
