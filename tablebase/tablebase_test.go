// tablebase_test.go: records pack without loss, files round-trip and are refused when damaged, lookups turn with the board.

package tablebase

import (
	"cmp"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"littlego/board"
)

// randomPosition plays random actions (passes included) from the empty board until
// the game is over or a coin stops it, and returns the last position still going on.
func randomPosition(rng *rand.Rand) board.Position {
	pos := board.New()
	for {
		legal := pos.Legal()
		next := pos
		if pick := rng.IntN(legal.Count() + 1); pick == legal.Count() {
			next.Pass()
		} else {
			next.Play(legal.Nth(pick))
		}
		if next.Over || rng.IntN(12) == 0 {
			return pos
		}
		pos = next
	}
}

// randomEntry returns an entry consistent with pos's side to move.
func randomEntry(rng *rand.Rand, pos board.Position) Entry {
	e := Entry{Best: board.NoPoint}
	switch rng.IntN(3) {
	case 0: // unknown
	case 1:
		e.Known, e.Win = true, rng.IntN(2) == 0
	case 2:
		e.Known, e.MarginKnown, e.Margin = true, true, rng.IntN(2*board.NumPoints+1)-board.NumPoints
		e.Win = (e.Margin >= board.BlackMargin) == (pos.Turn == board.Black)
	}
	if rng.IntN(3) > 0 {
		e.Best = board.Point(rng.IntN(board.NumActions))
	}
	return e
}

func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 1))
	kos, passes, white := 0, 0, 0
	for range 5000 {
		pos := randomPosition(rng)
		e := randomEntry(rng, pos)
		r := MakeRecord(pos, e)
		got := r.Position()
		if got.Key() != pos.Key() || got.Stones != pos.Stones || got.Ko != pos.Ko || got.Passed != pos.Passed ||
			got.Turn != pos.Turn || got.Move != pos.Move || r.Entry() != e || r.Level() != int(pos.Move)-1 {
			t.Fatalf("round trip of %+v:\n%s\ngave %+v:\n%s", e, pos.String(), r.Entry(), got.String())
		}
		if err := r.check(); err != nil {
			t.Fatalf("a packed record is refused: %v", err)
		}
		if pos.Ko != 0 {
			kos++
		}
		if pos.Passed {
			passes++
		}
		if pos.Turn == board.White {
			white++
		}
	}
	if kos == 0 || passes == 0 || white == 0 {
		t.Errorf("the sample had %d ko points, %d passes and %d White positions: want all three", kos, passes, white)
	}
}

// A record sorts by its key: the entry bits never change the order of two positions.
func TestRecordsSortByKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 2))
	for range 2000 {
		a, b := randomPosition(rng), randomPosition(rng)
		ra, rb := MakeRecord(a, randomEntry(rng, a)), MakeRecord(b, randomEntry(rng, b))
		if ka, kb := Key(&a), Key(&b); ka != kb && (ka < kb) != (ra < rb) {
			t.Fatalf("keys %#x, %#x sort unlike their records %#x, %#x", ka, kb, uint64(ra), uint64(rb))
		}
	}
}

// sampleTable returns a header and the records of n random positions in canonical
// orientation, no two alike.
func sampleTable(seed uint64, n int) (Header, []Record) {
	rng := rand.New(rand.NewPCG(seed, 3))
	seen := map[uint64]bool{}
	var recs []Record
	for len(recs) < n {
		c, _ := Canonical(randomPosition(rng))
		if k := Key(&c); !seen[k] {
			seen[k] = true
			recs = append(recs, MakeRecord(c, randomEntry(rng, c)))
		}
	}
	empty := board.New()
	h := Header{Kind: KindTable, Root: Key(&empty), FirstLevel: 0, LastLevel: board.MaxMoves - 1, Shards: 1,
		Limit: 1500 * time.Millisecond, CPU: 42 * time.Second, Note: "a test table"}
	return h, recs
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	h, recs := sampleTable(1, 500)
	data, err := Encode(h, recs)
	if err != nil {
		t.Fatal(err)
	}
	if want := HeaderSize + len(h.Note) + RecordSize*len(recs); len(data) != want {
		t.Errorf("%d bytes, want %d", len(data), want)
	}
	tab, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Header != h {
		t.Errorf("header %+v came back as %+v", h, tab.Header)
	}
	if !slices.IsSortedFunc(tab.Records(), func(a, b Record) int { return cmp.Compare(a.Key(), b.Key()) }) ||
		tab.Len() != len(recs) {
		t.Fatalf("%d records, sorted: want %d", tab.Len(), len(recs))
	}
	for _, r := range recs {
		if got, ok := tab.Find(r.Key()); !ok || got != r {
			t.Fatalf("Find(%#x) = %#x, %v", r.Key(), uint64(got), ok)
		}
	}
	if _, ok := tab.Find(recs[0].Key() + 1); ok && !slices.ContainsFunc(recs, func(r Record) bool { return r.Key() == recs[0].Key()+1 }) {
		t.Error("Find found a key the table does not hold")
	}
}

