// levels_test.go: the levels against a from-scratch count, the shards' cover, and minimax over a level against the solver's direct answers.

package tablebase

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"littlego/board"
	"littlego/lib/racedetect"
	"littlego/solver"
)

// referenceClass names a position's class under the eight symmetries with no code of
// the package or of board.Symmetry: the least, over the eight maps of (i, j), of the
// board drawn as digits with the ko point marked, then the pass and game-over flags.
func referenceClass(p board.Position) string {
	maps := []func(i, j int) (int, int){
		func(i, j int) (int, int) { return i, j }, func(i, j int) (int, int) { return j, 4 - i },
		func(i, j int) (int, int) { return 4 - i, 4 - j }, func(i, j int) (int, int) { return 4 - j, i },
		func(i, j int) (int, int) { return 4 - i, j }, func(i, j int) (int, int) { return i, 4 - j },
		func(i, j int) (int, int) { return j, i }, func(i, j int) (int, int) { return 4 - j, 4 - i },
	}
	best := ""
	for _, m := range maps {
		var cells [25]byte
		for i := range 5 {
			for j := range 5 {
				pt := board.PointAt(i, j)
				c := byte('0' + p.Stones.At(pt))
				if p.Ko.Has(pt) {
					c = 'k'
				}
				ti, tj := m(i, j)
				cells[ti*5+tj] = c
			}
		}
		if s := string(cells[:]); best == "" || s < best {
			best = s
		}
	}
	return fmt.Sprintf("%s %d %t %t", best, p.Move, p.Passed, p.Over)
}

// referenceCounts walks every sequence of actions from the empty board, keeping one
// position per reference class, and returns per level the classes of running games and
// of finished ones.
func referenceCounts(last int) (running, finished []int) {
	level := []board.Position{board.New()}
	running, finished = []int{1}, []int{0}
	for l := 1; l <= last; l++ {
		seen := map[string]bool{}
		var next []board.Position
		over := 0
		for _, p := range level {
			for a := board.Point(0); a < board.NumActions; a++ {
				child := p
				if !child.Act(a) {
					continue
				}
				c := referenceClass(child)
				if seen[c] {
					continue
				}
				seen[c] = true
				if child.Over {
					over++
				} else {
					next = append(next, child)
				}
			}
		}
		level = next
		running, finished = append(running, len(next)), append(finished, over)
	}
	return running, finished
}

// Levels from the empty board hold the classes of running games a plain walk counts.
// With the finished games (two passes) the counts are those quoted for the opening
// table: 7 positions after one move, 91 after two, 1,043 after three, 12,482 after four.
func TestLevelsMatchAPlainCount(t *testing.T) {
	const last = 4
	levels, err := Levels(board.New(), last)
	if err != nil {
		t.Fatal(err)
	}
	running, finished := referenceCounts(last)
	quoted := []int{1, 7, 91, 1043, 12482}
	for l := range levels {
		if len(levels[l]) != running[l] {
			t.Errorf("level %d: %d positions, the plain walk finds %d", l, len(levels[l]), running[l])
		}
		if running[l]+finished[l] != quoted[l] {
			t.Errorf("level %d: %d running + %d finished, quoted %d", l, running[l], finished[l], quoted[l])
		}
		for i, p := range levels[l] {
			if int(p.Move) != l+1 || p.Over {
				t.Fatalf("level %d holds a position at move %d (over: %v)", l, p.Move, p.Over)
			}
			if c, _ := Canonical(p); c.Key() != p.Key() {
				t.Fatalf("level %d: position %d is not in canonical orientation", l, i)
			}
			if i > 0 && Key(&levels[l][i-1]) >= Key(&p) {
				t.Fatalf("level %d: positions %d and %d out of order", l, i-1, i)
			}
		}
		t.Logf("level %d: %d running, %d finished", l, running[l], finished[l])
	}
}

