// read.go: game records in, whatever their format (SGF, the arena's JSON lines, action lists), each read as a Record: the one reader of game files.

package record

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"littlego/board"
	"littlego/sgf"
)

// MaxInputBytes bounds one input of Parse: a Little-Go record is a few hundred bytes, so
// 64 MiB holds well over a hundred thousand games.
const MaxInputBytes = 64 << 20

// Parse reads the games of one input whose format it recognises from the content: SGF
// FF[4] (a '(' first), the arena's JSON lines (littlego arena -o) (a '{' first), or action
// lists in output.txt's notation, one game a line ("2,2 1,3 PASS ..."; '#' starts a
// comment line). Each record is named for where it came from (Record.Name: the input's
// name, and the game's number in it when the input holds several, "match.json game 3").
// A malformed game gives an error naming the input, the game and, where it applies, the
// move, and is skipped; an input without a game is an error. Legality is not checked
// here: a replay meets an illegal action (Record.Winner, Record.Result).
func Parse(name string, data []byte) ([]Record, []error) {
	if len(data) > MaxInputBytes {
		return nil, []error{fmt.Errorf("%s: longer than %d bytes", name, MaxInputBytes)}
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	text := bytes.TrimSpace(data)
	var games []Record
	var errs []error
	switch {
	case len(text) == 0:
		return nil, []error{fmt.Errorf("%s: empty: no game to review", name)}
	case text[0] == '(':
		g, err := parseSGF(name, data)
		if err != nil {
			return nil, []error{err}
		}
		games = []Record{g}
	case text[0] == '{':
		games, errs = parseJSONLines(name, string(data))
	default:
		games, errs = parseActionLists(name, string(data))
	}
	if len(games) == 0 && len(errs) == 0 {
		errs = append(errs, fmt.Errorf("%s: no game to review", name))
	}
	return games, errs
}

// parseSGF reads one SGF game: its result (RE[]) gives the winner and how the game ended
// (FromSGF).
func parseSGF(name string, data []byte) (Record, error) {
	g, err := sgf.Parse(bytes.NewReader(data))
	if err != nil {
		return Record{}, fmt.Errorf("%s: game 1: %v", name, err)
	}
	r, err := FromSGF(&g)
	if err != nil {
		return Record{}, fmt.Errorf("%s: game 1: %v", name, err)
	}
	r.Name, r.LeftOut = name, g.MainLineNote()
	return r, nil
}

// FromSGF returns the record of an SGF game: its players, its moves (an imposed
// opening's marked Opening: SGFOpening), and from its result (RE[]) the winner and the
// way the game ended: on time (B+Time) or by another fault (W+Forfeit), told by the
// comment (or "lost by time"); a score, when its moves end the game with that winner, the
// end on the board (with its stones); any other result names the winner alone
// (Declared); "Void" an aborted game; none, nothing (Unrecorded). A move out of turn is an
// error.
func FromSGF(g *sgf.Game) (Record, error) {
	r := Record{Black: g.Black, White: g.White, Detail: g.Comment}
	opening := SGFOpening(g)
	for k, m := range g.Moves {
		if want := board.Color(k % 2); m.Color != want {
			return Record{}, fmt.Errorf("move %d is %s's but %s is to play", k+1, m.Color, want)
		}
		r.Moves = append(r.Moves, Move{Color: m.Color, Point: m.Point, Opening: k < opening})
	}
	winner, offBoard, ok := ParseResult(g.Result)
	switch {
	case g.Result == Void:
		r.Reason = Aborted
	case !ok:
		r.Reason = Unrecorded
	case offBoard:
		r.Winner, r.Reason = winner, UnnamedFault
		if strings.HasSuffix(g.Result, timeSuffix) {
			r.Reason = Timeout
		}
		if r.Detail == "" {
			r.Detail = "lost by " + strings.ToLower(g.Result[2:])
		}
	default:
		r.Winner, r.Reason = winner, Declared
		pos, illegal, _ := r.replay()
		if illegal == 0 && pos.Over && pos.Winner() == winner {
			r.Reason = EndMoves
			if pos.Move <= board.MaxMoves {
				r.Reason = EndPasses
			}
			r.BlackStones, r.WhiteStones = pos.Score()
		}
	}
	return r, nil
}

// parseJSONLines reads one game per non-blank line. Lines that are JSON objects without
// moves (the arena's closing test summary) are not games and are passed over.
func parseJSONLines(name, text string) ([]Record, []error) {
	var games []Record
	var errs []error
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		where := fmt.Sprintf("%s: line %d", name, n+1)
		jg, isGame, err := ParseJSON([]byte(line))
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: not a JSON game record: %v", where, err))
			continue
		}
		if !isGame {
			continue
		}
		if jg.Game == 0 {
			jg.Game = len(games) + len(errs) + 1
		}
		where = fmt.Sprintf("%s game %d", name, jg.Game)
		g, err := FromJSON(&jg)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s (line %d): %v", where, n+1, err))
			continue
		}
		g.Name = where
		games = append(games, g)
	}
	return games, errs
}

