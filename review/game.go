// game.go: what the review reads of a game record (package record): its name, players, actions, imposed opening and fault.

package review

import (
	"littlego/board"
	"littlego/record"
)

// game is a record as the review reads it.
type game struct {
	rec record.Record
	// Name, Black and White are the record's.
	Name, Black, White string
	// Actions are the actions played from the empty board (record.Record.Actions).
	Actions []board.Point
	// Opening is how many leading Actions were imposed on both players (the arena's
	// -openings): they are judged but counted against no one.
	Opening int
	// Fault is the record's account of a loss by a fault that is not an illegal action
	// (a timeout, no output), or "" (record.Record.FaultDetail).
	Fault string
}

// gameOf returns what the review reads of rec.
func gameOf(rec record.Record) game {
	return game{rec: rec, Name: rec.Name, Black: rec.Black, White: rec.White, Actions: rec.Actions(),
		Opening: rec.Imposed(), Fault: rec.FaultDetail()}
}
