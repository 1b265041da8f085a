// tree.go: one worker's search tree: the node arena and the iteration (select, expand, simulate, back up, prove).

package mcts

import (
	"math"
	"math/bits"

	"littlego/board"
	"littlego/policy"
)

// node is one position of the tree, reached by move from its parent. Nodes live in a
// flat arena and refer to their children by index: the children of a node are
// contiguous, one per legal point in increasing order, then Pass.
type node struct {
	// n and w are the simulations through the node and the wins among them for the
	// player who made move, virtual prior simulations included.
	n, w float32
	// rn and rw are the AMAF simulations and wins of move, as seen from the parent.
	rn, rw float32
	// bonus is the exploration factor 1/sqrt(n), kept by setBonus whenever n changes:
	// selection reads every child, an iteration changes n only along its path.
	bonus float32
	// visits counts the real simulations through the node.
	visits uint32
	// child is the arena index of the first child; 0 while the node is a leaf (the
	// root, index 0, is never a child).
	child int32
	// moves holds the points of the children; Pass is the child after them.
	moves board.Bitboard
	// move is the action that leads from the parent to this node.
	move board.Point
	// proof is what is proven for the player who made move (MCTS-Solver: Winands,
	// Björnsson and Saito, "Monte-Carlo tree search solver", Computers and Games 2008).
	proof Proof
}

// numChildren returns how many children an expanded node has.
func (nd *node) numChildren() int32 { return int32(nd.moves.Count()) + 1 }

// childOf returns the arena index of nd's child for action a (a child of nd).
func (nd *node) childOf(a board.Point) int32 {
	if a == board.Pass {
		return nd.child + int32(nd.moves.Count())
	}
	return nd.child + int32(bits.OnesCount32(uint32(nd.moves&(a.Bit()-1))))
}

// maxDepth bounds the length of a path from the root: every action advances the move
// number, and a game has at most board.MaxMoves actions.
const maxDepth = board.MaxMoves + 1

// tree is one worker's search: its arena, its random stream, its policy player and
// scratch space, all allocated once.
type tree struct {
	nodes []node
	used  int32

	root    board.Position
	rng     policy.Rand
	player  policy.Player
	priorer policy.Priorer // nil when priors are off or the player has none

	c        float32
	invRAVE  float32 // 1/RAVE; 0 when RAVE is off
	useRAVE  bool
	expandAt uint32

	// Scratch for one iteration.
	pos    board.Position
	amaf   [2]board.Bitboard
	path   [maxDepth + 1]int32
	priors [board.NumActions]policy.Prior
}

// newTree allocates a worker's tree for cfg (already validated).
func newTree(cfg *Config) *tree {
	t := &tree{nodes: make([]node, cfg.TreeNodes)}
	t.configure(cfg)
	return t
}

// configure takes the search constants and the policy from cfg.
func (t *tree) configure(cfg *Config) {
	t.c = float32(cfg.C)
	t.useRAVE = cfg.RAVE > 0
	t.invRAVE = 0
	if t.useRAVE {
		t.invRAVE = float32(1 / cfg.RAVE)
	}
	t.expandAt = uint32(cfg.Expand)
	t.player = cfg.Policy.NewPlayer()
	t.priorer = nil
	if cfg.Priors {
		t.priorer, _ = t.player.(policy.Priorer)
	}
}

// reset empties the tree and roots it at pos (not over), with the root expanded.
func (t *tree) reset(pos board.Position, seed uint64) {
	t.root = pos
	t.rng.Seed(seed)
	t.nodes[0] = node{move: board.NoPoint}
	t.used = 1
	t.pos = pos
	if t.expand(0, &t.pos) {
		t.settle(0)
	}
}

// expand creates the children of node idx, whose position is pos, and reports whether
// there was room for them in the arena.
func (t *tree) expand(idx int32, pos *board.Position) bool {
	legal := pos.Legal()
	count := int32(legal.Count()) + 1
	if int(t.used)+int(count) > len(t.nodes) {
		return false
	}
	first := t.used
	t.used += count
	if t.priorer != nil {
		t.priorer.Priors(pos, &t.priors)
	}
	children := t.nodes[first : first+count]
	i := 0
	for b := legal; b != 0; b &= b - 1 {
		p := b.First()
		children[i] = node{move: p}
		i++
	}
	children[i] = node{move: board.Pass}
	if t.priorer != nil {
		for k := range children {
			pr := t.priors[children[k].move]
			children[k].n, children[k].w = pr.Visits, pr.Wins
		}
	}
	for k := range children {
		children[k].setBonus()
	}
	if pos.Passed || pos.Move == pos.Last {
		scoreEndingChildren(children, pos)
	}
	nd := &t.nodes[idx]
	nd.moves = legal
	nd.child = first
	return true
}

