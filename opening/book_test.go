// book_test.go: the opening book: well-formed records, a damaged file refused, symmetric lookups, proved moves.

package opening

import (
	"os"
	"slices"
	"strings"
	"testing"

	"littlego/board"
	"littlego/lib/racedetect"
	"littlego/solver"
	"littlego/tablebase"
)

// bookRecords returns the embedded book's records, failing the test when it is refused.
func bookRecords(t testing.TB) []tablebase.Record {
	t.Helper()
	b := theBook()
	if b == nil {
		t.Fatal("the embedded book is refused")
	}
	return b.Records()
}

func TestBookRecordsAreWellFormed(t *testing.T) {
	records := bookRecords(t)
	if len(records) == 0 {
		t.Fatal("the book is empty")
	}
	byMove := map[int]int{}
	for i, r := range records {
		p, e := r.Position(), r.Entry()
		if p.Turn != board.Black || !e.Known || !e.Win || e.MarginKnown {
			t.Fatalf("record %d: not a Black position with a proved win: %+v", i, e)
		}
		if key, _ := p.CanonicalKey(); key != p.Key() {
			t.Errorf("record %d is not in canonical orientation:\n%s", i, p.String())
		}
		if !p.IsLegal(e.Best) {
			t.Errorf("record %d: book move %v is illegal in\n%s", i, e.Best, p.String())
		}
		byMove[int(p.Move)]++
	}
	if byMove[1] != 1 || byMove[3] == 0 {
		t.Errorf("positions per move %v: want the empty board and every answer to Black's first move", byMove)
	}
	t.Logf("book positions per move: %v", byMove)
}

// A book file that is truncated, of another version, damaged or not a book is refused
// with one line, and the engine plays without it.
func TestDamagedBookIsRefused(t *testing.T) {
	other := slices.Clone(bookFile)
	other[4]++ // the version
	flipped := slices.Clone(bookFile)
	flipped[len(flipped)/2] ^= 1
	for name, data := range map[string][]byte{"truncated": bookFile[:len(bookFile)-3], "another version": other, "damaged": flipped} {
		var warn strings.Builder
		if loadEmbedded(data, tablebase.KindBook, "the opening book", &warn) != nil {
			t.Errorf("a %s book was taken", name)
		}
		if lines := strings.Count(warn.String(), "\n"); lines != 1 || !strings.Contains(warn.String(), "the opening book is refused") {
			t.Errorf("a %s book: %q, want one line", name, warn.String())
		}
	}
	var warn strings.Builder
	if loadEmbedded(bookFile, tablebase.KindBook, "the opening book", &warn) == nil || warn.Len() != 0 {
		t.Errorf("the embedded book is refused: %s", warn.String())
	}
}

func TestBookFirstMoveAndSymmetry(t *testing.T) {
	mv, ok := BookMove(board.New())
	if !ok || mv != board.PointAt(2, 2) {
		t.Fatalf("BookMove(empty) = %v, %v; want 2,2", mv, ok)
	}
	// Every White answer to 2,2, in every orientation, is in the book, and the book's
	// move turns with the board.
	for pt := board.Point(0); pt <= board.Pass; pt++ {
		pos := board.New()
		pos.Play(board.PointAt(2, 2))
		if _, ok := pos.Play(pt); !ok || pos.Over {
			continue
		}
		mv, ok := BookMove(pos)
		if !ok {
			t.Fatalf("after 2,2 %v: not in the book", pt)
		}
		want := pos
		want.Play(mv)
		wantKey, _ := want.CanonicalKey()
		for s := board.Symmetry(0); s < board.NumSymmetries; s++ {
			img := s.Apply(pos)
			got, ok := BookMove(img)
			if !ok {
				t.Fatalf("after 2,2 %v under symmetry %d: not in the book", pt, s)
			}
			// The move may differ where the position is itself symmetric, but it must
			// lead to the same position up to symmetry.
			after := img
			after.Play(got)
			if key, _ := after.CanonicalKey(); key != wantKey {
				t.Errorf("after 2,2 %v under symmetry %d: BookMove = %v, not the image of %v", pt, s, got, mv)
			}
		}
	}
	white := board.New()
	white.Play(board.PointAt(0, 0))
	if _, ok := BookMove(white); ok {
		t.Error("the book answered a White position")
	}
}

