// build.go: solve table build: one shard of one level of the opening table, solved position by position, resumable, written atomically.

package table

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/internal/atomicfile"
	"littlego/internal/cputime"
	"littlego/internal/regularfile"
	"littlego/record"
	"littlego/solver"
	"littlego/tablebase"
)

// buildConfig is the command line of solve table build.
type buildConfig struct {
	level      int
	root       string // actions from the empty board, separated by spaces
	shard      string // "i/n"
	out        string
	margin     bool
	limit      time.Duration // CPU per position (0: no limit)
	checkpoint time.Duration
	block      int // positions solved over one transposition table before it is cleared (0: the whole shard)
	ttBits     int
	stopAfter  int              // stop (as if killed) after solving this many positions; for tests
	knownPath  string           // -known: a table whose proved entries are taken without a search
	known      *tablebase.Table // the table read from knownPath, or nil
}

// errStopped is returned when a shard stops after buildConfig.stopAfter positions.
var errStopped = errors.New("stopped before the end of the shard")

// maxTableBytes bounds what is read of a table file.
const maxTableBytes = 1 << 30

// parseRoot plays the actions of list from the empty board.
func parseRoot(list string) (board.Position, error) {
	pos := board.New()
	for _, f := range strings.Fields(list) {
		a, err := board.ParseOutput(strings.NewReader(f))
		if err != nil {
			return pos, base.Usagef("-root %q: %v", list, err)
		}
		if !pos.Act(a) {
			return pos, base.Usagef("-root %q: %v is illegal at move %d", list, a, pos.Move)
		}
	}
	if pos.Over {
		return pos, base.Usagef("-root %q: the game is over", list)
	}
	return pos, nil
}

// parseShard reads "i/n".
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, base.Usagef("-shard %q: want i/n with 0 <= i < n", s)
	}
	return i, n, nil
}

// shardName is the file name of shard i of n of level (unpadded numbers, so that a
// script can name it: level4-shard17-of-256.lgtb).
func shardName(level, i, n int) string {
	return fmt.Sprintf("level%d-shard%d-of-%d.lgtb", level, i, n)
}

// shardRun is one shard being solved: its positions, the header its files carry, and
// the records so far.
type shardRun struct {
	header    tablebase.Header
	levelSize int // the number of positions in the whole level
	positions []board.Position
	done      map[uint64]tablebase.Record
	path      string
	block     int // positions solved over one table before it is cleared
}

// buildShard solves the shard the configuration names and writes its file.
func buildShard(stdout, stderr io.Writer, c *buildConfig) error {
	if c.out == "" {
		return base.Usagef("-o: table build needs the folder to write the shard to")
	}
	if c.block < 0 {
		return base.Usagef("-block %d: must be 0 (the whole shard) or positive", c.block)
	}
	root, err := parseRoot(c.root)
	if err != nil {
		return err
	}
	i, n, err := parseShard(c.shard)
	if err != nil {
		return err
	}
	levels, err := tablebase.Levels(root, c.level)
	if err != nil {
		return base.Usagef("-level: %v", err)
	}
	if err := base.CheckTT(c.ttBits, 1); err != nil {
		return err
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	canon, _ := tablebase.Canonical(root)
	sr := &shardRun{path: filepath.Join(c.out, shardName(c.level, i, n)), done: map[uint64]tablebase.Record{},
		header: tablebase.Header{Kind: tablebase.KindShard, Root: tablebase.Key(&canon),
			FirstLevel: int(root.Move) - 1, LastLevel: c.level, CompleteThrough: c.level, Shard: i, Shards: n, Margins: c.margin,
			Limit: c.limit.Round(time.Millisecond)}}
	sr.levelSize, sr.block = len(levels[len(levels)-1]), c.block
	for k, p := range levels[len(levels)-1] {
		if tablebase.InShard(k, i, n) {
			sr.positions = append(sr.positions, p)
		}
	}
	switch t, err := readTable(sr.path); {
	case err == nil && t.Header.Kind == tablebase.KindShard && sameShard(t.Header, sr.header):
		fmt.Fprintf(stdout, "%s: done before (%d positions)\n", sr.path, t.Len())
		return nil
	case err == nil:
		fmt.Fprintf(stderr, "solve: %s is of another shard or table: solving it again\n", sr.path)
	case !errors.Is(err, fs.ErrNotExist):
		fmt.Fprintf(stderr, "solve: %v: solving it again\n", err)
	}
	if sr.block == 0 {
		sr.block = max(len(sr.positions), 1)
	}
	if c.knownPath != "" {
		if c.known, err = readTable(c.knownPath); err != nil {
			return base.Usagef("-known: %v", err)
		}
	}
	sr.resume(stderr)
	if err := sr.trimLog(); err != nil {
		return err
	}
	return sr.solve(stdout, stderr, c)
}

// trimLog keeps of the shard's log (logPath) the first line of each position the
// checkpoint holds and drops the rest: the lines of a stopped run that its checkpoint
// did not save are written again when those positions are solved again, so that the
// log's line i stays the shard's position i.
func (sr *shardRun) trimLog() error {
	path := logPath(sr.path)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var kept strings.Builder
	seen := map[int]bool{}
	for _, line := range strings.SplitAfter(string(data), "\n") {
		var k, n int
		if _, err := fmt.Sscanf(line, "%d/%d", &k, &n); err != nil || k < 1 || k > len(sr.positions) || seen[k] || !strings.HasSuffix(line, "\n") {
			continue
		}
		if _, ok := sr.done[tablebase.Key(&sr.positions[k-1])]; ok {
			seen[k] = true
			kept.WriteString(line)
		}
	}
	if kept.Len() == len(data) {
		return nil
	}
	return atomicfile.WriteFile(path, []byte(kept.String()), 0o644)
}

// sameShard reports whether two headers describe one shard of one table.
func sameShard(a, b tablebase.Header) bool { return sameTable(a, b) && a.Shard == b.Shard }

// readTable reads and decodes the table file at path.
func readTable(path string) (*tablebase.Table, error) {
	data, err := regularfile.Read(path, maxTableBytes)
	if err != nil {
		return nil, err
	}
	t, err := tablebase.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return t, nil
}

// resume takes the records of the shard's checkpoint, if there is one for this very
// shard; a checkpoint that is damaged or of another shard is said and ignored.
func (sr *shardRun) resume(stderr io.Writer) {
	t, err := readTable(sr.path + ".partial")
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return
	case err == nil && (t.Header.Kind != tablebase.KindCheckpoint || !sameShard(t.Header, sr.header) || (t.Header.Note != sr.note() && t.Header.Note != sr.noteOf(legacyCommand))):
		err = fmt.Errorf("%s: the checkpoint of another shard, table or block size", sr.path+".partial")
	}
	if err != nil {
		fmt.Fprintf(stderr, "solve: ignoring the checkpoint: %v\n", err)
		return
	}
	for _, r := range t.Records() {
		sr.done[r.Key()] = r
	}
	sr.header.CPU = t.Header.CPU
}

