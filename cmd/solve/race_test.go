// race_test.go: raceEnabled, set when the tests run under the race detector (which slows the solver about tenfold).

//go:build race

package main

const raceEnabled = true
