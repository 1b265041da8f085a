// call_test.go: the command as the tests call it.

package tune

import (
	"flag"
	"io"
)

// run runs Cmd with args, as littlego does.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return Cmd.Call(args, stdin, stdout, stderr)
}

// parse reads args as the command does into the options its run would tune, or says
// why not on stderr and returns false.
func parse(args []string, stderr io.Writer) (*options, int, bool) {
	fs := flag.NewFlagSet("littlego tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f := new(flags)
	f.define(fs)
	if err := fs.Parse(args); err != nil {
		return nil, 2, false
	}
	if err := f.check(fs.Args()); err != nil {
		io.WriteString(stderr, err.Error())
		return nil, 2, false
	}
	return &f.o, 0, true
}
