// eval.go: the value of one move from the 4 lines through it (the assignment's evaluation categories).

package gomoku

// The evaluation categories of the assignment, for the player who moves; the min
// player's values are these negated. GOMOKU.md settles two readings the assignment
// leaves open: blocking four opponent stones whose far end is empty is worth nothing
// (only BlockClosedFour counts), and blocking three with the far end empty is
// BlockOpenThree, 500.
const (
	// Win: the move makes five or more in a row.
	Win = 50000
	// BlockClosedFour: the move blocks four opponent stones whose far end is one of
	// the mover's stones or the board edge.
	BlockClosedFour = 10000
	// CreateOpenFour: four in a row, both ends empty.
	CreateOpenFour = 5000
	// CreateClosedFour: four in a row, one end empty.
	CreateClosedFour = 1000
	// BlockOpenThree: the move blocks three opponent stones whose far end is empty.
	BlockOpenThree = 500
	// BlockClosedThree: the move blocks three opponent stones whose far end is one of
	// the mover's stones or the board edge.
	BlockClosedThree = 100
	// CreateOpenThree: three in a row, both ends empty.
	CreateOpenThree = 50
	// CreateClosedThree: three in a row, one end empty.
	CreateClosedThree = 10
	// CreateOpenTwo: two in a row, both ends empty.
	CreateOpenTwo = 5
	// CreateClosedTwo: two in a row, one end empty.
	CreateClosedTwo = 1
)

// createValue is the value of making a run of length L (index, capped at 4; 5 and more
// is a win, handled apart) with the given number of open ends (second index, 0..2).
var createValue = [5][3]int{
	2: {0, CreateClosedTwo, CreateOpenTwo},
	3: {0, CreateClosedThree, CreateOpenThree},
	4: {0, CreateClosedFour, CreateOpenFour},
}

// Evaluate returns the value, for the mover, of playing a stone of colour mover on the
// empty point p, and whether the move wins (five or more in a row). The board is not
// changed: the stone at p would only be counted in the runs through it, so it need not
// be placed. Only the 4 lines through p are read, as the assignment's evaluation
// function prescribes.
//
// On each line, creating and blocking both count and every category found is summed:
//   - create: L = 1 + the mover's stones contiguous with p on both sides. L >= 5 wins
//     (Win, open or not); L = 4, 3, 2 score CreateOpen*/CreateClosed* by the number
//     of open ends (an end is open when the next cell is empty; an opponent stone or
//     the board edge closes it); no open end scores 0.
//   - block, on each side of p separately: k = opponent stones contiguous with p on
//     that side; the cell beyond them is far closed when it holds a mover's stone or
//     is off the board. k = 4 scores BlockClosedFour when far closed and 0 when far
//     open; k = 3 scores BlockClosedThree when far closed, BlockOpenThree when far
//     open; any other k scores 0.
func Evaluate(b *Board, p int, mover Stone) (value int, win bool) {
	opp := mover.Opponent()
	cells := &b.Cells
	for _, d := range directions {
		// Forward side: the mover's run, then (if it is empty of them) the opponent's.
		run := 0
		q := p + d
		for cells[q] == mover {
			q += d
			run++
		}
		forwardEnd := cells[q]
		if run == 0 {
			value += blockValue(cells, q, d, opp, mover)
		}
		// Backward side.
		back := 0
		q = p - d
		for cells[q] == mover {
			q -= d
			back++
		}
		backwardEnd := cells[q]
		if back == 0 {
			value += blockValue(cells, q, -d, opp, mover)
		}
		length := 1 + run + back
		if length >= 5 {
			value += Win
			win = true
			continue
		}
		open := 0
		if forwardEnd == Empty {
			open++
		}
		if backwardEnd == Empty {
			open++
		}
		value += createValue[length][open]
	}
	return value, win
}

// blockValue scores blocking the opponent run that starts at q and goes on in step d:
// its length k and the cell beyond it decide BlockClosedFour, BlockOpenThree or
// BlockClosedThree.
func blockValue(cells *[gridCells]Stone, q, d int, opp, mover Stone) int {
	k := 0
	for cells[q] == opp {
		q += d
		k++
	}
	farClosed := cells[q] == mover || cells[q] == Edge
	switch k {
	case 4:
		if farClosed {
			return BlockClosedFour
		}
	case 3:
		if farClosed {
			return BlockClosedThree
		}
		return BlockOpenThree
	}
	return 0
}
