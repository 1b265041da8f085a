// Command my_player is the course agent: run once per move in the game folder, it reads
// input.txt, writes its move to output.txt, and keeps the move number in a helper file
// of its own. Diagnostics go to stderr; see docs/my_player.md and `my_player -h`.
// `my_player -version` prints its version on stdout, the one thing it writes there.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	"littlego/board"
	"littlego/cmd/internal/engineflag"
	"littlego/cmd/internal/player"
	"littlego/cmd/internal/version"
	"littlego/engine"
	"littlego/lib/cliflag"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run plays one turn with the command-line arguments args and returns the exit status:
// 0 when output.txt holds the move, 1 when input.txt could not be used, 2 for bad
// flags. my_player reads no stdin and writes nothing on stdout but its version, when
// -version asks for it.
func run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	turn, x, status, ok := parse(args, stderr)
	if !ok {
		return status
	}
	cpuprofile := x.cpuprofile
	if x.version {
		fmt.Fprintln(stdout, "my_player", version.String())
		return cliflag.StatusOK
	}
	if cpuprofile != "" {
		stop, err := startProfile(cpuprofile)
		if err != nil {
			return cliflag.Fail(stderr, "my_player")("%v", err)
		}
		defer stop()
	}
	return turn.Run()
}

// extras are the flags that are not the turn's: a profile to write, and -version.
type extras struct {
	cpuprofile string
	version    bool
}

// parse reads the flags into a turn; when ok is false the command ends with status.
func parse(args []string, stderr io.Writer) (turn player.Invocation, x extras, status int, ok bool) {
	turn = player.Invocation{Options: engine.Defaults(), Log: stderr}
	fs := flag.NewFlagSet("my_player", flag.ContinueOnError)
	engineflag.Register(fs, &turn.Options, engineflag.Course)
	fs.IntVar(&turn.Move, "move", 0, "number of the move about to be played, 1..24 (Black plays odd numbers); 0: from the helper file")
	fs.StringVar(&turn.Dir, "dir", ".", "working directory holding input.txt, output.txt and the helper file")
	fs.StringVar(&x.cpuprofile, "cpuprofile", "", "write a CPU profile of this move to `file`")
	fs.BoolVar(&x.version, "version", false, "print the version on stdout and exit")
	const header = "usage: my_player [flags]\n\nReads input.txt and writes output.txt in -dir, as the CSCI-561 Little-Go host expects.\n\n"
	if status, ok := cliflag.Parse(fs, args, stderr, header); !ok {
		return turn, x, status, false
	}
	fail := cliflag.Fail(stderr, "my_player")
	switch {
	case fs.NArg() > 0:
		return turn, x, fail("unexpected argument %q (flags only)", fs.Arg(0)), false
	case turn.Options.Validate() != nil:
		return turn, x, fail("%v", turn.Options.Validate()), false
	case turn.Move < 0 || turn.Move > board.MaxMoves:
		return turn, x, fail("-move %d out of range: want 1..%d (0: from the helper file)", turn.Move, board.MaxMoves), false
	}
	return turn, x, 0, true
}

// startProfile starts a CPU profile into the file path and returns what stops it.
func startProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
