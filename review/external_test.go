// external_test.go: the review's SGF file as other programs read it: Sabaki's own SGF parser (@sabaki/sgf) and GNU Go.

package review

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"littlego/board"
	"littlego/sgf"
)

// sabakiModules returns the node_modules folder holding @sabaki/sgf, named by
// LITTLEGO_SABAKI_MODULES (.ci/run installs Sabaki's libraries from the npm registry
// there), or "" when node or the library is missing.
func sabakiModules() string {
	dir := os.Getenv("LITTLEGO_SABAKI_MODULES")
	if dir == "" {
		return ""
	}
	if _, err := exec.LookPath("node"); err != nil {
		return ""
	}
	if _, err := os.Stat(filepath.Join(dir, "@sabaki", "sgf", "package.json")); err != nil {
		return ""
	}
	return dir
}

// sabakiNode is a node as testdata/sabaki-sgf.js prints it.
type sabakiNode struct {
	Props    [][2]json.RawMessage `json:"props"`
	Children []sabakiNode         `json:"children"`
}

// writeReview writes the review of whiteByHalf (a blunder at move 1 with its winning
// move as a variation, mistakes with their best moves) to a file and returns its path
// and tree.
func writeReview(t *testing.T) (string, *sgf.Node) {
	t.Helper()
	r, _ := reviewedHalf(t, 0)
	var b bytes.Buffer
	if err := WriteSGF(context.Background(), &b, []GameReview{r}, SGFOptions{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "review.sgf")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	trees, err := sgf.ParseTrees(&b)
	if err != nil || len(trees) != 1 {
		t.Fatalf("ParseTrees: %v", err)
	}
	return path, trees[0]
}

// TestSabakiReadsTheReview: Sabaki's own SGF parser reads the review's file into the
// same tree: every node with every property (comments, BM, DO, TE, GB, GW, UC, SBKV,
// SBKS) and its values, in order, and every variation in its place.
func TestSabakiReadsTheReview(t *testing.T) {
	modules := sabakiModules()
	if modules == "" {
		t.Skip("Sabaki's SGF parser is not installed: node and npm install --prefix DIR @sabaki/sgf@3.4.7, then LITTLEGO_SABAKI_MODULES=DIR/node_modules (.ci/run does this)")
	}
	path, want := writeReview(t)
	cmd := exec.Command("node", "testdata/sabaki-sgf.js", path)
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var trees []sabakiNode
	if err := json.Unmarshal(out, &trees); err != nil || len(trees) != 1 {
		t.Fatalf("Sabaki's parse: %v, %d trees", err, len(trees))
	}
	seen := map[string]int{}
	sameTree(t, "root", &trees[0], want, seen)
	for _, id := range []string{"C", "BM", "DO", "TE", "GB", "GW", "UC", "SBKV", "SBKS"} {
		if seen[id] == 0 {
			t.Errorf("no %s property in the file Sabaki read", id)
		}
	}
	if seen["variations"] == 0 {
		t.Error("Sabaki read no variation")
	}
}

// sameTree compares Sabaki's node with ours, property by property, child by child.
func sameTree(t *testing.T, where string, got *sabakiNode, want *sgf.Node, seen map[string]int) {
	t.Helper()
	if len(got.Props) != len(want.Props) {
		t.Fatalf("%s: Sabaki read %d properties, the file has %d (%+v)", where, len(got.Props), len(want.Props), want.Props)
	}
	for k, p := range got.Props {
		var id string
		var values []string
		if json.Unmarshal(p[0], &id) != nil || json.Unmarshal(p[1], &values) != nil {
			t.Fatalf("%s: property %d unreadable", where, k)
		}
		if w := want.Props[k]; id != w.ID || !slices.Equal(values, w.Values) {
			t.Fatalf("%s: Sabaki read %s%q, the file has %s%q", where, id, values, w.ID, w.Values)
		}
		seen[id]++
	}
	if len(got.Children) != len(want.Children) {
		t.Fatalf("%s: Sabaki read %d children, the file has %d", where, len(got.Children), len(want.Children))
	}
	if len(got.Children) > 1 {
		seen["variations"] += len(got.Children) - 1
	}
	for k := range got.Children {
		sameTree(t, where+"/"+strings.Join([]string{want.Children[k].Value("B"), want.Children[k].Value("W")}, ""), &got.Children[k], want.Children[k], seen)
	}
}

// gnugo returns GNU Go's path, or "" when it is not installed.
func gnugo() string {
	if p, err := exec.LookPath("gnugo"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/gnugo"); err == nil {
		return "/usr/games/gnugo"
	}
	return ""
}

// TestGNUGoLoadsTheReview: GNU Go loads the review's file (--infile), plays its main
// line to the end, and prints the final position (--printsgf) with the stones of the
// game's final board.
func TestGNUGoLoadsTheReview(t *testing.T) {
	exe := gnugo()
	if exe == "" {
		t.Skip("gnugo not installed (neither on $PATH nor /usr/games/gnugo); apt-get install gnugo to run this test")
	}
	path, tree := writeReview(t)
	printed := filepath.Join(t.TempDir(), "final.sgf")
	if out, err := exec.Command(exe, "--infile", path, "--printsgf", printed).CombinedOutput(); err != nil {
		t.Fatalf("gnugo: %v\n%s", err, out)
	}
	data, err := os.ReadFile(printed)
	if err != nil {
		t.Fatal(err)
	}
	trees, err := sgf.ParseTrees(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("GNU Go's position: %v\n%s", err, data)
	}
	g, err := sgf.GameOf(tree)
	if err != nil {
		t.Fatal(err)
	}
	final, err := g.Replay()
	if err != nil {
		t.Fatal(err)
	}
	for c, id := range []string{"AB", "AW"} {
		var want []string
		for s := final.Stones[c]; s != 0; s &= s - 1 {
			want = append(want, sgf.Coord(s.First()))
		}
		got, _ := trees[0].Get(id)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("GNU Go's %s %v, the game's final %s stones %v", id, got, board.Color(c), want)
		}
	}
}
