package solve

import "io"

// run runs "littlego solve" with args, as littlego does.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return Cmd.Call(args, stdin, stdout, stderr)
}
