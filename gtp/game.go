// game.go: the game a GTP session keeps: rules, komi, the position, its undo history and the score.

package gtp

import (
	"fmt"
	"strings"

	"littlego/board"
	"littlego/record"
)

// Rules selects how a GTP game ends and is scored.
type Rules uint8

const (
	// LittleGo is the course's rules (RULES.md): the game ends after move 24 or two
	// passes in a row, and the score counts stones only.
	LittleGo Rules = iota
	// Area is plain area scoring: stones plus the empty points surrounded by one colour
	// only, with no move cap (the game ends on two passes in a row).
	Area
)

// noCap is the Position.Last of a game without the 24-move end: advance never ends it.
const noCap = 255

// ParseRules reads a rules name: "littlego" (also "little" or "course") or "area".
func ParseRules(s string) (Rules, error) {
	switch strings.ToLower(s) {
	case "littlego", "little", "course":
		return LittleGo, nil
	case "area":
		return Area, nil
	}
	return LittleGo, fmt.Errorf("rules %q unknown: want littlego or area", s)
}

// String returns "littlego" or "area".
func (r Rules) String() string {
	if r == Area {
		return "area"
	}
	return "littlego"
}

// game is the state of the board a session plays on.
type game struct {
	rules   Rules
	komi    float64
	pos     board.Position
	history []board.Position // positions before each action played, for undo
}

// newGame returns an empty board under rules, komi 2.5.
func newGame(rules Rules) game {
	g := game{rules: rules, komi: board.Komi}
	g.clear()
	return g
}

// clear empties the board and the history; rules and komi stay.
func (g *game) clear() {
	g.pos = board.New()
	if g.rules == Area {
		g.pos.Last = noCap
	}
	g.history = g.history[:0]
}

// withTurn returns pos with c to move. GTP lets either colour play at any time: when c
// is not the side to move, the turn changes hands without a move being counted, and the
// ko restriction (which binds only the side that was to move) is lifted.
func withTurn(pos board.Position, c board.Color) board.Position {
	if pos.Turn != c {
		pos.Turn = c
		pos.Ko = 0
		pos.Hash = pos.ComputeHash()
	}
	return pos
}

// play plays pt for c, or returns false and leaves the game unchanged if the move is
// illegal (occupied, suicide, a ko retake, or the game is over).
func (g *game) play(c board.Color, pt board.Point) bool {
	if g.pos.Over {
		return false
	}
	next := withTurn(g.pos, c)
	if _, ok := next.Play(pt); !ok {
		return false
	}
	g.history = append(g.history, g.pos)
	g.pos = next
	return true
}

// illegalReason says why play(c, pt) was refused.
func (g *game) illegalReason(c board.Color, pt board.Point) string {
	next := withTurn(g.pos, c)
	switch {
	case g.pos.Over:
		return fmt.Sprintf("the game is over (%s rules)", g.rules)
	case !next.Empty().Has(pt):
		return "the point is occupied"
	case next.Ko.Has(pt):
		return "it retakes the ko"
	}
	return "it is suicide"
}

// undo restores the position before the last action, or returns false if there is none.
func (g *game) undo() bool {
	n := len(g.history)
	if n == 0 {
		return false
	}
	g.pos = g.history[n-1]
	g.history = g.history[:n-1]
	return true
}

// score returns Black's and White's points on the current board under the rules,
// without komi: stones only (LittleGo), or stones plus the empty regions that touch
// stones of one colour only (Area). Every stone counts as alive.
func (g *game) score() (black, white int) {
	black, white = g.pos.Score()
	if g.rules == Area {
		tb, tw := territory(g.pos.Stones)
		black += tb
		white += tw
	}
	return black, white
}

// territory counts the empty points whose region borders only Black stones, and only
// White stones.
func territory(s board.Stones) (black, white int) {
	empty := s.Empty()
	for rest := empty; rest != 0; {
		region := board.Group(rest&-rest, empty)
		rest &^= region
		border := region.Neighbours()
		touchesBlack := border&s[board.Black] != 0
		touchesWhite := border&s[board.White] != 0
		switch {
		case touchesBlack && !touchesWhite:
			black += region.Count()
		case touchesWhite && !touchesBlack:
			white += region.Count()
		}
	}
	return black, white
}

// finalScore returns the result as GTP writes it: "B+3.5", "W+2.5", or "0" for a draw.
// White gets the session's komi.
func (g *game) finalScore() string {
	b, w := g.score()
	return record.Score(float64(b-w), g.komi)
}

// searchPosition returns the position to give the engine for c to move. Under LittleGo
// it is the game's position. Under Area the search still plays the course game (its
// positions must have at most board.MaxMoves moves), so the position is given a
// horizon: the moves left in a course game from here, but at least areaHorizon, with
// the move number's parity kept to the side to move (Black odd, White even) so that
// White still has the last move.
func (g *game) searchPosition(c board.Color) board.Position {
	pos := withTurn(g.pos, c)
	if g.rules == LittleGo || pos.Over {
		return pos
	}
	move := min(int(pos.Move), board.MaxMoves+1-areaHorizon)
	move = max(move, 1)
	if (move%2 == 1) != (c == board.Black) {
		move-- // keep the parity; the horizon grows by one
		if move < 1 {
			move = 2
		}
	}
	pos.Move, pos.Last = uint8(move), board.MaxMoves
	return pos
}

// areaHorizon is the least number of moves the search looks ahead under Area rules.
const areaHorizon = 12

// showboard draws the board with GTP coordinates: X Black, O White, . empty.
func (g *game) showboard() string {
	var sb strings.Builder
	letters := "  "
	for j := 0; j < board.Size; j++ {
		letters += " " + board.Vertex(board.PointAt(0, j))[:1]
	}
	sb.WriteString(letters + "\n")
	for i := 0; i < board.Size; i++ {
		row := board.Size - i
		fmt.Fprintf(&sb, "%2d", row)
		for j := 0; j < board.Size; j++ {
			pt := board.PointAt(i, j)
			switch {
			case g.pos.Stones[board.Black].Has(pt):
				sb.WriteString(" X")
			case g.pos.Stones[board.White].Has(pt):
				sb.WriteString(" O")
			default:
				sb.WriteString(" .")
			}
		}
		fmt.Fprintf(&sb, " %d\n", row)
	}
	sb.WriteString(letters + "\n")
	b, w := g.pos.Score()
	status := fmt.Sprintf("move %d, %s to play", len(g.history)+1, g.pos.Turn)
	if g.pos.Over {
		status = "game over, final_score " + g.finalScore()
	}
	fmt.Fprintf(&sb, "%s; stones X %d, O %d; komi %g; rules %s", status, b, w, g.komi, g.rules)
	return sb.String()
}
