// board_test.go: group finding, moves with gravity and hashing against a naive grid model, and every shared test case.

package fruitrage

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// naiveGrid is the board as the assignment draws it: rows top first, '*' for empty.
type naiveGrid [][]byte

func gridOf(b *Board) naiveGrid {
	g := make(naiveGrid, b.N)
	for r := range g {
		g[r] = make([]byte, b.N)
		for c := range g[r] {
			if d := b.At(c, r); d == Empty {
				g[r][c] = '*'
			} else {
				g[r][c] = '0' + d
			}
		}
	}
	return g
}

// play takes the group at (c, r) by a recursive fill and lets the columns fall by
// repeated swaps, the slow obvious way; it returns the fruits taken.
func (g naiveGrid) play(c, r int) int {
	n := len(g)
	d := g[r][c]
	var fill func(c, r int) int
	fill = func(c, r int) int {
		if c < 0 || r < 0 || c >= n || r >= n || g[r][c] != d {
			return 0
		}
		g[r][c] = '*'
		return 1 + fill(c-1, r) + fill(c+1, r) + fill(c, r-1) + fill(c, r+1)
	}
	taken := fill(c, r)
	for moved := true; moved; {
		moved = false
		for r := n - 1; r > 0; r-- {
			for c := 0; c < n; c++ {
				if g[r][c] == '*' && g[r-1][c] != '*' {
					g[r][c], g[r-1][c] = g[r-1][c], '*'
					moved = true
				}
			}
		}
	}
	return taken
}

func (g naiveGrid) String() string {
	var sb strings.Builder
	for _, row := range g {
		sb.Write(row)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// TestPlayMatchesNaiveModel plays random games and checks every move's points, the next
// board, the fruit count and the incremental hash against the naive model.
func TestPlayMatchesNaiveModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var g Groups
	games := 60
	if testing.Short() {
		games = 15
	}
	for game := 0; game < games; game++ {
		n := 1 + rng.IntN(MaxSize)
		p := 1 + rng.IntN(Digits)
		b := RandomBoard(n, p, rng)
		for !b.IsEmpty() {
			g.Find(&b)
			i := rng.IntN(g.Count)
			m := g.Rep[i]
			// Name the move by a random cell of its group.
			for {
				c, l := rng.IntN(n), rng.IntN(n)
				if l < int(b.Height[c]) && g.Label[c][l] == int16(i) {
					m = Move{int8(c), int8(l)}
					break
				}
			}
			want := gridOf(&b)
			taken := want.play(int(m.Col), n-1-int(m.Level))
			var child Board
			pts := Play(&child, &b, &g, g.GroupOf(m))
			if pts != taken*taken || int(g.Size[i]) != taken {
				t.Fatalf("game %d: %s scored %d, want %d²", game, b.Name(m), pts, taken)
			}
			if got := gridOf(&child).String(); got != want.String() {
				t.Fatalf("game %d: after %s got\n%swant\n%s", game, b.Name(m), got, want)
			}
			fresh := NewBoard(n, want)
			if fresh.Hash != child.Hash || fresh.Fruits != child.Fruits || fresh != child {
				t.Fatalf("game %d: after %s the board differs from one built afresh (hash %x want %x, fruits %d want %d)",
					game, b.Name(m), child.Hash, fresh.Hash, child.Fruits, fresh.Fruits)
			}
			b = child
		}
	}
}

// TestGroupsCoverBoard checks that groups partition the fruits, are connected single
// digits, and that neighbouring equal digits share a group.
func TestGroupsCoverBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var g Groups
	for k := 0; k < 40; k++ {
		b := RandomBoard(1+rng.IntN(MaxSize), 1+rng.IntN(4), rng)
		g.Find(&b)
		total := 0
		sizes := make([]int, g.Count)
		for c := 0; c < b.N; c++ {
			for l := 0; l < int(b.Height[c]); l++ {
				id := g.Label[c][l]
				sizes[id]++
				if c+1 < b.N && l < int(b.Height[c+1]) && b.Cells[c+1][l] == b.Cells[c][l] && g.Label[c+1][l] != id {
					t.Fatalf("equal neighbours in different groups at column %d level %d", c, l)
				}
				if l+1 < int(b.Height[c]) && b.Cells[c][l+1] == b.Cells[c][l] && g.Label[c][l+1] != id {
					t.Fatalf("equal neighbours in different groups at column %d level %d", c, l)
				}
				rep := g.Rep[id]
				if b.Cells[rep.Col][rep.Level] != b.Cells[c][l] {
					t.Fatalf("group %d mixes digits", id)
				}
			}
		}
		largest := 0
		for id, sz := range sizes {
			total += sz
			largest = max(largest, sz)
			if int(g.Size[id]) != sz {
				t.Fatalf("group %d: size %d, counted %d", id, g.Size[id], sz)
			}
		}
		if total != b.Fruits || largest != g.Largest {
			t.Fatalf("groups cover %d fruits of %d; largest %d, want %d", total, b.Fruits, g.Largest, largest)
		}
	}
}

