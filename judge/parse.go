// parse.go: game records in, whatever their format: SGF, the arena's JSON lines, or action lists.

package judge

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"littlego/board"
	"littlego/record"
	"littlego/sgf"
)

// MaxInputBytes bounds one input of Parse: a Little-Go record is a few hundred bytes, so
// 64 MiB holds well over a hundred thousand games.
const MaxInputBytes = 64 << 20

// Game is one game record to review: the actions from the empty board, in order.
type Game struct {
	// Name says where the game came from: the input's name, and the game's number in it
	// when the input holds several ("match.json game 3").
	Name string
	// Black and White name the players; empty when the record does not.
	Black, White string
	// Actions are the actions played from the empty board, Black first. A record's faulty
	// last move is included when it is an illegal point (the review reports it as such),
	// left out when there was none or it was not played for another fault (see Fault).
	Actions []board.Point
	// Opening is how many leading Actions were imposed on both players (the arena's
	// -openings): they are judged but counted against no one.
	Opening int
	// Result is the winner the record gives, "black" or "white", or "" when it gives
	// none (see Winner).
	Result string
	// Fault is the record's reason for a loss by fault that is not an illegal action
	// (a timeout, no output), or "".
	Fault string
	// RecordedResult is the result as the record gives it, in Go's notation (B+0.5,
	// W+Time, B+Forfeit, Void), or "" where it gives none (an action list).
	RecordedResult string
}

// Parse reads the games of one input whose format it recognises from the content: SGF
// FF[4] (a '(' first), the arena's JSON lines (littlego arena -o) (a '{' first), or action lists in
// output.txt's notation, one game a line ("2,2 1,3 PASS ..."; '#' starts a comment line).
// A malformed game gives an error naming the input, the game and, where it applies, the
// move, and is skipped; an input without a game is an error. Legality is not checked
// here: Review reports an illegal action where the replay meets it.
func Parse(name string, data []byte) ([]Game, []error) {
	if len(data) > MaxInputBytes {
		return nil, []error{fmt.Errorf("%s: longer than %d bytes", name, MaxInputBytes)}
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	text := bytes.TrimSpace(data)
	var games []Game
	var errs []error
	switch {
	case len(text) == 0:
		return nil, []error{fmt.Errorf("%s: empty: no game to review", name)}
	case text[0] == '(':
		g, err := parseSGF(name, data)
		if err != nil {
			return nil, []error{err}
		}
		games = []Game{g}
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

// parseSGF reads one SGF game.
func parseSGF(name string, data []byte) (Game, error) {
	rec, err := sgf.Parse(bytes.NewReader(data))
	if err != nil {
		return Game{}, fmt.Errorf("%s: game 1: %v", name, err)
	}
	g := Game{Name: name, Black: rec.Black, White: rec.White, Opening: record.SGFOpening(&rec)}
	for k, m := range rec.Moves {
		if want := board.Color(k % 2); m.Color != want {
			return Game{}, fmt.Errorf("%s: game 1: move %d is %s's but %s is to play", name, k+1, m.Color, want)
		}
		g.Actions = append(g.Actions, m.Point)
	}
	winner, offBoard, ok := record.ParseResult(rec.Result)
	if ok {
		g.Result = strings.ToLower(winner.String())
		g.RecordedResult = rec.Result
	}
	if offBoard {
		g.Fault = rec.Comment
		if g.Fault == "" {
			g.Fault = "lost by " + strings.ToLower(rec.Result[2:])
		}
	}
	return g, nil
}

// parseJSONLines reads one game per non-blank line. Lines that are JSON objects without
// moves (the arena's closing test summary) are not games and are passed over.
func parseJSONLines(name, text string) ([]Game, []error) {
	var games []Game
	var errs []error
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		where := fmt.Sprintf("%s: line %d", name, n+1)
		jg, isGame, err := record.ParseJSON([]byte(line))
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
		g, err := gameOfJSON(&jg, where)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s (line %d): %v", where, n+1, err))
			continue
		}
		games = append(games, g)
	}
	return games, errs
}

// gameOfJSON checks the moves of a JSON record and builds the Game named where.
func gameOfJSON(jg *record.JSONGame, where string) (Game, error) {
	g := Game{Name: where, Black: jg.Black, White: jg.White}
	if jg.Winner == "black" || jg.Winner == "white" {
		g.Result = jg.Winner
	}
	if jg.Reason != "" {
		rec := record.Record{Reason: jg.Reason, Winner: board.White, BlackStones: jg.BlackStones, WhiteStones: jg.WhiteStones}
		if jg.Winner == "black" {
			rec.Winner = board.Black
		}
		g.RecordedResult = rec.Result()
	}
	for k, m := range jg.Moves {
		if want := "BW"[k%2 : k%2+1]; m.Color != want {
			return Game{}, fmt.Errorf("move %d: colour %q, want %q (colours alternate from Black)", k+1, m.Color, want)
		}
		if m.Opening {
			if k != g.Opening {
				return Game{}, fmt.Errorf("move %d: an opening move after the players' moves", k+1)
			}
			g.Opening++
		}
		if m.Fault && k != len(jg.Moves)-1 {
			return Game{}, fmt.Errorf("move %d: a faulty move that is not the last", k+1)
		}
		if m.Fault && m.Move == "none" {
			g.Fault = jg.Detail
			break
		}
		pt, err := ParseAction(m.Move)
		if err != nil {
			if m.Fault { // an off-board answer: the host forfeits it
				g.Fault = jg.Detail
				break
			}
			return Game{}, fmt.Errorf("move %d: %v", k+1, err)
		}
		if m.Fault && !strings.HasPrefix(string(jg.Reason), "illegal") {
			g.Fault = jg.Detail // a timeout or a crash: the move was not played
			break
		}
		g.Actions = append(g.Actions, pt)
	}
	return g, nil
}

// parseActionLists reads one game per line that is neither blank nor a '#' comment.
func parseActionLists(name, text string) ([]Game, []error) {
	var games []Game
	var errs []error
	count := 0
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		count++
		g := Game{Name: fmt.Sprintf("%s game %d", name, count)}
		var bad error
		for k, tok := range strings.Fields(line) {
			pt, err := ParseAction(tok)
			if err != nil {
				bad = fmt.Errorf("%s (line %d): move %d: %v", g.Name, n+1, k+1, err)
				break
			}
			g.Actions = append(g.Actions, pt)
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
