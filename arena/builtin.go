// builtin.go: the course's reference opponents (random, greedy, aggressive, alpha-beta), re-implemented from the course's descriptions.

package arena

import (
	"math/rand/v2"

	"littlego/board"
	"littlego/internal/splitmix"
)

// The course describes its opponents in one line each (RULES.md, last section; the 2022
// assignment text). What follows is our reading of those lines; the course's own code
// is not public. Every built-in is seeded per game and breaks ties uniformly at random,
// so a match is reproducible from its seed. None of them passes while it has a legal
// placement, except alpha-beta, whose search may find that a pass wins (as the course's
// random player, they pass only when no placement is legal).

// RandomPlayer plays a legal placement chosen uniformly at random, and passes only when
// no placement is legal. This is the course's "Random Player: moves randomly".
type RandomPlayer struct{ rng *rand.Rand }

// GreedyPlayer plays the placement that captures the most enemy stones right now, ties
// broken uniformly at random (on a board where nothing can be captured it plays like
// RandomPlayer), and passes only when no placement is legal. This is the course's
// "Greedy Player: places the stone that captures the maximum number of enemy stones".
type GreedyPlayer struct{ rng *rand.Rand }

// AggressivePlayer looks two moves ahead, its placement and the opponent's best reply:
// it plays the placement that maximises the stones it captures minus the most stones
// any reply (placement or pass) could capture back, ties broken uniformly at random,
// and passes only when no placement is legal. This is our reading of the course's
// "Aggressive Player: looks at the next two possible moves and tries to capture the
// maximum number of enemy stones" (RULES.md: "its move and the reply").
type AggressivePlayer struct{ rng *rand.Rand }

// AlphaBetaPlayer is the course's "Alphabeta Player: minimax with alpha-beta pruning,
// depth <= 2, branching factor <= 10": a negamax search with alpha-beta pruning
// (Knuth and Moore, "An analysis of alpha-beta pruning", Artificial Intelligence 6,
// 1975) two plies deep, its move and the reply. At every node it considers at most
// ABBranching actions: the best ABBranching-1 placements by a move-ordering score
// (stones captured, then liberties of the new stone's group, then a seeded random
// tie-break) and the pass. Moves are played with board.Position.Play, so captures,
// suicide and ko are applied inside the search. A leaf is scored by the stone
// difference for the side to move (own stones minus the opponent's, no komi); a
// finished game is scored as a win or a loss (komi and the 24-move end included), worth
// more than any stone difference. The root breaks ties between equally scored moves at
// random.
type AlphaBetaPlayer struct {
	rng *rand.Rand
	// salt makes this move's random tie-break keys; a key depends only on the position,
	// the point and the salt, so it does not depend on the order of the search.
	salt uint64
	// noPrune turns the pruning off, for tests: the result must not change.
	noPrune bool
	// value is the score of the last move chosen, for tests.
	value int
	// maxPly and maxBranch are the deepest ply searched and the most actions tried at
	// one node in the last move, for tests.
	maxPly, maxBranch int
	// leaves counts the leaves scored in the last move, for tests.
	leaves int
}

const (
	// ABDepth is the alpha-beta player's search depth in plies.
	ABDepth = 2
	// ABBranching is the most actions the alpha-beta player tries at one node.
	ABBranching = 10
	// abWin is the score of a won game: more than any stone difference.
	abWin = 1000
	// abInf bounds every score.
	abInf = 1 << 20
)

// newBuiltin returns the built-in opponent of kind k (random, greedy, aggressive or
// alphabeta) drawing from a generator seeded by seed, or nil for another kind.
func newBuiltin(k Kind, seed uint64) chooser {
	rng := newRNG(seed)
	switch k {
	case KindRandom:
		return &RandomPlayer{rng}
	case KindGreedy:
		return &GreedyPlayer{rng}
	case KindAggressive:
		return &AggressivePlayer{rng}
	case KindAlphaBeta:
		return &AlphaBetaPlayer{rng: rng}
	}
	return nil
}

// newRNG returns a PCG generator seeded by seed.
func newRNG(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^splitmix.Golden))
}

// Choose returns a uniformly random legal placement, or Pass when there is none.
func (p *RandomPlayer) Choose(pos board.Position) board.Point {
	legal := pos.Legal()
	if legal == 0 {
		return board.Pass
	}
	return legal.Nth(p.rng.IntN(legal.Count()))
}

// Choose returns the legal placement that captures the most stones (ties at random), or
// Pass when no placement is legal.
func (p *GreedyPlayer) Choose(pos board.Position) board.Point {
	var best tieBreak
	for rest := pos.Legal(); rest != 0; rest &= rest - 1 {
		pt := rest.First()
		q := pos
		captured, _ := q.Play(pt)
		best.offer(p.rng, pt, captured)
	}
	return best.choice()
}