// caseDir holds the Fruit Rage cases (testdata/CASES.md).
const caseDir = "testdata"

// cases returns the case folders.
func cases(t testing.TB) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join(caseDir, "*", "input.txt"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no Fruit Rage test data in %s: %v", caseDir, err)
	}
	for i := range dirs {
		dirs[i] = filepath.Dir(dirs[i])
	}
	return dirs
}

// checkAnswer checks that out is 1+n lines naming a legal move of in's board followed by
// exactly the board that move leaves.
func checkAnswer(t *testing.T, name string, b *Board, out []byte) {
	t.Helper()
	m, rows, err := ParseOutput(bytes.NewReader(out), b.N)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if n := bytes.Count(out, []byte{'\n'}); n != 1+b.N || out[len(out)-1] != '\n' {
		t.Fatalf("%s: %d lines, want exactly %d", name, n, 1+b.N)
	}
	if !b.Legal(m) {
		t.Fatalf("%s: move %s names an empty cell", name, b.Name(m))
	}
	want := gridOf(b)
	want.play(int(m.Col), b.N-1-int(m.Level))
	if string(rows) != want.String() {
		t.Fatalf("%s: after %s the file shows\n%swant\n%s", name, b.Name(m), rows, want)
	}
}

// TestCasesGivenOutputs checks the checker: every shipped output.txt passes it.
func TestCasesGivenOutputs(t *testing.T) {
	for _, dir := range cases(t) {
		data, err := os.ReadFile(filepath.Join(dir, "output.txt"))
		if os.IsNotExist(err) {
			continue
		}
		in := readCase(t, dir)
		checkAnswer(t, filepath.Base(dir), &in.Board, data)
	}
}

func readCase(t *testing.T, dir string) Input {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "input.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in, err := ParseInput(f)
	if err != nil {
		t.Fatalf("%s: %v", filepath.Base(dir), err)
	}
	return in
}

// TestParseInputTolerant reads CRLF, tabs, no final newline and digits ≥ p.
func TestParseInputTolerant(t *testing.T) {
	in, err := ParseInput(strings.NewReader("3\r\n2\r\n24.345\t\r\n***\r\n*95\r\n000"))
	if err != nil {
		t.Fatal(err)
	}
	if in.Remaining != 24.345 || in.Board.N != 3 || in.Board.Fruits != 5 || in.Board.At(1, 1) != 9 {
		t.Fatalf("parsed %+v", in)
	}
	for _, bad := range []string{"", "0\n1\n1\n", "27\n1\n1\n", "2\n1\nx\n00\n00\n", "2\n1\n1\n00\n0\n", "2\n1\n1\n0a\n00\n", "2\n1\n1\n**\n**\n", "2\n1\n1\n00\n"} {
		if _, err := ParseInput(strings.NewReader(bad)); err == nil {
			t.Errorf("ParseInput(%q) accepted", bad)
		}
	}
}

// TestMoveNames checks the assignment's naming: column letter, row from the top from 1.
func TestMoveNames(t *testing.T) {
	in, err := ParseInput(strings.NewReader("10\n4\n1\n" + strings.Repeat("0123456789\n", 10)))
	if err != nil {
		t.Fatal(err)
	}
	b := &in.Board
	m := b.MoveAt(6, 7)
	if b.Name(m) != "G8" || b.At(6, 7) != 6 {
		t.Fatalf("MoveAt(6, 7) is %s holding %d", b.Name(m), b.At(6, 7))
	}
	if got, err := ParseMove("G8", 10); err != nil || got != m {
		t.Fatalf("ParseMove(G8) = %v, %v", got, err)
	}
	for _, bad := range []string{"", "G", "G0", "G11", "K1", "g8", "8G"} {
		if _, err := ParseMove(bad, 10); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
	if name := b.Name(b.MoveAt(25%10, 0)); name != "F1" {
		t.Fatalf("top row of column F is %s", name)
	}
}

// TestFindAllocatesNothing checks the hot path: labelling and playing allocate nothing.
func TestFindAllocatesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	b := RandomBoard(26, 9, rng)
	g := new(Groups)
	child := new(Board)
	allocs := testing.AllocsPerRun(20, func() {
		g.Find(&b)
		Play(child, &b, g, g.Count/2)
	})
	if allocs != 0 {
		t.Fatalf("Find and Play allocate %.1f times a run", allocs)
	}
}
