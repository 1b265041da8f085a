package matchflag

import (
	"flag"
	"io"
	"testing"
	"time"

	"littlego/board"
)

func parse(t *testing.T, args ...string) *Flags {
	t.Helper()
	fs := flag.NewFlagSet("m", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f Flags
	f.Register(fs, "")
	if err := fs.Parse(args); err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	return &f
}

// -cpu reads seconds and durations, defaults to the host's limit and refuses 0 and more
// than an hour; -openings is read only when given.
func TestFlags(t *testing.T) {
	for args, want := range map[string]time.Duration{"": board.HostCPULimit, "2.5": 2500 * time.Millisecond, "500ms": 500 * time.Millisecond} {
		f := parse(t)
		if args != "" {
			f = parse(t, "-cpu", args)
		}
		if got, err := f.CPULimit(); err != nil || got != want {
			t.Errorf("-cpu %q: %v, %v; want %v", args, got, err, want)
		}
	}
	for _, bad := range []string{"0", "2h"} {
		if _, err := parse(t, "-cpu", bad).CPULimit(); err == nil {
			t.Errorf("-cpu %s accepted", bad)
		}
	}
	if o, err := parse(t).Openings(1); o != nil || err != nil {
		t.Errorf("no -openings: %v, %v", o, err)
	}
	if o, err := parse(t, "-openings", "plies:1").Openings(1); len(o) == 0 || err != nil {
		t.Errorf("-openings plies:1: %d openings, %v", len(o), err)
	}
}
