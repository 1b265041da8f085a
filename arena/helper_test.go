// helper_test.go: the test binary doubling as external agents (course-protocol programs and a fake GTP engine) for the exec: and gtp: tests.

package arena

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/lib/cputime"
)

// helperArg is the first argument that turns the test binary into a helper agent.
const helperArg = "arena-helper"

func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == helperArg {
		os.Exit(helperMain(os.Args[2], os.Args[3:]))
	}
	// Helper processes built with -race would otherwise sleep 1 s at exit.
	if os.Getenv("GORACE") == "" {
		os.Setenv("GORACE", "atexit_sleep_ms=0")
	}
	os.Exit(m.Run())
}

// helperSpec returns the agent spec that runs this test binary as helper mode mode.
func helperSpec(t testing.TB, kind, mode string, args ...string) *Agent {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	a, err := ParseAgent(kind + ":" + strings.Join(append([]string{exe, helperArg, mode}, args...), " "))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// helperMain runs a helper mode and returns the exit status.
func helperMain(mode string, args []string) int {
	switch mode {
	case "play":
		return helperPlay()
	case "write":
		return writeOutput(strings.Join(args, " "))
	case "none":
		return 0
	case "big":
		return writeOutput(strings.Repeat("1", 8<<20))
	case "crash":
		writeOutput("2,2")
		fmt.Fprintln(os.Stderr, "helper: crashing on purpose")
		return 3
	case "spin":
		limit, _ := strconv.ParseFloat(args[0], 64)
		for cputime.Process() < time.Duration(limit*float64(time.Second)) {
			for k := 0; k < 1_000_000; k++ {
				spinSink += k
			}
		}
		return helperPlay()
	case "fifo":
		return mkfifo("output.txt")
	case "link":
		return osErr(os.Symlink(args[0], "output.txt"))
	case "mkdir":
		return osErr(os.Mkdir("output.txt", 0o755))
	case "fifoinput":
		if code := helperPlay(); code != 0 {
			return code
		}
		os.Remove("input.txt")
		return mkfifo("input.txt")
	case "sleep":
		time.Sleep(time.Hour)
		return 0
	case "gtp":
		return fakeGTP(args)
	case "hangat":
		// hangat DIR N: plays normally for N calls (counted in DIR/count), then notes its
		// pid in DIR/pid and hangs.
		countFile := args[0] + "/count"
		data, _ := os.ReadFile(countFile)
		n, _ := strconv.Atoi(strings.TrimSpace(string(data)))
		os.WriteFile(countFile, []byte(strconv.Itoa(n+1)), 0o644)
		if limit, _ := strconv.Atoi(args[1]); n >= limit {
			os.WriteFile(args[0]+"/pid", []byte(strconv.Itoa(os.Getpid())), 0o644)
			time.Sleep(time.Hour)
		}
		return helperPlay()
	}
	fmt.Fprintf(os.Stderr, "helper: unknown mode %q\n", mode)
	return 9
}

var spinSink int

func mkfifo(path string) int { return osErr(syscall.Mkfifo(path, 0o644)) }

// osErr returns the exit status for err: 0 for nil, else 1 after saying why.
func osErr(err error) int {
	if err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		return 1
	}
	return 0
}

func writeOutput(text string) int {
	if err := os.WriteFile("output.txt", []byte(text+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		return 1
	}
	return 0
}

// helperPlay is a course-protocol agent that checks what the host promises: input.txt
// without a final newline, consistent boards, and a previous board equal to the board
// right after its own last move (kept in a file in the working folder, which must
// therefore persist for the game). It plays its lowest legal point, or passes.
func helperPlay() int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(os.Stderr, "helper: "+format+"\n", a...)
		return 4
	}
	data, err := os.ReadFile("input.txt")
	if err != nil {
		return fail("%v", err)
	}
	if strings.HasSuffix(string(data), "\n") {
		return fail("input.txt ends in a newline; the host writes none")
	}
	if _, err := os.Stat("output.txt"); !errors.Is(err, os.ErrNotExist) {
		return fail("output.txt was not removed before the move")
	}
	in, err := board.ParseInput(strings.NewReader(string(data)))
	if err != nil {
		return fail("%v", err)
	}
	if err := in.Consistency(); err != nil {
		return fail("inconsistent boards: %v", err)
	}
	memo := fmt.Sprintf("helper_%d.txt", in.Color.FileValue())
	move := 1
	if in.Color == board.White {
		move = 2
	}
	if saved, err := os.ReadFile(memo); err == nil {
		f := strings.Fields(string(saved))
		last, _ := strconv.Atoi(f[0])
		if f[1] != strings.ReplaceAll(in.Previous.String(), "\n", "") {
			return fail("previous board %s is not the board after my last move %s", in.Previous, f[1])
		}
		move = last + 2
	} else if in.Previous != (board.Stones{}) {
		return fail("no memo file but a previous board: the working folder did not persist")
	}
	pos := in.Position(move)
	mv := board.Pass
	if legal := pos.Legal(); legal != 0 {
		mv = legal.First()
	}
	after := pos
	after.Play(mv)
	os.WriteFile(memo, []byte(fmt.Sprintf("%d %s\n", move, strings.ReplaceAll(after.Stones.String(), "\n", ""))), 0o644)
	return writeOutput(mv.String())
}

// fakeGTP is a small GTP engine that keeps the game on a board.Position and plays its
// lowest legal point. args[0], if any, selects a misbehaviour: lower (lower-case
// vertices), resign, illegal (an occupied vertex once the board has a stone), offboard,
// garbage, exit (exits on genmove), nosize (refuses boardsize 5), slow (never answers
// genmove).
func fakeGTP(args []string) int {
	mode := ""
	if len(args) > 0 {
		mode = args[0]
	}
	pos := board.New()
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	answer := func(ok bool, text string) {
		status := "="
		if !ok {
			status = "?"
		}
		fmt.Fprintf(out, "%s %s\n\n", status, text)
		out.Flush()
	}
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "boardsize":
			if mode == "nosize" || len(f) < 2 || f[1] != "5" {
				answer(false, "unacceptable size")
				continue
			}
			answer(true, "")
		case "komi", "name", "protocol_version":
			answer(true, "")
		case "clear_board":
			pos = board.New()
			answer(true, "")
		case "quit":
			answer(true, "")
			return 0
		case "play":
			c := board.Black
			if strings.EqualFold(f[1], "w") || strings.EqualFold(f[1], "white") {
				c = board.White
			}
			p, err := board.ParseVertex(f[2])
			if err != nil || c != pos.Turn {
				answer(false, "illegal move")
				continue
			}
			if _, ok := pos.Play(p); !ok {
				answer(false, "illegal move")
				continue
			}
			answer(true, "")
		case "genmove":
			switch mode {
			case "exit":
				return 0
			case "slow":
				time.Sleep(time.Hour)
			case "resign":
				answer(true, "resign")
				pos.Pass()
				continue
			case "garbage":
				answer(true, "xyz")
				continue
			case "offboard":
				answer(true, "F3")
				continue
			case "illegal":
				if occ := pos.Stones[0] | pos.Stones[1]; occ != 0 {
					answer(true, board.Vertex(occ.First()))
					continue
				}
			}
			mv := engine.FallbackMove(pos)
			if !pos.IsLegal(mv) {
				mv = board.Pass
			}
			pos.Play(mv)
			v := board.Vertex(mv)
			if mode == "lower" {
				v = strings.ToLower(v)
			} else {
				v = strings.ToUpper(v)
			}
			answer(true, v)
		default:
			answer(false, "unknown command")
		}
	}
	return 0
}
