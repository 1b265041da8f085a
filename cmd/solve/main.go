// Command solve is littlego's exact solver on the command line: it proves a position,
// and builds and checks the proved tables the engine embeds.
//
//	solve [-move N] [-budget S] [-margin] [-jobs N] [-tt N] [input.txt]
//	solve table build -level K -shard i/n -o DIR [-root ACTIONS] [-margin] [-position-limit S] [-block B] [-checkpoint D] [-tt N]
//	solve table merge -o FILE [-partial] DIR
//	solve table join -o FILE TABLE TABLE...
//	solve table verify [-n N] [-seed S] [-tt N] FILE
//	solve table status [-cores N] DIR...
//	solve book [-first 2,2] [-last 9] [-workers N] [-tt N] [-progress FILE] [-proved-only] FILE
//	solve certify [-through N] [-games N] [-seed S] [-limit N] [-skip N] [-reprove-book] [-short] [-tt N]
//	solve bench positions [-moves 8,10,12,14] [-n 20] [-seed 1] [-budget S] [-margin] [-jobs N] [-tt N]
//	solve bench book [-moves 8,9] [-n 1000] [-seed 1] [-budget S]
//
// The plain form reads an input.txt (the course host's format) and prints, for the side
// to move, whether it wins with perfect play and which actions keep the win; its move
// number comes from -move, my_player's helper file beside input.txt, or a first move's
// boards. Each command is a package of cmd/solve/internal, whose Long text ("solve help
// COMMAND", or -h after the command) says what it does; the opening table's commands
// are described in docs/solver.md, "The opening table".
//
// Flags follow the command's name and may come before, between or after its arguments.
// The exit status is 0 when the position was proved (or the command succeeded), 1 on
// bad input or a failure (a slip under certify, a disagreement under table verify), 2
// for bad usage (an unknown command or flag, a flag before the command's name, a -tt
// table larger than half the machine's memory), 3 when the budget ran out before the
// proof.
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"littlego/cmd/solve/internal/base"
	"littlego/cmd/solve/internal/bench"
	"littlego/cmd/solve/internal/book"
	"littlego/cmd/solve/internal/certify"
	"littlego/cmd/solve/internal/position"
	"littlego/cmd/solve/internal/table"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// commands are solve's named commands; the plain solve of a position has no name.
var commands = []*base.Command{table.Cmd, book.Cmd, certify.Cmd, bench.Cmd}

// root is solve itself, for its usage text and "solve help".
var root = &base.Command{
	Name:      "solve",
	UsageLine: "solve [COMMAND] [flags] [arguments]",
	Long: `Solve proves Little-Go positions exactly. Without a command it proves the position of
an input.txt (` + position.Cmd.UsageLine + `; "solve help solve" for its flags).

Exit status: 0 proved or done, 1 bad input or a failure, 2 bad usage, 3 the budget ran out first.`,
	Commands: commands,
}

// oldModes are the flags that chose a mode before solve had commands, and the command
// that replaces each.
var oldModes = map[string]string{
	"table": "solve table build", "table-merge": "solve table merge", "table-join": "solve table join",
	"table-verify": "solve table verify", "book": "solve book", "certify": "solve certify",
	"bench-positions": "solve bench positions", "bench-book": "solve bench book",
}

// run is the command; it returns the exit status (see the package comment).
func run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	out := base.Output{Stdout: stdout, Stderr: stderr}
	if len(args) == 0 {
		return position.Cmd.Run(args, out)
	}
	switch a := args[0]; {
	case a == "-h" || a == "-help" || a == "--help":
		return root.Run([]string{"help"}, out)
	case a == "help":
		return help(args[1:], out)
	case root.Lookup(a) != nil:
		return root.Lookup(a).Run(args[1:], out)
	}
	if err := misplaced(args); err != nil {
		fmt.Fprintln(stderr, "solve:", err)
		return base.StatusUsage
	}
	return position.Cmd.Run(args, out)
}

// misplaced refuses the command lines the plain solve would misread: a flag of the
// modes solve had before its commands, a command's name after a flag, and a first
// argument that names no command and no file.
func misplaced(args []string) error {
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if cmd, ok := oldModes[name]; ok && strings.HasPrefix(a, "-") {
			return fmt.Errorf("%s is now a command: %s (solve help %s)", a, cmd, strings.TrimPrefix(cmd, "solve "))
		}
	}
	for i, a := range args {
		if i > 0 && root.Lookup(a) != nil && !exists(a) {
			return fmt.Errorf("%q is a command: flags follow the command's name (solve %s)", a, strings.Join(slices.Concat(args[i:], args[:i]), " "))
		}
	}
	if a := args[0]; !strings.HasPrefix(a, "-") && !exists(a) && !strings.ContainsAny(a, "./") {
		return fmt.Errorf("unknown command %q (the commands: table, book, certify, bench; a file to solve must exist)", a)
	}
	return nil
}

// exists reports whether path names a file.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// help prints the usage of the command that args name ("solve help table build").
func help(args []string, out base.Output) int {
	c := root
	if len(args) == 1 && args[0] == "solve" {
		return position.Cmd.Run([]string{"-h"}, out)
	}
	for _, a := range args {
		if c = c.Lookup(a); c == nil {
			fmt.Fprintf(out.Stderr, "solve help: unknown command %q\n", strings.Join(args, " "))
			return base.StatusUsage
		}
	}
	if c == root {
		return root.Run([]string{"help"}, out)
	}
	return c.Run([]string{"-h"}, out)
}