func TestEncodeRefusesBadRecords(t *testing.T) {
	h, recs := sampleTable(2, 20)
	if _, err := Encode(h, append(recs, recs[3])); !errors.Is(err, ErrFormat) {
		t.Errorf("a repeated position: %v", err)
	}
	short := h
	short.LastLevel, short.CompleteThrough = 2, 2
	deep := recs[slices.IndexFunc(recs, func(r Record) bool { return r.Level() > 2 })]
	if _, err := Encode(short, []Record{deep}); !errors.Is(err, ErrFormat) {
		t.Errorf("a record below the last level: %v", err)
	}
	pos := board.New()
	pos.Play(board.PointAt(2, 2))
	bad := MakeRecord(pos, Entry{Known: true, Win: true, MarginKnown: true, Margin: 4, Best: board.NoPoint})
	if _, err := Encode(h, []Record{bad}); !errors.Is(err, ErrFormat) {
		t.Errorf("White to move said to win with Black 4 ahead at the end: %v", err)
	}
}

// Every damage a file can take is refused with its own error, never read as a table.
func TestDecodeRefusesDamagedFiles(t *testing.T) {
	h, recs := sampleTable(3, 50)
	data, err := Encode(h, recs)
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(data) {
		if _, err := Decode(data[:n]); !errors.Is(err, ErrTruncated) {
			t.Fatalf("cut to %d bytes of %d: %v, want ErrTruncated", n, len(data), err)
		}
	}
	other := slices.Clone(data)
	binary.LittleEndian.PutUint16(other[fieldNamed("version").offset:], Version+1)
	if _, err := Decode(other); !errors.Is(err, ErrVersion) {
		t.Errorf("version %d: %v", Version+1, err)
	}
	for _, at := range []int{7, 9, 17, 33, 50, HeaderSize + 2, len(data) - 3} {
		flipped := slices.Clone(data)
		flipped[at] ^= 0x10
		if _, err := Decode(flipped); !errors.Is(err, ErrChecksum) {
			t.Errorf("a bit flipped at byte %d: %v, want ErrChecksum", at, err)
		}
	}
	if _, err := Decode(append(slices.Clone(data), 0)); !errors.Is(err, ErrFormat) {
		t.Errorf("a trailing byte: %v", err)
	}
	if _, err := Decode([]byte("PK\x03\x04 not a table at all, but long enough for a header.........")); !errors.Is(err, ErrFormat) {
		t.Errorf("another file: %v", err)
	}
}

// A lookup finds a position in each of its eight orientations, and the best action
// turns with the board.
func TestLookupUnderSymmetry(t *testing.T) {
	h, recs := sampleTable(4, 300)
	data, err := Encode(h, recs)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		canon, want := r.Position(), r.Entry()
		for s := board.Symmetry(0); s < board.NumSymmetries; s++ {
			img := s.Apply(canon)
			e, ok := tab.Lookup(img)
			if !ok {
				t.Fatalf("not found under symmetry %d:\n%s", s, img.String())
			}
			if e.Known != want.Known || e.Win != want.Win || e.Margin != want.Margin || e.MarginKnown != want.MarginKnown {
				t.Fatalf("under symmetry %d the entry %+v became %+v", s, want, e)
			}
			if want.Best == board.NoPoint || want.Best == board.Pass {
				if e.Best != want.Best {
					t.Fatalf("under symmetry %d the action %v became %v", s, want.Best, e.Best)
				}
				continue
			}
			// The action must lead to the image of the position the canonical one leads to.
			a, b := canon, img
			if !a.IsLegal(want.Best) {
				continue // a random entry's action need not be legal
			}
			a.Play(want.Best)
			b.Play(e.Best)
			ka, _ := a.CanonicalKey()
			if kb, _ := b.CanonicalKey(); ka != kb {
				t.Fatalf("under symmetry %d the action %v became %v, not its image", s, want.Best, e.Best)
			}
		}
	}
	absent := board.New()
	absent.Play(board.PointAt(0, 0))
	absent.Play(board.PointAt(4, 4))
	c, _ := Canonical(absent)
	if _, ok := tab.Lookup(absent); ok && !slices.ContainsFunc(recs, func(r Record) bool { return r.Key() == Key(&c) }) {
		t.Error("Lookup found a position the table does not hold")
	}
	uncapped := recs[0].Position()
	uncapped.Last = 40 // a game without the 24-move cap: the table's proofs do not hold for it
	if _, ok := tab.Lookup(uncapped); ok {
		t.Error("Lookup answered a position of a game of another length")
	}
	handed := recs[0].Position()
	handed.Turn = handed.Turn.Other() // a turn handed over without a move (GTP): not the position the record proves
	if _, ok := tab.Lookup(handed); ok {
		t.Error("Lookup answered a position whose side to move is not its move number's")
	}
	if n := testing.AllocsPerRun(100, func() { tab.Lookup(recs[7].Position()) }); n != 0 {
		t.Errorf("Lookup allocates %v times", n)
	}
}
