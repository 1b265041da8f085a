// kata.go: KataGo's analysis format: its info line's fields and its key-value switches.

package gtp

import (
	"fmt"
	"math"
	"strconv"
)

// infoFormat is the format of an analysis's info lines.
type infoFormat uint8

const (
	lzFormat   infoFormat = iota // Leela Zero's: rates as integers in 1/10000
	kataFormat                   // KataGo's: rates in [0,1], scoreMean and scoreLead in points
)

// kataSwitches are kata-analyze's boolean key-value pairs; none of what they ask for is
// provided, but a GUI that sends them gets its analysis without it.
var kataSwitches = map[string]bool{
	"ownership": true, "ownershipstdev": true, "movesownership": true, "movesownershipstdev": true,
	"pvvisits": true, "pvedgevisits": true, "rootinfo": true,
}

// kataSwitch reads one switch's value, true or false, and says on the log that what
// it turns on is not provided.
func (s *Server) kataSwitch(command, key, value string) error {
	on, err := strconv.ParseBool(value)
	if err != nil {
		return s.syntaxError(command, fmt.Errorf("%s wants true or false, got %q", key, value))
	}
	if on {
		s.diag("%s: %s is not provided", command, key)
	}
	return nil
}

// rate writes a probability in [0,1] with six decimals, as KataGo does.
func rate(x float64) string {
	return strconv.FormatFloat(min(max(x, 0), 1), 'f', 6, 64)
}

// points writes a score in points with a decimal point ("0.5", "-2.5", "3.0").
func points(x float64) string {
	if x == math.Trunc(x) {
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}
