// referee.go: one Fruit Rage game and a match of games as the course runs them: random full boards, CPU time charged per move, faults lose, ties broken by remaining time.

// Package referee plays Fruit Rage games between two players under the rules of the
// assignment ("Running one agent against another"; games/FRUITRAGE.md): a
// random full n×n board of p types, a CPU-time clock per player charged after each move,
// a move that uses up the clock or is invalid loses, otherwise the higher score wins and
// equal scores go to the player with more time left (equal times too: the game is
// replayed on a new board). The first player of game 1 is drawn at random, then the
// first player alternates.
package referee

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"littlego/games/fruitrage"
)

// Config is the match setting.
type Config struct {
	// N is the board size and P the number of fruit types of the random boards.
	N, P int
	// Clock is each player's CPU time for a whole game.
	Clock time.Duration
	// Seed makes every board and the first player reproducible.
	Seed uint64
	// Board, when not nil, is every game's starting board instead of a random one
	// (equal scores and equal times then end the game without a winner after 3 replays).
	Board *fruitrage.Board
	// Paired plays games 2k-1 and 2k on the same random board; the first player
	// alternates, so each side starts once on every board.
	Paired bool
}

// BoardNumber is the number of the random board game number game is played on: the
// game's own number, or its pair's when games are paired.
func (c *Config) BoardNumber(game int) int {
	if c.Paired {
		return (game + 1) / 2
	}
	return game
}

// GameResult is how one game ended, seen from the match's players A (index 0) and B (1).
type GameResult struct {
	// Game is the game's number from 1.
	Game int
	// First is the player who moved first (0: A, 1: B).
	First int
	// Winner is 0 (A) or 1 (B), or -1 when a fixed board kept ending in full ties.
	Winner int
	// Score and Left are each player's points and remaining time at the end.
	Score [2]int
	Left  [2]time.Duration
	// Moves counts the moves played.
	Moves int
	// MaxMove is each player's longest move in CPU time.
	MaxMove [2]time.Duration
	// Fault is the loser's fault (NoFault when the game was decided on points or time).
	Fault Fault
	// Detail explains the fault.
	Detail string
	// TieBreak reports that the scores were equal and remaining time decided.
	TieBreak bool
	// Replays counts boards discarded because scores and times were both equal.
	Replays int
}

// PlayGame plays game number game (from 1) of a match between players a and b. The
// board comes from cfg.Seed and cfg.BoardNumber(game); first says who moves first.
func PlayGame(ctx context.Context, cfg Config, game, first int, a, b Player) (GameResult, error) {
	res := GameResult{Game: game, First: first}
	players := [2]Player{a, b}
	for replay := 0; ; replay++ {
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(cfg.BoardNumber(game))<<16|uint64(replay)))
		board := fruitrage.RandomBoard(cfg.N, cfg.P, rng)
		if cfg.Board != nil {
			board = *cfg.Board
		}
		res.Score, res.Moves, res.MaxMove = [2]int{}, 0, [2]time.Duration{}
		res.Left = [2]time.Duration{cfg.Clock, cfg.Clock}
		var g fruitrage.Groups
		var next fruitrage.Board
		side := first
		for !board.IsEmpty() {
			if err := ctx.Err(); err != nil {
				return res, err
			}
			reply := players[side].Play(ctx, &Turn{Board: &board, Types: cfg.P, Remaining: res.Left[side]})
			res.Left[side] -= reply.CPU
			res.MaxMove[side] = max(res.MaxMove[side], reply.CPU)
			if reply.Fault == NoFault && res.Left[side] <= 0 {
				reply.Fault, reply.Detail = Timeout, fmt.Sprintf("%.3f s of CPU used up the clock", reply.CPU.Seconds())
			}
			if reply.Fault == NoFault && !board.Legal(reply.Move) {
				reply.Fault, reply.Detail = Invalid, "the move names no fruit"
			}
			if reply.Fault != NoFault {
				res.Winner, res.Fault = 1-side, reply.Fault
				res.Detail = fmt.Sprintf("move %d: %s", res.Moves+1, reply.Detail)
				return res, nil
			}
			g.Find(&board)
			res.Score[side] += fruitrage.Play(&next, &board, &g, g.GroupOf(reply.Move))
			board = next
			res.Moves++
			side = 1 - side
		}
		switch {
		case res.Score[0] != res.Score[1]:
			res.Winner = b2i(res.Score[1] > res.Score[0])
			return res, nil
		case res.Left[0] != res.Left[1]:
			res.Winner, res.TieBreak = b2i(res.Left[1] > res.Left[0]), true
			return res, nil
		}
		res.Replays++
		if cfg.Board != nil && res.Replays == 3 {
			res.Winner = -1
			return res, nil
		}
	}
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}

// FirstPlayer returns who moves first in game number game (from 1): drawn from the
// seed in game 1, then alternating.
func FirstPlayer(seed uint64, game int) int {
	first := rand.New(rand.NewPCG(seed, 0x6669727374)).IntN(2)
	return (first + game - 1) % 2
}
