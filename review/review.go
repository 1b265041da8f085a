// review.go: the review's types and its driver: replay every game, establish each distinct position's value once, mark the blunders.

// Package review reviews recorded Little-Go games move by move, for the front ends that
// show a game review (littlego review, littlego arena -review, the web board): it
// replays game records (record.Record, read by record.Parse from SGF, the arena's JSON
// lines or action lists), takes what is proved of every position from package facts,
// the one source the board and GTP read too (the game's end, the opening table, the
// solved empty board, Black's opening book, the proof store, and the exact solver
// within the limits; unknown otherwise), and marks each move that turned a won position
// into a lost one (a blunder, a gift to the opponent) with its winning alternatives,
// each move in a lost position that lost more stones (a mistake) with its best moves,
// where a win was lost (the decisive move, or the moves between a proved win and a
// proved loss), and a one-line verdict. Results for people are written after the komi
// (record.Result: B+0.5, W+2.5); the JSON keeps integer margins, black - white stones
// before the komi. The engine's preferred move is given for context. Positions are
// proved once per call whatever their orientation, and in parallel. The review is
// written for people as text (WriteGame, WriteAgents: text.go) and as SGF, each move's
// judgement in its comment and SGF's marks (WriteSGF: sgf.go); its JSON is the types'
// own encoding.
package review

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/record"
)

// Options set the work a review may do.
type Options struct {
	// Limit is the CPU time the solver may spend proving one position's value (win or
	// loss) when its margin was not proved, as on one core: with N workers busy, the
	// process's CPU clock runs N times as fast, so each solve is given N × Limit of it.
	// A position not proved within it is Unknown.
	Limit time.Duration
	// MarginLimit is the CPU time, as on one core, the solver may spend proving one
	// position's exact margin before it falls back to the win/loss proof of Limit; 0
	// proves no margin beyond those known without search (the end, the empty board).
	MarginLimit time.Duration
	// Jobs is the number of positions worked on at once, each by a worker with one
	// solver thread (a review has many independent positions: more threads on one
	// position would prove less per CPU-second, docs/review.md); 0 means
	// runtime.NumCPU().
	Jobs int
	// EnginePlayouts is the number of search iterations the engine spends on its
	// preferred move in each position (the book first, one worker, a fixed seed: the same
	// position always gets the same answer); 0 asks no engine.
	EnginePlayouts int
	// Cache, if not nil, holds the facts proved before and keeps those the review proves,
	// for every facts.Prover that shares it (the web board's analysis); nil: the review's
	// own.
	Cache *facts.Cache
	// GameLimit is the CPU time, as on one core, the review may spend on one game after
	// its first pass, proving the values that pass left unknown (deepen.go: the deepest
	// first, with growing limits); 0: none.
	GameLimit time.Duration
	// Deepening, if not nil, is called before each round of that proving and after the
	// last with what it spent and may still spend. Calls do not overlap.
	Deepening func(Deepening)
	// Progress, if not nil, is called after each unit of work with the units done and
	// the total known so far (the total grows when blunders ask for their alternatives).
	// Calls do not overlap.
	Progress func(done, total int)
}

// DefaultOptions returns the defaults, set by measurement (docs/review.md) so that a
// student's game reviews in about 3 s of CPU: 0.3 s of CPU per position for its margin,
// then 0.5 s for its value, every CPU, and 2,000 engine playouts per position.
func DefaultOptions() Options {
	return Options{Limit: 500 * time.Millisecond, MarginLimit: 300 * time.Millisecond, Jobs: runtime.NumCPU(), EnginePlayouts: 2000}
}

// DefaultGameLimit is the review command's Options.GameLimit (DefaultOptions has none,
// for the callers that review within a bound of their own): what the proofs of a
// student's game from a random four-move opening cost beyond the first pass, with room
// (docs/review.md).
const DefaultGameLimit = 20 * time.Second

// MaxGameLimit bounds Options.GameLimit.
const MaxGameLimit = time.Hour

// MistakePoints is the least loss of final margin, in stones, that makes a move in a
// proved lost position a mistake.
const MistakePoints = 2

// MaxLimit bounds Options.Limit and Options.MarginLimit.
const MaxLimit = time.Hour

// MaxJobs bounds Options.Jobs; MaxEnginePlayouts bounds Options.EnginePlayouts.
const (
	MaxJobs           = 256
	MaxEnginePlayouts = 10_000_000
)

// Validate returns an error saying what is out of range in o.
func (o Options) Validate() error {
	switch {
	case o.Limit <= 0 || o.Limit > MaxLimit:
		return fmt.Errorf("review: limit %v out of range: want 0 < limit <= %v", o.Limit, MaxLimit)
	case o.MarginLimit < 0 || o.MarginLimit > MaxLimit:
		return fmt.Errorf("review: margin limit %v out of range: want 0 <= limit <= %v", o.MarginLimit, MaxLimit)
	case o.GameLimit < 0 || o.GameLimit > MaxGameLimit:
		return fmt.Errorf("review: game limit %v out of range: want 0 <= limit <= %v", o.GameLimit, MaxGameLimit)
	case o.Jobs < 0 || o.Jobs > MaxJobs:
		return fmt.Errorf("review: jobs %d out of range: want 0 (every CPU) to %d", o.Jobs, MaxJobs)
	case o.EnginePlayouts < 0 || o.EnginePlayouts > MaxEnginePlayouts:
		return fmt.Errorf("review: engine playouts %d out of range: want 0 (no engine) to %d", o.EnginePlayouts, MaxEnginePlayouts)
	}
	return nil
}

