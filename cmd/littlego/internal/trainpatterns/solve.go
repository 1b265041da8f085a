// solve.go: the exact solver's verdict on the training positions of the late game: which actions win, so that decided positions and the strong player's mistakes can be left out.

package trainpatterns

import (
	"littlego/board"
	"littlego/solver"
)

// verdict is what the exact solver says about a sample.
type verdict uint8

const (
	// unsolved: not tried (an early move) or not proved within the node limit.
	unsolved verdict = iota
	// decided: every action wins, or every action loses: the choice does not matter.
	decided
	// chosenWins: some actions win and some lose, and the chosen one wins.
	chosenWins
	// chosenLoses: some actions win and some lose, and the chosen one loses.
	chosenLoses
	numVerdicts
)

var verdictNames = [numVerdicts]string{"unsolved", "decided", "chosen wins", "chosen loses"}

// solveSamples sets the verdict and the winning actions of every sample at move
// number from or later, proving each with at most nodes solver nodes (a node limit,
// not a time limit, so that the verdicts do not depend on the machine), and returns
// how many samples got each verdict.
func solveSamples(ss []sample, from int, nodes int64) (counts [numVerdicts]int) {
	s := solver.New(solver.DefaultTableBits)
	for i := range ss {
		sm := &ss[i]
		if from <= 0 || int(sm.pos.Move) < from || sm.pos.Over {
			counts[unsolved]++
			continue
		}
		winning, losing, known := s.WinningMoves(sm.pos, solver.Limits{Nodes: nodes})
		switch {
		case !known:
			sm.verdict = unsolved
		case len(winning) == 0 || len(losing) == 0:
			sm.verdict = decided
		default:
			sm.verdict = chosenLoses
			for _, a := range winning {
				sm.winning[a] = true
				if a == sm.chosen {
					sm.verdict = chosenWins
				}
			}
		}
		counts[sm.verdict]++
	}
	return counts
}

// critical reports whether the solver found both winning and losing actions in s.
func (s *sample) critical() bool { return s.verdict == chosenWins || s.verdict == chosenLoses }

// winningActions returns the actions of a critical sample that win.
func (s *sample) winningActions() *[board.NumActions]bool { return &s.winning }
