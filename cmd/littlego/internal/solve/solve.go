// Package solve is "littlego solve", the exact solver on the command line: it proves a
// position, and builds and checks the proved tables the engine embeds.
//
//	solve [-move N] [-cpu S] [-margin] [-sort] [-threads N] [-tt N] [input.txt]
//	solve table build -level K -shard i/n -o DIR [-root ACTIONS] [-margin] [-cpu S] [-block B] [-checkpoint D] [-tt N]
//	solve table merge -o FILE [-partial] DIR
//	solve table join -o FILE TABLE TABLE...
//	solve table verify [-n N] [-seed S] [-tt N] FILE
//	solve table status [-cores N] DIR...
//	solve book [-first 2,2] [-last 9] [-jobs N] [-tt N] [-progress FILE] [-proved-only] FILE
//	solve certify [-through N] [-games N] [-seed S] [-n N] [-skip N] [-reprove-book] [-short] [-tt N]
//	solve bench positions [-moves 8,10,12,14] [-n 20] [-seed 1] [-cpu S] [-margin] [-threads N] [-tt N]
//	solve bench book [-moves 8,9] [-n 1000] [-seed 1] [-cpu S]
//
// The plain form reads an input.txt (the course host's format) and prints, for the side
// to move, whether it wins with perfect play and which actions keep the win; its move
// number comes from -move, my_player's helper file beside input.txt, or a first move's
// boards. Each command is a package below this one, whose Long text ("littlego help
// solve COMMAND", or -h after the command) says what it does; the opening table's commands
// are described in docs/solver.md, "The opening table".
//
// Flags follow the command's name and may come before, between or after its arguments.
// The exit status is 0 when the position was proved (or the command succeeded), 1 on
// bad input or a failure (a slip under certify, a disagreement under table verify), 2
// for bad usage (an unknown command or flag, a flag before the command's name, a -tt
// table larger than half the machine's memory), 3 when the budget ran out before the
// proof of the value (a position whose value is proved exits 0, whether or not its
// moves were all sorted and its margin found).
package solve

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"littlego/cmd/littlego/internal/base"
	"littlego/cmd/littlego/internal/solve/bench"
	"littlego/cmd/littlego/internal/solve/book"
	"littlego/cmd/littlego/internal/solve/certify"
	"littlego/cmd/littlego/internal/solve/position"
	"littlego/cmd/littlego/internal/solve/table"
)

// commands are solve's named commands; the plain solve of a position has no name.
var commands = []*base.Command{table.Cmd, book.Cmd, certify.Cmd, bench.Cmd}

// Cmd is "littlego solve": a group of commands whose Default proves a position.
var Cmd = &base.Command{
	Name:      "solve",
	UsageLine: "littlego solve [COMMAND] [flags] [arguments]",
	Short:     "prove a position exactly; build and check the opening table",
	Long: `Solve proves Little-Go positions exactly. Without a command it proves the position of
an input.txt (` + position.Cmd.UsageLine + `; "littlego solve help solve" describes
it in full). Its flags:

` + plainFlags() + `
Exit status: 0 proved or done, 1 bad input or a failure, 2 bad usage, 3 the value is
unknown: the budget ran out before its proof.`,
	Commands: commands,
	Default:  position.Cmd,
	Check:    misplaced,
}

// plainFlags lists the flags of the plain solve of a position, as its -h does: an
// error of a flag sends the user to "littlego solve -h", which must list them.
func plainFlags() string {
	var b strings.Builder
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	position.Cmd.Setup(fs)
	fs.SetOutput(&b)
	fs.PrintDefaults()
	return b.String()
}

// oldModes are the flags that chose a mode before solve had commands, and the command
// that replaces each.
var oldModes = map[string]string{
	"table": "littlego solve table build", "table-merge": "littlego solve table merge", "table-join": "littlego solve table join",
	"table-verify": "littlego solve table verify", "book": "littlego solve book", "certify": "littlego solve certify",
	"bench-positions": "littlego solve bench positions", "bench-book": "littlego solve bench book",
}

// misplaced refuses the command lines the plain solve would misread: a flag of the
// modes solve had before its commands, a command's name after a flag, and a first
// argument that names no command and no file.
func misplaced(args []string) error {
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if cmd, ok := oldModes[name]; ok && strings.HasPrefix(a, "-") {
			return fmt.Errorf("%s is now a command: %s (littlego help solve %s)", a, cmd, strings.TrimPrefix(cmd, "littlego solve "))
		}
	}
	for i, a := range args {
		if i > 0 && lookup(a) != nil && !exists(a) {
			return fmt.Errorf("%q is a command: flags follow the command's name (littlego solve %s)", a, strings.Join(slices.Concat(args[i:], args[:i]), " "))
		}
	}
	if a := args[0]; !strings.HasPrefix(a, "-") && !exists(a) && !strings.ContainsAny(a, "./") {
		return fmt.Errorf("unknown command %q (the commands: table, book, certify, bench; a file to solve must exist)", a)
	}
	return nil
}

// exists reports whether path names a file (not a folder: the folder of a command's
// package is not an input).
func exists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}

// lookup returns the command of solve named name, or nil.
func lookup(name string) *base.Command {
	for _, c := range commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}
