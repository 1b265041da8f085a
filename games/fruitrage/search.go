// search.go: the agent's search: negamax with alpha-beta, iterative deepening, a transposition table, moves ordered by it and by group size.

package fruitrage

import (
	"time"
)

// MaxPly bounds the search depth; the per-ply scratch is allocated for it once.
const MaxPly = 48

// clockEvery is the number of nodes between two readings of the clock (a power of
// two): at most that many labellings pass the hard limit, under a millisecond even
// with the race detector's slowdown.
const clockEvery = 16

// exactDepth marks a table entry whose value is the game's true value (its subtree
// reached only empty boards), usable at any depth.
const exactDepth = 127

// infinity exceeds any score difference (at most 676² on a 26×26 board).
const infinity = 1 << 30

// Clock reads a CPU clock: the process's for the agent, a thread's in the referee.
type Clock func() time.Duration

// Limits bound one search in readings of its Clock.
type Limits struct {
	// Soft: no new iteration starts once the clock has reached it.
	Soft time.Duration
	// Hard: the search stops as soon as it sees the clock at or past it (it looks every
	// clockEvery nodes).
	Hard time.Duration
	// MaxDepth caps the iterations (0: MaxPly).
	MaxDepth int
}

// Result is the outcome of a search.
type Result struct {
	// Move is the chosen move (a group's representative cell).
	Move Move
	// Value is the score difference to come for the player to move, at Depth.
	Value int
	// Depth is the deepest iteration that chose Move (it may have been cut short).
	Depth int
	// Complete reports whether the iteration at Depth searched every root move.
	Complete bool
	// Exact reports whether Value is the game's true value (the search saw the end).
	Exact bool
	// Nodes counts the positions visited.
	Nodes int64
	// Groups is the number of moves at the root (distinct groups).
	Groups int
}

// bound kinds of table entries.
const (
	boundExact uint8 = iota
	boundLower
	boundUpper
)

// ttEntry is one transposition-table slot: 16 bytes.
type ttEntry struct {
	key   uint64
	value int32
	move  Move
	depth int8
	bound uint8
}

// Searcher holds everything a search needs, allocated once: a board and a group
// labelling per ply, the move orders and the transposition table. It is not safe for
// concurrent use.
type Searcher struct {
	boards [MaxPly + 1]Board
	groups [MaxPly + 1]Groups
	order  [MaxPly + 1][MaxCells]int16
	count  [MaxCells + 1]int32
	tt     []ttEntry
	ttMask uint64

	// Playout is the number of moves the horizon's playout makes (at least 1: the
	// player to move takes the largest group; more continue the line with each side
	// taking the largest group in turn, adding the alternating points).
	Playout int
	// MaxDepth, when above 0, caps the depth of the searches Decide runs.
	MaxDepth int
	// Safe makes the playout's moves the waiting game's (SafeGroup) instead of greedy:
	// the evaluation of boards of few types.
	Safe    bool
	playout [2]Board
	pg      Groups
	sg      Groups

	clock   Clock
	hard    time.Duration
	nodes   int64
	horizon int64
	stopped bool
}

// NewSearcher returns a searcher with a transposition table of 2^ttBits entries of 16
// bytes (ttBits is clamped to 10..26).
func NewSearcher(ttBits int) *Searcher {
	ttBits = min(max(ttBits, 10), 26)
	s := &Searcher{tt: make([]ttEntry, 1<<ttBits), ttMask: 1<<ttBits - 1, Playout: 1}
	return s
}

// Clear empties the transposition table.
func (s *Searcher) Clear() { clear(s.tt) }

// Reset empties the transposition table and uses 2^ttBits entries of it (clamped to
// 10..26), reallocating only when the table is smaller: clearing costs what is used.
func (s *Searcher) Reset(ttBits int) {
	ttBits = min(max(ttBits, 10), 26)
	if cap(s.tt) >= 1<<ttBits {
		s.tt = s.tt[:1<<ttBits]
	} else {
		s.tt = make([]ttEntry, 1<<ttBits)
	}
	s.ttMask = 1<<ttBits - 1
	clear(s.tt)
}

// sortBySize writes g's group indices into order, largest group first (a counting
// sort: O(groups + largest size)), and returns how many.
func (s *Searcher) sortBySize(g *Groups, order *[MaxCells]int16) int {
	cnt := s.count[:g.Largest+1]
	clear(cnt)
	for i := 0; i < g.Count; i++ {
		cnt[g.Size[i]]++
	}
	acc := int32(0)
	for sz := g.Largest; sz >= 1; sz-- {
		c := cnt[sz]
		cnt[sz] = acc
		acc += c
	}
	for i := 0; i < g.Count; i++ {
		sz := g.Size[i]
		order[cnt[sz]] = int16(i)
		cnt[sz]++
	}
	return g.Count
}

