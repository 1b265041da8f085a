// book_test.go: the book generator's pieces: White's answers up to symmetry, the book file, resuming from the progress file.

package book

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/lib/clitest"
	"littlego/opening"
	"littlego/tablebase"
)

func TestBlackRepliesUpToSymmetry(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(2, 2))
	got := blackReplies(pos, map[uint64]bool{})
	// The centre stone leaves the eight symmetries: the 24 other points fall into 5
	// classes (diagonal and orthogonal neighbours, corners, edge centres, the rest of
	// the edge), plus the pass.
	if len(got) != 6 {
		t.Fatalf("%d answers to 2,2 up to symmetry, want 6", len(got))
	}
	passes := 0
	for _, p := range got {
		if p.Turn != board.Black || p.Move != 3 || p.Over {
			t.Errorf("not a Black position at move 3: %+v", p)
		}
		if key, _ := p.CanonicalKey(); key != p.Key() {
			t.Errorf("not canonical:\n%s", p.String())
		}
		if p.Passed {
			passes++
		}
	}
	if passes != 1 {
		t.Errorf("%d pass answers, want 1", passes)
	}
	// A position seen before is not returned again.
	seen := map[uint64]bool{}
	blackReplies(pos, seen)
	if again := blackReplies(pos, seen); len(again) != 0 {
		t.Errorf("%d positions returned twice", len(again))
	}
}

func TestBookFileHoldsTheEntries(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(2, 2))
	var entries []bookEntry
	for _, p := range blackReplies(pos, map[uint64]bool{}) {
		entries = append(entries, bookEntry{pos: p, best: board.PointAt(1, 1)})
	}
	entries = append(entries, bookEntry{pos: board.New(), best: board.PointAt(2, 2)})
	data, err := bookFile(entries, board.PointAt(2, 2), 3, "go run ./cmd/littlego solve -book x.lgtb", 3*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	book := decodeBook(t, data)
	if h := book.Header; h.Kind != tablebase.KindBook || h.LastLevel != 2 || h.CompleteThrough != 2 || h.CPU != 3*time.Second ||
		!strings.Contains(h.Note, "go run ./cmd/littlego solve -book x.lgtb") || !strings.Contains(h.Note, "7 positions") {
		t.Errorf("header %+v", h)
	}
	if book.Len() != len(entries) {
		t.Errorf("%d records written, want %d", book.Len(), len(entries))
	}
	for _, e := range entries {
		if got, ok := book.Lookup(e.pos); !ok || !got.Win || got.Best != e.best {
			t.Errorf("the book gives %+v, %v for the entry %v in\n%s", got, ok, e.best, e.pos.String())
		}
	}
}

// decodeBook decodes a book file, failing the test when it is refused.
func decodeBook(t *testing.T, data []byte) *tablebase.Table {
	t.Helper()
	book, err := tablebase.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return book
}

func TestBookFlagsChecked(t *testing.T) {
	for _, args := range [][]string{
		{"x.go", "-last", "4"},
		{"x.go", "-last", "1"},
		{"x.go", "-first", "9,9"},
		{"x.go", "-jobs", "0"},
	} {
		if code, _, stderr := clitest.Call(run, args...); code != 2 || !strings.Contains(stderr, "littlego solve book: -") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and the flag named", args, code, stderr)
		}
	}
}

func TestProgressLineRoundTrip(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(2, 2))
	pos.Pass()
	e := bookEntry{pos: pos, best: board.PointAt(1, 2)}
	got, cpu, err := parseProgressLine(progressLine(e, 1500*time.Millisecond))
	if err != nil || got.pos.Key() != pos.Key() || got.best != e.best || cpu != 1500*time.Millisecond {
		t.Fatalf("round trip gave %+v, %v, %v", got, cpu, err)
	}
	for _, bad := range []string{
		"", "3 1000 0 0 false 11", "4 1000 0 0 false 11 1.0", "3 1000 1000 0 false 11 1.0",
		"3 1000 0 0 false 12 1.0", "3 zz 0 0 false 11 1.0", "3 1000 0 0 maybe 11 1.0", "3 1000 0 0 false 99 1.0",
	} {
		if _, _, err := parseProgressLine(bad); err == nil {
			t.Errorf("parseProgressLine(%q) accepted", bad)
		}
	}
}

// A run restarted on a progress file takes every proof from it: with all of move 3 in
// the file, -last 3 proves nothing and writes the book at once.
func TestBookResumesFromProgress(t *testing.T) {
	dir := t.TempDir()
	out, progress := filepath.Join(dir, "book.lgtb"), filepath.Join(dir, "book.progress")
	pos := board.New()
	pos.Play(board.PointAt(2, 2))
	var lines strings.Builder
	for _, p := range blackReplies(pos, map[uint64]bool{}) {
		best, ok := opening.BookMove(p)
		if !ok {
			t.Fatalf("not in the engine's book:\n%s", p.String())
		}
		lines.WriteString(progressLine(bookEntry{pos: p, best: best}, 2*time.Second))
	}
	lines.WriteString("5 1000") // a line cut short by a killed run
	if err := os.WriteFile(progress, []byte(lines.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	if err := makeBook(&stdout, &stderr, board.PointAt(2, 2), 3, 1, 16, out, progress, "go run ./cmd/littlego solve -book x.lgtb", false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "move 3: 6 positions (6 from the progress file)") {
		t.Errorf("the run did not resume:\n%s", stdout.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	book := decodeBook(t, data)
	if book.Len() != 7 || !strings.Contains(book.Header.Note, "in 12 CPU-seconds") || book.Header.CompleteThrough != 2 {
		t.Errorf("the book does not hold the 7 positions, their 12 CPU-s and move 3 complete: %d, %+v", book.Len(), book.Header)
	}

	// -proved-only writes what the file holds: with two lines gone, move 3 is partial.
	kept := strings.Join(strings.Split(lines.String(), "\n")[2:6], "\n") + "\n"
	if err := os.WriteFile(progress, []byte(kept), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if err := makeBook(&stdout, &stderr, board.PointAt(2, 2), 3, 1, 16, out, progress, "go run ./cmd/littlego solve -book x.lgtb", true); err != nil {
		t.Fatal(err)
	}
	if data, err = os.ReadFile(out); err != nil {
		t.Fatal(err)
	}
	if book := decodeBook(t, data); book.Len() != 5 || book.Header.CompleteThrough != 0 {
		t.Errorf("the partial book does not hold 4 positions at move 3 and the first move: %d, %+v\n%s", book.Len(), book.Header, stdout.String())
	}
}
