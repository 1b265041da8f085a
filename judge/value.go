// value.go: a position's value (facts.Value, for Black) said for one side.

package judge

import (
	"littlego/board"
	"littlego/facts"
)

// ForSide returns v, a value for Black, as the value for side c.
func ForSide(v facts.Value, c board.Color) facts.Value {
	if c == board.Black {
		return v
	}
	return v.Flip()
}
