// referee.go: the referee: one game between two players judged as the course host judges it, and the game record.

package arena

import (
	"context"
	"fmt"
	"time"

	"littlego/board"
	"littlego/record"
)

// Referee plays one game from the empty board between players[board.Black] and
// players[board.White] and returns its record (without the fields naming the game and
// the agents). A move whose measured CPU time exceeds cpuLimit loses; so does an illegal
// move or a player's fault. The game stops with Reason Aborted as soon as ctx is
// cancelled. Referee does not close the players.
func Referee(ctx context.Context, players [2]Player, cpuLimit time.Duration) record.Record {
	return RefereeFrom(ctx, players, cpuLimit, nil)
}

// RefereeFrom is Referee from the position after the actions of opening, which are
// recorded (marked Opening) but not asked of the players. The opening must be legal
// and leave the game unfinished (Opening.Position checks it).
func RefereeFrom(ctx context.Context, players [2]Player, cpuLimit time.Duration, opening []board.Point) record.Record {
	var rec record.Record
	start := time.Now()
	pos := board.New()
	var previous board.Stones
	history := make([]board.Point, 0, board.MaxMoves)
	for _, m := range opening {
		before, c := pos.Stones, pos.Turn
		pos.Act(m)
		previous = before
		history = append(history, m)
		rec.Moves = append(rec.Moves, record.Move{Color: c, Point: m, Measured: true, Opening: true})
	}
	lose := func(c board.Color, r record.Reason, detail string) {
		rec.Winner, rec.Reason, rec.Detail = c.Other(), r, detail
	}
	for !pos.Over {
		if ctx.Err() != nil {
			rec.Reason, rec.Detail = record.Aborted, "match interrupted"
			break
		}
		c := pos.Turn
		reply := players[c].Answer(ctx, &Request{Pos: pos, Previous: previous, History: history})
		if ctx.Err() != nil {
			rec.Reason, rec.Detail = record.Aborted, "match interrupted"
			break
		}
		mv := record.Move{Color: c, Point: reply.Move, CPU: reply.CPU, Measured: reply.Measured}
		what := fmt.Sprintf("%s's move %d", c, pos.Move)
		if reply.Fault == "" {
			mv.Note = reply.Detail
		}
		fault := func(r record.Reason, detail string) {
			mv.Fault = true
			rec.Moves = append(rec.Moves, mv)
			lose(c, r, what+": "+detail)
		}
		if reply.Fault != "" {
			fault(reply.Fault, reply.Detail)
			break
		}
		if reply.Measured && reply.CPU > cpuLimit {
			fault(record.Timeout, fmt.Sprintf("%.3f s of CPU, over the limit of %.3f s", reply.CPU.Seconds(), cpuLimit.Seconds()))
			break
		}
		if r := record.Judge(&pos, reply.Move); r != "" {
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
		rec.Reason = record.EndPasses
		if len(history) == board.MaxMoves {
			rec.Reason = record.EndMoves
		}
		rec.Detail = fmt.Sprintf("%s: Black %d, White %d + %.1f komi", rec.Reason.Describe(), rec.BlackStones, rec.WhiteStones, board.Komi)
		if len(history) == 1 {
			rec.Detail = "Black passed on move 1, which ends the game: " + rec.Detail
		}
	}
	rec.Wall = time.Since(start)
	return rec
}
