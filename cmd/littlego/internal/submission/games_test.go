package submission

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"littlego/arena"
	"littlego/board"
	"littlego/engine"
	"littlego/record"
)

// startupAllowance is what a move may cost beyond the engine's planned budget: the
// engine counts Python's and its own start-up inside the budget, so this covers only
// writing the files, exiting, and book moves that search nothing (docs/submission.md
// has the measured start-up).
const startupAllowance = 150 * time.Millisecond

// opponents are the course's reference opponents as package arena plays them.
var opponents = []string{"random", "greedy", "aggressive", "alphabeta"}

// schedule is a list of games: an opponent and the colour the submission plays.
type scheduled struct {
	opponent string
	color    board.Color
}

// gameSchedule returns every opponent with both colours, or under -short one game per
// opponent with the colours alternating.
func gameSchedule(short bool, opps []string) []scheduled {
	var out []scheduled
	for k, o := range opps {
		if short {
			out = append(out, scheduled{o, board.Color(k % 2)})
			continue
		}
		out = append(out, scheduled{o, board.Black}, scheduled{o, board.White})
	}
	return out
}

// dirEntries returns the names in dir.
func dirEntries(t *testing.T, dir string) map[string]bool {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]bool{}
	for _, e := range es {
		m[e.Name()] = true
	}
	return m
}

// sharedFolderPlayers returns, for each colour, the submission's arena exec player,
// all working in the one folder game: the arena makes a folder per game and side under
// root, which here is a link to game, and the players are never closed (closing
// removes the folder), so the helper files last across games as on the grader.
func sharedFolderPlayers(t *testing.T, agent *arena.Agent, cfg *arena.Config, game string) func(board.Color) arena.Player {
	t.Helper()
	root := t.TempDir()
	var players [2]arena.Player
	for c := board.Black; c <= board.White; c++ {
		before := dirEntries(t, root)
		p, err := agent.NewPlayer(arena.Seat{Color: c, Game: 1, Root: root, MeasureCPU: true, Config: cfg})
		if err != nil {
			t.Fatal(err)
		}
		var made []string
		for name := range dirEntries(t, root) {
			if !before[name] {
				made = append(made, name)
			}
		}
		if len(made) != 1 {
			t.Fatalf("the arena made %v for the %s player, want one folder", made, c)
		}
		link := filepath.Join(root, made[0])
		if err := os.Remove(link); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(game, link); err != nil {
			t.Fatal(err)
		}
		players[c] = p
	}
	return func(c board.Color) arena.Player { return players[c] }
}

// checkOurMoves checks the submission's moves in rec (it played colour ours): none over
// MaxBudget, and the side's moves so far within the plan's budgets and the game's loan
// (the proofs' share beyond a move's own plan), each with startupAllowance. It returns
// the largest CPU time a move took over its own plan.
func checkOurMoves(t *testing.T, what string, moves []time.Duration, opts engine.Options, ours board.Color) time.Duration {
	t.Helper()
	var worst, used time.Duration = -time.Hour, 0
	played := 0
	for k, cpu := range moves {
		if board.Color(k%2) != ours {
			continue
		}
		played++
		used += cpu
		// A move's proofs may spend the bank and the game's loan beyond its own plan, never
		// past MaxBudget; the side's moves so far stay within their plan and the loan, each
		// with its start-up (whose CPU grows on a loaded machine, hence the allowance).
		if cpu > engine.MaxBudget+startupAllowance {
			t.Errorf("%s: move %d took %v of CPU, over MaxBudget %v + %v", what, k+1, cpu, engine.MaxBudget, startupAllowance)
		}
		if bound := engine.PlanSoFar(opts, k+1) + engine.PlanLoan(opts) + time.Duration(played)*startupAllowance; used > bound {
			t.Errorf("%s: after move %d this side used %v of CPU, over its plan, the loan and start-ups (%v)", what, k+1, used, bound)
		}
		worst = max(worst, cpu-engine.PlanBudget(opts, k+1))
	}
	return worst
}

