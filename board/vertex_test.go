package board

import (
	"errors"
	"testing"
)

func TestVertexRoundTrips(t *testing.T) {
	for p := Point(0); p < NumPoints; p++ {
		v := Vertex(p)
		q, err := ParseVertex(v)
		if err != nil || q != p {
			t.Errorf("ParseVertex(Vertex(%v)) = %v, %v", p, q, err)
		}
	}
	if got := Vertex(Pass); got != "pass" {
		t.Errorf("Vertex(Pass) = %q", got)
	}
}

func TestVertexCorners(t *testing.T) {
	for v, want := range map[string]Point{"A5": PointAt(0, 0), "e1": PointAt(4, 4), "C3": PointAt(2, 2), "PASS": Pass, "B4": PointAt(1, 1)} {
		if got, err := ParseVertex(v); err != nil || got != want {
			t.Errorf("ParseVertex(%q) = %v, %v; want %v", v, got, err, want)
		}
	}
}

func TestVertexRefusals(t *testing.T) {
	for _, v := range []string{"F1", "A6", "J3", "A0"} {
		if _, err := ParseVertex(v); !errors.Is(err, ErrOffBoard) {
			t.Errorf("ParseVertex(%q) = %v, want ErrOffBoard", v, err)
		}
	}
	for _, v := range []string{"", "I3", "3C", "C", "C-1", "CC", "1,1"} {
		if _, err := ParseVertex(v); err == nil || errors.Is(err, ErrOffBoard) {
			t.Errorf("ParseVertex(%q) = %v, want a malformed-vertex error", v, err)
		}
	}
}