// The book is closed: after each of its moves below the last move it holds completely,
// every answer of White that leaves the game running is in the book, in every orientation.
func TestBookAnswersEveryWhiteReply(t *testing.T) {
	records := bookRecords(t)
	complete := theBook().Header.CompleteThrough + 1
	if complete < 5 || complete > BookLastMove() {
		t.Fatalf("the book is complete through move %d of %d, want 5 or later", complete, BookLastMove())
	}
	lines := 0
	for i, r := range records {
		p := r.Position()
		if int(p.Move) >= complete {
			continue
		}
		best := r.Entry().Best
		p.Play(best)
		for pt := board.Point(0); pt <= board.Pass; pt++ {
			q := p
			if pt == board.Pass {
				q.Pass()
			} else if _, ok := q.Play(pt); !ok {
				continue
			}
			if q.Over {
				continue
			}
			lines++
			if _, ok := BookMove(q); !ok {
				t.Fatalf("record %d: after the book's %v and White's %v, the position is not in the book:\n%s", i, best, pt, q.String())
			}
			s := board.Symmetry(lines % int(board.NumSymmetries))
			if _, ok := BookMove(s.Apply(q)); !ok {
				t.Fatalf("record %d: White's %v under symmetry %d is not in the book", i, pt, s)
			}
		}
	}
	t.Logf("%d White answers below move %d, each in the book (the book's last move: %d)", lines, complete, BookLastMove())
}

func TestBookLookupDoesNotAllocate(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(2, 2))
	pos.Play(board.PointAt(1, 2))
	BookMove(pos) // the first lookup decodes the book
	if n := testing.AllocsPerRun(100, func() { BookMove(pos) }); n != 0 {
		t.Errorf("BookMove allocates %v times per lookup", n)
	}
}

// The book's moves keep the win: after each, White to move is proved lost. A proof
// takes the solver a few CPU-seconds (the generator made them all), so the test proves
// an evenly spread sample, one move-5 and bookSampleMove7 move-7 entries, and all of
// them with LITTLEGO_BOOK_VERIFY=all (about an hour); it is skipped under -short and the
// race detector, and CI runs it once without the race detector.
func TestBookMovesAreProvedWins(t *testing.T) {
	if testing.Short() || racedetect.Enabled {
		t.Skip("seconds of proofs: skipped under -short and -race")
	}
	// A spread sample per move: the later the move, the cheaper its proofs and the more
	// positions the book holds there.
	samplePerMove := map[int]int{5: 1, 7: 4, 9: 16}
	all := os.Getenv("LITTLEGO_BOOK_VERIFY") == "all"
	records := bookRecords(t)
	byMove := map[int][]int{}
	for i, r := range records {
		move := r.Level() + 1
		byMove[move] = append(byMove[move], i)
	}
	if len(byMove[5]) == 0 || len(byMove[7]) < samplePerMove[7] {
		t.Fatalf("%d move-5 and %d move-7 positions in the book", len(byMove[5]), len(byMove[7]))
	}
	var sample []int
	for move, at := range byMove {
		k := samplePerMove[move]
		switch {
		case all && move > 1:
			sample = append(sample, at...)
		case k > 0 && len(at) >= k:
			for n := range k {
				sample = append(sample, at[n*len(at)/k+len(at)/(2*k)])
			}
		}
	}
	s := solver.New(solver.DefaultTableBits)
	for _, i := range sample {
		p, best := records[i].Position(), records[i].Entry().Best
		p.Play(best)
		res := s.Solve(p, solver.Limits{})
		if !res.Known || res.Win {
			t.Errorf("record %d: after the book's %v White is not proved lost:\n%s", i, best, p.String())
		}
	}
	t.Logf("%d book moves proved to keep Black's win", len(sample))
}

// BenchmarkBookTable measures the book's one-time cost in a my_player process that
// plays a book move: checking and decoding the embedded file.
func BenchmarkBookTable(b *testing.B) {
	n := 0
	for b.Loop() {
		t, err := tablebase.Decode(bookFile)
		if err != nil {
			b.Fatal(err)
		}
		n = t.Len()
	}
	b.ReportMetric(float64(n), "records")
	b.ReportMetric(float64(len(bookFile)), "bytes")
}
