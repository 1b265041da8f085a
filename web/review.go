// review.go: reviewing a recorded game (package review), and watching the games of an arena file.

package web

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"littlego/facts"
	"littlego/record"
	"littlego/review"
)

// Review settings: the solver's CPU per position and the engine's playouts per position,
// on one core, so that a review costs what an analysis does.
const (
	reviewLimit    = 500 * time.Millisecond
	reviewPlayouts = 1000
	// maxUploadName bounds the name an upload may give itself (?name=).
	maxUploadName = 64
	// maxListedErrors bounds the parse errors sent back.
	maxListedErrors = 5
)

// GameSummary is one game of an upload.
type GameSummary struct {
	Name  string `json:"name"`
	Black string `json:"black,omitempty"`
	White string `json:"white,omitempty"`
	// Winner is the record's winner or else the one its moves decide
	// (record.Record.Won), "" for an unfinished game.
	Winner string `json:"winner,omitempty"`
	// Result is the game's result in Go's notation (record.Record.Result): "B+0.5" on
	// the board, "B+Forfeit" for the loser's illegal action, "W+Time" on time, "W+" for a
	// winner the record gives otherwise; "" for an unfinished game.
	Result string `json:"result,omitempty"`
	Fault  string `json:"fault,omitempty"`
	// LeftOut says what the reading left out of the record (an SGF's variations beside the
	// main line, which is the game: record.Record.LeftOut), or "".
	LeftOut string `json:"leftOut,omitempty"`
	// Actions are the record's actions, "i,j" or "PASS".
	Actions []string `json:"actions"`
}

// ReviewAnswer is the answer of POST /api/review: the games of the upload and the review
// of the one asked for.
type ReviewAnswer struct {
	Games  []GameSummary      `json:"games"`
	Index  int                `json:"index"`
	Review *review.GameReview `json:"review"`
	// Results holds, for each reviewed move, the proved results before and after it in
	// Go's notation (record.Result: "B+0.5"), or their proved bounds ("W+2.5 or more"),
	// "" where nothing is proved.
	Results []MoveResults `json:"results,omitempty"`
	// Errors are the parse errors of games that were skipped.
	Errors []string `json:"errors"`
}

// MoveResults are the proved results around one move, after the komi, in Go's notation
// (record.Result), with the stones in words (record.Stones) where the margin is exact;
// where it is not, the result is its proved bounds (facts.Fact.Outcome: "W+2.5 or
// more") without stones, and "" where nothing is proved.
type MoveResults struct {
	Before       string `json:"before"`
	After        string `json:"after"`
	BeforeStones string `json:"beforeStones"`
	AfterStones  string `json:"afterStones"`
}

// resultsOf returns the results of the moves of rev, for people.
func resultsOf(rev *review.GameReview) []MoveResults {
	say := func(m *int, bounds string) (string, string) {
		if m == nil {
			return bounds, ""
		}
		return record.Result(*m), record.Stones(*m)
	}
	out := make([]MoveResults, len(rev.Moves))
	for k, m := range rev.Moves {
		r := &out[k]
		r.Before, r.BeforeStones = say(m.MarginBefore, m.OutcomeBefore)
		r.After, r.AfterStones = say(m.MarginAfter, m.OutcomeAfter)
	}
	return out
}

// parseUpload reads the games of an uploaded record; on failure it has answered 400.
func (s *Server) parseUpload(w http.ResponseWriter, r *http.Request) ([]record.Record, []GameSummary, []string, bool) {
	data, ok := s.readUpload(w, r)
	if !ok {
		return nil, nil, nil, false
	}
	name := strings.TrimSpace(r.URL.Query().Get("name"))
	if name == "" || len(name) > maxUploadName {
		name = "upload"
	}
	games, errs := record.Parse(name, data)
	var msgs []string
	for k, err := range errs {
		if k == maxListedErrors {
			msgs = append(msgs, strconv.Itoa(len(errs)-k)+" more errors")
			break
		}
		msgs = append(msgs, err.Error())
	}
	if len(games) == 0 {
		fail(w, http.StatusBadRequest, "no game found: %s", strings.Join(msgs, "; "))
		return nil, nil, nil, false
	}
	summaries := make([]GameSummary, len(games))
	for k, g := range games {
		sum := GameSummary{Name: g.Name, Black: g.Black, White: g.White, Fault: g.FaultDetail(), LeftOut: g.LeftOut, Actions: []string{}}
		if w, ok := g.Won(); ok {
			sum.Winner, sum.Result = colorName(w), g.Result()
		}
		for _, a := range g.Actions() {
			sum.Actions = append(sum.Actions, a.String())
		}
		summaries[k] = sum
	}
	if msgs == nil {
		msgs = []string{}
	}
	return games, summaries, msgs, true
}

// handleWatch answers POST /api/watch[?name=N] (the body: an arena -o file, or any record
// record.Parse reads) with its games' actions, for stepping through them.
func (s *Server) handleWatch(w http.ResponseWriter, r *http.Request) {
	_, summaries, msgs, ok := s.parseUpload(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, ReviewAnswer{Games: summaries, Errors: msgs})
}

// handleReview answers POST /api/review?game=K[&name=N][&format=sgf] (the body: a game
// record, named N in the answer) with the review of game K (from 0) of the upload: as
// JSON (ReviewAnswer), or with format=sgf as the SGF file `littlego review -sgf` writes
// (review.WriteSGF, the variations' lines proved as far as the review's margin limit
// goes within the analysis time). The review holds an analysis slot while it runs; what
// it proved is in the server's cache, so that the file after the review costs its lines.
func (s *Server) handleReview(w http.ResponseWriter, r *http.Request) {
	format := r.URL.Query().Get("format")
	if format != "" && format != "json" && format != "sgf" {
		fail(w, http.StatusBadRequest, "format %q: want json or sgf", format)
		return
	}
	games, summaries, msgs, ok := s.parseUpload(w, r)
	if !ok {
		return
	}
	index, ok := intParam(w, r, "game", 0, len(games)-1, 0)
	if !ok {
		return
	}
	slot := s.takeSlot(w, r)
	if slot == nil {
		return
	}
	defer s.release(slot)
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.AnalysisTime)
	defer cancel()
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.cfg.AnalysisTime + eventWriteTimeout))
	opts := review.Options{Limit: reviewLimit, MarginLimit: review.DefaultOptions().MarginLimit, Jobs: 1, EnginePlayouts: reviewPlayouts, Cache: s.facts}
	rev, err := review.Review(ctx, games[index], opts)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		fail(w, http.StatusServiceUnavailable, "the review took longer than %v", s.cfg.AnalysisTime)
		return
	case err != nil:
		fail(w, http.StatusInternalServerError, "review: %v", err)
		return
	}
	if format == "sgf" {
		var file bytes.Buffer
		lines := review.SGFOptions{Cache: s.facts, Lines: facts.Limits{CPU: opts.MarginLimit}}
		if err := review.WriteSGF(ctx, &file, []review.GameReview{rev}, lines); err != nil {
			fail(w, http.StatusInternalServerError, "review: %v", err)
			return
		}
		writeFile(w, "application/x-go-sgf", "littlego-review.sgf", file.Bytes())
		return
	}
	writeJSON(w, http.StatusOK, ReviewAnswer{Games: summaries, Index: index, Review: &rev, Results: resultsOf(&rev), Errors: msgs})
}
