// sgf_test.go: solve -sgf: the position's proof as an SGF tree, from the shipped table and from the solver.

package solve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"littlego/lib/clitest"
	"littlego/sgf"
)

// readTree reads the one game tree of an SGF file.
func readTree(t *testing.T, path string) *sgf.Node {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	trees, err := sgf.ParseTrees(f)
	if err != nil || len(trees) != 1 {
		t.Fatalf("%s: %v, %d trees", path, err, len(trees))
	}
	return trees[0]
}

// TestSGFEmptyBoard: the empty board's proof to move 4 from the shipped table alone
// (-sgf-cpu 0): Black's 2,2, every White reply, a Black move each, every White reply;
// every node a commented, proved Black win.
func TestSGFEmptyBoard(t *testing.T) {
	empty := strings.Repeat("00000\n", 10)
	path := filepath.Join(t.TempDir(), "proof.sgf")
	code, out, errs := clitest.Call(run, "-sgf", path, "-sgf-cpu", "0", writeInput(t, "1\n"+empty))
	if code != 0 || !strings.Contains(out, "WIN for Black") || !strings.Contains(errs, "627 nodes, 0 where") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	root := readTree(t, path)
	if _, set := root.Get("AB"); set || root.Value("GB") != "1" || len(root.Children) != 1 || root.Children[0].Value("B") != "cc" {
		t.Fatalf("root %+v with %d children", root.Props, len(root.Children))
	}
	if n := len(root.Children[0].Children); n != 25 {
		t.Errorf("%d White replies to 2,2, want 25", n)
	}
	var walk func(n *sgf.Node, depth int) int
	walk = func(n *sgf.Node, depth int) int {
		if n.Value("GB") != "1" || n.Value("C") == "" {
			t.Errorf("depth %d: %+v", depth, n.Props)
		}
		if depth == 4 && len(n.Children) != 0 || depth < 4 && len(n.Children) == 0 {
			t.Errorf("depth %d: %d children", depth, len(n.Children))
		}
		count := 1
		for _, c := range n.Children {
			count += walk(c, depth+1)
		}
		return count
	}
	if n := walk(root, 0); n != 628 {
		t.Errorf("%d nodes, want 628 (the root and 627 moves)", n)
	}
}

// TestSGFFromTheSolver: a position the solver proves (Black wins move 17 only with 1,4):
// the root holds its stones and the side to move, the only child is 1,4 with MN[17],
// and below it every White reply.
func TestSGFFromTheSolver(t *testing.T) {
	path := filepath.Join(t.TempDir(), "proof.sgf")
	code, _, errs := clitest.Call(run, "-move", "17", "-sgf", path, "-sgf-depth", "3", "-sgf-cpu", "10s", writeInput(t, wonForBlack))
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	root := readTree(t, path)
	if root.Value("PL") != "B" || root.Value("GB") != "1" || !strings.Contains(root.Value("C"), "move 17, Black to play") || !strings.Contains(root.Value("C"), ": Black wins") {
		t.Errorf("root %+v", root.Props)
	}
	if ab, _ := root.Get("AB"); len(ab) != 6 {
		t.Errorf("AB %v: want Black's 6 stones", ab)
	}
	if len(root.Children) != 1 || root.Children[0].Value("B") != "eb" || root.Children[0].Value("MN") != "17" {
		t.Fatalf("move 17: %d children, first %+v", len(root.Children), root.Children[0].Props)
	}
	replies := root.Children[0].Children
	if len(replies) < 2 {
		t.Fatalf("%d White replies", len(replies))
	}
	for _, r := range replies {
		if _, white := r.Get("W"); !white || r.Value("GB") != "1" || len(r.Children) != 1 {
			t.Errorf("reply %+v, %d children", r.Props, len(r.Children))
		}
	}
	code, _, errs = clitest.Call(run, "-sgf", path, "-sgf-depth", "0", writeInput(t, wonForBlack))
	if code != 2 || !strings.Contains(errs, "-sgf-depth 0") {
		t.Errorf("-sgf-depth 0: exit %d, stderr %q", code, errs)
	}
}