// Choose returns the legal placement with the most stones captured minus the most the
// best reply captures back (ties at random), or Pass when no placement is legal.
func (p *AggressivePlayer) Choose(pos board.Position) board.Point {
	var best tieBreak
	for rest := pos.Legal(); rest != 0; rest &= rest - 1 {
		pt := rest.First()
		q := pos
		captured, _ := q.Play(pt)
		back := 0
		for replies := q.Legal(); replies != 0; replies &= replies - 1 {
			r := q
			c, _ := r.Play(replies.First())
			back = max(back, c)
		}
		best.offer(p.rng, pt, captured-back)
	}
	return best.choice()
}

// tieBreak keeps the best-scored action seen so far, choosing uniformly among equal
// scores by reservoir sampling. Its zero value holds Pass.
type tieBreak struct {
	point board.Point
	score int
	ties  int
}

func (t *tieBreak) offer(rng *rand.Rand, pt board.Point, score int) {
	switch {
	case t.ties == 0 || score > t.score:
		t.point, t.score, t.ties = pt, score, 1
	case score == t.score:
		t.ties++
		if rng.IntN(t.ties) == 0 {
			t.point = pt
		}
	}
}

func (t *tieBreak) choice() board.Point {
	if t.ties == 0 {
		return board.Pass
	}
	return t.point
}

// Choose returns the alpha-beta player's action.
func (p *AlphaBetaPlayer) Choose(pos board.Position) board.Point {
	p.maxPly, p.maxBranch, p.leaves = 0, 0, 0
	p.salt = p.rng.Uint64()
	if pos.Over {
		return board.Pass
	}
	var cands [ABBranching]board.Point
	n := p.candidates(&pos, &cands)
	p.maxBranch = max(p.maxBranch, n)
	var best tieBreak
	bestScore := -abInf
	for _, pt := range cands[:n] {
		q := pos
		q.Play(pt)
		// A window just below the best score so far keeps ties exact: a move scoring
		// as much as the best is searched in full, a worse one may be cut off.
		beta := -(bestScore - 1)
		if p.noPrune {
			beta = abInf
		}
		v := -p.negamax(q, ABDepth-1, 1, -abInf, beta)
		if v >= bestScore {
			bestScore = v
			best.offer(p.rng, pt, v)
		}
	}
	p.value = bestScore
	return best.choice()
}

// negamax returns the score of pos for the side to move, searched depth more plies
// (ply is the distance from the root), within the window (alpha, beta).
// pos is passed by value (copy-make), which also keeps it on the stack.
func (p *AlphaBetaPlayer) negamax(pos board.Position, depth, ply, alpha, beta int) int {
	p.maxPly = max(p.maxPly, ply)
	if pos.Over {
		p.leaves++
		if pos.Winner() == pos.Turn {
			return abWin
		}
		return -abWin
	}
	if depth == 0 {
		p.leaves++
		return pos.Stones[pos.Turn].Count() - pos.Stones[pos.Turn.Other()].Count()
	}
	var cands [ABBranching]board.Point
	n := p.candidates(&pos, &cands)
	p.maxBranch = max(p.maxBranch, n)
	best := -abInf
	for _, pt := range cands[:n] {
		q := pos
		q.Play(pt)
		v := -p.negamax(q, depth-1, ply+1, -beta, -alpha)
		if v > best {
			best = v
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta && !p.noPrune {
			break
		}
	}
	return best
}

// candidates fills out with the actions to search at pos and returns how many: the
// best ABBranching-1 legal placements by captures, then liberties of the placed stone's
// group, then a random key from the position, the point and the move's salt, followed
// by Pass.
func (p *AlphaBetaPlayer) candidates(pos *board.Position, out *[ABBranching]board.Point) int {
	type scored struct {
		pt  board.Point
		key uint64
	}
	var all [board.NumPoints]scored
	n := 0
	for rest := pos.Legal(); rest != 0; rest &= rest - 1 {
		pt := rest.First()
		q := *pos
		captured, _ := q.Play(pt)
		libs := (board.Group(pt.Bit(), q.Stones[pos.Turn]).Neighbours() & q.Empty()).Count()
		// captures in the top bits, then liberties, then 32 random bits.
		all[n] = scored{pt, uint64(captured)<<40 | uint64(libs)<<32 | splitmix.Hash(pos.Hash^p.salt^uint64(pt))>>32}
		n++
	}
	// Selection sort of the best few: n is at most 25.
	k := min(n, ABBranching-1)
	for i := 0; i < k; i++ {
		b := i
		for j := i + 1; j < n; j++ {
			if all[j].key > all[b].key {
				b = j
			}
		}
		all[i], all[b] = all[b], all[i]
		out[i] = all[i].pt
	}
	out[k] = board.Pass
	return k + 1
}
