// call_test.go: the command as the tests call it.

package katagocmd

import "io"

// run runs Cmd with args, as littlego does.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return Cmd.Call(args, stdin, stdout, stderr)
}
