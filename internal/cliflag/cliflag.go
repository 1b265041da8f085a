// Package cliflag holds the flag handling every command's run shares: the usage text
// on -h, the exit status of a parse, and one-line usage errors.
package cliflag

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
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
	fmt.Fprintf(stderr, "%s: %s%s (%s%s -h for the flags)\n", fs.Name(), accepted(fs, err), renamedHint(fs, err), synopsis, fs.Name())
	return StatusUsage, false
}

// accepted returns err's message, with what the flag accepts in place of the flag
// package's bare "parse error" of a number, a bool or a duration ("invalid value "x"
// for flag -n: want an integer"); other errors as they are.
func accepted(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	rest, ok := strings.CutPrefix(msg, "invalid value ")
	if !ok {
		rest, ok = strings.CutPrefix(msg, "invalid boolean value ")
	}
	if !ok {
		return msg
	}
	_, name, ok := strings.Cut(rest, " for flag -")
	if !ok {
		_, name, ok = strings.Cut(rest, " for -")
	}
	if !ok {
		return msg
	}
	name, why, ok := strings.Cut(name, ": ")
	fl := fs.Lookup(name)
	if !ok || fl == nil || why != "parse error" && why != "value out of range" {
		return msg
	}
	getter, ok := fl.Value.(flag.Getter)
	if !ok {
		return msg
	}
	var want string
	switch getter.Get().(type) {
	case int, int64:
		want = "want an integer"
	case uint, uint64:
		want = "want a whole number, 0 or more"
	case float64:
		want = "want a number"
	case bool:
		want = "want true or false"
	case time.Duration:
		want = "want a duration such as 1.5s or 500ms"
	default:
		return msg
	}
	if why == "value out of range" {
		want += " in range"
	}
	return strings.TrimSuffix(msg, why) + want
}

// Fail returns a function that writes "prog: " and a formatted message as one line on
// stderr and returns StatusUsage, for a command's checks of its flags and arguments.
func Fail(stderr io.Writer, prog string) func(format string, a ...any) int {
	return func(format string, a ...any) int {
		fmt.Fprintf(stderr, prog+": "+format+"\n", a...)
		return StatusUsage
	}
}
