// sithash_test.go: the reproduction of KataGo's situation hash checked against the
// values KataGo's own test suite publishes (testdata/katago-hashes.json: boards of
// 19×19, 13×7, 7×13, 9×9 and 7×7, with captures), and the course's positions recorded
// in testdata/hashes-5x5.json (the empty board, captures, a ko, symmetric roots).

package katago

import (
	"encoding/json"
	"fmt"
	"littlego/board"
	"os"
	"strings"
	"testing"
	"time"
)

// kataCase is one position of KataGo's test outputs.
type kataCase struct {
	Source        string
	XSize, YSize  int
	InitialStones [][2]string
	Moves         [][2]string
	CurrentPlayer string
	ThisHash      string
	SymHash       string
	Rules         string
}

// kataVertex reads a GTP vertex on a board of ySize rows: x from the left (no I), y
// from the top.
func kataVertex(t *testing.T, v string, ySize int) (int, int) {
	t.Helper()
	v = strings.ToUpper(v)
	col := int(v[0] - 'A')
	if v[0] > 'I' {
		col--
	}
	row := 0
	for _, c := range v[1:] {
		row = row*10 + int(c-'0')
	}
	return col, ySize - row
}

// play plays a stone of colour c at (x, y) as KataGo's Board does: the opponent's
// chains without a liberty are captured, then the mover's own chain if it has none
// (multi-stone suicide, which KataGo's tolerant replay allows); a single stone capturing
// a single stone and left with one liberty sets the ko point.
func (b *kataBoard) play(x, y int, c int8) {
	b.color[y][x] = c
	captured, koX, koY := 0, -1, -1
	for _, n := range b.neighbours(x, y) {
		if b.color[n[1]][n[0]] == 3-c {
			if chain, libs := b.chain(n[0], n[1]); libs == 0 {
				for _, s := range chain {
					b.color[s[1]][s[0]] = 0
				}
				captured += len(chain)
				koX, koY = n[0], n[1]
			}
		}
	}
	own, libs := b.chain(x, y)
	if libs == 0 {
		for _, s := range own {
			b.color[s[1]][s[0]] = 0
		}
	}
	b.koX, b.koY = -1, -1
	if captured == 1 && len(own) == 1 && libs == 1 {
		b.koX, b.koY = koX, koY
	}
}

func (b *kataBoard) neighbours(x, y int) [][2]int {
	var out [][2]int
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		nx, ny := x+d[0], y+d[1]
		if nx >= 0 && ny >= 0 && nx < b.xSize && ny < b.ySize {
			out = append(out, [2]int{nx, ny})
		}
	}
	return out
}

// chain returns the chain at (x, y) and its number of liberties.
func (b *kataBoard) chain(x, y int) ([][2]int, int) {
	c := b.color[y][x]
	seen := map[[2]int]bool{{x, y}: true}
	libs := map[[2]int]bool{}
	stack, out := [][2]int{{x, y}}, [][2]int{}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out = append(out, p)
		for _, n := range b.neighbours(p[0], p[1]) {
			switch b.color[n[1]][n[0]] {
			case 0:
				libs[n] = true
			case c:
				if !seen[n] {
					seen[n] = true
					stack = append(stack, n)
				}
			}
		}
	}
	return out, len(libs)
}

// The generator is KataGo's: its XorShift1024Mult and PCG32 self-tests'
// expected values (cpp/core/rand.cpp) come out of the two halves as written here.
func TestKataRandHalves(t *testing.T) {
	r := &kataRand{pcg: 123}
	want := []uint32{0xb3766cbd, 0x65fdd305, 0x2a3b9b9c, 0x09a2dee9}
	for k, w := range want {
		r.pcg = r.pcg*6364136223846793005 + 1442695040888963407
		x := uint32(((r.pcg >> 18) ^ r.pcg) >> 27)
		rot := uint(r.pcg >> 59)
		if got := x>>rot | x<<((32-rot)&31); got != w {
			t.Errorf("PCG32(123) output %d: %08x, want %08x", k, got, w)
		}
	}
	x := &kataRand{a: [16]uint64{15148282349006049087, 3601266951833665894, 16929445066801446424, 13475938501103070154,
		15713138009143754412, 4148159782736716337, 16035594834001032141, 5555591070439871209, 4101130512537511022,
		12821547636792886909, 9050874162294428797, 6187760405891629771, 10053646276519763308, 2219782655280501359,
		3719698449347562208, 5421263376768154227}}
	for k, w := range []uint32{0x749746d1, 0x9242ca14, 0x98db98a1, 0x1348e491} {
		// next32 adds the PCG32's output: take it away again.
		p := x.pcg*6364136223846793005 + 1442695040888963407
		px := uint32(((p >> 18) ^ p) >> 27)
		rot := uint(p >> 59)
		if got := x.next32() - (px>>rot | px<<((32-rot)&31)); got != w {
			t.Errorf("XorShift1024Mult output %d: %08x, want %08x", k, got, w)
		}
	}
}

