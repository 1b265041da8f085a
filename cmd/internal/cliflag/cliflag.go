// Package cliflag holds the flag handling every command's run shares: the usage text,
// the exit status of a parse, and one-line usage errors.
package cliflag

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// Exit statuses of a command.
const (
	StatusOK    = 0 // done, or -h answered
	StatusUsage = 2 // bad flags or arguments
)

// Parse makes fs print header then the flags' defaults as its usage on stderr, and
// parses args. When parsing stops, it returns false with the command's exit status:
// StatusOK after -h, StatusUsage after a bad flag (the flag package has said which).
func Parse(fs *flag.FlagSet, args []string, stderr io.Writer, header string) (status int, ok bool) {
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, header)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return StatusOK, false
		}
		return StatusUsage, false
	}
	return StatusOK, true
}

// Fail returns a function that writes "prog: " and a formatted message as one line on
// stderr and returns StatusUsage, for a command's checks of its flags and arguments.
func Fail(stderr io.Writer, prog string) func(format string, a ...any) int {
	return func(format string, a ...any) int {
		fmt.Fprintf(stderr, prog+": "+format+"\n", a...)
		return StatusUsage
	}
}
