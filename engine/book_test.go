// book_test.go: the opening book: well-formed records, symmetric lookups, proved moves, and the engine playing from it.

package engine

import (
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"littlego/board"
	"littlego/internal/racedetect"
	"littlego/internal/testpos"
	"littlego/solver"
)

func TestBookRecordsAreWellFormed(t *testing.T) {
	if len(bookEntries) == 0 {
		t.Fatal("the book is empty")
	}
	seen := map[uint64]bool{}
	byMove := map[int]int{}
	for i := range bookEntries {
		r := bookEntries[i]
		p := r.Position()
		if r.Move()%2 != 1 || p.Stones[board.Black]&p.Stones[board.White] != 0 {
			t.Fatalf("record %d: not a Black position: %+v", i, r)
		}
		key, _ := p.CanonicalKey()
		if key != p.Key() {
			t.Errorf("record %d is not in canonical orientation:\n%s", i, p.String())
		}
		if seen[key] {
			t.Errorf("record %d repeats a position", i)
		}
		seen[key] = true
		if !p.IsLegal(r.Best()) {
			t.Errorf("record %d: book move %v is illegal in\n%s", i, r.Best(), p.String())
		}
		if PackBookRecord(p, r.Best()) != r {
			t.Errorf("record %d (%#x) has a field out of range", i, uint64(r))
		}
		byMove[r.Move()]++
	}
	if byMove[1] != 1 || byMove[3] == 0 {
		t.Errorf("positions per move %v: want the empty board and every answer to Black's first move", byMove)
	}
	t.Logf("book positions per move: %v", byMove)
}

// PackBookRecord and Position are inverses on Black positions: stones, move number,
// ko point and pass all survive, and so does the action (a pass included).
func TestBookRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 7))
	kos, passes := 0, 0
	for range 3000 {
		pos := board.New()
		for !pos.Over {
			if pos.Turn == board.Black && rng.IntN(4) == 0 {
				break
			}
			legal := pos.Legal()
			if pick := rng.IntN(legal.Count() + 1); pick == legal.Count() {
				pos.Pass()
			} else {
				pos.Play(legal.Nth(pick))
			}
		}
		if pos.Over || pos.Turn != board.Black {
			continue
		}
		best := board.Pass
		if legal := pos.Legal(); legal != 0 && rng.IntN(2) == 0 {
			best = legal.Nth(rng.IntN(legal.Count()))
		}
		r := PackBookRecord(pos, best)
		got := r.Position()
		if got.Key() != pos.Key() || got.Stones != pos.Stones || got.Ko != pos.Ko || got.Passed != pos.Passed || r.Best() != best {
			t.Fatalf("round trip of %v:\n%s\ngave %v:\n%s", best, pos.String(), r.Best(), got.String())
		}
		if pos.Ko != 0 {
			kos++
		}
		if pos.Passed {
			passes++
		}
	}
	if kos == 0 || passes == 0 {
		t.Errorf("the sample had %d ko points and %d passes: want both", kos, passes)
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

// The book is closed: after each of its moves below bookCompleteThrough, every answer of
// White that leaves the game running is in the book, in every orientation.
func TestBookAnswersEveryWhiteReply(t *testing.T) {
	if bookCompleteThrough < 5 || bookCompleteThrough > BookLastMove() {
		t.Fatalf("the book is complete through move %d of %d, want 5 or later", bookCompleteThrough, BookLastMove())
	}
	lines := 0
	for i := range bookEntries {
		r := bookEntries[i]
		if r.Move() >= bookCompleteThrough {
			continue
		}
		p := r.Position()
		p.Play(r.Best())
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
				t.Fatalf("record %d: after the book's %v and White's %v, the position is not in the book:\n%s", i, r.Best(), pt, q.String())
			}
			s := board.Symmetry(lines % int(board.NumSymmetries))
			if _, ok := BookMove(s.Apply(q)); !ok {
				t.Fatalf("record %d: White's %v under symmetry %d is not in the book", i, pt, s)
			}
		}
	}
	t.Logf("%d White answers below move %d, each in the book (the book's last move: %d)", lines, bookCompleteThrough, BookLastMove())
}

func TestBookLookupDoesNotAllocate(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(2, 2))
	pos.Play(board.PointAt(1, 2))
	BookMove(pos) // the first lookup builds the index
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
	byMove := map[int][]int{}
	for i := range bookEntries {
		byMove[bookEntries[i].Move()] = append(byMove[bookEntries[i].Move()], i)
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
	s := solver.New(22)
	for _, i := range sample {
		r := bookEntries[i]
		p := r.Position()
		p.Play(r.Best())
		res := s.Solve(p, solver.Limits{})
		if !res.Known || res.Win {
			t.Errorf("record %d: after the book's %v White is not proved lost:\n%s", i, r.Best(), p.String())
		}
	}
	t.Logf("%d book moves proved to keep Black's win", len(sample))
}

func TestGenMovePlaysTheBook(t *testing.T) {
	o := Defaults()
	o.Budget = 50 * time.Millisecond
	e, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	mv, rep := e.GenMove(board.New())
	if mv != board.PointAt(2, 2) || rep.Method != MethodBook {
		t.Fatalf("GenMove(empty) = %v by %q; want 2,2 by book", mv, rep.Method)
	}
	o.Book = false
	if err := e.SetOptions(o); err != nil {
		t.Fatal(err)
	}
	if _, rep := e.GenMove(board.New()); rep.Method == MethodBook {
		t.Fatal("book=false still played from the book")
	}
}

// TestBookHoldsTheMove9Slip: a sampled certificate run once found this move-9 position,
// whose proof takes longer than the solver's share of the budget, and the search then
// played a losing move. The book through move 9 now answers it, and the answer is proved.
func TestBookHoldsTheMove9Slip(t *testing.T) {
	pos := testpos.MustDiagram(t, `
		.O...
		OXX..
		..X.X
		.O...
		..O..`, board.Black, 9)
	e, err := New(Defaults())
	if err != nil {
		t.Fatal(err)
	}
	mv, rep := e.GenMove(pos)
	if rep.Method != MethodBook {
		t.Fatalf("GenMove played %v by %v, want a book move", mv, rep.Method)
	}
	if racedetect.Enabled {
		return // the proof takes seconds under the race detector
	}
	after := pos
	if _, ok := after.Play(mv); !ok {
		t.Fatalf("the book's move %v is illegal", mv)
	}
	if res := solver.New(22).Solve(after, solver.Limits{}); !res.Known || res.Win {
		t.Fatalf("after the book's %v White is not proved lost:\n%s", mv, after.String())
	}
}

// BenchmarkBookTable measures the book's one-time cost in a my_player process that
// plays a book move: building the lookup table from the records.
func BenchmarkBookTable(b *testing.B) {
	for b.Loop() {
		if len(buildBookTable()) != len(bookEntries) {
			b.Fatal("the table lost records")
		}
	}
	b.ReportMetric(float64(len(bookEntries)), "records")
}
