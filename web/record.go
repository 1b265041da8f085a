// record.go: a game's record for download (SGF, an action list, the arena's JSON line), and what is proved of each of its positions.

package web

import (
	"bytes"
	"net/http"
	"strings"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/record"
	"littlego/sgf"
)

// valueTurn is the solver's CPU per position when the values of a whole game are asked
// for: enough for the late positions, a quick "unknown" for the early ones.
const valueTurn = 30 * time.Millisecond

// recordOf returns the arena's record of a game of actions between players black and
// white: ended by the rules when the position is over, else unfinished (aborted).
func recordOf(actions []board.Point, pos board.Position, black, white string) *record.Record {
	rec := &record.Record{Game: 1, Black: black, White: white, Reason: record.Aborted, Detail: "unfinished"}
	for k, a := range actions {
		rec.Moves = append(rec.Moves, record.Move{Color: colorOfMove(k + 1), Point: a})
	}
	rec.BlackStones, rec.WhiteStones = pos.Score()
	if pos.Over {
		rec.Winner, rec.Reason, rec.Detail = pos.Winner(), record.EndMoves, "24 moves played"
		if n := len(actions); n >= 2 && actions[n-1] == board.Pass && actions[n-2] == board.Pass {
			rec.Reason, rec.Detail = record.EndPasses, "two passes in a row"
		}
	}
	return rec
}

// gameRecord returns the arena's record of a game played on the board, with its clock:
// each move's wall-clock time (the engine's and the human's alike), the engine's seed,
// and agent A the engine. The caller holds g.mu.
func (g *game) record() *record.Record {
	black, white := "you", "littlego engine"
	if g.human == board.White {
		black, white = white, black
	}
	rec := recordOf(g.actions, g.pos, black, white)
	rec.Seed, rec.ABlack = g.opts.Seed, g.human == board.White
	for k, d := range g.times {
		rec.Moves[k].CPU = d // wall time: Measured stays false
		rec.Wall += d
	}
	return rec
}

// recordFormats are the formats /api/record writes: the arena's JSON line needs a
// game's clock, so only /api/game/{id}/record writes it.
const recordFormats = "sgf, proofs or actions"

// handleRecord answers GET /api/record?moves=...&format=sgf|proofs|actions[&black=..&white=..]
// with the game as a file to download: SGF FF[4], SGF with the proofs of the position
// after the first at actions (&at=K, default: the last position) as variations
// (writeProofs), or the action list in output.txt's notation.
func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	actions, pos, _, ok := readGame(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	name := func(key, def string) string {
		if v := strings.TrimSpace(q.Get(key)); v != "" && len(v) <= 64 {
			return v
		}
		return def
	}
	rec := recordOf(actions, pos, name("black", "Black"), name("white", "White"))
	switch f := q.Get("format"); f {
	case "sgf", "actions":
		writeRecord(w, f, rec)
	case "proofs":
		at, ok := intParam(w, r, "at", 0, len(actions), len(actions))
		if !ok {
			return
		}
		g := rec.SGF(time.Now().UTC().Format(time.DateOnly))
		g.Name = "littlego analysis"
		s.writeProofs(w, g, actions, at)
	case "json":
		fail(w, http.StatusBadRequest, "format json: the arena's JSON line holds a game's clock and seed; "+
			"only a game played on the board has them (/api/game/{id}/record?format=json); want %s", recordFormats)
	default:
		fail(w, http.StatusBadRequest, "format %q: want %s", clip(f), recordFormats)
	}
}

// handleGameRecord answers GET /api/game/{id}/record?format=sgf|actions|json with the
// game played on the board as a file to download; its arena JSON line has the engine's
// seed and every move's wall-clock time.
func (s *Server) handleGameRecord(w http.ResponseWriter, r *http.Request) {
	f := r.URL.Query().Get("format")
	if f != "sgf" && f != "actions" && f != "json" {
		fail(w, http.StatusBadRequest, "format %q: want sgf, actions or json", clip(f))
		return
	}
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	rec := g.record()
	g.mu.Unlock()
	writeRecord(w, f, rec)
}

// writeRecord answers with rec as a file to download in format ("sgf", "actions" or
// "json").
func writeRecord(w http.ResponseWriter, format string, rec *record.Record) {
	var buf bytes.Buffer
	var ext, ctype string
	var err error
	switch format {
	case "sgf":
		g := rec.SGF(time.Now().UTC().Format(time.DateOnly))
		g.Name = "littlego board"
		err, ext, ctype = sgf.Write(&buf, g), "sgf", "application/x-go-sgf"
	case "actions":
		for k, m := range rec.Moves {
			if k > 0 {
				buf.WriteByte(' ')
			}
			buf.WriteString(m.Point.String())
		}
		buf.WriteByte('\n')
		ext, ctype = "txt", "text/plain; charset=utf-8"
	default:
		err, ext, ctype = rec.WriteJSON(&buf), "json", "application/json"
	}
	if err != nil {
		fail(w, http.StatusInternalServerError, "writing the record: %v", err)
		return
	}
	writeFile(w, ctype, "littlego-game."+ext, buf.Bytes())
}

// writeFile answers with data as a file to download, named name, of type ctype.
func writeFile(w http.ResponseWriter, ctype, name string, data []byte) {
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	_, _ = w.Write(data)
}

// handleValues answers GET /api/values?moves=...[&from=K] with what is proved of each
// position of the game, after K actions (default 0) to the last (package facts: the
// game's end, the opening table, the solved empty board, the book, the server's cache,
// and the solver for valueTurn of CPU on each, its margin first). It holds an analysis
// slot while it runs.
func (s *Server) handleValues(w http.ResponseWriter, r *http.Request) {
	actions, _, _, ok := readGame(w, r)
	if !ok {
		return
	}
	from, ok := intParam(w, r, "from", 0, len(actions), 0)
	if !ok {
		return
	}
	slot := s.takeSlot(w, r)
	if slot == nil {
		return
	}
	defer s.release(slot)
	prover := s.analyzer(slot).Prover()
	found := make([]facts.Fact, len(actions)+1-from)
	positions := make([]board.Position, len(found))
	done := make([]bool, len(found)) // a position the client's leaving skipped says nothing
	// From the end back: the late positions are quick, and fill the table for the earlier.
	for k := len(actions); k >= from && r.Context().Err() == nil; k-- {
		pos, _, _ := replay(actions[:k])
		f := prover.Margin(r.Context(), pos, facts.Limits{CPU: valueTurn})
		if !f.Proved() {
			f = prover.Value(r.Context(), pos, facts.Limits{CPU: valueTurn})
		}
		found[k-from], positions[k-from], done[k-from] = f, pos, true
	}
	// Then along the line (facts.Along), so that what a position's proof implies reaches
	// the positions next to it (a lost position's children are won, a winning move's
	// position lost), even past a capture; the positions a client's leaving skipped
	// stay without a value.
	first := 0
	for first < len(done) && !done[first] {
		first++
	}
	for k := first; k < len(found); k++ {
		found[k] = found[k].Merge(prover.Known(positions[k]))
	}
	if k := from + first; k > 0 && first < len(found) {
		found[first] = found[first].ReachedBy(actions[k-1]) // as it reads on this line (Along does the rest)
	}
	facts.Along(positions[first:], actions[from+first:], found[first:])
	values := make([]PositionValue, len(found))
	for k := first; k < len(found); k++ {
		prover.Learn(positions[k], found[k])
		values[k] = valueOf(found[k])
	}
	writeJSON(w, http.StatusOK, values)
}
