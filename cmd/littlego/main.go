// Command littlego is the Little-Go engine's one binary: each of its commands is a
// package of cmd/littlego/internal, listed in commands.
//
//	littlego gtp                 the engine over the Go Text Protocol
//	littlego analysis            KataGo's JSON analysis protocol, with the proofs
//	littlego board               the board in a browser
//	littlego arena A B           matches between two agents
//	littlego review FILE...      where games were won and lost
//	littlego solve ...           the exact solver and the opening table
//	littlego help COMMAND        a command's usage (as does littlego COMMAND -h)
//
// The flags every command shares (-cpu, -jobs, -threads, -o, -json, -n, -seed, -v, -q) mean
// the same everywhere; docs/commands.md lists them. The course agent, my_player, is a
// binary of its own (cmd/my_player).
//
// Exit status: 0 done, 1 a failure, 2 bad usage, 3 (solve) the budget ran out first.
package main

import (
	"io"
	"os"

	"littlego/cmd/littlego/internal/arenacmd"
	"littlego/cmd/littlego/internal/base"
	"littlego/cmd/littlego/internal/boardcmd"
	"littlego/cmd/littlego/internal/gtpcmd"
	"littlego/cmd/littlego/internal/katagocmd"
	"littlego/cmd/littlego/internal/perfect"
	"littlego/cmd/littlego/internal/profile"
	"littlego/cmd/littlego/internal/reviewcmd"
	"littlego/cmd/littlego/internal/solve"
	"littlego/cmd/littlego/internal/storecmd"
	"littlego/cmd/littlego/internal/submission"
	"littlego/cmd/littlego/internal/trainpatterns"
	"littlego/cmd/littlego/internal/tune"
	"littlego/cmd/littlego/internal/versioncmd"
)

// commands are littlego's commands, in the order its usage lists them: adding one is
// adding its package's Cmd here.
var commands = []*base.Command{
	gtpcmd.Cmd,
	katagocmd.Cmd,
	boardcmd.Cmd,
	arenacmd.Cmd,
	reviewcmd.Cmd,
	solve.Cmd,
	storecmd.Cmd,
	perfect.Cmd,
	tune.Cmd,
	trainpatterns.Cmd,
	profile.Cmd,
	submission.Cmd,
	versioncmd.Cmd,
}

// root is littlego itself.
var root = &base.Command{
	Name:      "littlego",
	UsageLine: "littlego COMMAND [flags] [arguments]",
	Long: `Littlego plays, analyses and solves 5x5 Little-Go.

The flags the commands share mean the same in each (docs/commands.md):
-cpu (CPU per move or per position: 2, 2.5 or 500ms), -jobs (independent tasks
in parallel), -threads (threads of one search), -o FILE, -json (JSON on stdout),
-n (a count), -seed, -v and -q.`,
	Commands: commands,
}

func main() {
	if tune.Worker() {
		os.Exit(tune.WorkerMain())
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the command line: the command args[0] names runs with the rest.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return root.Run(args, base.Output{Stdin: stdin, Stdout: stdout, Stderr: stderr})
}
