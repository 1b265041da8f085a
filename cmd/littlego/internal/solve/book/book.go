// book.go: solve book: proved winning moves for Black's opening, written as a table file the engine embeds.

package book

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/term"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/lib/atomicfile"
	"littlego/lib/cputime"
	"littlego/solver"
	"littlego/tablebase"
)

// bookEntry is one proved position of the book, in its canonical orientation.
type bookEntry struct {
	pos  board.Position
	best board.Point
}

// bookProgress is the generator's record of positions already proved: one line per
// position, appended as each proof ends, so that a stopped run restarts where it was.
type bookProgress struct {
	mu     sync.Mutex
	f      *os.File
	proved map[uint64]board.Point
	cpu    time.Duration // the CPU time recorded by earlier runs
	last   time.Duration // the process CPU time when the last line was written
}

// openBookProgress reads the progress file at path (created when missing) and keeps it
// open for appending.
func openBookProgress(path string) (*bookProgress, error) {
	bp := &bookProgress{proved: map[uint64]board.Point{}}
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		e, cpu, err := parseProgressLine(line)
		if err != nil {
			// A run killed mid-write leaves a partial last line: ignore it, it is proved again.
			if i == len(strings.Split(string(data), "\n"))-1 {
				continue
			}
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		bp.proved[e.pos.Key()] = e.best
		bp.cpu += cpu
	}
	bp.last = cputime.Process()
	if bp.f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644); err != nil {
		return nil, err
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		bp.f.WriteString("\n")
	}
	return bp, nil
}

// progressLine formats a proved position: move, Black's and White's stones and the
// ko point (hex), passed, the winning move, CPU seconds.
func progressLine(e bookEntry, cpu time.Duration) string {
	return fmt.Sprintf("%d %x %x %x %t %d %.3f\n", e.pos.Move, uint32(e.pos.Stones[board.Black]),
		uint32(e.pos.Stones[board.White]), uint32(e.pos.Ko), e.pos.Passed, e.best, cpu.Seconds())
}

// parseProgressLine reads a line written by progressLine.
func parseProgressLine(line string) (bookEntry, time.Duration, error) {
	f := strings.Fields(line)
	if len(f) != 7 {
		return bookEntry{}, 0, fmt.Errorf("want 7 fields, got %q", line)
	}
	move, err1 := strconv.ParseUint(f[0], 10, 8)
	black, err2 := strconv.ParseUint(f[1], 16, 32)
	white, err3 := strconv.ParseUint(f[2], 16, 32)
	ko, err4 := strconv.ParseUint(f[3], 16, 32)
	passed, err5 := strconv.ParseBool(f[4])
	best, err6 := strconv.ParseUint(f[5], 10, 8)
	secs, err7 := strconv.ParseFloat(f[6], 64)
	if err := errors.Join(err1, err2, err3, err4, err5, err6, err7); err != nil {
		return bookEntry{}, 0, fmt.Errorf("%q: %v", line, err)
	}
	const all = 1<<(board.Size*board.Size) - 1
	if move < 1 || move > board.MaxMoves || move%2 == 0 || black&^all != 0 || white&^all != 0 || black&white != 0 ||
		ko&^all != 0 || best > uint64(board.Pass) {
		return bookEntry{}, 0, fmt.Errorf("%q: not a Black position and move", line)
	}
	p := board.Position{Move: uint8(move), Last: board.MaxMoves, Turn: board.Black, Passed: passed}
	p.Stones[board.Black] = board.Bitboard(black)
	p.Stones[board.White] = board.Bitboard(white)
	p.Ko = board.Bitboard(ko)
	p.Hash = p.ComputeHash()
	if !p.IsLegal(board.Point(best)) {
		return bookEntry{}, 0, fmt.Errorf("%q: the move is illegal", line)
	}
	return bookEntry{pos: p, best: board.Point(best)}, time.Duration(secs * float64(time.Second)), nil
}

// lookup returns the move proved for pos in an earlier run.
func (bp *bookProgress) lookup(pos board.Position) (board.Point, bool) {
	bp.mu.Lock()
	defer bp.mu.Unlock()
	best, ok := bp.proved[pos.Key()]
	return best, ok
}