// TestArenaGames plays the built folder through the arena's exec agent, as
// `exec:python3 DIR/my_player3.py`, against each of the course's reference opponents,
// with both colours, every game in one working folder: every move legal and in time,
// every game won.
func TestArenaGames(t *testing.T) {
	canRunEngine(t)
	py := needPython(t)
	f := sharedFolder(t)
	ours, err := arena.ParseAgent("exec:" + py + " " + filepath.Join(f.Dir, launcherName))
	if err != nil {
		t.Fatal(err)
	}
	cfg := &arena.Config{Games: 1, Jobs: 1, CPULimit: board.HostCPULimit}
	game := t.TempDir()
	player := sharedFolderPlayers(t, ours, cfg, game)
	var worst time.Duration = -time.Hour
	for k, g := range gameSchedule(testing.Short(), opponents) {
		opp, err := arena.ParseAgent(g.opponent)
		if err != nil {
			t.Fatal(err)
		}
		var players [2]arena.Player
		players[g.color] = player(g.color)
		players[g.color.Other()], err = opp.NewPlayer(arena.Seat{Color: g.color.Other(), Game: k + 1, GameSeed: arena.GameSeed(15, k+1), MeasureCPU: true, Config: cfg})
		if err != nil {
			t.Fatal(err)
		}
		rec := arena.Referee(context.Background(), players, board.HostCPULimit)
		players[g.color.Other()].Close()
		what := fmt.Sprintf("game %d, %s against %s", k+1, g.color, g.opponent)
		if rec.Reason.Forfeit() {
			t.Errorf("%s: ended by %s: %s", what, rec.Reason, rec.Detail)
		}
		if rec.Winner != g.color {
			t.Errorf("%s: lost: %s", what, rec.Detail)
		}
		cpus := make([]time.Duration, len(rec.Moves))
		for i, m := range rec.Moves {
			cpus[i] = m.CPU
			if board.Color(i%2) == g.color && !m.Measured {
				t.Errorf("%s: move %d not timed in CPU time", what, i+1)
			}
		}
		worst = max(worst, checkOurMoves(t, what, cpus, f.Options, g.color))
		t.Logf("%s: %s", what, rec.Detail)
	}
	t.Logf("largest CPU time over the planned budget: %v", worst)
	es := dirEntries(t, game)
	for _, name := range []string{"littlego_state_black.txt", "littlego_state_white.txt"} {
		if !es[name] {
			t.Errorf("helper file %s did not last in the shared folder (holds %v)", name, es)
		}
	}
}

// courseRecognised are the file names the course's build script runs, in its order,
// with the command for each (docs/RULES.md).
var courseRecognised = []struct {
	name string
	argv []string
}{
	{"my_player.py", []string{"python", "my_player.py"}},
	{"my_player3.py", []string{"python3", "my_player3.py"}},
	{"my_player.cpp", nil},
	{"my_player11.cpp", nil},
	{"my_player.java", nil},
}

// courseCommand does what the course's build script does to a submission folder
// before the games: it deletes every *.so file and finds the one program it can run.
func courseCommand(dir, python3 string) ([]string, error) {
	sos, _ := filepath.Glob(filepath.Join(dir, "*.so"))
	for _, so := range sos {
		if err := os.Remove(so); err != nil {
			return nil, err
		}
	}
	var found []string
	var argv []string
	for _, r := range courseRecognised {
		if _, err := os.Stat(filepath.Join(dir, r.name)); err == nil {
			found = append(found, r.name)
			argv = r.argv
		}
	}
	if len(found) != 1 || argv == nil {
		return nil, fmt.Errorf("ERROR: INVALID FILENAME (found %v)", found)
	}
	if argv[0] == "python3" {
		argv = []string{python3, argv[1]}
	}
	return argv, nil
}

