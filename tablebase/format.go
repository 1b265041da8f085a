// format.go: the table file: a checksummed header, a note, and the records sorted by position; Encode, Decode and Lookup.

// Package tablebase is the file format of littlego's proved tables (Black's opening
// book, the opening table and the shards that build it) and their lookup: fixed-size
// records of positions in canonical orientation, sorted, behind a versioned header with
// a CRC-32C checksum (FORMAT.md beside this file). It also enumerates the
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

// Version is the format version this package reads and writes (FORMAT.md). Version 1
// is the layout of every file written so far (the book, the opening table, the level
// shards and their checkpoints); this reader refuses what no version-1 writer ever
// wrote (a reserved byte set, a flag it does not know), so all of them still read and
// no file needs rebuilding. A later layout takes version 2 and says in FORMAT.md how
// version-1 files are rebuilt.
const Version = 1

// Magic opens every table file.
const Magic = "LGTB"

// HeaderSize is the size in bytes of the fixed header (rawHeader.layout); the note and
// the records follow.
const HeaderSize = 64

// RecordSize is the size in bytes of one record.
const RecordSize = 8

// MaxNote bounds the note's length in bytes.
const MaxNote = 4096

// The header's flag bits; a file with any other bit set is refused as unsupported.
const (
	// FlagMargins is set when the deepest level's positions were given exact margins.
	FlagMargins uint8 = 1 << 0
	knownFlags        = FlagMargins
)

// Kind says what a table file holds.
type Kind uint8

