// outside_test.go: a reader and a writer of table files written from FORMAT.md alone, sharing
// no code with the package (nor with board's symmetries, keys or rules), held against Decode
// and Lookup: what an outside program needs to probe a table is all in the specification.

package tablebase_test

import (
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"littlego/board"
	"littlego/tablebase"
)

// spec holds the numbers FORMAT.md's "Positions" section draws.
type spec struct {
	black, white, ko [25]uint64
	turn             [2]uint64
	move             [256]uint64
	passed           uint64
}

func newSpec() *spec {
	state := uint64(0x6c6974746c65676f)
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	s := &spec{}
	for p := range s.black {
		s.black[p] = next()
	}
	for p := range s.white {
		s.white[p] = next()
	}
	s.turn[0], s.turn[1] = next(), next()
	for p := range s.ko {
		s.ko[p] = next()
	}
	for m := range s.move {
		s.move[m] = next()
	}
	s.passed = next()
	return s
}

// outsidePos is a position as the specification describes it: a colour per point (0 empty,
// 1 Black, 2 White), the key's ko field (a point, 25 or 31) and the level.
type outsidePos struct {
	points [25]int
	ko     int
	level  int
}

// squareMaps are the eight symmetries of the square, each taking the point (r, c) to its image.
var squareMaps = []func(r, c int) (int, int){
	func(r, c int) (int, int) { return r, c },
	func(r, c int) (int, int) { return c, 4 - r },
	func(r, c int) (int, int) { return 4 - r, 4 - c },
	func(r, c int) (int, int) { return 4 - c, r },
	func(r, c int) (int, int) { return r, 4 - c },
	func(r, c int) (int, int) { return 4 - r, c },
	func(r, c int) (int, int) { return c, r },
	func(r, c int) (int, int) { return 4 - c, 4 - r },
}

func mapPoint(m, pt int) int {
	r, c := squareMaps[m](pt/5, pt%5)
	return r*5 + c
}

// images returns the eight images, in the order of squareMaps; the ko point turns with the stones.
func (p outsidePos) images() []outsidePos {
	var out []outsidePos
	for m := range squareMaps {
		q := outsidePos{ko: p.ko, level: p.level}
		for pt, colour := range p.points {
			q.points[mapPoint(m, pt)] = colour
		}
		if p.ko < 25 {
			q.ko = mapPoint(m, p.ko)
		}
		out = append(out, q)
	}
	return out
}

func (s *spec) zobrist(p outsidePos) uint64 {
	k := s.turn[p.level%2] ^ s.move[p.level+1]
	for pt, colour := range p.points {
		switch colour {
		case 1:
			k ^= s.black[pt]
		case 2:
			k ^= s.white[pt]
		}
	}
	switch {
	case p.ko < 25:
		k ^= s.ko[p.ko]
	case p.ko == 25:
		k ^= s.passed
	}
	return k
}

// stored returns the image a table holds.
func (s *spec) stored(p outsidePos) outsidePos {
	q, _ := s.storedMap(p)
	return q
}

// storedMap returns the image a table holds and the index of the squareMaps entry that turns
// p into it.
func (s *spec) storedMap(p outsidePos) (outsidePos, int) {
	best, bestMap := p, 0
	for m, q := range p.images() {
		if s.zobrist(q) < s.zobrist(best) {
			best, bestMap = q, m
		}
	}
	return best, bestMap
}

// key packs a position into bits 14-63 of a record, shifted down.
func key(p outsidePos) uint64 {
	var stones uint64
	for pt := 24; pt >= 0; pt-- {
		stones = stones*3 + uint64(p.points[pt])
	}
	return stones | uint64(p.ko)<<40 | uint64(p.level)<<45
}

func unkey(k uint64) outsidePos {
	p := outsidePos{ko: int(k >> 40 & 31), level: int(k >> 45)}
	stones := k & (1<<40 - 1)
	for pt := range p.points {
		p.points[pt] = int(stones % 3)
		stones /= 3
	}
	return p
}

