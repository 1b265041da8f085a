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