// scoreEndingChildren proves at once the children of pos whose action ends the game: a
// pass after a pass, and every action of the last move. Without this a pass that wins
// on the spot, which the policy's priors rate low, might never be tried.
func scoreEndingChildren(children []node, pos *board.Position) {
	last := pos.Move == pos.Last
	for k := range children {
		ch := &children[k]
		if !last && ch.move != board.Pass {
			continue
		}
		q := *pos
		if _, ok := q.Play(ch.move); !ok || !q.Over {
			continue
		}
		if q.Winner() == pos.Turn {
			ch.proof = Win
		} else {
			ch.proof = Loss
		}
	}
}

// settle proves the expanded node idx from its children, as prove does for a parent:
// a proven loss for its mover if a child is a proven win for the side to move, a
// proven win if every child is a proven loss. It reports whether idx is proven.
func (t *tree) settle(idx int32) bool {
	nd := &t.nodes[idx]
	children := t.nodes[nd.child : nd.child+nd.numChildren()]
	allLost := true
	for k := range children {
		switch children[k].proof {
		case Win:
			nd.proof = Loss
			return true
		case Unknown:
			allLost = false
		}
	}
	if allLost {
		nd.proof = Win
	}
	return allLost
}

// iterate runs one simulation: it descends from the root by selectChild, expands the
// leaf it reaches once the leaf has enough simulations, plays the rest of the game with
// the policy (or scores the terminal position exactly), and backs up the result. The
// root must not be proven.
func (t *tree) iterate() {
	nodes := t.nodes
	t.pos = t.root
	pos := &t.pos
	depth := 0
	idx := int32(0)
	t.path[0] = 0
	terminal := false
	var winner board.Color
	for {
		nd := &nodes[idx]
		if pos.Over {
			// A terminal position, scored exactly by the rules. The player who moved
			// into it is the opponent of the side to move.
			terminal = true
			winner = pos.Winner()
			if nd.proof == Unknown {
				if winner == pos.Turn {
					nd.proof = Loss
				} else {
					nd.proof = Win
				}
			}
			break
		}
		if nd.child == 0 {
			if nd.visits < t.expandAt || !t.expand(idx, pos) {
				break
			}
			if t.settle(idx) {
				// Proven at expansion (an action ends the game): the simulation's
				// result is the proof.
				terminal = true
				winner = pos.Turn
				if nd.proof == Win {
					winner = pos.Turn ^ 1
				}
				break
			}
		}
		idx = t.selectChild(idx)
		pos.Play(nodes[idx].move)
		depth++
		t.path[depth] = idx
	}
	t.amaf = [2]board.Bitboard{}
	if !terminal {
		t.player.Playout(pos, &t.rng, &t.amaf)
		winner = pos.Winner()
	}
	t.backup(depth, winner)
	if terminal {
		t.prove(depth)
	}
}

// selectChild returns the first child of parent without any simulation (real, virtual
// or AMAF; proven or not), else the unproven child of highest urgency: an unproven
// parent always has one (see prove).
func (t *tree) selectChild(parent int32) int32 {
	// The loop has no branch on the data but the rare unvisited child (selection is a
	// sixth of the search's instructions): a table lookup in urgency pushes proven
	// children down, and the maximum is kept by conditional moves on the urgencies'
	// bits ordered as integers.
	nd := &t.nodes[parent]
	first := nd.child
	children := t.nodes[first : first+nd.numChildren()]
	explore := t.c * sqrtLog(nd.visits+1)
	invK := t.invRAVE
	best, bestKey := 0, int32(math.MinInt32)
	for i := range children {
		u, visited := urgency(&children[i], explore, invK)
		if !visited {
			return first + int32(i)
		}
		if key := orderedBits(u); key > bestKey {
			best, bestKey = i, key
		}
	}
	return first + int32(best)
}

// urgency returns a child's urgency, for a parent whose exploration factor is explore
// (C*sqrt(ln N)) and with invK = 1/k (RAVE k), and whether the child has simulations
// (real, virtual or AMAF); without any its urgency is meaningless. The urgency is the
// value plus the UCT term explore*bonus, the bonus 1/sqrt(n) kept by setBonus. The value
// mixes the mean Q = w/n and the AMAF mean Q~ = rw/rn with the weight
// b = rn / (n + rn + n*rn/k) on Q~, over a common denominator so that it costs one
// division:
//
//	(1-b)*Q + b*Q~ = (w*(1 + rn/k) + rw) / (n + rn + n*rn/k).
//
// A proven child ranks below every unproven one: a proven win for the side to move
// would have proven the parent, and a proven loss is never worth a simulation.
func urgency(ch *node, explore, invK float32) (float32, bool) {
	n, rn, w := ch.n, ch.rn, ch.w
	d := n + rn + n*rn*invK
	return (w+w*rn*invK+ch.rw)/d + explore*ch.bonus - proofPenalty[uint8(ch.proof)&3], d != 0
}