// outsideEntry is a record's low 14 bits, read as the specification lays them out.
type outsideEntry struct {
	best, margin           int
	known, win, marginKnow bool
}

func entryOf(r uint64) outsideEntry {
	return outsideEntry{best: int(r & 31), known: r>>5&1 == 1, win: r>>6&1 == 1, marginKnow: r>>7&1 == 1, margin: int(r>>8&63) - 32}
}

// readRecords checks the header's magic, version and checksum and returns the records.
func readRecords(t *testing.T, data []byte) []uint64 {
	t.Helper()
	if len(data) < 64 || string(data[:4]) != "LGTB" || binary.LittleEndian.Uint16(data[4:]) != 1 {
		t.Fatal("not a version-1 table")
	}
	crc := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	crc.Write(data[:60])
	crc.Write(data[64:])
	if crc.Sum32() != binary.LittleEndian.Uint32(data[60:]) {
		t.Fatal("checksum differs")
	}
	n := binary.LittleEndian.Uint64(data[40:])
	note := int(binary.LittleEndian.Uint16(data[48:]))
	body := data[64+note:]
	if uint64(len(body)) != 8*n {
		t.Fatalf("%d bytes of records for %d records", len(body), n)
	}
	recs := make([]uint64, n)
	for i := range recs {
		recs[i] = binary.LittleEndian.Uint64(body[8*i:])
	}
	return recs
}

// probe finds p by one binary search over the records.
func probe(s *spec, recs []uint64, p outsidePos) (outsideEntry, bool) {
	k := key(s.stored(p))
	i := sort.Search(len(recs), func(i int) bool { return recs[i]>>14 >= k })
	if i == len(recs) || recs[i]>>14 != k {
		return outsideEntry{}, false
	}
	return entryOf(recs[i]), true
}

// afterOneAction is the position after Black's first action: a stone on pt, or a pass (25).
func afterOneAction(pt int) outsidePos {
	p := outsidePos{ko: 31, level: 1}
	if pt == 25 {
		p.ko = 25
	} else {
		p.points[pt] = 1
	}
	return p
}

// The shipped opening table, probed from outside: every position of levels 0 and 1 is found
// and reads as Lookup reads it, and the solved game stands (2,2 wins for Black by 3 stones).
func TestOutsideReaderProbesTheOpeningTable(t *testing.T) {
	data, err := os.ReadFile("../opening/opening.lgtb")
	if err != nil {
		t.Fatal(err)
	}
	s, recs := newSpec(), readRecords(t, data)
	table, err := tablebase.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	empty, ok := probe(s, recs, outsidePos{ko: 25})
	if !ok || !empty.known || !empty.win || !empty.marginKnow || empty.margin != 3 || empty.best != 12 {
		t.Errorf("the empty board from outside: %+v, found %v; want a known win by 3 with best 12 (C3)", empty, ok)
	}
	for pt := 0; pt <= 25; pt++ {
		pos := board.New()
		if !pos.Act(board.Point(pt)) || pos.Over {
			continue
		}
		outside, found := probe(s, recs, afterOneAction(pt))
		inside, ok := table.Lookup(pos)
		if found != ok || !found {
			t.Errorf("after action %d: found from outside %v, by Lookup %v", pt, found, ok)
			continue
		}
		if outside.known != inside.Known || outside.win != inside.Win || outside.marginKnow != inside.MarginKnown ||
			(outside.marginKnow && outside.margin != inside.Margin) {
			t.Errorf("after action %d: from outside %+v, by Lookup %+v", pt, outside, inside)
		}
		if pt == 12 && (!outside.known || outside.win) {
			t.Errorf("after 2,2 White to move must lose: %+v", outside)
		}
	}
}

