// replies.go: the statistics one level below the root, so that an analysis can go on
// from them after a move is played.

package mcts

import "littlego/board"

// Replies returns the statistics of the replies to the root action a in the last
// search's trees, summed over the workers, in action order: each reply's visits and its
// win rate for the side that plays it (the side to move after a), as MoveStat gives a
// root move's. It returns nil when no tree expanded the node after a (or a is not an
// action of the root). Proof is left Unknown: a reply's proof in one worker's tree is
// not carried. It reads the trees as the last search left them: call it before the next.
func (s *Searcher) Replies(a board.Point) []MoveStat {
	type sums struct {
		visits int
		n, w   float64
	}
	var acc [board.NumActions]sums
	var moves board.Bitboard
	expanded := false
	if a < 0 || int(a) >= board.NumActions {
		return nil
	}
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
		for _, ch := range t.nodes[nd.child : nd.child+nd.numChildren()] {
			r := &acc[ch.move]
			r.visits += int(ch.visits)
			r.n += float64(ch.n)
			r.w += float64(ch.w)
		}
	}
	if !expanded {
		return nil
	}
	out := make([]MoveStat, 0, moves.Count()+1)
	for b := moves | 1<<board.Pass; b != 0; b &= b - 1 {
		m := b.First()
		st := MoveStat{Move: m, Visits: acc[m].visits}
		if acc[m].n > 0 {
			st.WinRate = acc[m].w / acc[m].n
		}
		out = append(out, st)
	}
	return out
}
