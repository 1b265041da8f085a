// Package cliflag holds the flag handling every command's run shares: the usage text
// on -h, the exit status of a parse, and one-line usage errors.
package cliflag

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Exit statuses of a command.
const (
	StatusOK    = 0 // done, or -h answered
	StatusUsage = 2 // bad flags or arguments
)

// Parse parses args with fs. When parsing stops, it returns false with the command's
// exit status: StatusOK after -h, which prints header then the flags' defaults on
// stderr; StatusUsage after a bad flag, which prints one line on stderr: the error, the
// synopsis (header's first line) and how to get the rest ("review: flag provided but
// not defined: -bogus (usage: review [flags] FILE...; review -h for the flags)"), not
// the whole usage, which would bury the error.
func Parse(fs *flag.FlagSet, args []string, stderr io.Writer, header string) (status int, ok bool) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, header)
		fs.PrintDefaults()
	}
	switch {
	case err == nil:
		return StatusOK, true
	case errors.Is(err, flag.ErrHelp):
		fs.Usage()
		return StatusOK, false
	}
	synopsis, _, _ := strings.Cut(header, "\n")
	if synopsis = strings.TrimSpace(synopsis); synopsis != "" {
		synopsis += "; "
	}
	fmt.Fprintf(stderr, "%s: %v%s (%s%s -h for the flags)\n", fs.Name(), err, renamedHint(fs, err), synopsis, fs.Name())
	return StatusUsage, false
}

// Fail returns a function that writes "prog: " and a formatted message as one line on
// stderr and returns StatusUsage, for a command's checks of its flags and arguments.
func Fail(stderr io.Writer, prog string) func(format string, a ...any) int {
	return func(format string, a ...any) int {
		fmt.Fprintf(stderr, prog+": "+format+"\n", a...)
		return StatusUsage
	}
}
