//go:build !race

// Package racedetect tells whether the binary was built with the race detector, so
// that tests of CPU-heavy or time-bound behaviour can scale their sizes and clocks.
package racedetect

// Enabled reports that the race detector is on: code runs several times slower.
const Enabled = false
