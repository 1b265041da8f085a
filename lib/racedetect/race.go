//go:build race

package racedetect

// Enabled reports that the race detector is on: code runs several times slower.
const Enabled = true
