package clitest

import (
	"flag"
	"fmt"
	"io"
	"testing"
)

// echo is a command that follows the shared conventions, with one mistake when bad is set.
func echo(bad bool) Run {
	return func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
		fs := flag.NewFlagSet("echo", flag.ContinueOnError)
		fs.SetOutput(stderr)
		fs.Usage = func() { fmt.Fprintln(stderr, "usage: echo [words]") }
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				if bad {
					return 1
				}
				return 0
			}
			return 2
		}
		fmt.Fprintln(stdout, fs.Args())
		return 0
	}
}

// recorder counts the errors reported to it.
type recorder struct{ errors int }

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.errors++ }

func TestCheckUsagePassesAConformingCommand(t *testing.T) {
	CheckUsage(t, echo(false), HelpAndUnknownFlag("usage: echo")...)
	if status, stdout, _ := Call(echo(false), "a", "b"); status != 0 || stdout != "[a b]\n" {
		t.Errorf("Call: %d, %q", status, stdout)
	}
}

func TestCheckUsageCatchesAWrongStatus(t *testing.T) {
	var inner recorder
	CheckUsage(&inner, echo(true), HelpAndUnknownFlag("usage: echo")...)
	if inner.errors != 1 {
		t.Error("-h exiting 1 was not reported")
	}
}
