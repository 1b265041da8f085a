// tree_test.go: tests of the tree internals: the fast math of selectChild.

package mcts

import (
	"math"
	"testing"
)

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