// courseGame plays one game in dir as the course's build script and host do: delete
// input.txt and output.txt, copy the initial input.txt, then per move delete
// output.txt, run the player in dir (the submission as a fresh process of argv; the
// opponent, an arena agent, from the same position), and judge output.txt as the host
// does. It returns the winner, why the game ended, and the submission's CPU per move
// (0 for the opponent's moves).
func courseGame(t *testing.T, dir string, argv []string, ours board.Color, opp *arena.Agent, seed uint64) (board.Color, string, []time.Duration) {
	t.Helper()
	for _, name := range []string{"input.txt", "output.txt"} {
		os.Remove(filepath.Join(dir, name))
	}
	pos := board.New()
	var previous board.Stones
	writeInput := func() {
		var b bytes.Buffer
		board.FormatInput(&b, pos.Turn, previous, pos.Stones)
		if err := os.WriteFile(filepath.Join(dir, "input.txt"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeInput()
	cfg := &arena.Config{Games: 1, Jobs: 1, CPULimit: board.HostCPULimit}
	oppPlayer, err := opp.NewPlayer(arena.Seat{Color: ours.Other(), Game: 1, GameSeed: seed, MeasureCPU: true, Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	defer oppPlayer.Close()
	var cpus []time.Duration
	var history []board.Point
	for !pos.Over {
		mover := pos.Turn
		out := filepath.Join(dir, "output.txt")
		os.Remove(out)
		var cpu time.Duration
		if mover == ours {
			var stdout string
			_, stdout, _, cpu = runIn(t, dir, argv...)
			if stdout != "" {
				t.Errorf("move %d: the submission printed %q", pos.Move, stdout)
			}
			if cpu > board.HostCPULimit {
				return mover.Other(), fmt.Sprintf("move %d over the time limit: %v", pos.Move, cpu), cpus
			}
		} else {
			r := oppPlayer.Answer(context.Background(), &arena.Request{Pos: pos, Previous: previous, History: history})
			if r.Fault != "" {
				t.Fatalf("the opponent failed: %s", r.Detail)
			}
			var b bytes.Buffer
			board.WriteOutput(&b, r.Move)
			if err := os.WriteFile(out, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cpus = append(cpus, cpu)
		// The host's judgement: output.txt's first line, then the rules.
		data, err := os.ReadFile(out)
		if err != nil || len(data) == 0 {
			return mover.Other(), fmt.Sprintf("move %d: %s wrote no output.txt", pos.Move, mover), cpus
		}
		pt, err := board.ParseOutput(bytes.NewReader(data))
		if err != nil {
			return mover.Other(), fmt.Sprintf("move %d: %s wrote %q: %v", pos.Move, mover, data, err), cpus
		}
		if r := record.Judge(&pos, pt); r != "" {
			return mover.Other(), fmt.Sprintf("move %d: %s played %s: %s", pos.Move, mover, pt, r.Describe()), cpus
		}
		before := pos.Stones
		pos.Play(pt)
		history = append(history, pt)
		previous = before
		if pt == board.Pass {
			previous = pos.Stones
		}
		if !pos.Over {
			writeInput()
		}
	}
	black, white := pos.Score()
	return pos.Winner(), fmt.Sprintf("%d moves, Black %d, White %d + %.1f", len(history), black, white, board.Komi), cpus
}

// TestCourseBuildFlow runs a copy of the built folder the way the course's build
// script runs a submission (docs/RULES.md): *.so deleted, the program found by its
// name, each move a fresh `python3 my_player3.py` in the folder, output.txt deleted
// before each move, the host's judgement after it, both players in the one folder and
// its files kept from game to game. The submission must finish and win every game.
func TestCourseBuildFlow(t *testing.T) {
	canRunEngine(t)
	py := needPython(t)
	dir := copyFolder(t, sharedFolder(t).Dir)
	// A stray shared library is deleted by the grader before the games.
	if err := os.WriteFile(filepath.Join(dir, "stray.so"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	argv, err := courseCommand(dir, py)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(argv[1]) != launcherName {
		t.Fatalf("the build script would run %v, want %s", argv, launcherName)
	}
	opts := sharedFolder(t).Options
	opps := []string{"alphabeta"}
	if !testing.Short() {
		opps = []string{"alphabeta", "aggressive"}
	}
	var sched []scheduled
	for _, o := range opps {
		sched = append(sched, scheduled{o, board.Black}, scheduled{o, board.White})
	}
	for k, g := range sched {
		opp, err := arena.ParseAgent(g.opponent)
		if err != nil {
			t.Fatal(err)
		}
		winner, detail, cpus := courseGame(t, dir, argv, g.color, opp, arena.GameSeed(1015, k+1))
		what := fmt.Sprintf("game %d, %s against %s", k+1, g.color, g.opponent)
		if winner != g.color {
			t.Errorf("%s: lost: %s", what, detail)
		}
		checkOurMoves(t, what, cpus, opts, g.color)
		t.Logf("%s: won, %s", what, detail)
	}
	es := dirEntries(t, dir)
	for _, name := range []string{"littlego_state_black.txt", "littlego_state_white.txt", launcherName, engineName} {
		if !es[name] {
			t.Errorf("%s missing from the folder after the games (holds %v)", name, es)
		}
	}
	if strings.Contains(strings.Join(mapKeys(es), " "), ".so") {
		t.Errorf("a .so file survived the build script")
	}
}

func mapKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