// The levels through 6, with the games two passes end counted apart: 108,891 positions
// through level 5 and 797,232 through level 6 (quoted as about 109,000 and 797,000).
func TestLevelCountsThroughSix(t *testing.T) {
	if testing.Short() || racedetect.Enabled {
		t.Skip("seconds of enumeration")
	}
	levels, err := Levels(board.New(), 6)
	if err != nil {
		t.Fatal(err)
	}
	through, records := 0, 0
	for l, level := range levels {
		finished := map[uint64]bool{}
		for _, p := range levels[max(l-1, 0)] {
			for a := board.Point(0); a < board.NumActions && l > 0; a++ {
				if child := p; child.Act(a) && child.Over {
					c, _ := Canonical(child)
					finished[Key(&c)] = true
				}
			}
		}
		through += len(level) + len(finished)
		records += len(level)
		t.Logf("level %d: %d running + %d finished = %d; %d through level %d; the table's records: %d (%d bytes)",
			l, len(level), len(finished), len(level)+len(finished), through, l, records, RecordSize*records)
		if quoted := map[int]int{5: 109000, 6: 797000}[l]; quoted > 0 && (through+500)/1000*1000 != quoted {
			t.Errorf("%d positions through level %d, quoted as about %d", through, l, quoted)
		}
	}
}

// Every index of a level is in exactly one shard, whatever the number of shards.
func TestShardsCoverEachIndexOnce(t *testing.T) {
	for _, size := range []int{0, 1, 7, 91, 1037} {
		for shards := 1; shards <= 40; shards++ {
			for i := range size {
				owners := 0
				for s := range shards {
					if InShard(i, s, shards) {
						owners++
					}
				}
				if owners != 1 {
					t.Fatalf("%d shards: index %d of %d is in %d shards", shards, i, size, owners)
				}
			}
		}
	}
}

// lateRootMoves are the actions to a position at move 17 (16 moves played) whose next three levels hold 10,
// 89 and 477 positions: a table cheap enough to build in a test.
var lateRootMoves = []board.Point{12, 7, 13, 11, 17, 8, 6, 16, 18, 2, 14, 22, 21, 3, 9, 23}

func lateRoot(t testing.TB) board.Position {
	pos := board.New()
	for _, a := range lateRootMoves {
		if !pos.Act(a) {
			t.Fatalf("the late root's move %v is illegal", a)
		}
	}
	return pos
}

// Minimax over the deepest level, solved by the solver, gives every earlier level the
// value and margin the solver finds for it directly, and a best action that achieves them.
func TestBackupMatchesTheSolver(t *testing.T) {
	levels, deepest, s := solvedLateLevels(t)
	out, err := Backup(levels, deepest)
	if err != nil {
		t.Fatal(err)
	}
	wins := 0
	for l, recs := range out[:len(out)-1] {
		for i, r := range recs {
			p, e := levels[l][i], r.Entry()
			direct := s.Solve(p, solver.Limits{})
			m := s.Margin(p, solver.Limits{})
			if !e.Known || e.Win != direct.Win || !e.MarginKnown || e.Margin != m.Margin {
				t.Fatalf("level %d: minimax gives %+v, the solver win %v margin %+d:\n%s", 16+l, e, direct.Win, m.Margin, p.String())
			}
			after := p
			if !after.Act(e.Best) {
				t.Fatalf("level %d: best action %v is illegal", 16+l, e.Best)
			}
			if got := s.Margin(after, solver.Limits{}); got.Margin != e.Margin {
				t.Fatalf("level %d: after the best action %v the margin is %+d, not %+d", 16+l, e.Best, got.Margin, e.Margin)
			}
			if e.Win {
				wins++
			}
		}
	}
	if wins == 0 || wins == len(out[1])+len(out[2])+1 {
		t.Errorf("%d wins for the side to move: want both values among the levels", wins)
	}
	// Without margins, the values alone back up the same way.
	for i, r := range deepest {
		e := r.Entry()
		deepest[i] = MakeRecord(r.Position(), Entry{Known: true, Win: e.Win, Best: board.NoPoint})
	}
	values, err := Backup(levels, deepest)
	if err != nil {
		t.Fatal(err)
	}
	for l := range values[:len(values)-1] {
		for i, r := range values[l] {
			if e, full := r.Entry(), out[l][i].Entry(); !e.Known || e.Win != full.Win || e.MarginKnown {
				t.Fatalf("level %d: values alone give %+v, with margins %+v", 16+l, e, full)
			}
		}
	}
}

