// golden_test.go: the engine's moves over a fixed corpus in reproducible mode, compared with testdata/moves.golden.

package engine

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"littlego/board"
	"littlego/board/boardtest"
)

var update = flag.Bool("update", false, "rewrite testdata/moves.golden from the current engine")

const goldenFile = "testdata/moves.golden"

// goldenCase is one position of the corpus with a name that stays put across runs.
type goldenCase struct {
	name string
	pos  board.Position
}

// goldenCorpus returns the corpus: the solved and host-judged test positions, a few
// hand-made edge cases, and seeded random games (passes included) stopped at several
// move numbers.
func goldenCorpus(t *testing.T) []goldenCase {
	var out []goldenCase
	for i, s := range boardtest.MustLoadSolved(t) {
		out = append(out, goldenCase{fmt.Sprintf("solved-%02d", i), s.Pos})
	}
	for i, h := range boardtest.MustLoadHostJudged(t) {
		if i%20 != 0 {
			continue
		}
		in, err := board.ParseInput(strings.NewReader(h.Input))
		if err != nil {
			t.Fatalf("host position %d: %v", i, err)
		}
		out = append(out, goldenCase{fmt.Sprintf("host-%03d", i), in.Position(h.Move)})
	}
	rng := rand.New(rand.NewPCG(2026, 22))
	for _, move := range []int{1, 2, 3, 4, 6, 8, 9, 11, 13, 15, 17, 19, 21, 23, 24} {
		for k := 0; k < 3; k++ {
			pos, ok := randomGame(rng, move)
			if !ok {
				continue
			}
			out = append(out, goldenCase{fmt.Sprintf("random-m%02d-%d", move, k), pos})
		}
	}
	// A finished game, and a position where the opponent has passed and the side to
	// move wins on the board.
	over := board.New()
	for !over.Over {
		over.Pass()
	}
	out = append(out, goldenCase{"over", over})
	won := boardtest.MustDiagram(t, "XXXXX .XXXX XXX.. OOOOO .....", board.White, 10)
	won.Pass()
	out = append(out, goldenCase{"passed-and-winning", won})
	return out
}

// randomGame plays uniformly random actions (a pass one time in eight) from the empty
// board until move is about to be played; ok is false if the game ended first.
func randomGame(rng *rand.Rand, move int) (board.Position, bool) {
	pos := board.New()
	for int(pos.Move) < move && !pos.Over {
		legal := pos.Legal()
		if legal == 0 || rng.IntN(8) == 0 {
			pos.Pass()
			continue
		}
		pos.Play(legal.Nth(rng.IntN(legal.Count())))
	}
	return pos, !pos.Over && int(pos.Move) == move
}

// goldenOptions are the option sets the corpus is played under, all reproducible: one
// worker, a fixed number of playouts, a fixed seed.
func goldenOptions() []struct {
	name string
	opts Options
} {
	full := Defaults()
	full.Playouts, full.Workers, full.Seed = 1500, 1, 7
	search := full
	search.Book, search.Solve, search.Playouts, search.Seed = false, false, 800, 11
	return []struct {
		name string
		opts Options
	}{{"full", full}, {"search", search}}
}

// describe writes a position compactly, so that a changed corpus shows in the diff.
func describe(pos board.Position) string {
	var b strings.Builder
	for p := board.Point(0); p < board.NumPoints; p++ {
		b.WriteByte(".XO"[pos.Stones.At(p)])
	}
	fmt.Fprintf(&b, " %s m%d", pos.Turn, pos.Move)
	if pos.Passed {
		b.WriteString(" passed")
	}
	if pos.Ko != 0 {
		fmt.Fprintf(&b, " ko%s", pos.Ko.First())
	}
	if pos.Over {
		b.WriteString(" over")
	}
	return b.String()
}

// The engine's move and method on every corpus position under every option set are
// those recorded in testdata/moves.golden (go test -run TestGoldenMoves -update
// rewrites the file; do that only for a change meant to alter the moves).
func TestGoldenMoves(t *testing.T) {
	var lines []string
	for _, set := range goldenOptions() {
		e, err := New(set.opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range goldenCorpus(t) {
			mv, rep := e.GenMove(c.pos)
			if !c.pos.Over && !c.pos.IsLegal(mv) {
				t.Errorf("%s/%s: illegal move %v", set.name, c.name, mv)
			}
			lines = append(lines, fmt.Sprintf("%s %s %s %s %s", set.name, c.name, mv, rep.Method, describe(c.pos)))
		}
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(goldenFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenFile, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(lines) {
		t.Fatalf("%d golden lines, the engine gave %d", len(want), len(lines))
	}
	for i := range lines {
		if lines[i] != want[i] {
			t.Errorf("got  %s\nwant %s", lines[i], want[i])
		}
	}
}
