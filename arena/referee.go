// referee.go: the referee: one game between two players judged as the course host judges it, and the game record.

package arena

import (
	"context"
	"fmt"
	"time"

	"littlego/board"
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

// Forfeit reports whether r is a loss by fault rather than an end on the board.
func (r Reason) Forfeit() bool { return r != EndMoves && r != EndPasses && r != Aborted }

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
	}
	return string(r)
}

// MoveRecord is one action of a game record.
type MoveRecord struct {
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
	// Game is the game's number in the match, from 1.
	Game int
	// Seed is the seed the built-in agents and the engine drew from in this game.
	Seed uint64
	// Black and White name the agents.
	Black, White string
	// ABlack is true when the match's agent A played Black.
	ABlack bool
	// Winner is the side that won (meaningless when Reason is Aborted).
	Winner board.Color
	// Reason says why the game ended; Detail says it in full.
	Reason Reason
	Detail string
	// BlackStones and WhiteStones are the stones on the final board.
	BlackStones, WhiteStones int
	// Moves are the actions, the faulty last one included.
	Moves []MoveRecord
	// Wall is the wall-clock time the game took.
	Wall time.Duration
	// Opening is the number of the opening the game started from (from 1; 0 for the
	// empty board), OpeningMoves its actions; OpeningKnown and OpeningBlackWins give its
	// value when the solver proved it.
	Opening                        int
	OpeningMoves                   string
	OpeningKnown, OpeningBlackWins bool
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

// Referee plays one game from the empty board between players[board.Black] and
// players[board.White] and returns its record (without the fields naming the game and
// the agents). A move whose measured CPU time exceeds cpuLimit loses; so does an illegal
// move or a player's fault. The game stops with Reason Aborted as soon as ctx is
// cancelled. Referee does not close the players.
func Referee(ctx context.Context, players [2]Player, cpuLimit time.Duration) Record {
	return RefereeFrom(ctx, players, cpuLimit, nil)
}

// RefereeFrom is Referee from the position after the actions of opening, which are
// recorded (marked Opening) but not asked of the players. The opening must be legal
// and leave the game unfinished (Opening.Position checks it).
func RefereeFrom(ctx context.Context, players [2]Player, cpuLimit time.Duration, opening []board.Point) Record {
	var rec Record
	start := time.Now()
	pos := board.New()
	var previous board.Stones
	history := make([]board.Point, 0, board.MaxMoves)
	for _, m := range opening {
		before, c := pos.Stones, pos.Turn
		pos.Act(m)
		previous = before
		history = append(history, m)
		rec.Moves = append(rec.Moves, MoveRecord{Color: c, Point: m, Measured: true, Opening: true})
	}
	lose := func(c board.Color, r Reason, detail string) {
		rec.Winner, rec.Reason, rec.Detail = c.Other(), r, detail
	}
	for !pos.Over {
		if ctx.Err() != nil {
			rec.Reason, rec.Detail = Aborted, "match interrupted"
			break
		}
		c := pos.Turn
		reply := players[c].Answer(ctx, &Request{Pos: pos, Previous: previous, History: history})
		if ctx.Err() != nil {
			rec.Reason, rec.Detail = Aborted, "match interrupted"
			break
		}
		mv := MoveRecord{Color: c, Point: reply.Move, CPU: reply.CPU, Measured: reply.Measured}
		what := fmt.Sprintf("%s's move %d", c, pos.Move)
		if reply.Fault == "" {
			mv.Note = reply.Detail
		}
		fault := func(r Reason, detail string) {
			mv.Fault = true
			rec.Moves = append(rec.Moves, mv)
			lose(c, r, what+": "+detail)
		}
		if reply.Fault != "" {
			fault(reply.Fault, reply.Detail)
			break
		}
		if reply.Measured && reply.CPU > cpuLimit {
			fault(Timeout, fmt.Sprintf("%.3f s of CPU, over the limit of %.3f s", reply.CPU.Seconds(), cpuLimit.Seconds()))
			break
		}
		if r := Judge(&pos, reply.Move); r != "" {
			detail := fmt.Sprintf("%s at %s", r.Describe(), reply.Move)
			if reply.Detail != "" {
				detail += " (" + reply.Detail + ")"
			}
			fault(r, detail)
			break
		}
		before := pos.Stones
		pos.Play(reply.Move)
		previous = before
		history = append(history, reply.Move)
		rec.Moves = append(rec.Moves, mv)
	}
	rec.BlackStones, rec.WhiteStones = pos.Score()
	if rec.Reason == "" {
		rec.Winner = pos.Winner()
		rec.Reason = EndPasses
		if len(history) == board.MaxMoves {
			rec.Reason = EndMoves
		}
		rec.Detail = fmt.Sprintf("%s: Black %d, White %d + %.1f komi", rec.Reason.Describe(), rec.BlackStones, rec.WhiteStones, board.Komi)
		if len(history) == 1 {
			rec.Detail = "Black passed on move 1, which ends the game: " + rec.Detail
		}
	}
	rec.Wall = time.Since(start)
	return rec
}
