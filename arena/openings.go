// openings.go: opening sets for varied matches (every distinct position after k plies up to symmetry, a random sample of them, or a file), and their values proved by the solver.

package arena

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/record"
)

// MaxRandomOpeningPlies is the deepest opening random:K:N draws; deeper than
// MaxOpeningPlies they are drawn as random placements, not from the whole set.
const MaxRandomOpeningPlies = 20

// maxOpenings bounds the openings random:K:N draws.
const maxOpenings = 100_000

// MaxOpeningPlies is the deepest opening -openings plies:K enumerates (K=4 is about
// ten thousand positions; deeper sets are better sampled from a file).
const MaxOpeningPlies = 4

// Opening is a sequence of actions both agents are given before they play; each
// opening is played twice, colours swapped.
type Opening struct {
	// Moves are the actions, from the empty board.
	Moves []board.Point
	// Known is set when the solver proved the position after Moves; BlackWins is then
	// its value under perfect play.
	Known, BlackWins bool
}

// String returns the moves as "i,j i,j ...".
func (o Opening) String() string {
	parts := make([]string, len(o.Moves))
	for k, m := range o.Moves {
		parts[k] = m.String()
	}
	return strings.Join(parts, " ")
}

// Position returns the position after the opening's moves; ok is false when a move
// is illegal or the game ended.
func (o Opening) Position() (pos board.Position, ok bool) {
	pos = board.New()
	for _, m := range o.Moves {
		if pos.Over {
			return pos, false
		}
		if !pos.Act(m) {
			return pos, false
		}
	}
	return pos, !pos.Over
}

// ParseOpenings reads an opening specification:
//
//	plies:K        every position after K placements (1..MaxOpeningPlies), one per class
//	               of the board's eight symmetries
//	random:K:N     N of those, drawn without replacement with seed; for K above
//	               MaxOpeningPlies (up to MaxRandomOpeningPlies), N distinct positions
//	               reached by uniformly random placements
//	file:PATH      one opening per line, actions as in output.txt ("2,2 1,3 PASS"),
//	               blank lines and lines starting with # skipped
func ParseOpenings(spec string, seed uint64) ([]Opening, error) {
	kind, rest, _ := strings.Cut(spec, ":")
	switch kind {
	case "plies", "random":
		args := strings.Split(rest, ":")
		if (kind == "plies" && len(args) != 1) || (kind == "random" && len(args) != 2) {
			return nil, fmt.Errorf("openings %q: want plies:K or random:K:N", spec)
		}
		maxK := MaxOpeningPlies
		if kind == "random" {
			maxK = MaxRandomOpeningPlies
		}
		k, err := strconv.Atoi(args[0])
		if err != nil || k < 1 || k > maxK {
			return nil, fmt.Errorf("openings %q: plies %q: want 1..%d", spec, args[0], maxK)
		}
		if kind == "plies" {
			return DistinctOpenings(k), nil
		}
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 1 || n > maxOpenings {
			return nil, fmt.Errorf("openings %q: count %q: want 1..%d", spec, args[1], maxOpenings)
		}
		r := rand.New(rand.NewPCG(seed, 0x0be11))
		if k > MaxOpeningPlies {
			return randomOpenings(r, k, n), nil
		}
		all := DistinctOpenings(k)
		if n > len(all) {
			return nil, fmt.Errorf("openings %q: only %d distinct positions after %d plies", spec, len(all), k)
		}
		r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		return all[:n], nil
	case "file":
		return readOpenings(rest)
	}
	return nil, fmt.Errorf("openings %q: want plies:K, random:K:N or file:PATH", spec)
}

// DistinctOpenings returns one placement sequence for each position reachable in k
// placements from the empty board, positions equal under a symmetry of the board
// counted once, in the order a depth-first search in point order first meets them.
func DistinctOpenings(k int) []Opening {
	var out []Opening
	seen := map[uint64]bool{}
	moves := make([]board.Point, 0, k)
	var walk func(pos board.Position)
	walk = func(pos board.Position) {
		if len(moves) == k {
			key, _ := pos.CanonicalKey()
			if !seen[key] {
				seen[key] = true
				out = append(out, Opening{Moves: append([]board.Point(nil), moves...)})
			}
			return
		}
		for pt := board.Point(0); pt < board.NumPoints; pt++ {
			child := pos
			if _, ok := child.Play(pt); !ok || child.Over {
				continue
			}
			moves = append(moves, pt)
			walk(child)
			moves = moves[:len(moves)-1]
		}
	}
	walk(board.New())
	return out
}