// add records a new proof with the process CPU time used since the line before (the
// workers prove at once, so a proof's own CPU time would count the others' too): the
// lines of a run add up to its CPU time.
func (bp *bookProgress) add(e bookEntry) error {
	bp.mu.Lock()
	defer bp.mu.Unlock()
	bp.proved[e.pos.Key()] = e.best
	now := cputime.Process()
	_, err := bp.f.WriteString(progressLine(e, now-bp.last))
	bp.last = now
	return err
}

// makeBook proves a winning move for Black in every position Black can meet at moves
// 3, 5, ..., last after opening with first, whatever White answers, Black always
// playing the book's move, and writes them as opening/book.lgtb. Each position is
// proved exactly (no budget); workers solvers run at once, each with its own table.
// Proofs are appended to the progress file as they end, and a new run takes them from
// there instead of proving them again.
//
// With provedOnly, nothing is proved: the book is written from the progress file alone,
// and a move whose positions are not all proved yet is written as far as it goes.
func makeBook(stdout, stderr io.Writer, first board.Point, last, workers, ttBits int, out, progressPath, cmdline string, provedOnly bool) error {
	if last < 3 || last > board.MaxMoves || last%2 == 0 {
		return base.Usagef("-last %d: must be an odd move number in 3..%d", last, board.MaxMoves)
	}
	if err := base.CheckThreads("jobs", workers); err != nil {
		return err
	}
	start := cputime.Process()
	root := board.New()
	if !root.IsLegal(first) || first == board.Pass {
		return base.Usagef("-first %v: not a legal first move", first)
	}
	bp, err := openBookProgress(progressPath)
	if err != nil {
		return fmt.Errorf("-progress: %v", err)
	}
	defer bp.f.Close()
	if len(bp.proved) > 0 {
		fmt.Fprintf(stdout, "%s: %d positions proved before (%.0f CPU-s)\n", progressPath, len(bp.proved), bp.cpu.Seconds())
	}
	b := &bookRun{bp: bp, ttBits: ttBits, workers: workers, provedOnly: provedOnly, stderr: stderr,
		solvers: make(chan *solver.Solver, workers)}
	f, isFile := stderr.(*os.File)
	b.progress = isFile && term.IsTerminal(int(f.Fd()))
	for range workers {
		b.solvers <- nil // made on first use: a resumed run may need none
	}
	root.Play(first)
	frontier := blackReplies(root, map[uint64]bool{})
	var entries []bookEntry
	complete := 1 // the last move whose every position is in the book
	for move := 3; move <= last && len(frontier) > 0; move += 2 {
		results, reused, err := b.proveLevel(move, frontier)
		if err != nil {
			return err
		}
		entries = append(entries, results...)
		if len(results) == len(frontier) {
			complete = move
		}
		fmt.Fprintf(stdout, "move %d: %d positions (%d from the progress file), %.1f CPU-s in this run\n", move, len(results), reused,
			(cputime.Process() - start).Seconds())
		if move+2 > last {
			break
		}
		frontier = nextFrontier(results)
	}
	// The first move itself: proved by the full solve of the empty board (see -first).
	entries = append(entries, bookEntry{pos: board.New(), best: first})
	data, err := bookFile(entries, first, complete, cmdline, bp.cpu+cputime.Process()-start)
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(out, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d positions written to %s\n", len(entries), out)
	return nil
}

// bookRun is what proving the book's levels shares: the progress file, the solvers
// (one per worker, each with its own table), and how to report.
type bookRun struct {
	bp         *bookProgress
	ttBits     int
	workers    int
	provedOnly bool
	progress   bool // a terminal: the counts are redrawn as proofs end
	stderr     io.Writer
	solvers    chan *solver.Solver
}

// proveLevel proves a winning Black move in every position of frontier (Black to play
// move), taking the proofs the progress file holds, and returns the book's entries
// (without the positions left unproved under -book-proved-only) and how many came from
// the file.
func (b *bookRun) proveLevel(move int, frontier []board.Position) ([]bookEntry, int, error) {
	results := make([]bookEntry, len(frontier))
	var g errgroup.Group
	g.SetLimit(b.workers)
	var mu sync.Mutex
	done, reused := 0, 0
	for i, pos := range frontier {
		if best, ok := b.bp.lookup(pos); ok {
			results[i] = bookEntry{pos: pos, best: best}
			reused++
			continue
		}
		if b.provedOnly {
			results[i] = bookEntry{best: board.NoPoint}
			continue
		}
		g.Go(func() error {
			s := <-b.solvers
			if s == nil {
				s = solver.New(b.ttBits)
			}
			defer func() { b.solvers <- s }()
			r := s.Solve(pos, solver.Limits{})
			if !r.Known || !r.Win {
				return fmt.Errorf("move %d: Black does not win after the book's line:\n%s", move, pos.String())
			}
			results[i] = bookEntry{pos: pos, best: r.Best}
			if err := b.bp.add(results[i]); err != nil {
				return fmt.Errorf("-progress: %v", err)
			}
			mu.Lock()
			done++
			if b.progress {
				fmt.Fprintf(b.stderr, "\rmove %d: %d/%d proved", move, done+reused, len(frontier))
			}
			mu.Unlock()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, 0, err
	}
	if b.progress {
		fmt.Fprintf(b.stderr, "\n")
	}
	return slices.DeleteFunc(results, func(e bookEntry) bool { return e.best == board.NoPoint }), reused, nil
}

// nextFrontier returns the positions Black meets two moves later: after each entry's
// move, every White answer that leaves the game running, up to symmetry.
func nextFrontier(results []bookEntry) []board.Position {
	seen := map[uint64]bool{}
	var next []board.Position
	for _, e := range results {
		child := e.pos
		child.Play(e.best)
		if child.Over {
			continue
		}
		next = append(next, blackReplies(child, seen)...)
	}
	return next
}

// blackReplies returns, in canonical orientation and not seen before, the positions
// after every action of White (a pass included) in pos, White to move, that leave the
// game running with Black to move.
func blackReplies(pos board.Position, seen map[uint64]bool) []board.Position {
	var out []board.Position
	for pt := board.Point(0); pt <= board.Pass; pt++ {
		child := pos
		if pt == board.Pass {
			child.Pass()
		} else if _, ok := child.Play(pt); !ok {
			continue
		}
		if child.Over {
			continue
		}
		key, sym := child.CanonicalKey()
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, sym.Apply(child))
	}
	return out
}

// bookFile encodes the entries as the engine's book (opening/book.lgtb): a table file
// of kind book, one record per position (a proved win with its winning action), its
// note saying how it was made.
func bookFile(entries []bookEntry, first board.Point, complete int, cmdline string, cpu time.Duration) ([]byte, error) {
	cpu = cpu.Round(time.Second) // a rerun from the progress file writes the same bytes
	records := make([]tablebase.Record, len(entries))
	perMove := map[int]int{}
	last := 1
	for i, e := range entries {
		c, sym := tablebase.Canonical(e.pos)
		records[i] = tablebase.MakeRecord(c, tablebase.Entry{Known: true, Win: true, Best: sym.Point(e.best)})
		perMove[int(e.pos.Move)]++
		last = max(last, int(e.pos.Move))
	}
	moves := slices.Sorted(maps.Keys(perMove))
	counts := make([]string, len(moves))
	for i, m := range moves {
		counts[i] = fmt.Sprintf("%d at move %d", perMove[m], m)
	}
	note := fmt.Sprintf("Black's proved opening book, made by\n\t%s\nin %.0f CPU-seconds: after Black's first move %v, "+
		"for every answer of White, a move that keeps Black's game-theoretic win (%d positions in canonical orientation: %s).\n",
		cmdline, cpu.Seconds(), first, len(entries), strings.Join(counts, ", "))
	empty := board.New()
	h := tablebase.Header{Kind: tablebase.KindBook, Root: tablebase.Key(&empty), FirstLevel: 0, LastLevel: last - 1,
		CompleteThrough: complete - 1, Shards: 1, CPU: cpu, Note: note}
	return tablebase.Encode(h, records)
}
