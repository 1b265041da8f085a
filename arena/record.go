// record.go: game records for machines: one JSON object per game, and SGF FF[4] files.

package arena

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"littlego/board"
	"littlego/sgf"
)

// JSONMove is one action in a JSON game record.
type JSONMove struct {
	// Color is "B" or "W".
	Color string `json:"color"`
	// Move is "i,j" as in output.txt, "PASS", or "none" when a faulty move gave none.
	Move string `json:"move"`
	// Seconds is the move's time; Clock says whether it is "cpu" or "wall" time.
	Seconds float64 `json:"seconds"`
	Clock   string  `json:"clock"`
	// Fault marks the move that lost the game by a fault (not played).
	Fault bool `json:"fault,omitempty"`
	// Note says something about the move (a GTP resign counted as a pass).
	Note string `json:"note,omitempty"`
	// Opening marks an action of the opening both agents were given.
	Opening bool `json:"opening,omitempty"`
}

// JSONGame is the JSON form of a Record: one line per game in the -o file of littlego arena.
type JSONGame struct {
	Game  int    `json:"game"`
	Seed  uint64 `json:"seed"`
	Black string `json:"black"`
	White string `json:"white"`
	// AColor is "black" or "white": the colour agent A played.
	AColor string `json:"a_color"`
	// Winner is "black" or "white", or "" for an aborted game.
	Winner string `json:"winner"`
	// WinnerName names the agent that won.
	WinnerName  string     `json:"winner_name"`
	Reason      Reason     `json:"reason"`
	Detail      string     `json:"detail"`
	BlackStones int        `json:"black_stones"`
	WhiteStones int        `json:"white_stones"`
	Moves       []JSONMove `json:"moves"`
	WallSeconds float64    `json:"wall_seconds"`
	// Opening numbers the opening the game started from (0: the empty board), and
	// OpeningValue gives its proven winner, "black" or "white", when the solver proved it.
	Opening      int    `json:"opening,omitempty"`
	OpeningMoves string `json:"opening_moves,omitempty"`
	OpeningValue string `json:"opening_value,omitempty"`
}

func colorWord(c board.Color) string { return strings.ToLower(c.String()) }

// JSON returns r's JSON form.
func (r *Record) JSON() JSONGame {
	g := JSONGame{Game: r.Game, Seed: r.Seed, Black: r.Black, White: r.White, AColor: "white",
		Reason: r.Reason, Detail: r.Detail, BlackStones: r.BlackStones, WhiteStones: r.WhiteStones,
		Moves: make([]JSONMove, 0, len(r.Moves)), WallSeconds: r.Wall.Seconds()}
	if r.ABlack {
		g.AColor = "black"
	}
	g.Opening, g.OpeningMoves = r.Opening, r.OpeningMoves
	if r.OpeningKnown {
		g.OpeningValue = "white"
		if r.OpeningBlackWins {
			g.OpeningValue = "black"
		}
	}
	if r.Reason != Aborted {
		g.Winner = colorWord(r.Winner)
		g.WinnerName = r.Black
		if r.Winner == board.White {
			g.WinnerName = r.White
		}
	}
	for _, m := range r.Moves {
		jm := JSONMove{Color: "B", Move: "none", Seconds: m.CPU.Seconds(), Clock: "cpu", Fault: m.Fault, Note: m.Note, Opening: m.Opening}
		if m.Color == board.White {
			jm.Color = "W"
		}
		if m.Point == board.Pass || (m.Point >= 0 && m.Point < board.NumPoints) {
			jm.Move = m.Point.String()
		}
		if !m.Measured {
			jm.Clock = "wall"
		}
		g.Moves = append(g.Moves, jm)
	}
	return g
}

// WriteJSON writes r as one line of JSON.
func (r *Record) WriteJSON(w io.Writer) error {
	data, err := json.Marshal(r.JSON())
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// Result returns the SGF result of r: "B+0.5" or "W+2.5" (the score difference, komi
// included) for a game ended on the board, "B+Time"/"W+Time" for a loss on time,
// "B+Forfeit"/"W+Forfeit" for any other fault, "Void" for an aborted game.
func (r *Record) Result() string {
	w := "B"
	if r.Winner == board.White {
		w = "W"
	}
	switch {
	case r.Reason == Aborted:
		return "Void"
	case r.Reason == Timeout:
		return w + "+Time"
	case r.Reason.Forfeit():
		return w + "+Forfeit"
	}
	diff := float64(r.BlackStones) - float64(r.WhiteStones) - board.Komi
	if diff < 0 {
		diff = -diff
	}
	return fmt.Sprintf("%s+%s", w, strings.TrimSuffix(fmt.Sprintf("%.1f", diff), ".0"))
}

// SGF returns r as an SGF game: the actions played (a faulty last move is left out and
// told in the comment), the players, the result, the rules and the date given.
func (r *Record) SGF(date string) sgf.Game {
	g := sgf.Game{Komi: board.Komi, Rules: "CSCI-561 Little-Go (stones only, komi 2.5, 24 moves)",
		Black: r.Black, White: r.White, Result: r.Result(), Date: date,
		Name: fmt.Sprintf("game %d, seed %d", r.Game, r.Seed), Comment: r.Detail}
	for _, m := range r.Moves {
		if !m.Fault {
			g.Moves = append(g.Moves, sgf.Move{Color: m.Color, Point: m.Point})
		}
	}
	return g
}