// MoveReview is the review of one action of a game.
type MoveReview struct {
	// Number is the move's number in the game, from 1.
	Number int `json:"number"`
	// Color is the side that moved; Action what it played.
	Color  board.Color `json:"-"`
	Action board.Point `json:"-"`
	// Opening marks an action imposed on both players (the arena's -openings): it is
	// never a blunder and counts against no one.
	Opening bool `json:"opening,omitempty"`
	// Before and After are the values, for the side that moved, of the position before
	// the move and after it.
	Before facts.Value `json:"before"`
	After  facts.Value `json:"after"`
	// Proof says how Before was established.
	Proof facts.Source `json:"proof,omitempty"`
	// MarginBefore and MarginAfter are the exact final margins black - white with
	// perfect play (the same framing for both colours) of the positions before and after
	// the move, nil where not proved.
	MarginBefore *int `json:"margin_before"`
	MarginAfter  *int `json:"margin_after"`
	// OutcomeBefore and OutcomeAfter say for people what is proved of the results before
	// and after the move, after the komi (facts.Fact.Outcome): the exact result ("W+2.5")
	// or its proved bounds ("W+2.5 or more"); empty where nothing is.
	OutcomeBefore string `json:"outcome_before,omitempty"`
	OutcomeAfter  string `json:"outcome_after,omitempty"`
	// PointsLost is what the move cost the side that moved, in stones of the final
	// margin (0 for a best move), nil unless both margins are proved.
	PointsLost *int `json:"points_lost"`
	// Blunder marks a won position turned into a lost one.
	Blunder bool `json:"blunder"`
	// Mistake marks a move in a proved lost position that lost at least MistakePoints
	// more (a lost game's lessons: the loss grows). A move that gives stones away but
	// keeps a proved win is no mistake: the game is scored by who wins, and the win was
	// kept (PointsLost still says what it gave away).
	Mistake bool `json:"mistake"`
	// AfterGift marks a move made just after the opponent's blunder (the review's "gift"),
	// in the position it gave.
	AfterGift bool `json:"after_gift"`
	// WinningAlternatives are, for a blunder, actions that kept the win (in point order,
	// Pass last), all of them when AlternativesComplete is set.
	WinningAlternatives  []board.Point `json:"-"`
	AlternativesComplete bool          `json:"alternatives_complete,omitempty"`
	// BestMoves are, for a mistake, the actions that keep MarginBefore (the best moves:
	// never the mistake), in point order, Pass last, all of them when BestComplete is
	// set.
	BestMoves    []board.Point `json:"-"`
	BestComplete bool          `json:"best_complete,omitempty"`
	// EngineMove is the engine's preferred action in the position before the move
	// (board.NoPoint when no engine was asked), EngineMethod how it chose it (an
	// engine.Method's name: "book", "table", "solver", "search", ...), EngineValue what
	// its move proves of the position for the side to move (engine.Report.Proved: Win for
	// the book's, the table's, the solver's or the pass rule's move, Loss when the
	// solver proved every move loses, Unknown for a search), and EngineWinRate the
	// search's win rate of it (1 for a proved win).
	EngineMove    board.Point `json:"-"`
	EngineMethod  string      `json:"engine_method,omitempty"`
	EngineValue   facts.Value `json:"-"`
	EngineWinRate float64     `json:"engine_win_rate"`
	// EngineEstimate is set when EngineMove and its EngineWinRate come from a search
	// (an estimate, which a proof of the position overrides: show the rate only where
	// Before is Unknown), clear when the book, the table, the solver or a rule proved
	// the move wins, or when no engine was asked.
	EngineEstimate bool `json:"engine_estimate"`
}

// pointStrings writes actions in output.txt's notation.
func pointStrings(ps []board.Point) []string {
	s := make([]string, len(ps))
	for k, a := range ps {
		s[k] = a.String()
	}
	return s
}

// MarshalJSON writes the move with its colour ("black", "white"), its action, winning
// alternatives and best moves in output.txt's notation.
func (m MoveReview) MarshalJSON() ([]byte, error) {
	type fields MoveReview
	engine := ""
	if m.EngineMove != board.NoPoint {
		engine = m.EngineMove.String()
	}
	return json.Marshal(struct {
		Number       int      `json:"number"`
		Color        string   `json:"color"`
		Action       string   `json:"action"`
		Alternatives []string `json:"winning_alternatives,omitempty"`
		Best         []string `json:"best_moves,omitempty"`
		EngineMove   string   `json:"engine_move,omitempty"`
		fields
	}{m.Number, colorWord(m.Color), m.Action.String(), pointStrings(m.WinningAlternatives), pointStrings(m.BestMoves), engine, fields(m)})
}

