package main

import (
	"strings"
	"testing"

	"littlego/lib/clitest"
)

// Every command is listed by -h, explained by "help X" and "X -h", and a word that
// names none is refused.
func TestDispatch(t *testing.T) {
	cases := []clitest.Case{
		{Args: []string{"-h"}, Status: 0, Stderr: "version"},
		{Args: []string{"help"}, Status: 0, Stderr: "The commands are:"},
		{Args: []string{}, Status: 2, Stderr: "needs a command"},
		{Args: []string{"nothing"}, Status: 2, Stderr: `unknown command "nothing"`},
		{Args: []string{"help", "nothing"}, Status: 2, Stderr: `unknown command "nothing"`},
		{Args: []string{"help", "solve", "table", "build"}, Status: 0, Stderr: "usage: littlego solve table build"},
		{Args: []string{"-cpu", "2", "arena"}, Status: 2, Stderr: "flag -cpu before the command"},
	}
	for _, c := range commands {
		cases = append(cases,
			clitest.Case{Args: []string{"help", c.Name}, Status: 0, Stderr: "usage: littlego " + c.Name},
			clitest.Case{Args: []string{c.Name, "-h"}, Status: 0, Stderr: "usage: littlego " + c.Name})
	}
	clitest.CheckUsage(t, run, cases...)
}

func TestVersion(t *testing.T) {
	status, stdout, stderr := clitest.Call(run, "version")
	if status != 0 || !strings.HasPrefix(stdout, "littlego ") || stderr != "" {
		t.Errorf("version: exit %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}