// KataGo's published thisHash and symHash of eleven positions on five board sizes
// (square and not, transposes included, captures in the 72- and 14-move games) are
// reproduced exactly.
func TestKataGoHashesOfItsOwnTests(t *testing.T) {
	data, err := os.ReadFile("testdata/katago-hashes.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []kataCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 10 {
		t.Fatalf("%d cases", len(cases))
	}
	for k, c := range cases {
		b := &kataBoard{xSize: c.XSize, ySize: c.YSize, koX: -1, koY: -1, color: make([][]int8, c.YSize)}
		for y := range b.color {
			b.color[y] = make([]int8, c.XSize)
		}
		colour := func(s string) int8 {
			if strings.EqualFold(s, "W") {
				return 2
			}
			return 1
		}
		for _, s := range c.InitialStones {
			x, y := kataVertex(t, s[1], c.YSize)
			b.color[y][x] = colour(s[0])
		}
		next := int8(0)
		for _, m := range c.Moves {
			col := colour(m[0])
			if next != 0 && col != next {
				b.koX, b.koY = -1, -1 // KataGo clears the ko when a colour moves out of turn
			}
			if strings.EqualFold(m[1], "pass") {
				b.koX, b.koY = -1, -1
			} else {
				x, y := kataVertex(t, m[1], c.YSize)
				b.play(x, y, col)
			}
			next = 3 - col
		}
		this, sym := b.hashes(int(colour(c.CurrentPlayer)))
		if this.String() != c.ThisHash || sym.String() != c.SymHash {
			t.Errorf("case %d (%dx%d, %d moves): thisHash %s symHash %s, KataGo's %s %s (%s)", k, c.XSize, c.YSize, len(c.Moves), this, sym, c.ThisHash, c.SymHash, c.Source)
		}
	}
}

// courseHash is one recorded position of the course's board.
type courseHash struct {
	Name          string
	Moves         [][2]string
	CurrentPlayer string
	Ko            bool
	ThisHash      string
	SymHash       string
}

// The course's positions (testdata/hashes-5x5.json: the empty board, captures, a ko
// taken and retaken, a finished game) hash as recorded, whether the board is replayed
// by the course's rules or by KataGo's (the ko point each finds is the same), and the
// analysis engine's rootInfo carries them.
func TestCourseHashes(t *testing.T) {
	data, err := os.ReadFile("testdata/hashes-5x5.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []courseHash
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	kos := 0
	s := startServer(t, quickConfig(1))
	for k, c := range cases {
		pos := board.New()
		kb := &kataBoard{xSize: 5, ySize: 5, koX: -1, koY: -1, color: make([][]int8, 5)}
		for y := range kb.color {
			kb.color[y] = make([]int8, 5)
		}
		for _, m := range c.Moves {
			p, err := board.ParseVertex(m[1])
			if err != nil || !pos.Act(p) {
				t.Fatalf("%s: move %v", c.Name, m)
			}
			if p == board.Pass {
				kb.koX, kb.koY = -1, -1
				continue
			}
			x, y := kataVertex(t, m[1], 5)
			kb.play(x, y, map[string]int8{"B": 1, "W": 2}[m[0]])
		}
		this, sym := situationHashes(&pos)
		pla := map[string]int{"B": 1, "W": 2}[c.CurrentPlayer]
		kt, ks := kb.hashes(pla)
		if this != c.ThisHash || sym != c.SymHash || kt.String() != this || ks.String() != sym {
			t.Errorf("%s: %s %s, by KataGo's rules %s %s, recorded %s %s", c.Name, this, sym, kt, ks, c.ThisHash, c.SymHash)
		}
		if c.Ko {
			kos++
		}
		if pos.Over {
			continue
		}
		id := fmt.Sprintf("h%d", k)
		q := newQuery(id, "")
		q["moves"], q["maxVisits"] = c.Moves, 1
		if err := s.Send(q); err != nil {
			t.Fatal(err)
		}
		finals, _, err := s.Collect(id, 1, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		root := sub(t, finals[len(c.Moves)], "rootInfo")
		if root["thisHash"] != c.ThisHash || root["symHash"] != c.SymHash || root["currentPlayer"] != c.CurrentPlayer {
			t.Errorf("%s: rootInfo %v %v %v; recorded %s %s", c.Name, root["thisHash"], root["symHash"], root["currentPlayer"], c.ThisHash, c.SymHash)
		}
	}
	if len(cases) < 10 || kos < 2 {
		t.Errorf("%d positions, %d with a ko point: want ten or more, kos among them", len(cases), kos)
	}
}

// On a symmetric root (after C3 every symmetry of the board keeps the position) the
// moves a symmetry maps onto one listed before them name it in isSymmetryOf, as KataGo
// marks them; on a root with no symmetry none does.
func TestIsSymmetryOf(t *testing.T) {
	s := startServer(t, quickConfig(1))
	for _, c := range []struct {
		moves   string
		classes int // moves without isSymmetryOf (the pass among them)
	}{{"B C3", 5 + 1}, {"B C3 W D2 B B2", 0}} {
		q := newQuery("sym", c.moves)
		q["maxVisits"] = 50
		if err := s.Send(q); err != nil {
			t.Fatal(err)
		}
		finals, _, err := s.Collect("sym", 1, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		var r map[string]any
		for _, f := range finals {
			r = f
		}
		order := map[string]int{}
		reps := 0
		for k, e := range r["moveInfos"].([]any) {
			m := e.(map[string]any)
			order[m["move"].(string)] = k
			rep, ok := m["isSymmetryOf"].(string)
			if !ok {
				reps++
				continue
			}
			if at, seen := order[rep]; !seen || at >= k {
				t.Errorf("%s: %s isSymmetryOf %s, which is not listed before it", c.moves, m["move"], rep)
			}
		}
		if c.classes > 0 && reps != c.classes || c.classes == 0 && reps != len(order) {
			t.Errorf("%s: %d moves without isSymmetryOf of %d", c.moves, reps, len(order))
		}
	}
}
