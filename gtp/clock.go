// clock.go: GTP time controls (time_settings, kgs-time_settings, time_left) turned into a CPU budget per move.

package gtp

import "littlego/engine"

// timeSystem is the kind of clock the controller set.
type timeSystem uint8

const (
	// noLimit: no time controls; the engine's own -budget and game plan apply.
	noLimit timeSystem = iota
	// absolute: main time only (sudden death).
	absolute
	// canadian: main time, then periods of period seconds for stones stones each.
	canadian
	// byoyomi: main time, then periods periods of period seconds for one move each
	// (Japanese byo-yomi, from kgs-time_settings).
	byoyomi
)

// Budget safety: a move may use timeSafety of its share of the clock, less
// timeOverhead seconds for the process and the pipe, and never less than minBudget.
const (
	timeSafety   = 0.7
	timeOverhead = 0.05
	minBudget    = 0.01
)

// clockState is one side's clock: seconds left and stones left in the current period
// (0 while main time runs), as GTP's time_left gives them.
type clockState struct {
	time   float64
	stones int
}

// clock holds the time controls of a session and both sides' clocks.
type clock struct {
	system  timeSystem
	main    float64 // main time, seconds
	period  float64 // overtime period, seconds
	stones  int     // canadian: stones per period
	periods int     // byoyomi: number of periods
	left    [2]clockState
}

// set installs time controls and resets both clocks to the start of the game.
func (k *clock) set(system timeSystem, main, period float64, stones, periods int) {
	*k = clock{system: system, main: main, period: period, stones: stones, periods: periods}
	for c := range k.left {
		k.left[c] = k.initial()
	}
}

// setCanadian installs time_settings' Canadian byo-yomi: byo-yomi time with zero
// stones means no time limits, zero byo-yomi time means absolute time.
func (k *clock) setCanadian(main, period float64, stones int) {
	switch {
	case period > 0 && stones == 0:
		k.set(noLimit, 0, 0, 0, 0)
	case period == 0:
		k.set(absolute, main, 0, 0, 0)
	default:
		k.set(canadian, main, period, stones, 0)
	}
}

// initial is a clock at the start of the game.
func (k *clock) initial() clockState {
	if k.main > 0 || k.system == absolute {
		return clockState{time: k.main}
	}
	return k.overtime()
}

// overtime is a clock at the start of an overtime period.
func (k *clock) overtime() clockState {
	switch k.system {
	case canadian:
		return clockState{time: k.period, stones: k.stones}
	case byoyomi:
		return clockState{time: k.period, stones: 1}
	}
	return clockState{}
}

// moveBudget returns the CPU seconds c may spend on its next move, given how many
// moves c still expects to play, and false when there are no time controls.
func (k *clock) moveBudget(c int, movesLeft int) (float64, bool) {
	if k.system == noLimit {
		return 0, false
	}
	movesLeft = max(movesLeft, 1)
	st := k.left[c]
	var share float64
	if st.stones == 0 {
		share = st.time / float64(movesLeft)
		// Overtime follows the main time: never plan slower than it allows.
		switch k.system {
		case canadian:
			if k.stones > 0 {
				share = max(share, k.period/float64(k.stones))
			}
		case byoyomi:
			share = max(share, k.period)
		}
	} else if k.system == byoyomi {
		share = st.time
	} else {
		share = st.time / float64(st.stones)
	}
	b := share*timeSafety - timeOverhead
	return min(max(b, minBudget), engine.MaxBudget.Seconds()), true
}

// spent updates c's clock after c spent seconds on a move, for controllers that do not
// send time_left (which overrides this bookkeeping).
func (k *clock) spent(c int, seconds float64) {
	if k.system == noLimit {
		return
	}
	st := &k.left[c]
	st.time -= seconds
	switch {
	case st.stones == 0 && st.time <= 0:
		*st = k.overtime()
	case st.stones > 0 && k.system == byoyomi:
		st.time = k.period // a move within the period resets it
	case st.stones > 0:
		st.stones--
		if st.stones == 0 || st.time <= 0 {
			*st = k.overtime()
		}
	}
	if st.time < 0 {
		st.time = 0
	}
}
