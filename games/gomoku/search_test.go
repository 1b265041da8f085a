// search_test.go: minimax against alpha-beta and a plain reference search, the greedy choice, win as terminal, log shape, no allocations.

package gomoku

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// randomProblem places stones clustered around a random point (near an edge or a
// corner now and then, so the search meets the edge) on an n x n board.
func randomProblem(rng *rand.Rand, n, stones int, task Task, depth int) *Problem {
	rows := make([][]byte, n)
	for i := range rows {
		rows[i] = bytes.Repeat([]byte{'.'}, n)
	}
	ci, cj := rng.IntN(n), rng.IntN(n)
	for placed := 0; placed < stones; {
		i := min(max(ci+rng.IntN(7)-3, 0), n-1)
		j := min(max(cj+rng.IntN(7)-3, 0), n-1)
		if rows[i][j] == '.' {
			rows[i][j] = "bw"[placed%2]
			placed++
		}
	}
	strs := make([]string, n)
	for i := range rows {
		strs[i] = string(rows[i])
	}
	b, err := NewBoard(strs)
	if err != nil {
		panic(err)
	}
	return &Problem{Task: task, Player: Stone(1 + rng.IntN(2)), Depth: depth, Board: b}
}

// referenceValue is plain depth-limited minimax on a copy of the board, without logs,
// written apart from the Searcher: it returns the value of the position reached with
// path value sum, the side to move being max when maxTurn.
func referenceValue(b *Board, player Stone, depth, dep, sum int, maxTurn bool) int {
	mover := player
	best := -infinity
	if !maxTurn {
		mover, best = player.Opponent(), infinity
	}
	for i := 0; i < b.Size; i++ {
		for j := 0; j < b.Size; j++ {
			q := Index(i, j)
			if !b.Legal(q) {
				continue
			}
			mv, win := Evaluate(b, q, mover)
			if !maxTurn {
				mv = -mv
			}
			v := sum + mv
			if !win && dep+1 < depth && b.Stones()+1 < b.Size*b.Size {
				c := *b
				c.Place(q, mover)
				v = referenceValue(&c, player, depth, dep+1, v, !maxTurn)
			}
			if maxTurn {
				best = max(best, v)
			} else {
				best = min(best, v)
			}
		}
	}
	return best
}

// searchCases returns the official problems (when present) and seeded random ones,
// with the task left to the caller.
func searchCases(t *testing.T) []*Problem {
	var probs []*Problem
	for _, c := range loadOfficial(t) {
		p, err := Parse(bytes.NewReader(c.input))
		if err != nil {
			t.Fatal(err)
		}
		if p.Task == Greedy {
			p.Depth = 3
		}
		probs = append(probs, p)
	}
	rng := rand.New(rand.NewPCG(561, 2016))
	count := 40
	if testing.Short() {
		count = 12
	}
	for k := 0; k < count; k++ {
		n := []int{15, 19, 25}[k%3]
		depth := 1 + k%3
		stones := 2 + rng.IntN(10)
		if k%8 == 7 {
			depth, stones = 4, 1+rng.IntN(3)
		}
		probs = append(probs, randomProblem(rng, n, stones, Minimax, depth))
	}
	return probs
}

func TestMinimaxAndAlphaBetaAgree(t *testing.T) {
	s := NewSearcher()
	var totalMM, totalAB int64
	for k, p := range searchCases(t) {
		mm, ab := *p, *p
		mm.Task, ab.Task = Minimax, AlphaBeta
		rm, err := s.Solve(&mm, nil)
		if err != nil {
			t.Fatal(err)
		}
		ra, err := s.Solve(&ab, nil)
		if err != nil {
			t.Fatal(err)
		}
		name := "problem " + itoa(k) + " (" + itoa(p.Board.Size) + "x" + itoa(p.Board.Size) + ", depth " + itoa(p.Depth) + ")"
		if rm.Move != ra.Move || rm.Value != ra.Value {
			t.Errorf("%s: minimax %s (%d), alpha-beta %s (%d)", name,
				Name(rm.Move, p.Board.Size), rm.Value, Name(ra.Move, p.Board.Size), ra.Value)
		}
		if ra.Nodes > rm.Nodes {
			t.Errorf("%s: alpha-beta visited %d nodes, minimax %d", name, ra.Nodes, rm.Nodes)
		}
		if want := 2 + 2*rm.Nodes; rm.LogLines != want {
			t.Errorf("%s: minimax log has %d lines, want 2 + 2 x %d nodes", name, rm.LogLines, rm.Nodes)
		}
		if p.Depth <= 3 || !testing.Short() {
			if ref := referenceValue(p.Board, p.Player, p.Depth, 0, 0, true); ref != rm.Value {
				t.Errorf("%s: minimax value %d, reference %d", name, rm.Value, ref)
			}
		}
		totalMM += rm.Nodes
		totalAB += ra.Nodes
		t.Logf("%s: move %s value %d, nodes minimax %d alpha-beta %d", name, Name(rm.Move, p.Board.Size), rm.Value, rm.Nodes, ra.Nodes)
	}
	t.Logf("all problems: minimax %d nodes, alpha-beta %d (%.1f%%)", totalMM, totalAB, 100*float64(totalAB)/float64(totalMM))
}

func TestGreedyPicksFirstBestMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for k := 0; k < 30; k++ {
		p := randomProblem(rng, 15+k%11, 3+rng.IntN(20), Greedy, 1)
		res, err := Solve(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		best, bestValue := -1, 0
		for _, q := range ExpansionOrder(p.Board.Size) {
			if !p.Board.Legal(q) {
				continue
			}
			if v, _ := Evaluate(p.Board, q, p.Player); best < 0 || v > bestValue {
				best, bestValue = q, v
			}
		}
		if res.Move != best || res.Value != bestValue {
			t.Errorf("greedy chose %s (%d), want %s (%d)", Name(res.Move, p.Board.Size), res.Value, Name(best, p.Board.Size), bestValue)
		}
		if res.LogLines != 0 {
			t.Errorf("greedy counted %d log lines", res.LogLines)
		}
	}
}

// problemFrom parses an input file given as a string.
func problemFrom(t *testing.T, input string) *Problem {
	t.Helper()
	p, err := Parse(strings.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestWinIsTerminal(t *testing.T) {
	// Black (max) completes five at F11 with the first winning move in expansion order.
	// That child is a leaf at depth 1 of a depth-3 search: its line is followed at once
	// by the root's update, with no depth-2 line under it.
	board := strings.Repeat("...............\n", 4) +
		".bbbb..........\n" +
		".wwww..........\n" +
		strings.Repeat("...............\n", 9)
	for _, task := range []string{"2", "3"} {
		p := problemFrom(t, task+"\n1\n3\n15\n"+board)
		var log bytes.Buffer
		res, err := Solve(p, &log)
		if err != nil {
			t.Fatal(err)
		}
		if got := Name(res.Move, 15); got != "A11" {
			t.Errorf("task %s: move %s, want A11 (the first winning move)", task, got)
		}
		lines := strings.Split(log.String(), "\n")
		found := false
		for i, l := range lines {
			if strings.HasPrefix(l, "A11,1,") {
				found = true
				if !strings.HasPrefix(lines[i+1], "root,0,") {
					t.Errorf("task %s: the winning child is not a leaf: %q then %q", task, l, lines[i+1])
				}
				// A11 makes five against the left edge and touches nothing else.
				if f := strings.Split(l, ","); f[2] != itoa(Win) {
					t.Errorf("task %s: winning line %q, want value %d", task, l, Win)
				}
			}
		}
		if !found {
			t.Errorf("task %s: no A11 line at depth 1", task)
		}
		if res.Value < Win {
			t.Errorf("task %s: root value %d below a win", task, res.Value)
		}
	}
}

func TestLogValuesFiniteAfterUpdates(t *testing.T) {
	// Near-full board: the search reaches positions with no legal move (draws, leaves)
	// and must still print integer values on every update line.
	rng := rand.New(rand.NewPCG(7, 7))
	rows := make([]string, 15)
	for i := range rows {
		var r []byte
		for j := 0; j < 15; j++ {
			// A checkerboard of 2x2 blocks has no five anywhere.
			r = append(r, "bw"[((i/2)+(j/2))%2])
		}
		rows[i] = string(r)
	}
	for k := 0; k < 3; k++ {
		i, j := rng.IntN(15), rng.IntN(15)
		rows[i] = rows[i][:j] + "." + rows[i][j+1:]
	}
	for _, task := range []string{"2", "3"} {
		p := problemFrom(t, task+"\n2\n4\n15\n"+strings.Join(rows, "\n")+"\n")
		var log bytes.Buffer
		if _, err := Solve(p, &log); err != nil {
			t.Fatal(err)
		}
		if bytes.Count(log.Bytes(), []byte("Infinity,")) == 0 && task == "3" {
			t.Errorf("alpha-beta log shows no initial alpha")
		}
		// An update line (a node's line after a child returns) has a smaller depth than
		// the line before it; an inner node's first line shows Infinity, its updates
		// never do.
		prevDepth := -1
		for l := range strings.SplitSeq(strings.TrimSuffix(log.String(), "\n"), "\n") {
			f := strings.Split(l, ",")
			if f[0] == "Move" {
				continue
			}
			d := int(f[1][0] - '0')
			if d < prevDepth && strings.HasSuffix(f[2], "Infinity") {
				t.Fatalf("task %s: update line with an infinite value: %q", task, l)
			}
			prevDepth = d
		}
	}
}

func TestNoLegalMove(t *testing.T) {
	empty := strings.Repeat("...............\n", 15)
	if _, err := Solve(problemFrom(t, "2\n1\n2\n15\n"+empty), io.Discard); err != ErrNoLegalMove {
		t.Errorf("empty board: err %v, want ErrNoLegalMove", err)
	}
	full := strings.Repeat("bbwwbbwwbbwwbbw\n", 15)
	if _, err := Solve(problemFrom(t, "1\n1\n2\n15\n"+full), nil); err != ErrNoLegalMove {
		t.Errorf("full board: err %v, want ErrNoLegalMove", err)
	}
}

func TestSearchAllocatesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	p := randomProblem(rng, 19, 6, AlphaBeta, 3)
	mm := *p
	mm.Task = Minimax
	s := NewSearcher()
	for _, q := range []*Problem{p, &mm} {
		if _, err := s.Solve(q, io.Discard); err != nil {
			t.Fatal(err)
		}
		if allocs := testing.AllocsPerRun(3, func() { s.Solve(q, io.Discard) }); allocs != 0 {
			t.Errorf("%v: %v allocations per search, want 0", q.Task, allocs)
		}
	}
}