// orderedBits returns an integer that orders as x does among floats that are not NaN,
// with -0 below +0: the sign bit, then the other bits flipped for negative numbers.
func orderedBits(x float32) int32 {
	b := int32(math.Float32bits(x))
	return b ^ int32(uint32(b>>31)>>1)
}

// setBonus sets nd's exploration bonus from its simulations: 1/sqrt(n), with n taken as
// 1 below 1 (virtual simulations can be fewer).
func (nd *node) setBonus() {
	nd.bonus = invSqrt(max(nd.n, 1))
}

// proofPenalty[uint8(proof)&3] is subtracted from a child's urgency: 0 for an Unknown
// child and 1e30 for a proven Win or Loss, which ranks every proven child below every
// unproven one (the mask drops the bounds check; index 3 is unused).
var proofPenalty = [4]float32{Unknown: 0, Win: 1e30, Loss: 1e30}

// sqrtLogTable[n] is sqrt(ln n) for the visit counts below its size.
var sqrtLogTable [4096]float32

func init() {
	for n := 1; n < len(sqrtLogTable); n++ {
		sqrtLogTable[n] = float32(math.Sqrt(math.Log(float64(n))))
	}
}

// lnTable[j-len(sqrtLogTable)/2] is ln j for j in [2048, 4096).
var lnTable = func() (t [len(sqrtLogTable) / 2]float64) {
	for i := range t {
		t[i] = math.Log(float64(i + len(t)))
	}
	return t
}()

// sqrtLog returns sqrt(ln n) for n >= 1: from a table below 4096, above from
// ln n = ln j + s*ln 2 + ln(1 + δ), where j = n >> s is in [2048, 4096) and
// δ = (n/2^s - j)/j < 1/2048, with two terms of the series of ln(1 + δ) (error below
// 1e-10): no call to math.Log, which the profile showed at the root of long searches.
func sqrtLog(n uint32) float32 {
	if n < uint32(len(sqrtLogTable)) {
		return sqrtLogTable[n]
	}
	s := uint(bits.Len32(n)) - 12 // 1 <= s <= 20
	j := n >> s
	d := (float64(n)/float64(uint64(1)<<s) - float64(j)) / float64(j)
	l := lnTable[(j-uint32(len(lnTable)))%uint32(len(lnTable))] + float64(s)*math.Ln2 + d - d*d/2
	return float32(math.Sqrt(l))
}

// invSqrt returns about 1/sqrt(x) for x > 0 (relative error below 0.2%): the
// bit-level first guess and one Newton step of the well-known "fast inverse square
// root" (Lomont, "Fast inverse square root", 2003), cheaper than a square root and a
// division and exact enough for an exploration bonus.
func invSqrt(x float32) float32 {
	y := math.Float32frombits(0x5f375a86 - math.Float32bits(x)>>1)
	return y * (1.5 - 0.5*x*y*y)
}

// backup adds the simulation that reached depth with the given winner to every node
// of the path, and to the AMAF statistics of their children: a child's move counts
// if the side to move at the node played it first, later in the simulation.
func (t *tree) backup(depth int, winner board.Color) {
	nodes := t.nodes
	amaf := t.amaf
	toMove := t.root.Turn
	if depth&1 == 1 {
		toMove ^= 1
	}
	useRAVE := t.useRAVE
	for d := depth; d >= 0; d-- {
		nd := &nodes[t.path[d]]
		// toMove is the side to move at nd; the player who moved into nd is the other.
		won := float32(0)
		if winner != toMove {
			won = 1
		}
		nd.n++
		nd.w += won
		nd.visits++
		nd.setBonus()
		if useRAVE && nd.child != 0 {
			mine := float32(1) - won // a win for the side to move at nd
			for b := amaf[toMove] & nd.moves; b != 0; b &= b - 1 {
				ch := &nodes[nd.childOf(b.First())]
				ch.rn++
				ch.rw += mine
			}
		}
		if d > 0 {
			// nd's move was played before everything counted so far: it is the
			// first play of its point.
			if m := nd.move; m != board.Pass {
				mover := toMove ^ 1
				amaf[mover] |= m.Bit()
				amaf[mover^1] &^= m.Bit()
			}
		}
		toMove ^= 1
	}
}

// prove propagates the proof of the terminal node at depth up the path: a node is a
// proven loss for the player who moved into it as soon as one child is a proven win
// for its mover, and a proven win once every child is a proven loss.
func (t *tree) prove(depth int) {
	nodes := t.nodes
	for d := depth; d > 0; d-- {
		ch := &nodes[t.path[d]]
		parent := &nodes[t.path[d-1]]
		if parent.proof != Unknown {
			return
		}
		if ch.proof == Win {
			parent.proof = Loss
			continue
		}
		children := nodes[parent.child : parent.child+parent.numChildren()]
		for i := range children {
			if children[i].proof != Loss {
				return
			}
		}
		parent.proof = Win
	}
}