// FromJSON returns the record whose JSON form is jg (JSON's inverse), checking its moves:
// colours that alternate from Black, an opening's moves first, a faulty move only last.
// A record that names its winner without a reason says only that (Declared); one with
// neither, nothing (Unrecorded).
func FromJSON(jg *JSONGame) (Record, error) {
	r := Record{Game: jg.Game, Seed: jg.Seed, Black: jg.Black, White: jg.White, ABlack: jg.AColor == "black",
		Reason: jg.Reason, Detail: jg.Detail, BlackStones: jg.BlackStones, WhiteStones: jg.WhiteStones,
		Wall: time.Duration(jg.WallSeconds * float64(time.Second)), Opening: jg.Opening, OpeningMoves: jg.OpeningMoves,
		OpeningKnown: jg.OpeningValue != "", OpeningBlackWins: jg.OpeningValue == "black"}
	switch jg.Winner {
	case "black":
		r.Winner = board.Black
	case "white":
		r.Winner = board.White
	}
	if r.Reason == Unrecorded && (jg.Winner == "black" || jg.Winner == "white") {
		r.Reason = Declared
	}
	opening := 0
	for k, m := range jg.Moves {
		if want := "BW"[k%2 : k%2+1]; m.Color != want {
			return Record{}, fmt.Errorf("move %d: colour %q, want %q (colours alternate from Black)", k+1, m.Color, want)
		}
		if m.Opening {
			if k != opening {
				return Record{}, fmt.Errorf("move %d: an opening move after the players' moves", k+1)
			}
			opening++
		}
		if m.Fault && k != len(jg.Moves)-1 {
			return Record{}, fmt.Errorf("move %d: a faulty move that is not the last", k+1)
		}
		mv := Move{Color: board.Color(k % 2), Point: board.NoPoint, CPU: time.Duration(m.Seconds * float64(time.Second)),
			Measured: m.Clock == "cpu", Fault: m.Fault, Note: m.Note, Opening: m.Opening}
		if !m.Fault || m.Move != "none" {
			pt, err := ParseAction(m.Move)
			switch {
			case err == nil:
				mv.Point = pt
			case !m.Fault: // a faulty off-board answer has no point: the host forfeits it
				return Record{}, fmt.Errorf("move %d: %v", k+1, err)
			}
		}
		r.Moves = append(r.Moves, mv)
	}
	return r, nil
}

// parseActionLists reads one game per line that is neither blank nor a '#' comment.
func parseActionLists(name, text string) ([]Record, []error) {
	var games []Record
	var errs []error
	count := 0
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		count++
		g := Record{Name: fmt.Sprintf("%s game %d", name, count)}
		var bad error
		for k, tok := range strings.Fields(line) {
			pt, err := ParseAction(tok)
			if err != nil {
				bad = fmt.Errorf("%s (line %d): move %d: %v", g.Name, n+1, k+1, err)
				break
			}
			g.Moves = append(g.Moves, Move{Color: board.Color(k % 2), Point: pt})
		}
		if bad != nil {
			errs = append(errs, bad)
			continue
		}
		games = append(games, g)
	}
	return games, errs
}

// errAction is wrapped by every error of ParseAction.
var errAction = errors.New("not an action")

// ParseAction reads one action as output.txt writes it: "i,j" with i and j in 0..4, or
// "PASS"; anything else, a lower-case "pass" or an off-board point included, is an error.
func ParseAction(s string) (board.Point, error) {
	if s == "PASS" {
		return board.Pass, nil
	}
	is, js, ok := strings.Cut(s, ",")
	i, err1 := strconv.Atoi(is)
	j, err2 := strconv.Atoi(js)
	if !ok || err1 != nil || err2 != nil || len(is) > 2 || len(js) > 2 {
		return board.NoPoint, fmt.Errorf("%w: %q (want i,j or PASS as in output.txt)", errAction, clip(s))
	}
	if i < 0 || i >= board.Size || j < 0 || j >= board.Size {
		return board.NoPoint, fmt.Errorf("%w: %q is off the %dx%d board", errAction, s, board.Size, board.Size)
	}
	return board.PointAt(i, j), nil
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "..."
	}
	return s
}
