package board

import (
	"fmt"
	"strconv"
	"strings"
)

// The GTP coordinate codec (GTP v2, section 2.11), shared by every front end that speaks a
// protocol with GTP vertices: GTP itself, KataGo's analysis protocol, the arena's GTP
// opponents. GTP's columns are letters from the left, skipping I; its rows count from the
// bottom, so GTP A5 is this package's point (0,0) and E1 is (4,4).

// ParseVertex reads a GTP vertex case-insensitively: "pass", or a column letter (A..E,
// the letter I is never used) and a row number counted from the bottom (1..5). A
// well-formed vertex outside the board (a bigger board's, such as F1 or A6) returns
// ErrOffBoard; anything else another error.
func ParseVertex(s string) (Point, error) {
	v := strings.ToLower(s)
	if v == "pass" {
		return Pass, nil
	}
	if len(v) < 2 || v[0] < 'a' || v[0] > 'z' || v[0] == 'i' || strings.TrimLeft(v[1:], "0123456789") != "" {
		return NoPoint, fmt.Errorf("%q is not a vertex", s)
	}
	col := int(v[0] - 'a')
	if v[0] > 'i' {
		col--
	}
	row, err := strconv.Atoi(v[1:])
	if err != nil || row < 1 || row > Size || col >= Size {
		return NoPoint, fmt.Errorf("%s is %w", s, ErrOffBoard)
	}
	return PointAt(Size-row, col), nil
}

// Vertex returns the GTP vertex of p: "pass" (also for anything that is not a point of
// the board), or the column letter and the row counted from the bottom, so (0,0) is "A5".
func Vertex(p Point) string {
	if p < 0 || p >= NumPoints {
		return "pass"
	}
	col := byte('A' + p.Col())
	if col >= 'I' {
		col++
	}
	return string(col) + strconv.Itoa(Size-p.Row())
}

// ColorLetter returns GTP's and SGF's letter for c: "B" or "W".
func ColorLetter(c Color) string {
	if c == Black {
		return "B"
	}
	return "W"
}
