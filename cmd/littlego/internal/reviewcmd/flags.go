// flags.go: the review's flag values that say, on a bad value, what is wrong and what is accepted.

package reviewcmd

import (
	"flag"
	"fmt"
	"strconv"
	"time"

	"littlego/lib/cliflag"
	"littlego/review"
)

// cpuLimit is a CPU limit of the review: read as cliflag.ParseCPU reads it (seconds or
// a duration), and within the bounds review.Options.Validate sets.
type cpuLimit struct {
	p       *time.Duration
	zero    string // what 0 means, or "" when 0 is refused
	defined flag.Value
}

func (v cpuLimit) String() string {
	if v.defined == nil {
		return ""
	}
	return v.defined.String()
}

func (v cpuLimit) Set(s string) error {
	want := fmt.Sprintf("want more than 0 and at most %v, in seconds (2.5) or a duration (500ms)", review.MaxLimit)
	if v.zero != "" {
		want = fmt.Sprintf("want 0 (%s) or more, at most %v, in seconds (2.5) or a duration (500ms)", v.zero, review.MaxLimit)
	}
	d, err := cliflag.ParseCPU(s)
	switch {
	case err != nil && !isNumber(s) && !isDuration(s):
		return fmt.Errorf("%q is not a CPU time: %s", s, want)
	case err != nil, d < 0, d == 0 && v.zero == "", d > review.MaxLimit:
		return fmt.Errorf("out of range: %s", want)
	}
	*v.p = d
	return nil
}

func isNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

func isDuration(s string) bool {
	_, err := time.ParseDuration(s)
	return err == nil
}

// count is an integer flag within [min, max]; zero says what 0 means. A value that is
// not an integer is told as every command tells it ("want an integer"), with the range.
type count struct {
	p        *int
	min, max int
	zero     string
}

func (v count) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.Itoa(*v.p)
}

func (v count) Set(s string) error {
	want := fmt.Sprintf("want an integer from %d (%s) to %d", v.min, v.zero, v.max)
	n, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return fmt.Errorf("%q is not an integer: %s", s, want)
	case n < v.min || n > v.max:
		return fmt.Errorf("out of range: %s", want)
	}
	*v.p = n
	return nil
}

// checked replaces the values of the review's numeric flags, defined by cliflag and
// flag with their usage and defaults, by ones whose errors say what is accepted.
func checked(fs *flag.FlagSet, o *review.Options) {
	cpu, margin := fs.Lookup("cpu"), fs.Lookup("margin-cpu")
	cpu.Value = cpuLimit{p: &o.Limit, defined: cpu.Value}
	margin.Value = cpuLimit{p: &o.MarginLimit, zero: "no margins but the known ones", defined: margin.Value}
	fs.Lookup("jobs").Value = count{p: &o.Jobs, max: review.MaxJobs, zero: "every CPU"}
	fs.Lookup("engine-playouts").Value = count{p: &o.EnginePlayouts, max: review.MaxEnginePlayouts, zero: "no engine"}
}
