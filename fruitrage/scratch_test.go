package fruitrage

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

func TestScratchLengths(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var g Groups
	for _, n := range []int{5, 10, 18, 26} {
		for _, p := range []int{2, 4, 9} {
			tot, gr := 0, 0
			var ratios []float64
			for k := 0; k < 5; k++ {
				b := RandomBoard(n, p, rng)
				g.Find(&b)
				gr += g.Count
				moves := 0
				var gs []int
				for !b.IsEmpty() {
					g.Find(&b)
					gs = append(gs, g.Count)
					var c Board
					best := 0
					for i := 0; i < g.Count; i++ {
						if g.Size[i] > g.Size[best] {
							best = i
						}
					}
					Play(&c, &b, &g, best)
					b = c
					moves++
				}
				tot += moves
				ratios = append(ratios, float64(gs[len(gs)/2])/float64(moves-len(gs)/2))
			}
			fmt.Printf("n=%d p=%d groups %d moves %d ratio-mid %.2v\n", n, p, gr/5, tot/5, ratios)
		}
	}
	b := RandomBoard(26, 9, rng)
	st := time.Now()
	for i := 0; i < 10000; i++ {
		g.Find(&b)
	}
	fmt.Println("find 26x26", time.Since(st)/10000)
}
