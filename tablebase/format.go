// format.go: the table file: a checksummed header, a note, and the records sorted by position; Encode, Decode and Lookup.

// Package tablebase is the file format of littlego's proved tables (Black's opening
// book, the opening table and the shards that build it) and their lookup: fixed-size
// records of positions in canonical orientation, sorted, behind a versioned header with
// a CRC-32C checksum (docs/solver.md, "The table file format"). It also enumerates the
// positions of each level and computes earlier levels by minimax over a later one.
package tablebase

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"time"

	"littlego/board"
)

// Version is the format version this package reads and writes.
const Version = 1

// Magic opens every table file.
const Magic = "LGTB"

// HeaderSize is the size in bytes of the fixed header; the note and the records follow.
const HeaderSize = 64

// RecordSize is the size in bytes of one record.
const RecordSize = 8

// MaxNote bounds the note's length in bytes.
const MaxNote = 4096

// Kind says what a table file holds.
type Kind uint8

// The kinds of table files.
const (
	KindBook       Kind = 1 // Black's winning moves along the book's lines
	KindTable      Kind = 2 // every position of levels FirstLevel..LastLevel from Root
	KindShard      Kind = 3 // the positions of level LastLevel whose index is Shard mod Shards
	KindCheckpoint Kind = 4 // a shard's records so far, to resume it
)

func (k Kind) String() string {
	switch k {
	case KindBook:
		return "book"
	case KindTable:
		return "table"
	case KindShard:
		return "shard"
	case KindCheckpoint:
		return "checkpoint"
	}
	return fmt.Sprintf("kind %d", uint8(k))
}

// Header is a table file's metadata.
type Header struct {
	Kind Kind
	// Margins is set when the positions of the deepest level were given exact margins.
	Margins bool
	// Root is the Key of the position the levels grow from, in canonical orientation.
	Root uint64
	// FirstLevel is the root's level (moves played) and LastLevel the deepest: the
	// records' levels lie between them (a shard's are all at LastLevel).
	FirstLevel, LastLevel int
	// CompleteThrough is the last level at which the file holds every position it covers.
	CompleteThrough int
	// Shard and Shards are a shard's index and the number of shards (0 and 1 otherwise).
	Shard, Shards int
	// Limit is the CPU time each position's proof could use (0: no limit).
	Limit time.Duration
	// CPU is the CPU time the records cost to compute.
	CPU time.Duration
	// Note says in words how the file was made.
	Note string
}

