// hostdata_test.go: board agrees with every position judged by the course host's rules (../shared/testdata/littlego).

package board

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// hostDataDir is where the host-judged positions live, beside the project.
var hostDataDir = filepath.Join("..", "..", "shared", "testdata", "littlego")

type hostPosition struct {
	Kind  string `json:"kind"`
	Move  int    `json:"move"`
	Input string `json:"input"`
	Legal map[string]struct {
		Board    []string `json:"board"`
		Captured int      `json:"captured"`
	} `json:"legal"`
	IllegalKo      []string `json:"illegal_ko"`
	IllegalSuicide []string `json:"illegal_suicide"`
	PassEndsGame   bool     `json:"pass_ends_game"`
}

func readJSONL[T any](t *testing.T, name string) []T {
	t.Helper()
	f, err := os.Open(filepath.Join(hostDataDir, name))
	if err != nil {
		t.Skipf("host test data not found (%v); it lives in ../shared beside the project", err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestHostJudgedPositions(t *testing.T) {
	cases := readJSONL[hostPosition](t, "positions.jsonl")
	if len(cases) < 400 {
		t.Fatalf("expected at least 400 positions, read %d", len(cases))
	}
	for n, c := range cases {
		in, err := ParseInput(strings.NewReader(c.Input))
		if err != nil {
			t.Fatalf("case %d: %v", n, err)
		}
		if err := in.Consistency(); err != nil {
			t.Errorf("case %d (%s): host position judged inconsistent: %v", n, c.Kind, err)
		}
		pos := in.Position(c.Move)
		if int(pos.Move) != c.Move {
			t.Fatalf("case %d: move %d became %d", n, c.Move, pos.Move)
		}
		var got, want []string
		legal := pos.Legal()
		for pt := Point(0); pt < NumPoints; pt++ {
			q := pos
			captured, ok := q.Play(pt)
			if ok != legal.Has(pt) {
				t.Errorf("case %d: Play(%s) ok=%v but Legal has it=%v", n, pt, ok, legal.Has(pt))
			}
			if !ok {
				continue
			}
			got = append(got, pt.String())
			w, found := c.Legal[pt.String()]
			if !found {
				continue
			}
			if b := q.Stones.String(); b != strings.Join(w.Board, "\n") {
				t.Errorf("case %d: after %s board\n%s\nwant\n%s", n, pt, b, strings.Join(w.Board, "\n"))
			}
			if captured != w.Captured {
				t.Errorf("case %d: %s captured %d, want %d", n, pt, captured, w.Captured)
			}
		}
		for k := range c.Legal {
			want = append(want, k)
		}
		sort.Strings(want)
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("case %d (%s, move %d):\n%s\nlegal %v\nwant  %v", n, c.Kind, c.Move, pos.String(), got, want)
		}
		for _, k := range c.IllegalKo {
			pt := mustPoint(t, k)
			if !pos.Ko.Has(pt) {
				t.Errorf("case %d: %s should be illegal by ko; ko is %v", n, k, pointList(pos.Ko))
			}
		}
		if len(c.IllegalKo) == 0 && pos.Ko != 0 {
			t.Errorf("case %d: unexpected ko at %s", n, pointList(pos.Ko))
		}
		for _, k := range c.IllegalSuicide {
			pt := mustPoint(t, k)
			if legal.Has(pt) || pos.Ko.Has(pt) {
				t.Errorf("case %d: %s should be suicide", n, k)
			}
		}
		q := pos
		q.Pass()
		if q.Over != c.PassEndsGame && c.Move < MaxMoves {
			t.Errorf("case %d: pass ends game = %v, want %v", n, q.Over, c.PassEndsGame)
		}
	}
}

func mustPoint(t *testing.T, s string) Point {
	t.Helper()
	pt, err := ParseOutput(strings.NewReader(s))
	if err != nil || pt == Pass {
		t.Fatalf("bad point %q: %v", s, err)
	}
	return pt
}