// Illegal is an action the course host would have forfeited.
type Illegal struct {
	// Number is the move's number; Color the side that tried it; Action what it tried.
	Number int         `json:"number"`
	Color  board.Color `json:"-"`
	Action board.Point `json:"-"`
	// Reason is why it is illegal: "occupied", "suicide", "ko" or "after the end of the game".
	Reason string `json:"reason"`
}

// MarshalJSON writes the illegal action with its colour and action as words.
func (il Illegal) MarshalJSON() ([]byte, error) {
	type fields Illegal
	return json.Marshal(struct {
		Color  string `json:"color"`
		Action string `json:"action"`
		fields
	}{colorWord(il.Color), il.Action.String(), fields(il)})
}

// GameReview is the review of one game.
type GameReview struct {
	// Name, Black and White are the record's.
	Name  string `json:"name"`
	Black string `json:"black,omitempty"`
	White string `json:"white,omitempty"`
	// Winner is "black" or "white", or "" for an unfinished game without a result.
	Winner string `json:"winner"`
	// Result is the record's result for people, as Go and SGF's RE[] write it
	// (record.Record.Result): after the komi ("B+0.5", "W+2.5") for a game played to its
	// end, "B+Forfeit" or "W+Forfeit" for an illegal action or another fault, "W+Time" on
	// time, "W+" for a winner the record gives without an end; "" without a winner. The
	// margins of Moves stay integers, black - white stones before the komi.
	Result string `json:"result,omitempty"`
	// Moves are the reviews of the legal actions, in order.
	Moves []MoveReview `json:"moves"`
	// Mistakes are the numbers of the moves marked Mistake, in order.
	Mistakes []int `json:"mistakes"`
	// Decisive is the number of the decisive move (the loser's last blunder, after
	// which the winner always held a win), or 0 when none was proved.
	Decisive int `json:"decisive"`
	// LostAt are the loser's moves at one of which its last proved win was lost: the
	// decisive blunder alone when it is proved; when the positions between the loser's
	// last proved win and the proved loss after it are unknown, every move of the loser
	// between (the winner's moves cannot lose the loser's win). Empty when the loser
	// held no proved win that a proved loss followed.
	LostAt []int `json:"lost_at"`
	// Decided is the move where the game was decided, for a view to open at: Decisive
	// when it is a blunder, else the first of LostAt, else the illegal action; 0 when
	// the proofs do not place it.
	Decided int `json:"decided"`
	// Verdict says in one line who won and where the game was decided.
	Verdict string `json:"verdict"`
	// Illegal is the illegal action that ended the game's review, or nil.
	Illegal *Illegal `json:"illegal,omitempty"`
	// Fault is the record's loss by a fault other than an illegal action, or "".
	Fault string `json:"fault,omitempty"`

	positions []board.Position
	values    []facts.Value // of each position, for Black
	margins   []*int        // of each position, black - white, nil where not proved
}

// Position returns the position before move number n (1..len(Moves)+1: n =
// len(Moves)+1 is the final position) and true, or false when there is none.
func (r *GameReview) Position(n int) (board.Position, bool) {
	if n < 1 || n > len(r.positions) {
		return board.Position{}, false
	}
	return r.positions[n-1], true
}

func colorWord(c board.Color) string {
	if c == board.Black {
		return "black"
	}
	return "white"
}

// Review reviews one game (ReviewAll with one game).
func Review(ctx context.Context, rec record.Record, o Options) (GameReview, error) {
	rs, err := ReviewAll(ctx, []record.Record{rec}, o)
	if err != nil {
		return GameReview{}, err
	}
	return rs[0], nil
}

// ReviewAll reviews games, one GameReview each in the same order. Each distinct position
// (up to symmetry) is worked on once, o.Jobs at a time. It fails only on bad options or
// when ctx is cancelled; an illegal action is part of a review, not an error.
func ReviewAll(ctx context.Context, records []record.Record, o Options) ([]GameReview, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	games := make([]game, len(records))
	for k, rec := range records {
		games[k] = gameOf(rec)
	}
	if o.Jobs == 0 {
		o.Jobs = runtime.NumCPU()
	}
	lines := make([]replay, len(games))
	for k := range games {
		lines[k] = replayGame(games[k].Actions)
	}
	b := newLedger(o)
	for k := range lines {
		for _, pos := range lines[k].positions {
			b.want(pos)
		}
	}
	if err := b.run(ctx); err != nil {
		return nil, err
	}
	b.imply(lines, games)
	if err := b.deepen(ctx, lines, games); err != nil {
		return nil, err
	}
	out := make([]GameReview, len(games))
	for k := range games {
		out[k] = b.assemble(&games[k], &lines[k])
	}
	for k := range out {
		for i := range out[k].Moves {
			switch m := &out[k].Moves[i]; {
			case m.Blunder:
				b.wantAlternatives(out[k].positions[i])
			case m.Mistake:
				b.wantBest(out[k].positions[i])
			}
		}
	}
	if err := b.run(ctx); err != nil {
		return nil, err
	}
	for k := range out {
		b.fillAlternatives(&out[k])
		verdict(&out[k], &games[k])
	}
	return out, nil
}
