// norace_test.go: raceEnabled is false without the race detector.

//go:build !race

package main

const raceEnabled = false
