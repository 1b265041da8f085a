// record.go: a position and its value packed in one 64-bit record, the key a position in canonical orientation.

package tablebase

import (
	"fmt"

	"littlego/board"
)

// Entry is what a table knows of a position, for the side to move.
type Entry struct {
	// Known is set when the value is proved; otherwise a limit stopped the proof.
	Known bool
	// Win is set when the side to move wins with perfect play (meaningful when Known).
	Win bool
	// MarginKnown is set when Margin is proved.
	MarginKnown bool
	// Margin is black - white at the end of the game under perfect play.
	Margin int
	// Best is an action that achieves Margin when MarginKnown, otherwise a winning
	// action when Win; board.NoPoint when the table holds none.
	Best board.Point
}

// Record is one position with its entry, packed in 64 bits; records sort by position:
//
//	bits 14-63  the key: bits 0-39 the stones in base 3 (point p's digit, 0 empty,
//	            1 Black, 2 White, times 3^p), bits 40-44 the ko point, KoPassed or
//	            KoNone, bits 45-49 the level (moves played, passes included)
//	bits  0-13  the entry: bits 0-4 Best (0-24 a point, 25 pass, 31 none), bit 5
//	            Known, bit 6 Win, bit 7 MarginKnown, bits 8-13 Margin + 32
type Record uint64

// Special values of the key's ko field: a pass clears the ko, so one field holds both.
const (
	KoPassed = 25 // the last action was a pass, or nothing was played yet (Position.Passed)
	KoNone   = 31 // no ko point, and the last action was not a pass
)

const (
	entryBits   = 14
	noAction    = 31
	marginBias  = 32
	ternaryBits = 40
	maxTernary  = 847288609443 // 3^25: stone codes are below it
)

// tern5[m] is the base-3 value of the five-point row whose set points are the bits of m.
var tern5 [32]uint64

// untern[v] is the row (Black's bits, White's bits) whose base-3 value is v.
var untern [243][2]board.Bitboard

func init() {
	for m := range 32 {
		for j, pow := 0, uint64(1); j < board.Size; j, pow = j+1, pow*3 {
			if m>>j&1 != 0 {
				tern5[m] += pow
			}
		}
	}
	for b := range 32 {
		for w := range 32 {
			if b&w == 0 {
				untern[tern5[b]+2*tern5[w]] = [2]board.Bitboard{board.Bitboard(b), board.Bitboard(w)}
			}
		}
	}
}

// Key packs pos as it stands (not turned to canonical orientation) into the key part of
// a record, shifted down to bit 0.
func Key(pos *board.Position) uint64 {
	const row = 1<<board.Size - 1
	b, w := uint64(pos.Stones[board.Black]), uint64(pos.Stones[board.White])
	var stones uint64
	for r := board.Size - 1; r >= 0; r-- {
		shift := uint(r * board.Size)
		stones = stones*243 + tern5[b>>shift&row] + 2*tern5[w>>shift&row]
	}
	ko := uint64(KoNone)
	switch {
	case pos.Passed:
		ko = KoPassed
	case pos.Ko != 0:
		ko = uint64(pos.Ko.First())
	}
	return stones | ko<<ternaryBits | uint64(pos.Move-1)<<(ternaryBits+5)
}

// Canonical returns the image of pos in canonical orientation (the least board.Key of
// its eight images, as Position.CanonicalKey chooses) and the symmetry that gives it.
func Canonical(pos board.Position) (board.Position, board.Symmetry) {
	_, sym := pos.CanonicalKey()
	return sym.Apply(pos), sym
}

// MakeRecord packs pos, which must be in canonical orientation and not over, with e.
func MakeRecord(pos board.Position, e Entry) Record {
	best := uint64(noAction)
	if e.Best >= 0 && e.Best <= board.Pass {
		best = uint64(e.Best)
	}
	v := best
	if e.Known {
		v |= 1 << 5
		if e.Win {
			v |= 1 << 6
		}
	}
	if e.MarginKnown {
		v |= 1<<7 | uint64(e.Margin+marginBias)<<8
	}
	return Record(Key(&pos)<<entryBits | v)
}

// Key returns the record's key (its position).
func (r Record) Key() uint64 { return uint64(r) >> entryBits }

// KeyPosition rebuilds the position of a key (Key's value).
func KeyPosition(key uint64) board.Position { return Record(key << entryBits).Position() }

// Level returns the number of moves played before the record's position.
func (r Record) Level() int { return int(r >> (entryBits + ternaryBits + 5) & 0x1f) }

// Entry unpacks the record's entry.
func (r Record) Entry() Entry {
	e := Entry{Known: r>>5&1 != 0, Win: r>>6&1 != 0, MarginKnown: r>>7&1 != 0, Best: board.Point(r & 0x1f)}
	if e.Best == noAction {
		e.Best = board.NoPoint
	}
	if e.MarginKnown {
		e.Margin = int(r>>8&0x3f) - marginBias
	}
	return e
}

// Position rebuilds the record's position (in canonical orientation, a course game).
func (r Record) Position() board.Position {
	k := r.Key()
	p := board.Position{Move: uint8(r.Level() + 1), Last: board.MaxMoves}
	p.Turn = board.Color(r.Level() % 2)
	stones := k & (1<<ternaryBits - 1)
	for row := range board.Size {
		rb := untern[stones%243]
		stones /= 243
		p.Stones[board.Black] |= rb[0] << uint(row*board.Size)
		p.Stones[board.White] |= rb[1] << uint(row*board.Size)
	}
	switch ko := int(k >> ternaryBits & 0x1f); {
	case ko == KoPassed:
		p.Passed = true
	case ko < board.NumPoints:
		p.Ko = board.Point(ko).Bit()
	}
	p.Hash = p.ComputeHash()
	return p
}

// check reports a record that no position and entry pack to: stones beyond 3^25, a ko
// field out of range, a level past the game, a best action or margin out of range, a
// margin that contradicts the value, or an entry with no value but a margin.
func (r Record) check() error {
	k := r.Key()
	ko := k >> ternaryBits & 0x1f
	e := r.Entry()
	switch {
	case k&(1<<ternaryBits-1) >= maxTernary:
		return fmt.Errorf("record %#x: stones out of range", uint64(r))
	case ko > KoPassed && ko != KoNone:
		return fmt.Errorf("record %#x: ko field %d out of range", uint64(r), ko)
	case r.Level() >= board.MaxMoves:
		return fmt.Errorf("record %#x: level %d is past the game", uint64(r), r.Level())
	case e.Best > board.Pass:
		return fmt.Errorf("record %#x: action out of range", uint64(r))
	case e.MarginKnown && (e.Margin < -board.NumPoints || e.Margin > board.NumPoints):
		return fmt.Errorf("record %#x: margin %d out of range", uint64(r), e.Margin)
	case e.MarginKnown && (!e.Known || e.Win != ((e.Margin >= board.BlackMargin) == (r.Level()%2 == 0))):
		return fmt.Errorf("record %#x: the margin %+d contradicts the value", uint64(r), e.Margin)
	}
	p := r.Position()
	if p.Ko != 0 && (p.Stones[board.Black]|p.Stones[board.White])&p.Ko != 0 {
		return fmt.Errorf("record %#x: the ko point is occupied", uint64(r))
	}
	return nil
}
