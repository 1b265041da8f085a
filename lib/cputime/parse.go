// parse.go: Parse, the one reading of a CPU time on a command line (the engine's -cpu,
// every command's -cpu and the course player's -budget).

package cputime

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// MaxParsed is the largest CPU time Parse reads as a number of seconds: beyond it the
// conversion to a Duration would lose its meaning. Callers bound the value further.
const MaxParsed = 1e6 * time.Second

// Parse reads a CPU time as seconds ("2", "2.5") or as a Go duration ("500ms"). It
// refuses NaN, an infinity and a number of seconds beyond MaxParsed in size; the sign
// and the range are the caller's to check.
func Parse(s string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > MaxParsed.Seconds() {
			return 0, fmt.Errorf("%q out of range: want 0 to %v", s, MaxParsed)
		}
		return time.Duration(f * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q: want seconds (2.5) or a duration (500ms)", s)
	}
	return d, nil
}