// The kinds of table files.
const (
	KindBook       Kind = 1 // Black's winning moves along the book's lines
	KindTable      Kind = 2 // every position of levels FirstLevel..LastLevel from Root
	KindShard      Kind = 3 // the positions of level LastLevel whose index is Shard mod Shards
	KindCheckpoint Kind = 4 // a shard's records so far, to resume it
	lastKind            = KindCheckpoint
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

// Header is a table file's metadata. Every "how far" in it is a level: the number of
// actions (moves and passes) played before a position, board.Position.Move - 1.
type Header struct {
	Kind Kind
	// Margins is set when the positions of the deepest level were given exact margins.
	Margins bool
	// Root is the Key of the position the levels grow from, in canonical orientation.
	Root uint64
	// FirstLevel is the root's level and LastLevel the deepest: the records' levels lie
	// between them (a shard's are all at LastLevel).
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

// The errors Decode wraps. A file is refused as unsupported (ErrUnsupported) when it
// may be a good file of a later writer: a newer version, a flag or a kind this version
// does not know; and as invalid (ErrInvalid) when it is damaged or not a table file:
// truncated, a wrong checksum, a malformed header or record, a reserved byte set.
var (
	ErrUnsupported = errors.New("unsupported table file")
	ErrInvalid     = errors.New("invalid table file")

	ErrVersion   = fmt.Errorf("%w: another format version", ErrUnsupported)
	ErrTruncated = fmt.Errorf("%w: truncated", ErrInvalid)
	ErrChecksum  = fmt.Errorf("%w: checksum mismatch", ErrInvalid)
	ErrFormat    = fmt.Errorf("%w: not a valid table", ErrInvalid)
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// rawHeader is the fixed header as the file holds it, field by field.
type rawHeader struct {
	magic                                  [len(Magic)]byte
	version                                uint16
	kind, flags                            uint8
	root                                   uint64
	firstLevel, lastLevel, completeThrough uint8
	shard, shards, limitMS                 uint32
	cpuMS, count                           uint64
	noteLen                                uint16
	crc                                    uint32

	reservedSet bool // read from a file whose reserved bytes are not all zero
}

// checkBits refuses a reserved byte set (invalid) and a flag this version does not
// know (unsupported): no version-1 writer sets either.
func (h *rawHeader) checkBits() error {
	switch {
	case h.reservedSet:
		return fmt.Errorf("%w: a reserved header byte is not zero", ErrFormat)
	case h.flags&^knownFlags != 0:
		return fmt.Errorf("%w: flags %#02x, this program knows %#02x", ErrUnsupported, h.flags, knownFlags)
	}
	return nil
}

// layout walks the header's fields in file order with c, reading or writing each: the
// one statement of the header's layout (FORMAT.md's table is checked against it).
func (h *rawHeader) layout(c *cursor) {
	c.bytes("magic", h.magic[:])
	c.uint16("version", &h.version)
	c.uint8("kind", &h.kind)
	c.uint8("flags", &h.flags)
	c.uint64("root", &h.root)
	c.uint8("first level", &h.firstLevel)
	c.uint8("last level", &h.lastLevel)
	c.uint8("complete through", &h.completeThrough)
	c.reserved(1)
	c.uint32("shard", &h.shard)
	c.uint32("shards", &h.shards)
	c.uint32("limit", &h.limitMS)
	c.uint64("cpu", &h.cpuMS)
	c.uint64("records", &h.count)
	c.uint16("note length", &h.noteLen)
	c.reserved(10)
	c.uint32("checksum", &h.crc)
}

// A field is where one header field lies.
type field struct {
	name         string
	offset, size int
}

// headerFields lists the header's fields in order, as layout walks them.
var headerFields = func() []field {
	c := &cursor{buf: make([]byte, HeaderSize), describe: true}
	var h rawHeader
	h.layout(c)
	if c.off != HeaderSize {
		panic(fmt.Sprintf("tablebase: the header's layout covers %d bytes, not HeaderSize %d", c.off, HeaderSize))
	}
	return c.fields
}()

// fieldNamed returns the header field name.
func fieldNamed(name string) field {
	for _, f := range headerFields {
		if f.name == name {
			return f
		}
	}
	panic("tablebase: no header field " + name)
}

// fieldEnd returns the offset just after the header field name.
func fieldEnd(name string) int { f := fieldNamed(name); return f.offset + f.size }

// checksumOffset is where the header's checksum lies; it covers the bytes before it and
// everything after the header.
var checksumOffset = fieldNamed("checksum").offset

// checksum returns the CRC-32C of a file's bytes (header, note and records), leaving
// out the checksum field itself.
func checksum(data []byte) uint32 {
	return crc32.Update(crc32.Checksum(data[:checksumOffset], castagnoli), castagnoli, data[HeaderSize:])
}

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
	raw := rawHeader{version: Version, kind: uint8(h.Kind), root: h.Root,
		firstLevel: uint8(h.FirstLevel), lastLevel: uint8(h.LastLevel), completeThrough: uint8(h.CompleteThrough),
		shard: uint32(h.Shard), shards: uint32(h.Shards), limitMS: uint32(h.Limit.Milliseconds()),
		cpuMS: uint64(h.CPU.Milliseconds()), count: uint64(len(sorted)), noteLen: uint16(len(h.Note))}
	copy(raw.magic[:], Magic)
	if h.Margins {
		raw.flags |= FlagMargins
	}
	buf := make([]byte, HeaderSize, HeaderSize+len(h.Note)+RecordSize*len(sorted))
	raw.layout(&cursor{buf: buf, write: true})
	buf = append(buf, h.Note...)
	for _, r := range sorted {
		buf = binary.LittleEndian.AppendUint64(buf, uint64(r))
	}
	raw.crc = checksum(buf)
	raw.layout(&cursor{buf: buf[:HeaderSize], write: true})
	return buf, nil
}

// DecodeHeader reads a table file's header and checks it and the file's size, without
// the checksum or the records: a cheap look at what a file covers, not a vouching for it.
func DecodeHeader(data []byte) (Header, error) {
	h, raw, err := readHeader(data)
	if err == nil {
		err = raw.checkBits()
	}
	if err == nil {
		err = h.check()
	}
	return h, err
}

// readHeader reads a table file's header, checking the magic, the version and that the
// file's size is the one the header announces.
func readHeader(data []byte) (Header, rawHeader, error) {
	var raw rawHeader
	c := &cursor{buf: make([]byte, HeaderSize)}
	copy(c.buf, data)
	raw.layout(c)
	switch {
	case len(data) >= fieldEnd("magic") && string(raw.magic[:]) != Magic:
		return Header{}, raw, fmt.Errorf("%w: no %q at the start", ErrFormat, Magic)
	case len(data) >= fieldEnd("version") && raw.version > Version:
		return Header{}, raw, fmt.Errorf("%w: version %d, this program reads version %d", ErrVersion, raw.version, Version)
	case len(data) >= fieldEnd("version") && raw.version < Version:
		return Header{}, raw, fmt.Errorf("%w: version %d, never written", ErrFormat, raw.version)
	case len(data) < HeaderSize:
		return Header{}, raw, fmt.Errorf("%w: %d bytes, shorter than the %d-byte header", ErrTruncated, len(data), HeaderSize)
	case raw.count > uint64(len(data)) || raw.noteLen > MaxNote:
		return Header{}, raw, fmt.Errorf("%w: %d records and a %d-byte note cannot fit in %d bytes", ErrTruncated, raw.count, raw.noteLen, len(data))
	}
	switch want := HeaderSize + uint64(raw.noteLen) + RecordSize*raw.count; {
	case uint64(len(data)) < want:
		return Header{}, raw, fmt.Errorf("%w: %d bytes, the header announces %d", ErrTruncated, len(data), want)
	case uint64(len(data)) > want:
		return Header{}, raw, fmt.Errorf("%w: %d bytes after the %d the header announces", ErrFormat, uint64(len(data))-want, want)
	}
	raw.reservedSet = c.reservedSet
	h := Header{Kind: Kind(raw.kind), Margins: raw.flags&FlagMargins != 0, Root: raw.root,
		FirstLevel: int(raw.firstLevel), LastLevel: int(raw.lastLevel), CompleteThrough: int(raw.completeThrough),
		Shard: int(raw.shard), Shards: int(raw.shards),
		Limit: time.Duration(raw.limitMS) * time.Millisecond, CPU: time.Duration(raw.cpuMS) * time.Millisecond,
		Note: string(data[HeaderSize : HeaderSize+int(raw.noteLen)])}
	return h, raw, nil
}

// Decode reads a table file, refusing (with an error wrapping ErrUnsupported or
// ErrInvalid, and the more precise ErrVersion, ErrTruncated, ErrChecksum or ErrFormat)
// any file it cannot vouch for.
func Decode(data []byte) (*Table, error) {
	h, raw, err := readHeader(data)
	if err != nil {
		return nil, err
	}
	if crc := checksum(data); crc != raw.crc {
		return nil, fmt.Errorf("%w: the file holds %#08x, its bytes give %#08x", ErrChecksum, raw.crc, crc)
	}
	if err := raw.checkBits(); err != nil {
		return nil, err
	}
	if err := h.check(); err != nil {
		return nil, err
	}
	t := &Table{Header: h, records: make([]Record, raw.count)}
	body := data[HeaderSize+int(raw.noteLen):]
	for i := range t.records {
		t.records[i] = Record(binary.LittleEndian.Uint64(body[RecordSize*i:]))
	}
	if err := checkRecords(h, t.records); err != nil {
		return nil, err
	}
	return t, nil
}

// check reports a header no file of this version carries.
func (h Header) check() error {
	switch {
	case h.Kind > lastKind:
		return fmt.Errorf("%w: kind %d, this program knows 1..%d", ErrUnsupported, uint8(h.Kind), uint8(lastKind))
	case h.Kind < KindBook:
		return fmt.Errorf("%w: kind %d", ErrFormat, uint8(h.Kind))
	case h.FirstLevel > h.LastLevel || h.LastLevel >= board.MaxMoves || h.CompleteThrough > h.LastLevel:
		return fmt.Errorf("%w: levels %d..%d, complete through %d", ErrFormat, h.FirstLevel, h.LastLevel, h.CompleteThrough)
	case h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards:
		return fmt.Errorf("%w: shard %d of %d", ErrFormat, h.Shard, h.Shards)
	case len(h.Note) > MaxNote:
		return fmt.Errorf("%w: a note of %d bytes, over %d", ErrFormat, len(h.Note), MaxNote)
	case fieldLevel.inKey().get(h.Root) != uint64(h.FirstLevel) || h.Root>>(64-entryBits) != 0:
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