// logPath is the per-position log beside a shard's file: one line a position solved,
// "k/n VALUE CPU CPU-s NODES nodes" (VALUE win, loss or unknown for the side to move, with
// the margin where proved), appended to by a resumed shard. Status reads it.
func logPath(shardPath string) string { return strings.TrimSuffix(shardPath, ".lgtb") + ".log" }

// solve proves the positions the checkpoint lacks, block by block over a table cleared
// at each block's start (so each result is a function of the shard and the block size),
// saving a checkpoint of the finished blocks every c.checkpoint, then writes the shard
// file and removes the checkpoint. Each position's value, CPU and nodes go to stderr and
// to the shard's log (logPath).
func (sr *shardRun) solve(stdout, stderr io.Writer, c *buildConfig) error {
	log, err := os.OpenFile(logPath(sr.path), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer log.Close()
	positionLines := io.MultiWriter(stderr, log)
	s := solver.New(c.ttBits)
	resumed := len(sr.done)
	lastSave := time.Now()
	var times []time.Duration
	unknown := 0
	var pending blockRecords
	for k, p := range sr.positions {
		if k%sr.block == 0 {
			if err := sr.commit(&pending, &lastSave, c.checkpoint); err != nil {
				return err
			}
		}
		key := tablebase.Key(&p)
		if _, ok := sr.done[key]; ok {
			continue
		}
		if c.stopAfter > 0 && len(times) == c.stopAfter {
			if err := sr.save(tablebase.KindCheckpoint); err != nil {
				return err
			}
			return errStopped
		}
		if e, ok := knownEntry(c.known, p, sr.header.Margins); ok {
			pending.add(tablebase.MakeRecord(p, e), 0)
			fmt.Fprintf(positionLines, "%d/%d %s 0.000 CPU-s 0 nodes%s\n", k+1, len(sr.positions), entryWords(e), fromKnown)
			continue
		}
		if len(pending.records) == 0 {
			s.Clear() // the block's first position to solve
		}
		e, cpu, nodes := solveEntry(s, p, sr.header.Margins, sr.header.Limit)
		pending.add(tablebase.MakeRecord(p, e), cpu)
		times = append(times, cpu)
		if !e.Known {
			unknown++
		}
		fmt.Fprintf(positionLines, "%d/%d %s %.3f CPU-s %d nodes\n", k+1, len(sr.positions), entryWords(e), cpu.Seconds(), nodes)
	}
	if err := sr.commit(&pending, &lastSave, -1); err != nil {
		return err
	}
	if err := os.Remove(sr.path + ".partial"); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	fmt.Fprintf(stdout, "level %d shard %d/%d: %d of the level's %d positions (%d solved now, %d from the checkpoint), %d unknown; %s; %.1f CPU-s in all -> %s\n",
		sr.header.LastLevel, sr.header.Shard, sr.header.Shards, len(sr.positions), sr.levelSize, len(times), resumed, unknown,
		cpuSummary(times), sr.header.CPU.Seconds(), sr.path)
	return nil
}

// blockRecords are the records of the block being solved and the CPU they cost.
type blockRecords struct {
	records []tablebase.Record
	cpu     time.Duration
}

func (b *blockRecords) add(r tablebase.Record, cpu time.Duration) {
	b.records = append(b.records, r)
	b.cpu += cpu
}

// commit takes a finished block's records and CPU into the shard and saves a checkpoint
// when one is due (every < 0: the shard is finished, and its file is written).
func (sr *shardRun) commit(b *blockRecords, lastSave *time.Time, every time.Duration) error {
	for _, r := range b.records {
		sr.done[r.Key()] = r
	}
	sr.header.CPU += b.cpu
	*b = blockRecords{}
	switch {
	case every < 0:
		return sr.save(tablebase.KindShard)
	case time.Since(*lastSave) < every:
		return nil
	}
	*lastSave = time.Now()
	return sr.save(tablebase.KindCheckpoint)
}

// note says how the shard's files are made; a checkpoint is resumed only by a run with
// the same note.
func (sr *shardRun) note() string { return sr.noteOf("solve table build") }

// noteOf is the note a run by command writes. Checkpoints written before the
// subcommands (by "solve -table") carry legacyCommand and resume as well.
func (sr *shardRun) noteOf(command string) string {
	return fmt.Sprintf("%s: level %d, shard %d of %d, blocks of %d", command, sr.header.LastLevel, sr.header.Shard, sr.header.Shards, sr.block)
}

// legacyCommand names the shard builder in the notes of files written before solve had
// subcommands.
const legacyCommand = "solve -table"

// save writes the records so far atomically, as a checkpoint or the finished shard.
func (sr *shardRun) save(kind tablebase.Kind) error {
	h := sr.header
	h.Kind = kind
	h.Note = sr.note()
	path := sr.path
	if kind == tablebase.KindCheckpoint {
		path += ".partial"
	}
	records := make([]tablebase.Record, 0, len(sr.done))
	for _, r := range sr.done {
		records = append(records, r)
	}
	data, err := tablebase.Encode(h, records)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, 0o644)
}

