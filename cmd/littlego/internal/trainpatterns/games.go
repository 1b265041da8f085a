// games.go: the game records of train-patterns (one game a line) and the gen subcommand that plays them.

package trainpatterns

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/term"

	"littlego/board"
	"littlego/engine"
	"littlego/policy"
)

// record is one self-play game: its seed, the number of uniformly random opening
// actions, and every action in order.
type record struct {
	seed    uint64
	random  int
	actions []board.Point
}

// format writes r as one line: the seed, the number of random actions, the actions
// ("i,j" or PASS).
func (r *record) format(w io.Writer) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d %d", r.seed, r.random)
	for _, a := range r.actions {
		sb.WriteByte(' ')
		sb.WriteString(a.String())
	}
	sb.WriteByte('\n')
	_, err := io.WriteString(w, sb.String())
	return err
}

// parsePoint reads "i,j" or PASS.
func parsePoint(s string) (board.Point, error) {
	if s == "PASS" {
		return board.Pass, nil
	}
	i, j, ok := strings.Cut(s, ",")
	if !ok {
		return board.NoPoint, fmt.Errorf("bad action %q", s)
	}
	r, err1 := strconv.Atoi(i)
	c, err2 := strconv.Atoi(j)
	if err1 != nil || err2 != nil || r < 0 || r >= board.Size || c < 0 || c >= board.Size {
		return board.NoPoint, fmt.Errorf("bad action %q", s)
	}
	return board.PointAt(r, c), nil
}

// readRecords reads a file written by gen; every game is replayed to check it.
func readRecords(path string) ([]record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []record
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) < 2 {
			return nil, fmt.Errorf("%s:%d: want seed, random count and actions", path, line)
		}
		var r record
		if r.seed, err = strconv.ParseUint(fields[0], 10, 64); err != nil {
			return nil, fmt.Errorf("%s:%d: bad seed: %v", path, line, err)
		}
		if r.random, err = strconv.Atoi(fields[1]); err != nil || r.random < 0 {
			return nil, fmt.Errorf("%s:%d: bad random count %q", path, line, fields[1])
		}
		pos := board.New()
		for _, s := range fields[2:] {
			a, err := parsePoint(s)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, line, err)
			}
			if _, ok := pos.Play(a); !ok {
				return nil, fmt.Errorf("%s:%d: illegal action %s", path, line, s)
			}
			r.actions = append(r.actions, a)
		}
		if !pos.Over {
			return nil, fmt.Errorf("%s:%d: the game does not end", path, line)
		}
		out = append(out, r)
	}
	return out, sc.Err()
}

// playGame plays one self-play game: random opening actions (uniform over the legal
// placements), then the engine with opts for both sides.
func playGame(seed uint64, random int, opts engine.Options) (record, error) {
	r := record{seed: seed, random: random}
	opts.Seed = seed
	eng, err := engine.New(opts)
	if err != nil {
		return r, err
	}
	rng := policy.NewRand(seed)
	pos := board.New()
	for !pos.Over {
		var a board.Point
		if len(r.actions) < random {
			legal := pos.Legal()
			if legal == 0 {
				a = board.Pass
			} else {
				a = legal.Nth(rng.Intn(legal.Count()))
			}
		} else {
			a, _ = eng.GenMove(pos)
		}
		if _, ok := pos.Play(a); !ok {
			return r, fmt.Errorf("game %d: illegal %v", seed, a)
		}
		r.actions = append(r.actions, a)
	}
	return r, nil
}

// genSettings are gen's flags.
type genSettings struct {
	games, playouts, maxRandom, jobs int
	seed                             uint64
	policy, out                      string
}

// gen plays s.games self-play games of the engine (opts) and writes their records to
// s.out, or to stdout.
func gen(s genSettings, opts engine.Options, stdout, stderr io.Writer) error {
	recs := make([]record, s.games)
	errs := make([]error, s.games)
	progress := term.IsTerminal(int(os.Stderr.Fd()))
	var mu sync.Mutex
	done := 0
	next := make(chan int)
	var wg sync.WaitGroup
	for range s.jobs {
		wg.Go(func() {
			for k := range next {
				seed := s.seed + uint64(k)
				recs[k], errs[k] = playGame(seed, int(seed%uint64(s.maxRandom+1)), opts)
				mu.Lock()
				done++
				if progress {
					fmt.Fprintf(stderr, "\rgen: %d/%d games", done, s.games)
				}
				mu.Unlock()
			}
		})
	}
	for k := range s.games {
		next <- k
	}
	close(next)
	wg.Wait()
	if progress {
		fmt.Fprintln(stderr)
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	w := stdout
	if s.out != "" {
		f, err := os.Create(s.out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# littlego train-patterns gen -n %d -playouts %d -seed %d -random %d -policy %s\n", s.games, s.playouts, s.seed, s.maxRandom, s.policy)
	fmt.Fprintf(bw, "# one game a line: seed, number of random opening actions, actions (row,column or PASS)\n")
	for i := range recs {
		if err := recs[i].format(bw); err != nil {
			return err
		}
	}
	return bw.Flush()
}