// Backup refuses a deepest level with a position missing or one too many, and leaves a
// parent unknown when a child's value is unknown and no other child wins for it.
func TestBackupRefusesAnIncompleteLevel(t *testing.T) {
	levels, err := Levels(lateRoot(t), 18)
	if err != nil {
		t.Fatal(err)
	}
	var deepest []Record
	for _, p := range levels[2] {
		deepest = append(deepest, MakeRecord(p, Entry{Best: board.NoPoint})) // all unknown
	}
	if _, err := Backup(levels, deepest[1:]); err == nil || !strings.Contains(err.Error(), "positions") {
		t.Errorf("a missing position: %v", err)
	}
	extra := lateRoot(t)
	if _, err := Backup(levels, append(deepest[1:], MakeRecord(extra, Entry{}))); err == nil {
		t.Error("a position of another level was taken")
	}
	out, err := Backup(levels, deepest)
	if err != nil {
		t.Fatal(err)
	}
	if e := out[0][0].Entry(); e.Known || e.MarginKnown {
		t.Errorf("with every leaf unknown the root is %+v", e)
	}
}

// Fill gives entries above the last level that lack a value or a margin what their
// children prove (the values Backup computes), keeps what they have, and refuses an
// entry its children contradict.
func TestFillCompletesFromChildren(t *testing.T) {
	levels, deepest, _ := solvedLateLevels(t)
	full, err := Backup(levels, deepest)
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Sorted(slices.Values(slices.Concat(full...)))
	// Above the last level: every other entry unknown, the rest values without margins.
	holed := slices.Clone(want)
	for i, r := range holed {
		if r.Level() < 19 {
			e := r.Entry()
			if i%2 == 0 {
				e = Entry{Best: board.NoPoint}
			} else if e.MarginKnown {
				e.MarginKnown, e.Margin = false, 0
				if !e.Win {
					e.Best = board.NoPoint
				}
			}
			holed[i] = MakeRecord(r.Position(), e)
		}
	}
	if err := Fill(levels, holed); err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if holed[i].Entry().Known != want[i].Entry().Known || holed[i].Entry().Win != want[i].Entry().Win ||
			holed[i].Entry().Margin != want[i].Entry().Margin || !holed[i].Entry().MarginKnown {
			t.Fatalf("record %d: Fill gives %+v, minimax %+v", i, holed[i].Entry(), want[i].Entry())
		}
	}
	// A parent turned to the other value is refused.
	for i, r := range holed {
		if r.Level() == 18 {
			e := r.Entry()
			e.Win, e.Margin, e.Best = !e.Win, 6*(1-2*btoi(e.Margin > 2))+3, board.NoPoint
			holed[i] = MakeRecord(r.Position(), e)
			break
		}
	}
	if err := Fill(levels, holed); err == nil {
		t.Error("Fill took an entry its children contradict")
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// solvedLateLevels returns the levels of the late root through 19, the records of level
// 19 with the solver's values and margins, and the solver.
func solvedLateLevels(t *testing.T) ([][]board.Position, []Record, *solver.Solver) {
	t.Helper()
	levels, err := Levels(lateRoot(t), 19)
	if err != nil {
		t.Fatal(err)
	}
	s := solver.New(16)
	var deepest []Record
	for _, p := range levels[len(levels)-1] {
		m := s.Margin(p, solver.Limits{})
		win := (m.Margin >= board.BlackMargin) == (p.Turn == board.Black)
		deepest = append(deepest, MakeRecord(p, Entry{Known: true, Win: win, MarginKnown: true, Margin: m.Margin, Best: m.Best}))
	}
	return levels, deepest, s
}
