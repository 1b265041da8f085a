// base_test.go: a command's messages name it, the unnamed one (solve's plain proof) too.

package base

import (
	"flag"
	"strings"
	"testing"
)

// A bad flag of a command without a name is said with the program's words of its usage
// line, as every other command's are: "littlego solve: flag provided but not defined".
func TestUnnamedCommandSaysItsProgram(t *testing.T) {
	cmd := &Command{UsageLine: "littlego solve [-move N] [input.txt]", Setup: func(fs *flag.FlagSet) func([]string, Output) error {
		fs.Int("move", 0, "the move")
		return func([]string, Output) error { return nil }
	}}
	var stderr strings.Builder
	if st := cmd.Run([]string{"-budget", "3"}, Output{Stderr: &stderr}); st != StatusUsage {
		t.Errorf("status %d, want %d", st, StatusUsage)
	}
	if got := stderr.String(); !strings.HasPrefix(got, "littlego solve: flag provided but not defined: -budget") || !strings.Contains(got, "littlego solve -h for the flags") {
		t.Errorf("stderr %q: want it to start with \"littlego solve: \" and point to \"littlego solve -h\"", got)
	}
	named := &Command{Name: "build", UsageLine: "littlego solve table build -level K"}
	if got := named.path(); got != "littlego solve table build" {
		t.Errorf("path %q", got)
	}
}

// A nested command's error is said prefixed by its full name; a Silent one is not said
// at all, its status kept; FlagsFirst stops the flags at the first argument.
func TestRunSaysErrorsByFullName(t *testing.T) {
	var got []string
	leaf := func(name string, err error, flagsFirst bool) *Command {
		return &Command{Name: name, UsageLine: "littlego group " + name + " [-x] ARG", FlagsFirst: flagsFirst,
			Setup: func(fs *flag.FlagSet) func([]string, Output) error {
				fs.Bool("x", false, "a switch")
				return func(args []string, _ Output) error { got = args; return err }
			}}
	}
	group := &Command{Name: "group", UsageLine: "littlego group COMMAND", Commands: []*Command{
		leaf("fails", Usagef("-x: no"), false), leaf("quiet", Silent{Status: 3}, false), leaf("first", nil, true),
	}}
	for _, c := range []struct {
		args   []string
		status int
		stderr string
		rest   []string
	}{
		{[]string{"fails", "a", "-x"}, StatusUsage, "littlego group fails: -x: no\n", []string{"a"}},
		{[]string{"quiet", "a"}, 3, "", []string{"a"}},
		{[]string{"first", "a", "-x"}, StatusOK, "", []string{"a", "-x"}},
	} {
		var stderr strings.Builder
		got = nil
		if st := group.Run(c.args, Output{Stderr: &stderr}); st != c.status || stderr.String() != c.stderr || strings.Join(got, " ") != strings.Join(c.rest, " ") {
			t.Errorf("%q: status %d, stderr %q, arguments %q; want %d, %q, %q", c.args, st, stderr.String(), got, c.status, c.stderr, c.rest)
		}
	}
}

// A group's Default runs what names none of its commands, after Check.
func TestGroupDefault(t *testing.T) {
	ran := false
	plain := &Command{UsageLine: "littlego solve [-move N] FILE", Setup: func(fs *flag.FlagSet) func([]string, Output) error {
		return func([]string, Output) error { ran = true; return nil }
	}}
	group := &Command{Name: "solve", UsageLine: "littlego solve [COMMAND]", Default: plain,
		Check: func(args []string) error {
			if args[0] == "-old" {
				return Usagef("-old is now a command")
			}
			return nil
		}}
	var stderr strings.Builder
	if st := group.Run([]string{"file.txt"}, Output{Stderr: &stderr}); st != StatusOK || !ran {
		t.Errorf("status %d, ran %v, stderr %q", st, ran, stderr.String())
	}
	ran = false
	if st := group.Run([]string{"-old"}, Output{Stderr: &stderr}); st != StatusUsage || ran || !strings.Contains(stderr.String(), "littlego solve: -old is now a command") {
		t.Errorf("status %d, ran %v, stderr %q", st, ran, stderr.String())
	}
}
