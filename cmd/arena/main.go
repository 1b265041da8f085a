// Command arena plays Little-Go matches between two agents under the course host's
// rules (see package arena), and draws a sequential test's LLR with -plot.
package main

import (
	"os"

	"littlego/arena"
	"littlego/internal/charts"
)

func main() {
	os.Exit(arena.MainWith(os.Args[1:], os.Stdout, os.Stderr, arena.Hooks{PlotSPRT: plotSPRT}))
}

// plotSPRT draws the test's LLR and Elo estimate after every pair.
func plotSPRT(path, title string, t *arena.PairTest) error {
	return charts.SPRT(path, title, charts.FromPairTest(t))
}
