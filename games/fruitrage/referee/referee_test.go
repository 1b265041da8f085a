// referee_test.go: games and matches with scripted players (timeouts, invalid moves, ties broken by time), external programs, the built-in opponents and the command's flags.

package referee

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"littlego/games/fruitrage"
	"littlego/lib/racedetect"
)

// scripted takes the first group of the board (or a fixed move) and charges a fixed CPU time.
type scripted struct {
	cpu   time.Duration
	move  *fruitrage.Move
	moves int
}

func (p *scripted) Play(_ context.Context, t *Turn) Reply {
	p.moves++
	if p.move != nil {
		return Reply{Move: *p.move, CPU: p.cpu}
	}
	var g fruitrage.Groups
	g.Find(t.Board)
	return Reply{Move: g.Rep[0], CPU: p.cpu}
}

func (p *scripted) Close() error { return nil }

func board(t *testing.T, rows ...string) *fruitrage.Board {
	t.Helper()
	in, err := fruitrage.ParseInput(strings.NewReader("2\n2\n1\n" + strings.Join(rows, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	return &in.Board
}

// TestTieBrokenByTime: on "00/11" each player takes a pair (4-4), and the
// player who used less CPU wins.
func TestTieBrokenByTime(t *testing.T) {
	cfg := Config{N: 2, P: 2, Clock: time.Second, Board: board(t, "00", "11")}
	for first := 0; first < 2; first++ {
		a, b := &scripted{cpu: 2 * time.Millisecond}, &scripted{cpu: time.Millisecond}
		r, err := PlayGame(context.Background(), cfg, 1, first, a, b)
		if err != nil {
			t.Fatal(err)
		}
		if r.Score != [2]int{4, 4} || !r.TieBreak || r.Winner != 1 || r.Moves != 2 {
			t.Fatalf("first %d: %+v", first, r)
		}
	}
	// Equal times too: replayed, and on a fixed board finally drawn.
	r, _ := PlayGame(context.Background(), cfg, 1, 0, &scripted{cpu: time.Millisecond}, &scripted{cpu: time.Millisecond})
	if r.Winner != -1 || r.Replays != 3 {
		t.Fatalf("full tie: %+v", r)
	}
}

// TestTimeoutAndInvalidLose: a move that uses up the clock loses, so does a move on an
// empty cell, whatever the score.
func TestTimeoutAndInvalidLose(t *testing.T) {
	cfg := Config{N: 2, P: 2, Clock: 10 * time.Millisecond, Board: board(t, "00", "01")}
	r, _ := PlayGame(context.Background(), cfg, 1, 0, &scripted{cpu: 10 * time.Millisecond}, &scripted{})
	if r.Winner != 1 || r.Fault != Timeout || r.Moves != 0 {
		t.Fatalf("timeout: %+v", r)
	}
	empty := fruitrage.Move{Col: 0, Level: 1}
	cfg.Board = board(t, "*0", "01")
	r, _ = PlayGame(context.Background(), cfg, 1, 1, &scripted{}, &scripted{move: &empty})
	if r.Winner != 0 || r.Fault != Invalid {
		t.Fatalf("invalid: %+v", r)
	}
}

// TestFirstPlayerAlternates: drawn once, then alternating.
func TestFirstPlayerAlternates(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		f := FirstPlayer(seed, 1)
		for game := 2; game <= 11; game++ {
			if FirstPlayer(seed, game) != (f+game-1)%2 {
				t.Fatalf("seed %d game %d: first %d", seed, game, FirstPlayer(seed, game))
			}
		}
	}
}

// raceSlowdown scales the clocks of CPU-time tests under the race detector, which makes
// the searches several times slower per node while the plans' fixed reserves stay.
const raceSlowdown = 4

// TestBuiltinsNeverOverrun plays minimax3, the in-process alpha-beta and the agent's
// automatic choice (MCTS on 2 types) against random on full 26×26 boards with 0.5 s each
// (2 s under the race detector): no time losses, and the searchers win. Each player's
// time is its own thread's CPU time, so a busy machine does not charge it; the games run
// one at a time so that the test does not compete with itself.
func TestBuiltinsNeverOverrun(t *testing.T) {
	games := 2
	clock := 500 * time.Millisecond
	if racedetect.Enabled {
		clock *= raceSlowdown
		games = 1
	}
	if testing.Short() {
		games = 1
	}
	for _, c := range []struct {
		name string
		p    int
	}{{"minimax3", 9}, {"alphabeta", 9}, {"agent", 2}} {
		a, _ := ParseSpec(c.name)
		b, _ := ParseSpec("random")
		cfg := Config{N: 26, P: c.p, Clock: clock, Seed: 3}
		results, err := RunMatch(context.Background(), cfg, [2]Spec{a, b}, games, 1, func(GameResult) {})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range results {
			if r.Fault != NoFault || r.Winner != 0 {
				t.Fatalf("%s: game %d: %+v", c.name, r.Game, r)
			}
		}
	}
}

// script writes an executable shell script into dir.
func script(t *testing.T, dir, body string) string {
	t.Helper()
	path := filepath.Join(dir, "agent.sh")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestExecFaults runs external programs that write a wrong board, nothing, or burn the clock.
func TestExecFaults(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	b := board(t, "00", "01")
	for _, c := range []struct {
		body  string
		clock time.Duration
		fault Fault
	}{
		{"printf 'A1\\n**\\n00\\n' > output.txt", time.Second, Invalid}, // A1 takes the three 0s: the board is wrong
		{"printf 'A1\\n**\\n*1\\n' > output.txt", time.Second, NoFault},
		{"printf 'A1\\n**\\n*1\\nextra\\n' > output.txt", time.Second, Invalid},
		{"exit 0", time.Second, Invalid},
		{"exit 3", time.Second, Crash},
		{"i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; printf 'A1\\n**\\n*1\\n' > output.txt", 20 * time.Millisecond, Timeout},
	} {
		sp, err := ParseSpec("exec:" + script(t, t.TempDir(), c.body))
		if err != nil {
			t.Fatal(err)
		}
		pl, err := sp.NewPlayer(1)
		if err != nil {
			t.Fatal(err)
		}
		r := pl.Play(context.Background(), &Turn{Board: b, Types: 2, Remaining: c.clock})
		pl.Close()
		if r.Fault != c.fault || (c.fault == NoFault && r.Move != b.MoveAt(0, 0)) {
			t.Errorf("%q: %+v, want fault %v", c.body, r, c.fault)
		}
	}
}

// TestWallGrace: a program that sleeps past its remaining time + the grace is killed
// and loses on time; with a longer grace the same sleep, which costs no CPU, is a move.
func TestWallGrace(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	b := board(t, "00", "01")
	path := script(t, t.TempDir(), "sleep 0.5; printf 'A1\\n**\\n*1\\n' > output.txt")
	for _, c := range []struct {
		grace time.Duration
		fault Fault
	}{{100 * time.Millisecond, Timeout}, {20 * time.Second, NoFault}} {
		sp, err := ParseSpec("exec:" + path)
		if err != nil {
			t.Fatal(err)
		}
		sp.WallGrace = c.grace
		pl, err := sp.NewPlayer(1)
		if err != nil {
			t.Fatal(err)
		}
		r := pl.Play(context.Background(), &Turn{Board: b, Types: 2, Remaining: 100 * time.Millisecond})
		pl.Close()
		if r.Fault != c.fault {
			t.Errorf("grace %v: %+v, want fault %v", c.grace, r, c.fault)
		}
	}
}

// TestAgentMatch builds the agent and plays it as the course would against minimax3.
func TestAgentMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the agent")
	}
	bin := filepath.Join(t.TempDir(), "fruitrage")
	if out, err := exec.Command("go", "build", "-o", bin, "littlego/cmd/fruitrage").CombinedOutput(); err != nil {
		t.Skipf("cannot build the agent: %v: %s", err, out)
	}
	a, err := ParseSpec("exec:" + bin)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ParseSpec("minimax3")
	cfg := Config{N: 6, P: 3, Clock: 2 * time.Second, Seed: 5}
	results, err := RunMatch(context.Background(), cfg, [2]Spec{a, b}, 2, 1, func(GameResult) {})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if r.Fault != NoFault || r.Left[0] <= 0 {
			t.Fatalf("game %d: %+v", r.Game, r)
		}
	}
}