// Every record of every file in the repository holds the image FORMAT.md names: no other
// image of its position has a smaller Zobrist key, and the records are sorted by key.
func TestOutsideReaderFindsEveryRecordsImage(t *testing.T) {
	files, _ := filepath.Glob("../deploy/shards/*/*.lgtb")
	files = append(files, "../opening/opening.lgtb", "../opening/book.lgtb")
	s := newSpec()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		recs := readRecords(t, data)
		for i, r := range recs {
			p := unkey(r >> 14)
			if q := s.stored(p); key(q) != r>>14 {
				t.Fatalf("%s: record %d is not the stored image of its position", f, i)
			}
			if i > 0 && recs[i-1]>>14 >= r>>14 {
				t.Fatalf("%s: records %d and %d out of order", f, i-1, i)
			}
			if _, ok := probe(s, recs, p.images()[3]); !ok {
				t.Fatalf("%s: record %d not found from a turned image", f, i)
			}
		}
	}
}

// A table written from outside (level-2 positions without captures, each with its stored
// image, entry and best action) is accepted by Decode, and Lookup finds every position from
// each of its images, the best action turned back.
func TestOutsideWriterIsReadByDecode(t *testing.T) {
	s := newSpec()
	type written struct {
		black, white int
		entry        uint64
	}
	var rows []written
	var recs []uint64
	for i, pair := range [][2]int{{12, 6}, {0, 24}, {7, 13}, {3, 21}, {18, 17}} {
		p := outsidePos{ko: 31, level: 2}
		p.points[pair[0]], p.points[pair[1]] = 1, 2
		q := s.stored(p)
		best := -1
		for pt := range q.points { // a best action on an empty point of the stored image
			if q.points[pt] == 0 && (best < 0 || (pt+i)%7 == 0) {
				best = pt
			}
		}
		margin := 1 + 2*i // Black to move wins exactly when its margin beats the komi 2.5
		entry := uint64(best) | 1<<5 | 1<<7 | uint64(margin+32)<<8
		if margin > 2 {
			entry |= 1 << 6
		}
		recs = append(recs, key(q)<<14|entry)
		rows = append(rows, written{pair[0], pair[1], entry})
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i] < recs[j] })
	data := make([]byte, 64, 64+8*len(recs))
	copy(data, "LGTB")
	binary.LittleEndian.PutUint16(data[4:], 1)
	data[6] = 2 // a table
	binary.LittleEndian.PutUint64(data[8:], recs[0]>>14)
	data[16], data[17], data[18] = 2, 2, 2
	binary.LittleEndian.PutUint32(data[24:], 1)
	binary.LittleEndian.PutUint64(data[40:], uint64(len(recs)))
	for _, r := range recs {
		data = binary.LittleEndian.AppendUint64(data, r)
	}
	crc := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	crc.Write(data[:60])
	crc.Write(data[64:])
	binary.LittleEndian.PutUint32(data[60:], crc.Sum32())

	table, err := tablebase.Decode(data)
	if err != nil {
		t.Fatalf("Decode refuses the outside writer's table: %v", err)
	}
	for _, w := range rows {
		want := entryOf(w.entry)
		for sym := board.Symmetry(0); sym < board.NumSymmetries; sym++ {
			pos := board.New()
			pos.Play(board.Point(w.black))
			pos.Play(board.Point(w.white))
			turned := sym.Apply(pos)
			e, ok := table.Lookup(turned)
			if !ok || !e.Known || e.Win != want.win || e.Margin != want.margin {
				t.Fatalf("%d,%d under %v: Lookup %+v, %v; written %+v", w.black, w.white, sym, e, ok, want)
			}
			// The best action, on the looked-up board, is the written one turned back: the
			// map that turns this board to the stored image takes it to the written point.
			var outside outsidePos
			outside.ko, outside.level = 31, 2
			for pt := range outside.points {
				switch {
				case turned.Stones[board.Black]&(1<<uint(pt)) != 0:
					outside.points[pt] = 1
				case turned.Stones[board.White]&(1<<uint(pt)) != 0:
					outside.points[pt] = 2
				}
			}
			_, m := s.storedMap(outside)
			if e.Best < 0 || e.Best >= 25 || mapPoint(m, int(e.Best)) != want.best {
				t.Fatalf("%d,%d under %v: best %v, written %d", w.black, w.white, sym, e.Best, want.best)
			}
		}
	}
}
