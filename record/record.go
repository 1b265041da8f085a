// Package record holds the record of a Little-Go game as the front ends write and read
// it: who played, how the game ended (Reason), every action with its time, and its
// forms for machines: one JSON object per game (the arena's -o lines, which the review
// reads back) and SGF FF[4]. It is the one reader of game files (Parse: SGF, the
// arena's JSON lines, action lists) and the one account of a game's result (Result) and
// winner (Won).
package record

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"littlego/board"
	"littlego/sgf"
)

// Reason says why a game ended.
type Reason string

// The ways a game ends. The first two are the normal ends, judged on the stones; every
// other reason except Aborted is a loss of the side that caused it.
const (
	// EndMoves: move 24 was played.
	EndMoves Reason = "moves"
	// EndPasses: two passes in a row (a pass by Black on move 1 included).
	EndPasses Reason = "passes"
	// IllegalOffBoard: a move outside the board.
	IllegalOffBoard Reason = "illegal-off-board"
	// IllegalOccupied: a move on an occupied point.
	IllegalOccupied Reason = "illegal-occupied"
	// IllegalSuicide: a move that leaves its own group without liberties.
	IllegalSuicide Reason = "illegal-suicide"
	// IllegalKo: an immediate ko retake.
	IllegalKo Reason = "illegal-ko"
	// NoOutput: an exec agent ended without writing output.txt.
	NoOutput Reason = "no-output"
	// BadOutput: output.txt, or a GTP answer, could not be read as a move.
	BadOutput Reason = "bad-output"
	// Timeout: a move took more CPU time than the limit, or was killed at the
	// wall-clock bound.
	Timeout Reason = "timeout"
	// Crash: an exec agent exited with a non-zero status or was killed by a signal.
	Crash Reason = "crash"
	// AgentError: an agent could not be started or broke its protocol (GTP).
	AgentError Reason = "agent-error"
	// Aborted: the match was interrupted; the game counts for no one.
	Aborted Reason = "aborted"
)

// The reasons of records read from elsewhere (Parse), which say less than the arena's.
const (
	// Unrecorded: the record does not say how the game ended, nor who won (a list of
	// actions, an SGF without a result): its moves decide (Record.Winner).
	Unrecorded Reason = ""
	// Declared: the record names the winner without saying how the game ended (an
	// arena line without a reason, an SGF's B+R or a score its moves do not reach).
	Declared Reason = "declared"
	// UnnamedFault: a loss by a fault the record does not name (an SGF's W+Forfeit).
	UnnamedFault Reason = "forfeit"
)

// Forfeit reports whether r is a loss by fault rather than an end on the board.
func (r Reason) Forfeit() bool {
	return r != EndMoves && r != EndPasses && r != Aborted && r != Unrecorded && r != Declared
}

// Describe returns r in words.
func (r Reason) Describe() string {
	switch r {
	case EndMoves:
		return "24 moves played"
	case EndPasses:
		return "two passes"
	case IllegalOffBoard:
		return "illegal: off the board"
	case IllegalOccupied:
		return "illegal: occupied point"
	case IllegalSuicide:
		return "illegal: suicide"
	case IllegalKo:
		return "illegal: ko retake"
	case NoOutput:
		return "no output.txt"
	case BadOutput:
		return "unreadable move"
	case Timeout:
		return "over the time limit"
	case Crash:
		return "crash"
	case AgentError:
		return "agent error"
	case Aborted:
		return "aborted"
	case Declared:
		return "the winner alone recorded"
	case UnnamedFault:
		return "a fault"
	}
	return string(r)
}

// Judge returns why pt is illegal for the side to move in pos, in the host's order of
// checks (off the board, occupied, suicide, ko; RULES.md), or "" when it is legal. A
// pass is always legal while the game goes on.
func Judge(pos *board.Position, pt board.Point) Reason {
	switch {
	case pt == board.Pass:
		return ""
	case pt < 0 || pt >= board.NumPoints:
		return IllegalOffBoard
	case pos.Stones.At(pt) != 0:
		return IllegalOccupied
	case pos.IsLegal(pt):
		return ""
	case pos.Ko.Has(pt):
		// A ko retake captures a stone, so it is never suicide.
		return IllegalKo
	}
	return IllegalSuicide
}

// Move is one action of a game
type Move struct {
	// Color is the side that moved.
	Color board.Color
	// Point is the action played, or for the move that lost the game by a fault the
	// action attempted (board.NoPoint when there was none).
	Point board.Point
	// CPU is the time the move took (CPU time when Measured, else wall time).
	CPU time.Duration
	// Measured is true when CPU is CPU time.
	Measured bool
	// Fault marks the move that lost the game by a fault; it was not played.
	Fault bool
	// Note says something about the move (a GTP resign counted as a pass).
	Note string
	// Opening marks an action of the game's opening, given to both agents, not played
	// by them.
	Opening bool
}