// randomOpenings returns up to n openings of k uniformly random placements, distinct up
// to symmetry (fewer only when many draws in a row find nothing new).
func randomOpenings(r *rand.Rand, k, n int) []Opening {
	var out []Opening
	seen := map[uint64]bool{}
	for misses := 0; len(out) < n && misses < 1000; {
		pos := board.New()
		var moves []board.Point
		for len(moves) < k {
			legal := pos.Legal()
			if legal == 0 {
				break
			}
			pt := legal.Nth(r.IntN(legal.Count()))
			if _, ok := pos.Play(pt); !ok || pos.Over {
				break
			}
			moves = append(moves, pt)
		}
		key, _ := pos.CanonicalKey()
		if len(moves) < k || seen[key] {
			misses++
			continue
		}
		misses = 0
		seen[key] = true
		out = append(out, Opening{Moves: moves})
	}
	return out
}

// readOpenings reads a file of openings.
func readOpenings(path string) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("openings: %v", err)
	}
	defer f.Close()
	var out []Opening
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		var o Opening
		for _, tok := range strings.Fields(text) {
			m, err := board.ParseOutput(strings.NewReader(tok))
			if err != nil {
				return nil, fmt.Errorf("openings %s:%d: %q: %v", path, line, tok, err)
			}
			o.Moves = append(o.Moves, m)
		}
		if _, ok := o.Position(); !ok {
			return nil, fmt.Errorf("openings %s:%d: %q is not a legal opening of an unfinished game", path, line, text)
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("openings %s: %v", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("openings %s: no openings in the file", path)
	}
	return out, nil
}

// SolveOpenings proves the value of each opening with the solver, within perOpening of
// CPU time each (openings it cannot prove in time stay unknown), and returns how many
// it proved.
func SolveOpenings(openings []Opening, perOpening time.Duration) int {
	p := newOpeningProver(perOpening)
	proved := 0
	for k := range openings {
		p.prove(&openings[k])
		if openings[k].Known {
			proved++
		}
	}
	return proved
}

// openingProver proves openings one at a time for the games of a match, each once,
// through facts (the opening table, the book, the solved empty board, then the solver
// within the limit, positions equal under a symmetry proved once), with one prover
// shared under a lock.
type openingProver struct {
	mu     sync.Mutex
	limit  time.Duration
	prover *facts.Prover
	tried  map[*Opening]bool
}

func newOpeningProver(limit time.Duration) *openingProver {
	return &openingProver{limit: limit, tried: map[*Opening]bool{}}
}

// prove sets o's value if it is proved within the limit; it tries each opening once.
func (p *openingProver) prove(o *Opening) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.limit <= 0 || p.tried[o] {
		return
	}
	p.tried[o] = true
	pos, ok := o.Position()
	if !ok {
		return
	}
	if p.prover == nil {
		p.prover = facts.NewProver(facts.NewCache())
	}
	f := p.prover.Value(context.Background(), pos, facts.Limits{CPU: p.limit})
	o.Known, o.BlackWins = f.Proved(), f.BlackValue() == facts.Win
}

// distinctGames counts the different games among the finished records: different
// sequences of actions (who played them is not looked at, so a game and its colour-swapped
// twin with the same moves count once).
func distinctGames(records []record.Record) int {
	seen := map[string]bool{}
	for _, r := range records {
		if r.Game == 0 || r.Reason == record.Aborted {
			continue
		}
		var b strings.Builder
		for _, m := range r.Moves {
			fmt.Fprintf(&b, "%d%v ", m.Point, m.Fault)
		}
		seen[b.String()] = true
	}
	return len(seen)
}
