// replies.go: the statistics one level below the root, so that an analysis can go on
// from them after a move is played.

package mcts

import "littlego/board"

// Replies returns the statistics of the replies to the root action a in the last
// search's trees, summed over the workers, in action order: each reply's visits and its
// win rate for the side that plays it (the side to move after a), as MoveStat gives a
// root move's (its proof and AMAF statistics too). It returns nil when no tree expanded
// the node after a (or a is not an action of the root). It reads the trees as the last
// search left them: call it before the next.
func (s *Searcher) Replies(a board.Point) []MoveStat {
	if a < 0 || int(a) >= board.NumActions {
		return nil
	}
	var acc [board.NumActions]moveSums
	var moves board.Bitboard
	expanded := false
	for _, t := range s.trees {
		root := &t.nodes[0]
		if root.child == 0 || (a != board.Pass && !root.moves.Has(a)) {
			return nil
		}
		nd := &t.nodes[root.childOf(a)]
		if nd.child == 0 {
			continue
		}
		expanded, moves = true, nd.moves
		children := t.nodes[nd.child : nd.child+nd.numChildren()]
		for k := range children {
			acc[children[k].move].add(&children[k])
		}
	}
	if !expanded {
		return nil
	}
	out := make([]MoveStat, 0, moves.Count()+1)
	for b := moves | 1<<board.Pass; b != 0; b &= b - 1 {
		m := b.First()
		out = append(out, acc[m].stat(m))
	}
	return out
}
