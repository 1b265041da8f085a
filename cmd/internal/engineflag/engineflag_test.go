package engineflag

import (
	"bytes"
	"flag"
	"strings"
	"testing"
	"time"

	"littlego/engine"
)

func TestRegisterParsesEveryKind(t *testing.T) {
	o := engine.Defaults()
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(new(bytes.Buffer))
	Register(fs, &o)
	err := fs.Parse([]string{"-budget", "800ms", "-book=false", "-c", "0.7", "-workers", "2", "-seed", "9", "-policy", "light", "-v"})
	if err != nil {
		t.Fatal(err)
	}
	if o.Budget != 800*time.Millisecond || o.Book || o.C != 0.7 || o.Workers != 2 || o.Seed != 9 || o.Policy != "light" || !o.Verbose {
		t.Fatalf("parsed %+v", o)
	}
	if err := fs.Parse([]string{"-budget", "1.5"}); err != nil || o.Budget != 1500*time.Millisecond {
		t.Fatalf("-budget 1.5: %v, %v", err, o.Budget)
	}
	for _, bad := range [][]string{{"-budget", "soon"}, {"-workers", "two"}, {"-book=maybe"}, {"-seed", "-1"}} {
		o2 := engine.Defaults()
		fs2 := flag.NewFlagSet("t", flag.ContinueOnError)
		fs2.SetOutput(new(bytes.Buffer))
		Register(fs2, &o2)
		if err := fs2.Parse(bad); err == nil {
			t.Errorf("%v parsed", bad)
		}
	}
}

func TestUsageShowsTheDefaults(t *testing.T) {
	o := engine.Defaults()
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var out bytes.Buffer
	fs.SetOutput(&out)
	Register(fs, &o)
	fs.PrintDefaults()
	for _, want := range []string{"-budget seconds", "(default 0.5)", "-policy policy", "(default pattern)", "-book\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, out.String())
		}
	}
}
