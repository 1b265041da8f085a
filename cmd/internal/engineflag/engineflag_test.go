package engineflag

import (
	"bytes"
	"flag"
	"strings"
	"testing"
	"time"

	"littlego/engine"
)

// registered returns the engine's defaults registered with names in a new flag set,
// the set and the buffer that takes its output.
func registered(names Names) (*engine.Options, *flag.FlagSet, *bytes.Buffer) {
	o := engine.Defaults()
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	out := new(bytes.Buffer)
	fs.SetOutput(out)
	Register(fs, &o, names)
	return &o, fs, out
}

func TestRegisterParsesEveryKind(t *testing.T) {
	o, fs, _ := registered(Course)
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
		_, fs2, _ := registered(Course)
		if err := fs2.Parse(bad); err == nil {
			t.Errorf("%v parsed", bad)
		}
	}
}

func TestUsageShowsTheDefaults(t *testing.T) {
	_, fs, out := registered(Course)
	fs.PrintDefaults()
	for _, want := range []string{"-budget seconds", "(default 0.5)", "-policy policy", "(default pattern)", "-book\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, out.String())
		}
	}
}

// In the vocabulary the budget and the workers are -cpu and -threads, read and described
// as every command's, and the usage texts name them so; the course's names are not
// defined there, and the course's set defines no vocabulary name.
func TestVocabularyNames(t *testing.T) {
	o, fs, out := registered(Vocabulary)
	if err := fs.Parse([]string{"-cpu", "250ms", "-threads", "3"}); err != nil || o.Budget != 250*time.Millisecond || o.Workers != 3 {
		t.Fatalf("-cpu 250ms -threads 3: %v, budget %v, workers %d", err, o.Budget, o.Workers)
	}
	fs.PrintDefaults()
	for _, want := range []string{"-cpu seconds\n", "CPU limit, in seconds (2, 2.5) or a duration (500ms): per move", "-threads number\n", "of threads of one search", "(0: use -cpu)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "-budget") || strings.Contains(out.String(), "-workers") {
		t.Errorf("usage names an old flag:\n%s", out.String())
	}
	course := flag.NewFlagSet("my_player", flag.ContinueOnError)
	Register(course, o, Course)
	if course.Lookup("budget") == nil || course.Lookup("workers") == nil || course.Lookup("cpu") != nil || course.Lookup("threads") != nil {
		t.Error("the course's names are not -budget and -workers alone")
	}
}
