// tree_test.go: tests of the tree internals: the fast math and the ordering of selectChild, the node's size.

package mcts

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"
	"unsafe"

	"littlego/board"
)

// TestNodeSize keeps the node's size where Config.TreeNodes's doc (and the arena sizes
// in profiles/README.md and docs/board.md) say it is.
func TestNodeSize(t *testing.T) {
	if got := unsafe.Sizeof(node{}); got != 36 {
		t.Fatalf("a node is %d bytes; the docs say 36", got)
	}
}

// TestOrderedBitsOrdersAsFloats checks that comparing orderedBits as integers ranks
// floats as comparing them does, over signs, zeros, infinities and subnormals.
func TestOrderedBitsOrdersAsFloats(t *testing.T) {
	xs := []float32{float32(math.Inf(-1)), -1e30, -3.5, -1, -1e-40, 0, 1e-40, 1e-7, 0.5, 1, 1.0000001, 7.25, 1e30,
		float32(math.Inf(1)), math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32}
	sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
	for i := range xs {
		for j := range xs {
			if got, want := orderedBits(xs[i]) > orderedBits(xs[j]), xs[i] > xs[j]; got != want {
				t.Fatalf("orderedBits(%g) > orderedBits(%g) = %v, want %v", xs[i], xs[j], got, want)
			}
		}
	}
	negZero := float32(math.Copysign(0, -1))
	if orderedBits(negZero) >= orderedBits(0) {
		t.Fatal("orderedBits(-0) should rank below orderedBits(+0)")
	}
}

func TestInvSqrtAndSqrtLog(t *testing.T) {
	for x := float32(0.01); x < 1e7; x *= 1.37 {
		want := 1 / math.Sqrt(float64(x))
		if got := float64(invSqrt(x)); math.Abs(got-want) > 0.002*want {
			t.Fatalf("invSqrt(%v) = %v, want %v", x, got, want)
		}
	}
	for _, n := range []uint32{1, 2, 3, 100, 4095, 4096, 1 << 20} {
		want := math.Sqrt(math.Log(float64(n)))
		if got := float64(sqrtLog(n)); math.Abs(got-want) > 1e-6*max(1, want) {
			t.Fatalf("sqrtLog(%d) = %v, want %v", n, got, want)
		}
	}
}

// TestSelectChildMatchesPlainFormula checks selectChild against the urgency written
// out plainly, in float64 with an exact square root, on random statistics: unvisited,
// virtual, AMAF-only and proven children included. The fast square root is within
// 0.2%, so a choice may differ from the plain one only by that much of the bonus.
func TestSelectChildMatchesPlainFormula(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	tr := &tree{nodes: make([]node, 1+board.NumActions), c: 0.3, invRAVE: 1.0 / 1000}
	for trial := 0; trial < 20000; trial++ {
		parent := &tr.nodes[0]
		*parent = node{child: 1, moves: board.Bitboard(rng.Uint32()) & board.Full, visits: rng.Uint32N(5000)}
		children := tr.nodes[1 : 1+parent.numChildren()]
		for i := range children {
			ch := node{}
			if rng.IntN(8) > 0 { // an unvisited child now and then
				ch.n = float32(rng.IntN(200)) + []float32{0, 0.5}[rng.IntN(2)]
				ch.w = ch.n * rng.Float32()
				ch.rn = float32(rng.IntN(300))
				ch.rw = ch.rn * rng.Float32()
			}
			ch.proof = []Proof{Unknown, Unknown, Unknown, Win, Loss}[rng.IntN(5)]
			ch.setBonus()
			children[i] = ch
		}
		got := tr.selectChild(0) - 1
		u, bonus, firstUnvisited := plainUrgencies(tr, children, parent.visits)
		if firstUnvisited >= 0 {
			if got != firstUnvisited {
				t.Fatalf("trial %d: selectChild chose child %d, not the first unvisited %d", trial, got, firstUnvisited)
			}
			continue
		}
		best := int32(0)
		for i := range u {
			if u[i] > u[best] {
				best = int32(i)
			}
		}
		if u[got] < u[best]-0.002*bonus[best]-1e-6 {
			t.Fatalf("trial %d: selectChild chose child %d (urgency %g), the plain formula %d (%g)",
				trial, got, u[got], best, u[best])
		}
	}
}

// plainUrgencies returns each child's (1-b)*Q + b*Q~ + C*sqrt(ln N / n), less 1e30 when
// proven, its exploration term, and the index of the first child without simulations
// (-1 if none).
func plainUrgencies(tr *tree, children []node, visits uint32) (u, bonus []float64, firstUnvisited int32) {
	k := 1 / float64(tr.invRAVE)
	firstUnvisited = -1
	for i, ch := range children {
		n, w, rn, rw := float64(ch.n), float64(ch.w), float64(ch.rn), float64(ch.rw)
		if n == 0 && rn == 0 && firstUnvisited < 0 {
			firstUnvisited = int32(i)
		}
		b, q, qr := 0.0, 0.0, 0.0
		if n+rn > 0 {
			b = rn / (n + rn + n*rn/k)
		}
		if n > 0 {
			q = w / n
		}
		if rn > 0 {
			qr = rw / rn
		}
		e := float64(tr.c) * math.Sqrt(math.Log(float64(visits+1))/max(n, 1))
		v := (1-b)*q + b*qr + e
		if ch.proof != Unknown {
			v -= 1e30
		}
		u, bonus = append(u, v), append(bonus, e)
	}
	return u, bonus, firstUnvisited
}
