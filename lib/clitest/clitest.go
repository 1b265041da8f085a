// Package clitest calls a command's run function in its tests and checks the exit
// statuses and usage text that every command shares.
package clitest

import (
	"io"
	"strings"
)

// Run is every command's entry: its arguments and streams in, its exit status out.
type Run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Case is one command line that must end with Status, nothing on stdout, and Stderr
// among what it writes on stderr.
type Case struct {
	Args   []string
	Status int
	Stderr string
}

// Call runs run with args and an empty stdin, and returns its status and output.
func Call(run Run, args ...string) (status int, stdout, stderr string) {
	var out, errOut strings.Builder
	status = run(args, strings.NewReader(""), &out, &errOut)
	return status, out.String(), errOut.String()
}

// HelpAndUnknownFlag are the cases every command shares: -h exits 0 with the usage
// text, which holds help, on stderr; an unknown flag exits 2 and names it.
func HelpAndUnknownFlag(help string) []Case {
	return []Case{
		{Args: []string{"-h"}, Status: 0, Stderr: help},
		{Args: []string{"-bogus"}, Status: 2, Stderr: "flag provided but not defined: -bogus"},
	}
}

// Reporter is the part of testing.TB that CheckUsage reports to.
type Reporter interface {
	Helper()
	Errorf(format string, args ...any)
}

// CheckUsage runs the cases and reports each whose status differs, whose stdout is not
// empty, or whose stderr lacks its text.
func CheckUsage(t Reporter, run Run, cases ...Case) {
	t.Helper()
	for _, c := range cases {
		status, stdout, stderr := Call(run, c.Args...)
		if status != c.Status || stdout != "" || !strings.Contains(stderr, c.Stderr) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", c.Args, status, stdout, stderr, c.Status, c.Stderr)
		}
	}
}
