package board

import (
	"errors"
	"strings"
	"testing"
)

func TestVertices(t *testing.T) {
	// GTP letters are columns from the left (no I), numbers rows from the bottom.
	fixed := map[string]Point{
		"A5": PointAt(0, 0), "E5": PointAt(0, 4),
		"A1": PointAt(4, 0), "E1": PointAt(4, 4),
		"C3": PointAt(2, 2), "B4": PointAt(1, 1), "D2": PointAt(3, 3),
		"pass": Pass,
	}
	for v, want := range fixed {
		if got := Vertex(want); got != v {
			t.Errorf("Vertex(%v) = %q, want %q", want, got, v)
		}
		for _, s := range []string{v, strings.ToLower(v), strings.ToUpper(v)} {
			if got, err := ParseVertex(s); err != nil || got != want {
				t.Errorf("ParseVertex(%q) = %v, %v; want %v", s, got, err, want)
			}
		}
	}
	for p := Point(0); p < NumActions; p++ {
		if got, err := ParseVertex(Vertex(p)); err != nil || got != p {
			t.Errorf("round trip of %v: %v, %v", p, got, err)
		}
	}
	for _, s := range []string{"F1", "f5", "A6", "A0", "E9", "J1", "Z25", "A100000000000000000000"} {
		if _, err := ParseVertex(s); !errors.Is(err, ErrOffBoard) {
			t.Errorf("ParseVertex(%q) error %v, want off the board", s, err)
		}
	}
	for _, s := range []string{"", "A", "5", "11", "I1", "i3", "A-1", "A+1", "A 1", "AA1", "resign", "pas", "1A", "é1"} {
		_, err := ParseVertex(s)
		if err == nil || errors.Is(err, ErrOffBoard) {
			t.Errorf("ParseVertex(%q) error %v, want not a vertex", s, err)
		}
	}
}

// ColorLetter is GTP's and SGF's letter.
func TestColorLetter(t *testing.T) {
	if ColorLetter(Black) != "B" || ColorLetter(White) != "W" {
		t.Errorf("ColorLetter: %q, %q", ColorLetter(Black), ColorLetter(White))
	}
}
