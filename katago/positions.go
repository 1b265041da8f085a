// positions.go: the positions of a query's turns: its initial stones and its moves replayed under the course's rules, an illegal move refused with the reason.

package katago

import (
	"encoding/json"
	"fmt"
	"strings"

	"littlego/board"
)

// stone is one [player, location] pair of moves or initialStones.
type stone struct {
	color board.Color
	point board.Point
}

// parseStones decodes a list of [player, location] pairs.
func parseStones(f fields, name string) ([]stone, bool, *fieldError) {
	raw, ok := f[name]
	if !ok {
		return nil, false, nil
	}
	var pairs [][]string
	if err := json.Unmarshal(raw, &pairs); err != nil {
		return nil, true, &fieldError{field: name, msg: `expected a list of [player, location] pairs such as ["B","C3"]`}
	}
	out := make([]stone, len(pairs))
	for k, pair := range pairs {
		if len(pair) != 2 {
			return nil, true, &fieldError{field: name, msg: fmt.Sprintf("entry %d: expected [player, location]", k)}
		}
		c, err := parsePlayer(pair[0])
		if err != nil {
			return nil, true, &fieldError{field: name, msg: fmt.Sprintf("entry %d: %v", k, err)}
		}
		p, err := board.ParseVertex(pair[1])
		if err != nil {
			return nil, true, &fieldError{field: name, msg: fmt.Sprintf("entry %d: location %q: %v (the board is 5x5: A1 to E5, or pass)", k, pair[1], err)}
		}
		out[k] = stone{c, p}
	}
	return out, true, nil
}

// parsePlayer reads "B" or "W" (also "black", "white").
func parsePlayer(s string) (board.Color, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return board.Black, nil
	case "w", "white":
		return board.White, nil
	}
	return board.Black, fmt.Errorf("player %q: want B or W", s)
}

// checkPositions builds the position of every turn: turn 0 from initialStones and
// initialPlayer, turn k after k moves. The course's game counts its moves, so a
// position given by initial stones is taken to be at move stones+1 (the first of the
// right colour), as if no stone had been captured and no one had passed: a warning says
// so.
func checkPositions(f fields, q *query) ([]fieldError, *fieldError) {
	var warns []fieldError
	moves, ok, err := parseStones(f, "moves")
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &fieldError{field: "moves", msg: "required field is missing"}
	}
	initial, _, err := parseStones(f, "initialStones")
	if err != nil {
		return nil, err
	}
	player := board.Black
	if len(moves) > 0 {
		player = moves[0].color
	}
	if s, ok, e := f.str("initialPlayer"); e != nil {
		return nil, e
	} else if ok {
		c, perr := parsePlayer(s)
		if perr != nil {
			return nil, &fieldError{field: "initialPlayer", msg: perr.Error()}
		}
		if len(moves) > 0 && moves[0].color != c {
			return nil, &fieldError{field: "initialPlayer", msg: "the first move is not initialPlayer's: the course's game alternates"}
		}
		player = c
	}
	pos := board.New()
	if len(initial) > 0 || player != board.Black {
		var e *fieldError
		if pos, e = setUp(initial, player); e != nil {
			return nil, e
		}
		field := "initialStones"
		if len(initial) == 0 {
			field = "initialPlayer" // White to move on the empty board
		}
		warns = append(warns, fieldError{field: field, msg: fmt.Sprintf("the course's game ends after move %d: the position is taken to be at move %d (one move per stone, no capture, no pass)", board.MaxMoves, pos.Move)})
	}
	q.positions = append(q.positions[:0], pos)
	for k, m := range moves {
		if e := play(&pos, m, k); e != nil {
			return warns, e
		}
		q.positions = append(q.positions, pos)
	}
	return warns, nil
}

// setUp returns the position of the initial stones with player to move.
func setUp(initial []stone, player board.Color) (board.Position, *fieldError) {
	var s board.Stones
	for k, st := range initial {
		if st.point == board.Pass {
			return board.Position{}, &fieldError{field: "initialStones", msg: fmt.Sprintf("entry %d: a stone cannot pass", k)}
		}
		if s[0].Has(st.point) || s[1].Has(st.point) {
			return board.Position{}, &fieldError{field: "initialStones", msg: fmt.Sprintf("entry %d: %s is placed twice", k, board.Vertex(st.point))}
		}
		s[st.color] |= st.point.Bit()
	}
	for c := board.Black; c <= board.White; c++ {
		for rest := s[c]; rest != 0; {
			g := board.Group(rest&-rest, s[c])
			rest &^= g
			if g.Neighbours()&s.Empty() == 0 {
				return board.Position{}, &fieldError{field: "initialStones", msg: fmt.Sprintf("the %s group at %s has no liberty", c, board.Vertex(g.First()))}
			}
		}
	}
	move := board.FixMoveNumber(player, len(initial)+1)
	if len(initial)+1 > board.MaxMoves {
		return board.Position{}, &fieldError{field: "initialStones", msg: fmt.Sprintf("%d stones: more than the course's game can reach", len(initial))}
	}
	pos := board.Position{Stones: s, Move: uint8(move), Last: board.MaxMoves, Turn: player, Passed: len(initial) == 0}
	pos.Hash = pos.ComputeHash()
	return pos, nil
}

// play plays m, the k-th move (from 0), on pos, or says why it is illegal in KataGo's
// words ("Illegal move 3: C3"), the reason after them. Once the game is over a pass is
// taken (it changes nothing but the side to move: KataGo's clients pass to end a game),
// and a stone is illegal.
func play(pos *board.Position, m stone, k int) *fieldError {
	bad := func(why string) *fieldError {
		return kataError("moves", fmt.Sprintf("Illegal move %d: %s (%s)", k, board.Vertex(m.point), why))
	}
	switch {
	case pos.Over && m.point == board.Pass:
		pos.Turn = m.color.Other()
		pos.Hash = pos.ComputeHash()
		return nil
	case pos.Over && int(pos.Move) > int(pos.Last):
		return bad(fmt.Sprintf("the game ended after move %d: only a pass is taken", pos.Last))
	case pos.Over:
		return bad("the game ended after two passes in a row: only a pass is taken")
	case m.color != pos.Turn:
		return bad(fmt.Sprintf("it is %s's turn: the course's game alternates, a pass is a move", pos.Turn))
	case m.point == board.Pass:
		pos.Pass()
		return nil
	case pos.Stones[0].Has(m.point) || pos.Stones[1].Has(m.point):
		return bad("the point is occupied")
	case pos.Ko.Has(m.point):
		return bad("it retakes the ko at once")
	}
	if _, ok := pos.Play(m.point); !ok {
		return bad("suicide")
	}
	return nil
}
