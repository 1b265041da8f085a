// race_test.go: raceEnabled, set when the tests run under the race detector (which slows the playouts about tenfold).

//go:build race

package policy

const raceEnabled = true
