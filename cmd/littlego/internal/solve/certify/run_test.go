// run_test.go: the command as the tests call it.

package certify

import (
	"io"

	"littlego/cmd/littlego/internal/base"
)

// run runs Cmd with args, as clitest calls a command.
func run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return Cmd.Run(args, base.Output{Stdout: stdout, Stderr: stderr})
}
