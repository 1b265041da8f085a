// minimax.go: the course's reference opponent: plain minimax (no alpha-beta) at most 3 plies, shallower when short of time.

package fruitrage

import "time"

// Minimax chooses a move for b the way the assignment describes its reference agent:
// plain minimax without alpha-beta pruning on the score difference, at most maxDepth
// plies (the course's used 3), deepening one ply at a time while the next depth is
// predicted to fit before lim.Soft and the clock is below lim.Hard; a depth cut short by
// lim.Hard is discarded, so it plays the deepest complete one and never overruns. The
// transposition table is not used. It allocates nothing.
func (s *Searcher) Minimax(b *Board, clock Clock, maxDepth int, lim Limits) Result {
	s.clock, s.hard = clock, lim.Hard
	s.nodes, s.stopped = 0, false
	res := Result{Move: NoMove}
	if b.Fruits == 0 {
		return res
	}
	maxDepth = min(max(maxDepth, 1), MaxPly)
	s.boards[0] = *b
	g := &s.groups[0]
	before := clock()
	g.Find(b)
	// One labelling is the unit of cost: depth d makes about moves^(d-1) of them.
	unit := max(clock()-before, time.Microsecond)
	res.Groups = g.Count
	// Depth 1 needs no move made: the best single move takes the largest group (the
	// first such group, as a scan of the moves would keep).
	for i := 0; i < g.Count; i++ {
		if int(g.Size[i]) == g.Largest {
			res.Move, res.Value, res.Depth, res.Complete = g.Rep[i], g.Largest*g.Largest, 1, true
			break
		}
	}
	res.Exact = g.Count == 1
	child := &s.boards[1]
	cost := unit
	for depth := 2; depth <= maxDepth && !res.Exact; depth++ {
		cost *= time.Duration(g.Count)
		if now := clock(); now+cost > lim.Soft {
			break
		}
		best, bestI := -infinity, -1
		h0 := s.horizon
		for i := 0; i < g.Count; i++ {
			gain := Play(child, &s.boards[0], g, i)
			v := gain - s.minimax(1, depth-1)
			if s.stopped {
				break
			}
			if v > best {
				best, bestI = v, i
			}
		}
		if s.stopped {
			break
		}
		res.Move, res.Value, res.Depth = g.Rep[bestI], best, depth
		res.Exact = s.horizon == h0
	}
	res.Nodes = s.nodes
	return res
}

// minimax is plain minimax in negamax form: every move searched, no window.
func (s *Searcher) minimax(ply, depth int) int {
	b := &s.boards[ply]
	s.nodes++
	if s.nodes&(clockEvery-1) == 0 && s.clock() >= s.hard {
		s.stopped = true
	}
	if s.stopped || b.Fruits == 0 {
		return 0
	}
	if depth == 0 {
		s.horizon++
		return 0
	}
	g := &s.groups[ply]
	g.Find(b)
	if depth == 1 {
		if g.Count > 1 {
			s.horizon++
		}
		return g.Largest * g.Largest
	}
	child := &s.boards[ply+1]
	best := -infinity
	for i := 0; i < g.Count; i++ {
		gain := Play(child, b, g, i)
		if v := gain - s.minimax(ply+1, depth-1); v > best {
			best = v
		}
		if s.stopped {
			return 0
		}
	}
	return best
}