// solveEntry proves pos's value, or its exact margin with margin, within limit, and
// returns the CPU time and the solver's nodes it took.
func solveEntry(s *solver.Solver, pos board.Position, margin bool, limit time.Duration) (tablebase.Entry, time.Duration, int64) {
	start := cputime.Process()
	e := tablebase.Entry{Best: board.NoPoint}
	var nodes int64
	if margin {
		m := s.Margin(pos, solver.Limits{CPU: limit})
		if nodes = m.Nodes; m.Known {
			e = tablebase.Entry{Known: true, Win: (m.Margin >= board.BlackMargin) == (pos.Turn == board.Black),
				MarginKnown: true, Margin: m.Margin, Best: m.Best}
		}
	} else {
		r := s.Solve(pos, solver.Limits{CPU: limit})
		if nodes = r.Nodes; r.Known {
			e = tablebase.Entry{Known: true, Win: r.Win, Best: r.Best}
		}
	}
	return e, cputime.Process() - start, nodes
}

// knownEntry returns known's entry for pos (in canonical orientation) and true when it
// proves what the shard records: the value, and with margin the margin too.
func knownEntry(known *tablebase.Table, pos board.Position, margin bool) (tablebase.Entry, bool) {
	if known == nil {
		return tablebase.Entry{}, false
	}
	e, ok := known.Lookup(pos)
	if !ok || !e.Known || margin && !e.MarginKnown {
		return tablebase.Entry{}, false
	}
	if !margin {
		e.MarginKnown, e.Margin = false, 0
		if !e.Win {
			e.Best = board.NoPoint
		}
	}
	return e, true
}

// entryWords says an entry for the side to move: win, loss or unknown, and the margin.
func entryWords(e tablebase.Entry) string {
	w := "unknown"
	switch {
	case e.Known && e.Win:
		w = "win"
	case e.Known:
		w = "loss"
	}
	if e.MarginKnown {
		w += fmt.Sprintf(" (margin %+d, %s)", e.Margin, record.Result(e.Margin))
	}
	return w
}

// cpuSummary gives the median and maximum of times.
func cpuSummary(times []time.Duration) string {
	if len(times) == 0 {
		return "nothing solved now"
	}
	sorted := slices.Sorted(slices.Values(times))
	return fmt.Sprintf("CPU per position: median %.3f s, max %.3f s", sorted[len(sorted)/2].Seconds(), sorted[len(sorted)-1].Seconds())
}
