// sprt.go: a match as a sequential test: game pairs scored for A, the LLR after every pair, and the stop when a bound is reached.

package arena

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"littlego/board"
	"littlego/lib/matchstats"
	"littlego/record"
)

// DefaultSPRTError is the default error rate of both kinds (alpha and beta).
const DefaultSPRTError = 0.05

// ParseSPRT reads "elo0,elo1[,alpha,beta]" (alpha and beta default to
// DefaultSPRTError) into a test. Its errors quote spec and name no flag: the caller
// says which flag gave it.
func ParseSPRT(spec string) (*matchstats.SPRT, error) {
	f := strings.Split(spec, ",")
	if len(f) != 2 && len(f) != 4 {
		return nil, fmt.Errorf("%q: want elo0,elo1 or elo0,elo1,alpha,beta", spec)
	}
	v := []float64{0, 0, DefaultSPRTError, DefaultSPRTError}
	for k, s := range f {
		x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return nil, fmt.Errorf("%q: %q is not a number", spec, s)
		}
		v[k] = x
	}
	t, err := matchstats.NewSPRT(v[0], v[1], v[2], v[3])
	if err != nil {
		return nil, fmt.Errorf("%q: %v", spec, err)
	}
	return t, nil
}

// SPRTPoint is the test's state after a pair.
type SPRTPoint struct {
	Pairs             int
	LLR               float64
	Elo, EloLo, EloHi float64
}

// PairTest feeds a sequential test with the pairs of a match as they finish: games
// 2k-1 and 2k form pair k (A Black in the first, White in the second), and a pair
// counts once both games ended (an aborted game voids its pair). Decided holds the
// first decision reached; the test goes on counting pairs that finish after it.
type PairTest struct {
	Test    *matchstats.SPRT
	History []SPRTPoint
	// Decided is the first decision reached (Continue while none), DecidedAt the
	// number of pairs then.
	Decided   matchstats.Decision
	DecidedAt int
	pending   map[int]record.Record
}

// NewPairTest wraps t.
func NewPairTest(t *matchstats.SPRT) *PairTest {
	return &PairTest{Test: t, pending: map[int]record.Record{}}
}

// aWon reports whether agent A won the game.
func aWon(r *record.Record) bool { return (r.Winner == board.Black) == r.ABlack }

// Add takes a finished game and returns true when it completed a pair.
func (p *PairTest) Add(r record.Record) bool {
	if r.Reason == record.Aborted || r.Game == 0 {
		return false
	}
	pair := (r.Game + 1) / 2
	other, ok := p.pending[pair]
	if !ok {
		p.pending[pair] = r
		return false
	}
	delete(p.pending, pair)
	wins := 0
	for _, g := range []record.Record{r, other} {
		if aWon(&g) {
			wins++
		}
	}
	p.Test.AddPair(wins, 0)
	elo, lo, hi := p.Test.EloEstimate()
	p.History = append(p.History, SPRTPoint{Pairs: p.Test.N(), LLR: p.Test.LLR(), Elo: elo, EloLo: lo, EloHi: hi})
	if d := p.Test.Decision(); d != matchstats.Continue && p.Decided == matchstats.Continue {
		p.Decided, p.DecidedAt = d, p.Test.N()
	}
	return true
}

// Done reports whether the test has decided.
func (p *PairTest) Done() bool { return p.Decided != matchstats.Continue }

// Report writes the test's result for people.
func (p *PairTest) Report(w io.Writer, nameA, nameB string) {
	t := p.Test
	lower, upper := t.Bounds()
	elo, lo, hi := t.EloEstimate()
	fmt.Fprintf(w, "SPRT (pentanomial GSPRT on colour-swapped pairs, logistic Elo) %s - %s: H0 elo=%g, H1 elo=%g, alpha=%g, beta=%g\n",
		nameA, nameB, t.Elo0, t.Elo1, t.Alpha, t.Beta)
	fmt.Fprintf(w, "  %d pairs (A scored 0/1/2 in %d/%d/%d), LLR %.3f in [%.3f, %.3f]\n", t.N(),
		t.Pairs[0], t.Pairs[2], t.Pairs[4], t.LLR(), lower, upper)
	fmt.Fprintf(w, "  Elo %s - %s: %s [%s, %s] (95%%, from the pairs; biased towards the bound crossed)\n",
		nameA, nameB, matchstats.FormatElo(elo, 0), matchstats.FormatElo(lo, 0), matchstats.FormatElo(hi, 0))
	switch {
	case p.Decided == matchstats.AcceptH1:
		fmt.Fprintf(w, "  H1 accepted after %d pairs: %s is at least %g Elo stronger rather than at most %g\n", p.DecidedAt, nameA, t.Elo1, t.Elo0)
	case p.Decided == matchstats.AcceptH0:
		fmt.Fprintf(w, "  H0 accepted after %d pairs: %s is not %g Elo stronger (at most %g)\n", p.DecidedAt, nameA, t.Elo1, t.Elo0)
	default:
		fmt.Fprintf(w, "  no decision: the games ran out before the LLR reached a bound\n")
	}
}

// JSONSPRT is the SPRT's result as the last line of the -o file of littlego arena.
type JSONSPRT struct {
	Model     string       `json:"model"`
	Elo0      float64      `json:"elo0"`
	Elo1      float64      `json:"elo1"`
	Alpha     float64      `json:"alpha"`
	Beta      float64      `json:"beta"`
	Pairs     [5]int       `json:"pairs"`
	LLR       float64      `json:"llr"`
	Lower     float64      `json:"lower"`
	Upper     float64      `json:"upper"`
	Elo       *float64     `json:"elo"`
	EloLo     *float64     `json:"elo_lo"`
	EloHi     *float64     `json:"elo_hi"`
	Decision  string       `json:"decision"`
	DecidedAt int          `json:"decided_at,omitempty"`
	History   [][2]float64 `json:"llr_history"`
}

// finite returns a pointer to x, or nil (JSON null) when it is infinite.
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

// WriteJSON writes the test as one line {"sprt": {...}}.
func (p *PairTest) WriteJSON(w io.Writer) error {
	t := p.Test
	lower, upper := t.Bounds()
	elo, lo, hi := t.EloEstimate()
	j := JSONSPRT{Model: "pentanomial GSPRT, logistic Elo", Elo0: t.Elo0, Elo1: t.Elo1, Alpha: t.Alpha, Beta: t.Beta,
		Pairs: t.Pairs, LLR: t.LLR(), Lower: lower, Upper: upper, Elo: finite(elo), EloLo: finite(lo), EloHi: finite(hi),
		Decision: p.Decided.String(), DecidedAt: p.DecidedAt}
	for _, h := range p.History {
		j.History = append(j.History, [2]float64{float64(h.Pairs), h.LLR})
	}
	data, err := json.Marshal(map[string]JSONSPRT{"sprt": j})
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
