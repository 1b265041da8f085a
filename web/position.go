// position.go: positions as the browser sees them, and action lists read from requests.

package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"littlego/board"
	"littlego/record"
)

// maxActions bounds an action list: a game has at most board.MaxMoves actions.
const maxActions = board.MaxMoves

// PositionView is a position as the frontend draws it.
type PositionView struct {
	// Board holds 25 file digits in point order: 0 empty, 1 Black, 2 White.
	Board []int `json:"board"`
	// Turn is "black" or "white": the side to move.
	Turn string `json:"turn"`
	// Move is the number of the move about to be played (25 once move 24 is played).
	Move int `json:"move"`
	// Last is the number of the game's last move (24).
	Last int `json:"last"`
	// Over is set once the game has ended.
	Over bool `json:"over"`
	// Ko is the point the side to move may not play ("i,j"), or "".
	Ko string `json:"ko"`
	// Passed is set when a pass now ends the game.
	Passed bool `json:"passed"`
	// Legal lists the points the side to move may play.
	Legal []string `json:"legal"`
	// BlackStones and WhiteStones count the stones on the board.
	BlackStones int `json:"blackStones"`
	WhiteStones int `json:"whiteStones"`
	// Komi is White's compensation.
	Komi float64 `json:"komi"`
	// Leader is the side that wins if the game ends on this board.
	Leader string `json:"leader"`
	// Score is the result if the game ended on this board, after the komi, in Go's
	// notation (record.Result: "W+2.5"); Lead says the stones in words (record.Stones:
	// "Black 1 stone ahead", "stones even").
	Score string `json:"score"`
	Lead  string `json:"lead"`
	// Captures counts the stones each side has captured so far.
	Captures Captures `json:"captures"`
	// Actions are the actions played from the empty board, "i,j" or "PASS".
	Actions []string `json:"actions"`
}

// Captures counts captured stones by the side that captured them.
type Captures struct {
	Black int `json:"black"`
	White int `json:"white"`
}

// colourName returns "black" or "white".
func colorName(c board.Color) string { return strings.ToLower(c.String()) }

// newPositionView describes pos, reached by actions with caps captured stones.
func newPositionView(pos board.Position, actions []board.Point, caps Captures) PositionView {
	v := PositionView{
		Board: make([]int, board.NumPoints), Turn: colorName(pos.Turn), Move: int(pos.Move),
		Last: int(pos.Last), Over: pos.Over, Passed: pos.Passed, Legal: []string{},
		Komi: board.Komi, Leader: colorName(pos.Winner()), Captures: caps, Actions: []string{},
	}
	for p := board.Point(0); p < board.NumPoints; p++ {
		v.Board[p] = pos.Stones.At(p)
	}
	if pos.Ko != 0 {
		v.Ko = pos.Ko.First().String()
	}
	for legal := pos.Legal(); legal != 0; legal &= legal - 1 {
		v.Legal = append(v.Legal, legal.First().String())
	}
	v.BlackStones, v.WhiteStones = pos.Score()
	v.Score, v.Lead = record.Result(pos.Margin()), record.Stones(pos.Margin())
	for _, a := range actions {
		v.Actions = append(v.Actions, a.String())
	}
	return v
}

// parseAction reads "i,j" (0..4 each) or "pass" (any case).
func parseAction(s string) (board.Point, error) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "pass") {
		return board.Pass, nil
	}
	is, js, ok := strings.Cut(s, ",")
	i, err1 := strconv.Atoi(strings.TrimSpace(is))
	j, err2 := strconv.Atoi(strings.TrimSpace(js))
	if !ok || err1 != nil || err2 != nil || i < 0 || i >= board.Size || j < 0 || j >= board.Size {
		return board.NoPoint, fmt.Errorf("action %q: want i,j with 0 <= i,j <= 4, or PASS", clip(s))
	}
	return board.PointAt(i, j), nil
}

// illegalReason says why pt may not be played in pos, or "" when it may.
func illegalReason(pos board.Position, pt board.Point) string {
	switch {
	case pos.Over:
		return "the game is over"
	case pt == board.Pass:
		return ""
	case pos.Stones.At(pt) != 0:
		return pt.String() + " is occupied"
	case pos.Ko.Has(pt):
		return pt.String() + " retakes the ko at once (banned for one move)"
	case !pos.IsLegal(pt):
		return pt.String() + " would be suicide"
	}
	return ""
}

// replay plays actions from the empty board and returns the position, the captures and
// an error naming the first action that is not legal.
func replay(actions []board.Point) (board.Position, Captures, error) {
	pos := board.New()
	var caps Captures
	for i, a := range actions {
		if why := illegalReason(pos, a); why != "" {
			return pos, caps, fmt.Errorf("move %d (%s): illegal: %s", i+1, a, why)
		}
		mover := pos.Turn
		n, _ := pos.Play(a)
		if mover == board.Black {
			caps.Black += n
		} else {
			caps.White += n
		}
	}
	return pos, caps, nil
}

// parseActions reads a list of actions separated by spaces or semicolons ("2,2 1,1
// PASS"), at most maxActions of them.
func parseActions(s string) ([]board.Point, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ';' || r == '\n' || r == '\t' || r == '\r' })
	if len(fields) > maxActions {
		return nil, fmt.Errorf("%d actions: a game has at most %d", len(fields), maxActions)
	}
	out := make([]board.Point, 0, len(fields))
	for _, f := range fields {
		a, err := parseAction(f)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// movesParam returns the query's moves parameter, read from the raw query so that
// semicolons separate actions (net/url drops a pair holding a semicolon).
func movesParam(r *http.Request) string {
	for _, pair := range strings.Split(r.URL.RawQuery, "&") {
		if v, ok := strings.CutPrefix(pair, "moves="); ok {
			s, err := url.QueryUnescape(v)
			if err != nil {
				return v // parseActions names what it cannot read
			}
			return s
		}
	}
	return ""
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}
