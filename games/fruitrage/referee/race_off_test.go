//go:build !race

package referee

const raceEnabled = false