// Record is the record of one game.
type Record struct {
	// Name says where a record read from a file came from (Parse: "match.json game 3");
	// not written.
	Name string
	// LeftOut says what the reader left out of the file, for its reader to be told: an
	// SGF's variations beside its main line (sgf.Game.MainLineNote); "" for nothing; not
	// written.
	LeftOut string
	// Game is the game's number in the match, from 1.
	Game int
	// Seed is the seed the built-in agents and the engine drew from in this game.
	Seed uint64
	// Black and White name the agents.
	Black, White string
	// ABlack is true when the match's agent A played Black.
	ABlack bool
	// Winner is the side that won (meaningless when Reason is Aborted or Unrecorded:
	// the method Won says who won those).
	Winner board.Color
	// Reason says why the game ended; Detail says it in full.
	Reason Reason
	Detail string
	// BlackStones and WhiteStones are the stones on the final board.
	BlackStones, WhiteStones int
	// Moves are the actions, the faulty last one included.
	Moves []Move
	// Wall is the wall-clock time the game took.
	Wall time.Duration
	// Opening is the number of the opening the game started from (from 1; 0 for the
	// empty board), OpeningMoves its actions; OpeningKnown and OpeningBlackWins give its
	// value when the solver proved it.
	Opening                        int
	OpeningMoves                   string
	OpeningKnown, OpeningBlackWins bool
}

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

// Result returns the result of r in Go's notation (SGF's RE[]), the one every front end
// gives: "B+0.5" or "W+2.5" (the score difference, komi included) for a game ended on the
// board, "B+Time"/"W+Time" for a loss on time, "B+Forfeit"/"W+Forfeit" for any other
// fault, "Void" for an aborted game, "B+" or "W+" for a winner recorded alone
// (Declared). A record that says nothing of the end (Unrecorded) has the result its
// moves decide: the forfeit of an illegal action's player, the score of a game played to
// its end, else "" (unfinished).
func (r *Record) Result() string {
	switch {
	case r.Reason == Aborted:
		return Void
	case r.Reason == Declared:
		return board.ColorLetter(r.Winner) + "+"
	case r.Reason == Unrecorded:
		pos, illegal, mover := r.replay()
		switch {
		case illegal > 0:
			return ByForfeit(mover.Other())
		case pos.Over:
			return Result(pos.Margin())
		}
		return ""
	case r.Reason == Timeout:
		return OnTime(r.Winner)
	case r.Reason.Forfeit():
		return ByForfeit(r.Winner)
	}
	return Result(r.BlackStones - r.WhiteStones)
}

// OpeningComment is the comment (C) on each move of an imposed opening in a record's
// SGF: the moves stay ordinary moves, which every SGF reader keeps and replays, and the
// comment, which SGF editors keep and show, tells the reader of the record
// (SGFOpening) that no player chose them.
const OpeningComment = "opening: imposed on both players, chosen by neither"

// SGF returns r as an SGF game: the actions played (a faulty last move is left out and
// told in the comment), the players, the result, the rules and the date given. The
// moves of an imposed opening carry OpeningComment, and the game's name numbers the
// opening.
func (r *Record) SGF(date string) sgf.Game {
	g := sgf.Game{Komi: board.Komi, Rules: "CSCI-561 Little-Go (stones only, komi 2.5, 24 moves)",
		Black: r.Black, White: r.White, Result: r.Result(), Date: date,
		Name: fmt.Sprintf("game %d, seed %d", r.Game, r.Seed), Comment: r.Detail}
	if r.Opening > 0 {
		g.Name += fmt.Sprintf(", opening %d: %s", r.Opening, r.OpeningMoves)
	}
	for _, m := range r.Moves {
		if !m.Fault {
			sm := sgf.Move{Color: m.Color, Point: m.Point}
			if m.Opening {
				sm.Comment = OpeningComment
			}
			g.Moves = append(g.Moves, sm)
		}
	}
	return g
}

// SGFOpening returns how many leading moves of g are an imposed opening (marked
// OpeningComment by SGF, alone or as the first line of the move's comment, as a
// review's SGF writes it): 0 for a game played from the empty board by its players.
func SGFOpening(g *sgf.Game) int {
	n := 0
	for n < len(g.Moves) {
		if first, _, _ := strings.Cut(g.Moves[n].Comment, "\n"); first != OpeningComment {
			break
		}
		n++
	}
	return n
}

// ParseJSON reads one JSON line of a game record. A JSON object without moves (the
// arena's closing test summary) is not a game: isGame is false.
func ParseJSON(line []byte) (g JSONGame, isGame bool, err error) {
	if err := json.Unmarshal(line, &g); err != nil {
		return JSONGame{}, false, err
	}
	return g, g.Moves != nil, nil
}
