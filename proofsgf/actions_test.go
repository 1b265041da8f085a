// actions_test.go: the empty board's actions as variations, in the Analyse view's order.

package proofsgf

import (
	"context"
	"strconv"
	"testing"

	"littlego/board"
	"littlego/sgf"
)

// TestProvedActionsOfTheEmptyBoard: every first move is proved with its margin (the
// opening table), so all 26 actions come back: 2,2, the one win, first, with its proved
// line after it; then the losses, Black's lead (SBKS) never rising, the pass last of
// the losses by the komi alone; each node a Black move commented and marked.
func TestProvedActionsOfTheEmptyBoard(t *testing.T) {
	vs := known().ProvedActions(context.Background(), board.New())
	if len(vs) != board.NumActions {
		t.Fatalf("%d variations, want %d", len(vs), board.NumActions)
	}
	if vs[0].Value("B") != "cc" || vs[0].Value("GB") != "1" || len(vs[0].Children) == 0 {
		t.Errorf("first variation %+v (%d children): want B[cc], a proved win with its line", vs[0].Props, len(vs[0].Children))
	}
	lead := func(n *sgf.Node) float64 {
		v, err := strconv.ParseFloat(n.Value("SBKS"), 64)
		if err != nil {
			t.Fatalf("%+v: SBKS %v", n.Props, err)
		}
		return v
	}
	passAt := -1
	for k, n := range vs[1:] {
		if _, ok := n.Get("B"); !ok || n.Value("GW") != "1" || n.Value("C") == "" {
			t.Errorf("variation %d: %+v, want a Black move proved lost, commented", k+1, n.Props)
		}
		if k > 0 && lead(n) > lead(vs[k]) {
			t.Errorf("variation %d (%s) leads by %v, after %v", k+1, n.Value("B"), lead(n), lead(vs[k]))
		}
		if n.Value("B") == "" {
			passAt = k + 1
		}
	}
	if passAt < 0 || lead(vs[passAt]) != -2.5 || (passAt+1 < len(vs) && lead(vs[passAt+1]) == -2.5) {
		t.Errorf("the pass at %d: want the last of the losses by W+2.5", passAt)
	}
	over := board.New()
	over.Pass()
	if vs := known().ProvedActions(context.Background(), over); vs != nil {
		t.Errorf("a finished game has %d variations", len(vs))
	}
}
