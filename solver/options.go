// options.go: the search's switches that tests turn off, held by the solver and each of its workers.

package solver

// options are switches of the search, each on in a solver from New. Tests turn them off
// on one solver (setOptions), or call the static bounds with them off, to check that the
// rest of the solver visits exactly the baseline's nodes (TestSameNodesAsBaseline) or to
// count what one of them settles (TestStaticBoundsHold); nothing else changes them, and
// no two solvers share them.
type options struct {
	// passFirst makes a node where a pass ends the game try it first: when the game's
	// end there refutes the window the node is settled at once (the move order puts
	// the pass last but for its history; a level-3 position of the opening table took
	// 7.3 M nodes where the pass won on the spot).
	passFirst bool
	// exactLastTwo makes a node with two moves left try its actions directly
	// (lastTwo) instead of by the search's move ordering, killers and history: the
	// same values, without the ordering's cost (CPU 0.56 against 0.61 of the
	// baseline's for the margin at move 10, 0.54-0.57 against 0.57-0.61 at move 8,
	// paired).
	exactLastTwo bool
	// safeStone makes the static bounds count safe stones of the side they favour
	// (safeBonus).
	safeStone bool
	// chooseCaptureSets makes capturable count only sets of groups whose liberties fit
	// in the placements; off, it counts every group that could be captured alone, as
	// the solver at 7249e97 did (17% more nodes at move 8).
	chooseCaptureSets bool
}

// defaultOptions returns the switches of a solver from New: all on.
func defaultOptions() options {
	return options{passFirst: true, exactLastTwo: true, safeStone: true, chooseCaptureSets: true}
}

// setOptions makes the solver's later calls search with o, on every worker.
func (s *Solver) setOptions(o options) {
	s.opt = o
	for _, w := range s.workers {
		w.opt = o
	}
}
