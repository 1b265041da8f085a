package engine

import (
	"strings"
	"testing"

	"littlego/board"
)

func TestFallbackMove(t *testing.T) {
	pos := board.New()
	if mv := FallbackMove(pos); mv == board.Pass || !pos.IsLegal(mv) {
		t.Fatalf("fallback on the empty board: %s", mv)
	}
	// White to move, Black passed, White ahead: passing ends the game with a win.
	in, _ := board.ParseInput(strings.NewReader("2\n00000\n00200\n01000\n00000\n00000\n00000\n00200\n01000\n00000\n00000"))
	p := in.Position(10)
	if mv := FallbackMove(p); mv != board.Pass {
		t.Errorf("White ahead after Black's pass should pass, played %s", mv)
	}
	// A capture is preferred.
	in, _ = board.ParseInput(strings.NewReader("1\n01000\n12000\n01000\n00000\n00000\n01000\n12000\n01000\n00000\n00000"))
	p = in.Position(5)
	if mv := FallbackMove(p); mv != board.PointAt(1, 2) {
		t.Errorf("fallback should capture at 1,2, played %s", mv)
	}
}
