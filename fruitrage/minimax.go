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
	g.Find(b)
	res.Groups = g.Count
	child := &s.boards[1]
	start := clock()
	prev := start
	for depth := 1; depth <= maxDepth; depth++ {
		now := clock()
		if depth > 1 {
			// The next depth costs about as many times the last one as there are moves.
			if now+(now-prev)*max(1, time.Duration(g.Count)) > lim.Soft || now >= lim.Soft {
				break
			}
		}
		prev = now
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
		res.Move, res.Value, res.Depth, res.Complete = g.Rep[bestI], best, depth, true
		if s.horizon == h0 {
			res.Exact = true
			break
		}
	}
	if res.Move == NoMove {
		// Even depth 1 was cut short: take the largest group, which depth 1 would choose.
		for i := 0; i < g.Count; i++ {
			if int(g.Size[i]) == g.Largest {
				res.Move, res.Value = g.Rep[i], g.Largest*g.Largest
				break
			}
		}
	}
	res.Nodes = s.nodes
	return res
}

// minimax is plain minimax in negamax form: every move searched, no window.
func (s *Searcher) minimax(ply, depth int) int {
	b := &s.boards[ply]
	s.nodes++
	if s.nodes&255 == 0 && s.clock() >= s.hard {
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
