// Package base holds what littlego's subcommands share, in the manner of cmd/go's
// internal/base: the Command type and its dispatch (help, unknown commands, flags in
// the wrong place), the errors that choose the exit status, and the helpers the solve
// commands print or check with.
package base

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"littlego/internal/cliflag"
)

// Exit statuses of littlego's commands (the package comment of cmd/littlego lists them).
const (
	StatusOK      = cliflag.StatusOK
	StatusFailed  = 1 // bad input, or a check that failed
	StatusUsage   = cliflag.StatusUsage
	StatusUnknown = 3 // the budget ran out before the proof
)

// A Command is one subcommand of littlego, or a group of them (Commands set, Setup and
// Main nil).
type Command struct {
	// Name is the word that selects the command ("build" in "littlego solve table build").
	Name string
	// UsageLine is the command's synopsis, from "littlego" on.
	UsageLine string
	// Short is a one-line description, for the parent's list of commands.
	Short string
	// Long is the description printed after the usage line by -h and "littlego help".
	Long string
	// Setup registers the command's flags on fs (fresh at every run) and returns the
	// function that runs the command with the arguments the flags leave.
	Setup func(fs *flag.FlagSet) func(args []string, out Output) error
	// Main, when set, runs the command whole: it parses its own flags and answers -h
	// itself, returning the exit status. A command with Main may still list Commands,
	// for "littlego help" to find them.
	Main func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	// Commands are the subcommands of a group.
	Commands []*Command
}

// Output is where a command reads and writes: stdin (nil: empty) is its input, stdout
// carries its results, stderr its progress and diagnostics.
type Output struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// UsageError is a mistake in the flags or arguments (exit status 2).
type UsageError struct{ What string }

func (e UsageError) Error() string { return e.What }

// Usagef returns a UsageError with a formatted message.
func Usagef(format string, a ...any) error { return UsageError{fmt.Sprintf(format, a...)} }

// UnknownError reports that a budget ran out before the proof (exit status 3).
type UnknownError struct{ What string }

func (e UnknownError) Error() string { return e.What }

// Status returns the exit status for err.
func Status(err error) int {
	var u UsageError
	var k UnknownError
	switch {
	case err == nil:
		return StatusOK
	case errors.As(err, &u):
		return StatusUsage
	case errors.As(err, &k):
		return StatusUnknown
	}
	return StatusFailed
}

// Lookup returns the subcommand of c named name, or nil.
func (c *Command) Lookup(name string) *Command {
	i := slices.IndexFunc(c.Commands, func(s *Command) bool { return s.Name == name })
	if i < 0 {
		return nil
	}
	return c.Commands[i]
}

// Run runs c with args (what follows c's name on the command line), a group choosing
// its subcommand by the first argument, and returns the exit status; errors are said on
// stderr as "solve: ..." in one line (Setup commands are the solve tree's) (after the usage text for a usage error of a
// group).
func (c *Command) Run(args []string, out Output) int {
	if c.Main != nil {
		stdin := out.Stdin
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		return c.Main(args, stdin, out.Stdout, out.Stderr)
	}
	if c.Setup == nil {
		return c.runGroup(args, out)
	}
	fs := flag.NewFlagSet(c.path(), flag.ContinueOnError)
	run := c.Setup(fs)
	rest, status, ok := ParseInterspersed(fs, args, out.Stderr, c.usage())
	if !ok {
		return status
	}
	err := run(rest, out)
	if err != nil {
		fmt.Fprintln(out.Stderr, "solve:", err)
	}
	return Status(err)
}

// runGroup dispatches to the subcommand args[0] names.
func (c *Command) runGroup(args []string, out Output) int {
	switch {
	case len(args) == 0:
		fmt.Fprintf(out.Stderr, "%s: %q needs a command\n%s", c.path(), c.path(), c.usage())
		return StatusUsage
	case args[0] == "-h" || args[0] == "-help" || args[0] == "--help":
		fmt.Fprint(out.Stderr, c.usage())
		return StatusOK
	case args[0] == "help":
		return c.Help(args[1:], out)
	case strings.HasPrefix(args[0], "-"):
		fmt.Fprintf(out.Stderr, "%s: flag %s before the command: flags follow the command's name (%s COMMAND %s ...)\n%s", c.path(), args[0], c.path(), args[0], c.usage())
		return StatusUsage
	}
	sub := c.Lookup(args[0])
	if sub == nil {
		fmt.Fprintf(out.Stderr, "%s: unknown command %q in %q\n%s", c.path(), args[0], c.path(), c.usage())
		return StatusUsage
	}
	return sub.Run(args[1:], out)
}

// Help prints the usage of the command that args name below c ("littlego help solve
// table build"), or c's own for no args.
func (c *Command) Help(args []string, out Output) int {
	cmd := c
	for _, a := range args {
		if cmd = cmd.Lookup(a); cmd == nil {
			fmt.Fprintf(out.Stderr, "%s help: unknown command %q\n", c.path(), strings.Join(args, " "))
			return StatusUsage
		}
	}
	if cmd == c && cmd.Main == nil {
		fmt.Fprint(out.Stderr, c.usage())
		return StatusOK
	}
	return cmd.Run([]string{"-h"}, out)
}

// path is "littlego solve table" for the group table; for a command without a name
// (solve's plain proof), the words of its usage line before the first flag or argument
// ("littlego solve"), so that its messages say which program speaks.
func (c *Command) path() string {
	f := strings.Fields(c.UsageLine)
	if i := slices.Index(f, c.Name); c.Name != "" && i >= 0 {
		return strings.Join(f[:i+1], " ")
	}
	n := 0
	for n < len(f) && f[n] != "" && f[n][0] >= 'a' && f[n][0] <= 'z' {
		n++
	}
	if n == 0 {
		return c.Name
	}
	return strings.Join(f[:n], " ")
}

// usage is the text -h prints: the usage line, the description, and a group's commands.
func (c *Command) usage() string {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s\n", c.UsageLine)
	if c.Long != "" {
		fmt.Fprintf(&b, "\n%s\n", strings.TrimSpace(c.Long))
	}
	if len(c.Commands) > 0 {
		fmt.Fprintf(&b, "\nThe commands are:\n\n")
		width := 10
		for _, s := range c.Commands {
			width = max(width, len(s.Name))
		}
		for _, s := range c.Commands {
			fmt.Fprintf(&b, "\t%-*s %s\n", width, s.Name, s.Short)
		}
		fmt.Fprintf(&b, "\nUse \"%s COMMAND -h\" or \"%s help COMMAND\" for a command's flags.\n", c.path(), c.path())
	} else if c.Setup != nil {
		b.WriteString("\nFlags:\n")
	}
	return b.String()
}

// ParseInterspersed parses the flags of fs among args, before, between and after the
// other arguments (which it returns in order; after "--" all are arguments), printing
// header and the flags' defaults on stderr for -h. When parsing stops it returns false
// with the exit status: StatusOK after -h, StatusUsage after a bad flag.
func ParseInterspersed(fs *flag.FlagSet, args []string, stderr io.Writer, header string) ([]string, int, bool) {
	var rest []string
	for {
		dashes := slices.Index(args, "--")
		if status, ok := cliflag.Parse(fs, args, stderr, header); !ok {
			return nil, status, false
		}
		left := fs.Args()
		if len(left) == 0 {
			return rest, StatusOK, true
		}
		if dashes >= 0 && len(args)-dashes-1 == len(left) { // parsing stopped at "--"
			return append(rest, left...), StatusOK, true
		}
		rest, args = append(rest, left[0]), left[1:]
	}
}