// The errors Decode wraps: each names one reason a file is refused.
var (
	ErrTruncated = errors.New("truncated")
	ErrVersion   = errors.New("another format version")
	ErrChecksum  = errors.New("checksum mismatch")
	ErrFormat    = errors.New("not a valid table")
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Table is a decoded table file: its header and its records, sorted by key.
type Table struct {
	Header  Header
	records []Record
}

// Encode checks records (no two of one position, each well-formed and within the
// header's levels) and returns the file holding them sorted, with h.
func Encode(h Header, records []Record) ([]byte, error) {
	if err := h.check(); err != nil {
		return nil, err
	}
	sorted := slices.Clone(records)
	slices.Sort(sorted)
	if err := checkRecords(h, sorted); err != nil {
		return nil, err
	}
	buf := make([]byte, HeaderSize, HeaderSize+len(h.Note)+RecordSize*len(sorted))
	copy(buf, Magic)
	le := binary.LittleEndian
	le.PutUint16(buf[4:], Version)
	buf[6] = byte(h.Kind)
	if h.Margins {
		buf[7] = 1
	}
	le.PutUint64(buf[8:], h.Root)
	buf[16], buf[17], buf[18] = byte(h.FirstLevel), byte(h.LastLevel), byte(h.CompleteThrough)
	le.PutUint32(buf[20:], uint32(h.Shard))
	le.PutUint32(buf[24:], uint32(h.Shards))
	le.PutUint32(buf[28:], uint32(h.Limit.Milliseconds()))
	le.PutUint64(buf[32:], uint64(h.CPU.Milliseconds()))
	le.PutUint64(buf[40:], uint64(len(sorted)))
	le.PutUint16(buf[48:], uint16(len(h.Note)))
	buf = append(buf, h.Note...)
	for _, r := range sorted {
		buf = le.AppendUint64(buf, uint64(r))
	}
	crc := crc32.Update(crc32.Checksum(buf[:60], castagnoli), castagnoli, buf[HeaderSize:])
	le.PutUint32(buf[60:], crc)
	return buf, nil
}

// DecodeHeader reads a table file's header and checks it and the file's size, without
// the checksum or the records: a cheap look at what a file covers, not a vouching for it.
func DecodeHeader(data []byte) (Header, error) {
	h, err := readHeader(data)
	if err == nil {
		err = h.check()
	}
	return h, err
}

// readHeader reads a table file's header, checking only that the file's size fits it.
func readHeader(data []byte) (Header, error) {
	le := binary.LittleEndian
	switch {
	case len(data) >= len(Magic) && string(data[:len(Magic)]) != Magic:
		return Header{}, fmt.Errorf("%w: no %q at the start", ErrFormat, Magic)
	case len(data) >= 6 && le.Uint16(data[4:]) != Version:
		return Header{}, fmt.Errorf("%w: version %d, this program reads version %d", ErrVersion, le.Uint16(data[4:]), Version)
	case len(data) < HeaderSize:
		return Header{}, fmt.Errorf("%w: %d bytes, shorter than the %d-byte header", ErrTruncated, len(data), HeaderSize)
	}
	count, noteLen := le.Uint64(data[40:]), uint64(le.Uint16(data[48:]))
	if count > uint64(len(data)) || noteLen > MaxNote {
		return Header{}, fmt.Errorf("%w: %d records and a %d-byte note cannot fit in %d bytes", ErrTruncated, count, noteLen, len(data))
	}
	switch want := HeaderSize + noteLen + RecordSize*count; {
	case uint64(len(data)) < want:
		return Header{}, fmt.Errorf("%w: %d bytes, the header announces %d", ErrTruncated, len(data), want)
	case uint64(len(data)) > want:
		return Header{}, fmt.Errorf("%w: %d bytes after the %d the header announces", ErrFormat, uint64(len(data))-want, want)
	}
	h := Header{Kind: Kind(data[6]), Margins: data[7]&1 != 0, Root: le.Uint64(data[8:]),
		FirstLevel: int(data[16]), LastLevel: int(data[17]), CompleteThrough: int(data[18]),
		Shard: int(le.Uint32(data[20:])), Shards: int(le.Uint32(data[24:])),
		Limit: time.Duration(le.Uint32(data[28:])) * time.Millisecond,
		CPU:   time.Duration(le.Uint64(data[32:])) * time.Millisecond,
		Note:  string(data[HeaderSize : HeaderSize+noteLen])}
	return h, nil
}

// Decode reads a table file, refusing (with an error wrapping ErrTruncated,
// ErrVersion, ErrChecksum or ErrFormat) any file it cannot vouch for.
func Decode(data []byte) (*Table, error) {
	h, err := readHeader(data)
	if err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	count, noteLen := le.Uint64(data[40:]), uint64(len(h.Note))
	crc := crc32.Update(crc32.Checksum(data[:60], castagnoli), castagnoli, data[HeaderSize:])
	if crc != le.Uint32(data[60:]) {
		return nil, fmt.Errorf("%w: the file holds %#08x, its bytes give %#08x", ErrChecksum, le.Uint32(data[60:]), crc)
	}
	if err := h.check(); err != nil {
		return nil, err
	}
	t := &Table{Header: h, records: make([]Record, count)}
	body := data[HeaderSize+noteLen:]
	for i := range t.records {
		t.records[i] = Record(le.Uint64(body[RecordSize*i:]))
	}
	if err := checkRecords(h, t.records); err != nil {
		return nil, err
	}
	return t, nil
}

// check reports a header no file of this version carries.
func (h Header) check() error {
	switch {
	case h.Kind < KindBook || h.Kind > KindCheckpoint:
		return fmt.Errorf("%w: unknown kind %d", ErrFormat, uint8(h.Kind))
	case h.FirstLevel > h.LastLevel || h.LastLevel >= board.MaxMoves || h.CompleteThrough > h.LastLevel:
		return fmt.Errorf("%w: levels %d..%d, complete through %d", ErrFormat, h.FirstLevel, h.LastLevel, h.CompleteThrough)
	case h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards:
		return fmt.Errorf("%w: shard %d of %d", ErrFormat, h.Shard, h.Shards)
	case len(h.Note) > MaxNote:
		return fmt.Errorf("%w: a note of %d bytes, over %d", ErrFormat, len(h.Note), MaxNote)
	case h.Root>>(ternaryBits+5) != uint64(h.FirstLevel):
		return fmt.Errorf("%w: the root is not at the first level %d", ErrFormat, h.FirstLevel)
	}
	if err := Record(h.Root<<entryBits | noAction).check(); err != nil {
		return fmt.Errorf("%w: the root: %v", ErrFormat, err)
	}
	return nil
}

// checkRecords reports a record out of order, repeated, malformed or outside h's levels.
func checkRecords(h Header, records []Record) error {
	for i, r := range records {
		if i > 0 && r.Key() <= records[i-1].Key() {
			return fmt.Errorf("%w: records %d and %d out of order or of one position", ErrFormat, i-1, i)
		}
		if err := r.check(); err != nil {
			return fmt.Errorf("%w: %v", ErrFormat, err)
		}
		if l := r.Level(); l < h.FirstLevel || l > h.LastLevel {
			return fmt.Errorf("%w: record %d at level %d, outside %d..%d", ErrFormat, i, l, h.FirstLevel, h.LastLevel)
		}
	}
	return nil
}

// Len returns the number of records.
func (t *Table) Len() int { return len(t.records) }

// Records returns the records sorted by key; the caller must not modify them.
func (t *Table) Records() []Record { return t.records }

// Find returns the record of the position whose key is key.
func (t *Table) Find(key uint64) (Record, bool) {
	lo, hi := 0, len(t.records)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if t.records[mid].Key() < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(t.records) && t.records[lo].Key() == key {
		return t.records[lo], true
	}
	return 0, false
}

// Lookup returns the table's entry for pos, in any orientation (Best turned to pos's),
// and whether the table holds pos (a course game's position: Last is board.MaxMoves, and
// the side to move is the one its move number gives). It allocates nothing.
func (t *Table) Lookup(pos board.Position) (Entry, bool) {
	if pos.Over || pos.Last != board.MaxMoves || (pos.Move%2 == 1) != (pos.Turn == board.Black) {
		return Entry{Best: board.NoPoint}, false
	}
	c, sym := Canonical(pos)
	r, ok := t.Find(Key(&c))
	if !ok {
		return Entry{Best: board.NoPoint}, false
	}
	e := r.Entry()
	e.Best = sym.Inverse().Point(e.Best)
	return e, true
}

// WinningActions returns the actions of the side to move in pos that the table proves
// winning (a child it proves lost for the opponent, or a finished game won), and whether
// it proves every child, so that they are all of them.
func (t *Table) WinningActions(pos board.Position) (winning []board.Point, complete bool) {
	complete = true
	for a := board.Point(0); a < board.NumActions; a++ {
		child := pos
		if !child.Act(a) {
			continue
		}
		if child.Over {
			if child.Winner() == pos.Turn {
				winning = append(winning, a)
			}
			continue
		}
		ce, ok := t.Lookup(child)
		switch {
		case !ok || !ce.Known:
			complete = false
		case !ce.Win:
			winning = append(winning, a)
		}
	}
	return winning, complete
}