// Search chooses a move for b by iterative deepening within lim, reading time from
// clock. It always returns a legal move when b has fruit (the largest group if even the
// first iteration is cut short), and NoMove on an empty board. It allocates nothing.
func (s *Searcher) Search(b *Board, clock Clock, lim Limits) Result {
	s.clock, s.hard = clock, lim.Hard
	s.nodes, s.stopped = 0, false
	res := Result{Move: NoMove}
	if b.Fruits == 0 {
		return res
	}
	maxDepth := lim.MaxDepth
	if maxDepth <= 0 || maxDepth > MaxPly {
		maxDepth = MaxPly
	}
	s.boards[0] = *b
	g := &s.groups[0]
	g.Find(b)
	order := &s.order[0]
	n := s.sortBySize(g, order)
	res.Groups = n
	res.Move = g.Rep[order[0]]
	res.Value = int(g.Largest * g.Largest)
	child := &s.boards[1]
	for depth := 1; depth <= maxDepth; depth++ {
		if depth > 1 && clock() >= lim.Soft {
			break
		}
		h0 := s.horizon
		best, bestK := -infinity, -1
		alpha := -infinity
		done := 0
		for k := 0; k < n; k++ {
			i := int(order[k])
			gain := Play(child, &s.boards[0], g, i)
			v := gain - s.negamax(1, depth-1, -infinity, gain-alpha)
			if s.stopped {
				break
			}
			done++
			if v > best {
				best, bestK = v, k
				alpha = v
			}
		}
		if done == 0 {
			break
		}
		res.Move, res.Value, res.Depth = g.Rep[order[bestK]], best, depth
		res.Complete = done == n
		if !res.Complete {
			break
		}
		// The best move goes first in the next iteration; the others keep their order.
		if bestK > 0 {
			first := order[bestK]
			copy(order[1:bestK+1], order[:bestK])
			order[0] = first
		}
		if s.horizon == h0 {
			res.Exact = true
			break
		}
	}
	res.Nodes = s.nodes
	return res
}

// negamax returns the value of s.boards[ply] to the player to move searched depth plies
// deep within (alpha, beta): the points to come for that player minus the opponent's.
// At depth 1 it needs no move made: the best a player can do in one move is to take the
// largest group. It returns 0 once the search has been stopped.
func (s *Searcher) negamax(ply, depth, alpha, beta int) int {
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
	e := &s.tt[b.Hash&s.ttMask]
	ttMove, v, cut := s.probe(e, b.Hash, depth, alpha, beta)
	if cut {
		return v
	}
	g := &s.groups[ply]
	g.Find(b)
	if depth == 1 || ply == MaxPly {
		exact := g.Count == 1
		if !exact {
			s.horizon++
		}
		v := g.Largest * g.Largest
		if s.Playout > 1 && !exact {
			v = s.greedy(b, g)
		}
		s.store(e, b.Hash, v, boundExact, depth, exact, NoMove)
		return v
	}
	h0 := s.horizon
	alpha0 := alpha
	order := &s.order[ply]
	n := s.sortBySize(g, order)
	first := -1
	if ttMove != NoMove && b.Legal(ttMove) {
		first = g.GroupOf(ttMove)
	}
	child := &s.boards[ply+1]
	best, bestMove := -infinity, NoMove
	for k := -1; k < n; k++ {
		var i int
		if k < 0 {
			if first < 0 {
				continue
			}
			i = first
		} else {
			i = int(order[k])
			if i == first {
				continue
			}
		}
		gain := Play(child, b, g, i)
		v := gain - s.negamax(ply+1, depth-1, gain-beta, gain-alpha)
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, g.Rep[i]
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	bound := boundExact
	if best <= alpha0 {
		bound = boundUpper
	} else if best >= beta {
		bound = boundLower
	}
	s.store(e, b.Hash, best, bound, depth, s.horizon == h0, bestMove)
	return best
}

// probe reads the table entry e for key: the move it holds (NoMove when the entry is
// another position's), and its value with cut true when that value decides the search
// of depth plies within (alpha, beta).
func (s *Searcher) probe(e *ttEntry, key uint64, depth, alpha, beta int) (m Move, v int, cut bool) {
	if e.key != key {
		return NoMove, 0, false
	}
	if int(e.depth) >= depth {
		v := int(e.value)
		if e.bound == boundExact || (e.bound == boundLower && v >= beta) || (e.bound == boundUpper && v <= alpha) {
			if e.depth != exactDepth {
				s.horizon++
			}
			return e.move, v, true
		}
	}
	return e.move, 0, false
}

// store writes an entry, replacing whatever was in the slot.
func (s *Searcher) store(e *ttEntry, key uint64, v int, bound uint8, depth int, exact bool, m Move) {
	d := int8(depth)
	if exact {
		d = exactDepth
	}
	*e = ttEntry{key: key, value: int32(v), move: m, depth: d, bound: bound}
}

// greedy returns the points of a greedy line from b (labelled in g): the player to
// move takes the largest group, then the players alternate taking the largest group,
// for s.Playout moves or until the board is empty; points count for the first player
// and against for the second.
func (s *Searcher) greedy(b *Board, g *Groups) int {
	v, sign := 0, 1
	cur := b
	for k := 0; k < s.Playout; k++ {
		if k > 0 {
			if cur.Fruits == 0 {
				break
			}
			g = &s.pg
			g.Find(cur)
		}
		next := &s.playout[k&1]
		best := 0
		if s.Safe {
			best = SafeGroup(cur, g, next, &s.sg)
		} else {
			for i := 1; i < g.Count; i++ {
				if g.Size[i] > g.Size[best] {
					best = i
				}
			}
		}
		v += sign * Play(next, cur, g, best)
		sign, cur = -sign, next
	}
	return v
}

// SafeGroup returns the group a player of the waiting game takes on b (labelled in g):
// the largest group when the largest one of the board it leaves is smaller (or nothing
// is left), else the smallest group, which waits. On boards of few types the huge
// groups stand off, and whoever must break the standoff hands the next huge group to
// the other side. next and ng are scratch.
func SafeGroup(b *Board, g *Groups, next *Board, ng *Groups) int {
	largest, smallest := 0, 0
	for i := 1; i < g.Count; i++ {
		if g.Size[i] > g.Size[largest] {
			largest = i
		}
		if g.Size[i] < g.Size[smallest] {
			smallest = i
		}
	}
	Play(next, b, g, largest)
	if next.Fruits == 0 {
		return largest
	}
	ng.Find(next)
	if ng.Largest < g.Largest {
		return largest
	}
	return smallest
}
