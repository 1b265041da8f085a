// options_test.go: the option ranges: the usage text states what Validate accepts.

package engine

import (
	"strconv"
	"strings"
	"testing"
)

// Each ranged option accepts both ends of its range and rejects one step beyond either,
// and its usage text states the range it checks.
func TestOptionRangesMatchTheirUsage(t *testing.T) {
	try := func(name, value string, ok bool) {
		t.Helper()
		o := Defaults()
		p, _ := o.Param(name)
		if err := p.Set(value); err != nil {
			t.Fatalf("%s=%s: %v", name, value, err)
		}
		if err := o.Validate(); (err == nil) != ok {
			t.Errorf("%s=%s: Validate gave %v, want ok=%v", name, value, err, ok)
		} else if err != nil && !strings.HasPrefix(err.Error(), name+" ") {
			t.Errorf("%s=%s: the error %q does not name the option", name, value, err)
		}
	}
	o := Defaults()
	ranged := 0
	for _, p := range o.Params() {
		f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
		switch {
		case p.ints != nil:
			r := *p.ints
			if !strings.Contains(p.Usage, r.String()) {
				t.Errorf("%s: usage %q does not state %v", p.Name, p.Usage, r)
			}
			try(p.Name, strconv.Itoa(r.Min), true)
			try(p.Name, strconv.Itoa(r.Max), true)
			try(p.Name, strconv.Itoa(r.Min-1), false)
			try(p.Name, strconv.Itoa(r.Max+1), false)
		case p.floats != nil:
			r := *p.floats
			if !strings.Contains(p.Usage, r.String()) {
				t.Errorf("%s: usage %q does not state %v", p.Name, p.Usage, r)
			}
			try(p.Name, f(r.Min), true)
			try(p.Name, f(r.Max), true)
			try(p.Name, f(r.Min-1), false)
			try(p.Name, f(r.Max*1.5), false)
			try(p.Name, "NaN", false)
		default:
			continue
		}
		ranged++
	}
	if ranged < 6 { // playouts, workers, c, rave, expand, solve-from at least
		t.Fatalf("only %d options have a range", ranged)
	}
}

// Options at the top of their ranges make a valid search configuration: the engine's
// ranges are the search's.
func TestOptionRangesAreTheSearchRanges(t *testing.T) {
	o := Defaults()
	for _, p := range o.Params() {
		var err error
		switch {
		case p.ints != nil:
			err = p.Set(strconv.Itoa(p.ints.Max))
		case p.floats != nil:
			err = p.Set(strconv.FormatFloat(p.floats.Max, 'g', -1, 64))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	e, err := New(o)
	if err != nil {
		t.Fatalf("options at the top of their ranges: %v", err)
	}
	if err := e.searcher.SetConfig(e.config()); err != nil {
		t.Fatalf("the search refuses the engine's options: %v", err)
	}
	if err := e.searchLimit(MaxBudget).Validate(); err != nil {
		t.Fatalf("the search refuses the engine's limit: %v", err)
	}
}

// A bad value is refused in the user's terms: the text given, what was wanted, and no
// parser's internals; a budget out of range in seconds, the unit given.
func TestBadValuesSaidPlainly(t *testing.T) {
	for spec, want := range map[string]string{
		"seed=x":     `"x" is not a whole number from 0 to 18446744073709551615`,
		"expand=1.5": `"1.5" is not a whole number (expand: `,
		"c=lots":     `"lots" is not a number (c: `,
		"book=maybe": `"maybe" is not true or false`,
		"budget=99":  "budget 99 s out of range: want more than 0 and at most 6 s of CPU",
	} {
		_, err := ParseOptions(spec)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "strconv") {
			t.Errorf("%s: %v, want %q", spec, err, want)
		}
	}
}
