//go:build race

package referee

// raceEnabled reports that the race detector is on: code runs several times slower,
// so tests of CPU-time behaviour scale their clocks by raceSlowdown.
const raceEnabled = true
