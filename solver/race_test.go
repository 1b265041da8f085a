// race_test.go: whether the race detector is on (it slows the search about tenfold).

//go:build race

package solver

func init() { raceEnabled = true }
