// lizzie_test.go: the GTP side of a session as Lizzie drives it (Leela Zero's lz-analyze):
// its command sequence, every line read, the version it accepts, the visit-weighted win
// rate it draws, the visits kept across analyses and after a move, and no CPU once all is proved.

package gtp

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/lib/cputime"
	"littlego/lib/racedetect"
)

// lizzieAccepts reports whether Lizzie takes a version answer without its "requires
// version 0.15" dialog: it reads the number after the first dot, and wants 15 or more.
func lizzieAccepts(version string) bool {
	parts := strings.Split(version, ".")
	if len(parts) < 2 {
		return false
	}
	minor, err := strconv.Atoi(parts[1])
	return err == nil && minor >= 15
}

// lizzieWinrate is the win rate Lizzie draws for a position (its bar and graph): the
// moves' win rates averaged, weighted by their visits; -1 without visits.
func lizzieWinrate(es []infoEntry) float64 {
	visits, sum := 0, 0.0
	for _, e := range es {
		visits += e.Visits
		sum += float64(e.Winrate) * float64(e.Visits)
	}
	if visits == 0 {
		return -1
	}
	return sum / float64(visits)
}

// totalVisits sums the visits of an info line.
func totalVisits(es []infoEntry) int {
	n := 0
	for _, e := range es {
		n += e.Visits
	}
	return n
}

// lizzieAnalysis sends lz-analyze 10 and reads its info lines until done says so (or,
// with done nil, one line), failing on a line written twice in a row; it leaves the
// analysis running and returns the lines read.
func lizzieAnalysis(t *testing.T, ps *pipeSession, done func([]infoEntry) bool) [][]infoEntry {
	t.Helper()
	ps.send(t, "lz-analyze 10")
	ps.expect(t, "=")
	var lines [][]infoEntry
	last := ""
	for n := 0; ; n++ {
		if n > 2000 {
			t.Fatal("lz-analyze: no wanted line in 2000")
		}
		l := ps.read(t)
		if l == last {
			t.Fatalf("lz-analyze wrote the line twice in a row: %q", l)
		}
		last = l
		es, err := parseInfoLine(l)
		if err != nil {
			t.Fatalf("%v in %q", err, l)
		}
		lines = append(lines, es)
		if done == nil || done(es) {
			return lines
		}
	}
}

// stopAnalysis sends a command as Lizzie does to stop the analysis, reads the lines up to
// the analysis's end (each distinct from the one before) and the command's answer.
func stopAnalysis(t *testing.T, ps *pipeSession, command, answer string) {
	t.Helper()
	ps.send(t, command)
	prev := ""
	for {
		l := ps.read(t)
		if l == "" {
			break
		}
		if l == prev {
			t.Fatalf("%s: the info line %q came twice in a row as the analysis stopped", command, l)
		}
		prev = l
	}
	ps.expect(t, answer)
	ps.expect(t, "")
}

// allProved reports whether every legal action of the empty board is in the line with
// a proved win rate (10000 or 0).
func allProved(es []infoEntry, actions int) bool {
	if len(es) != actions {
		return false
	}
	for _, e := range es {
		if e.Winrate != 0 && e.Winrate != 10000 {
			return false
		}
	}
	return true
}

// Lizzie's session: name, version, boardsize, komi, clear_board, lz-analyze, play,
// lz-analyze, undo, lz-analyze, name to stop. Its version check passes; every line is
// read and none is written twice; the analysis after the move starts from the replies
// the one before it searched; on the empty board, proved by the opening table, C3
// (the one win) is the most visited and Lizzie's visit-weighted win rate is 100%;
// once everything is proved and the visits are done the analysis uses no CPU; after
// the undo the empty board's visits start where they were, and only grow.
func TestLizzieSession(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 100)
	ps := startPipe(t, s)
	for _, c := range []struct{ command, answer string }{
		{"name", "= littlego"}, {"version", "= " + Version}, {"boardsize 5", "= "},
		{"komi 7", "? unacceptable komi"}, {"komi 2.5", "= "}, {"clear_board", "= "},
	} {
		ps.send(t, c.command)
		ps.expect(t, c.answer)
		ps.expect(t, "")
	}
	if !lizzieAccepts(Version) {
		t.Errorf("version %q: Lizzie shows its \"requires version 0.15\" dialog", Version)
	}
	const actions = 26 // every point and the pass
	lines := lizzieAnalysis(t, ps, func(es []infoEntry) bool {
		return allProved(es, actions) && totalVisits(es) >= provedVisits
	})
	empty := lines[len(lines)-1]
	if w := lizzieWinrate(empty); w != 10000 || empty[0].Move != "C3" {
		t.Errorf("the empty board: Lizzie reads %v/10000 with %s first, want 10000 (C3 proved won): %v", w, empty[0].Move, empty)
	}
	for _, e := range empty[1:] {
		if e.Visits > empty[0].Visits {
			t.Errorf("%s has %d visits, more than C3's %d", e.Move, e.Visits, empty[0].Visits)
		}
	}
	if !racedetect.Enabled {
		// Everything is proved and the visits are done: the analysis waits for the next
		// command. A generous bound: a search would use most of the second.
		before := cputime.Process()
		time.Sleep(time.Second)
		if used := cputime.Process() - before; used > 200*time.Millisecond {
			t.Errorf("a proved analysis used %v of CPU in a second of waiting", used)
		}
	}
	stopAnalysis(t, ps, "play b c3", "= ")
	// The search's replies to C3 were kept as the empty board's analysis stopped: the
	// analysis after C3 starts from them, as over Leela Zero's kept tree. (The server
	// is between commands here: it wrote its answer after keeping them.)
	kept := s.analysed[analysedKey{pos: s.game.searchPosition(board.White)}]
	if kept == nil || kept.Iterations == 0 {
		t.Fatalf("after play b c3: no analysis kept to resume from (%v)", kept)
	}
	afterC3 := lizzieAnalysis(t, ps, nil)
	if got := totalVisits(afterC3[0]); got < kept.Iterations {
		t.Errorf("after play b c3: the first line has %d visits, the kept replies %d: the analysis started from zero", got, kept.Iterations)
	}
	stopAnalysis(t, ps, "undo", "= ")
	again := lizzieAnalysis(t, ps, nil)
	if got, had := totalVisits(again[0]), totalVisits(empty); got < had {
		t.Errorf("the empty board again after undo: %d visits, had %d: the analysis started again from zero", got, had)
	}
	stopAnalysis(t, ps, "name", "= littlego")
}
