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

// Record is one position with its entry, packed in 64 bits (FORMAT.md, "Records"). Its
// fields, from bit 0 up, are the entry's (Best, Known, Win, MarginKnown, Margin + 32) then
// the key's (the stones in base 3, the ko point or KoPassed or KoNone, the level); the
// key takes the high bits, so records sort by position.
type Record uint64

// Special values of the key's ko field: a pass clears the ko, so one field holds both.
const (
	KoPassed = 25 // the last action was a pass, or nothing was played yet (Position.Passed)
	KoNone   = 31 // no ko point, and the last action was not a pass
)

// A bitField is width bits of a record from bit shift.
type bitField struct{ shift, width uint }

// after returns the field of width bits just above f.
func (f bitField) after(width uint) bitField { return bitField{f.shift + f.width, width} }

// get returns the field's value in v.
func (f bitField) get(v uint64) uint64 { return v >> f.shift & (1<<f.width - 1) }

// put returns x placed in the field (x must fit in it).
func (f bitField) put(x uint64) uint64 { return x << f.shift }

// inKey returns the field as it lies in a key (Record.Key: the record shifted down by
// entryBits).
func (f bitField) inKey() bitField { return bitField{f.shift - entryBits, f.width} }

// The record's fields, each stated once, from bit 0 up.
var (
	fieldBest        = bitField{0, 5} // 0-24 a point, 25 pass, noAction none
	fieldKnown       = fieldBest.after(1)
	fieldWin         = fieldKnown.after(1)
	fieldMarginKnown = fieldWin.after(1)
	fieldMargin      = fieldMarginKnown.after(6) // the margin + marginBias
	fieldStones      = fieldMargin.after(ternaryBits)
	fieldKo          = fieldStones.after(5)
	fieldLevel       = fieldKo.after(5) // the level: moves and passes played before the position
)

// entryBits is the width of the entry (fieldBest through fieldMargin); the key is the
// record above it.
var entryBits = fieldStones.shift

const (
	noAction    = 31
	marginBias  = 32
	ternaryBits = 40           // 3^25 < 2^40
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
	return fieldStones.inKey().put(stones) | fieldKo.inKey().put(ko) | fieldLevel.inKey().put(uint64(Level(pos)))
}

// Level returns the level of pos: the number of actions (moves and passes) played
// before it, the one unit in which tables say how far they reach.
func Level(pos *board.Position) int { return int(pos.Move) - 1 }

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
	v := fieldBest.put(best)
	if e.Known {
		v |= fieldKnown.put(1)
		if e.Win {
			v |= fieldWin.put(1)
		}
	}
	if e.MarginKnown {
		v |= fieldMarginKnown.put(1) | fieldMargin.put(uint64(e.Margin+marginBias))
	}
	return Record(Key(&pos)<<entryBits | v)
}

// Key returns the record's key (its position).
func (r Record) Key() uint64 { return uint64(r) >> entryBits }

// KeyPosition rebuilds the position of a key (Key's value).
func KeyPosition(key uint64) board.Position { return Record(key << entryBits).Position() }

// Level returns the number of moves played before the record's position.
func (r Record) Level() int { return int(fieldLevel.get(uint64(r))) }

// Entry unpacks the record's entry.
func (r Record) Entry() Entry {
	v := uint64(r)
	e := Entry{Known: fieldKnown.get(v) != 0, Win: fieldWin.get(v) != 0, MarginKnown: fieldMarginKnown.get(v) != 0,
		Best: board.Point(fieldBest.get(v))}
	if e.Best == noAction {
		e.Best = board.NoPoint
	}
	if e.MarginKnown {
		e.Margin = int(fieldMargin.get(v)) - marginBias
	}
	return e
}

// Position rebuilds the record's position (in canonical orientation, a course game).
func (r Record) Position() board.Position {
	v := uint64(r)
	p := board.Position{Move: uint8(r.Level() + 1), Last: board.MaxMoves}
	p.Turn = board.Color(r.Level() % 2)
	stones := fieldStones.get(v)
	for row := range board.Size {
		rb := untern[stones%243]
		stones /= 243
		p.Stones[board.Black] |= rb[0] << uint(row*board.Size)
		p.Stones[board.White] |= rb[1] << uint(row*board.Size)
	}
	switch ko := int(fieldKo.get(v)); {
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
	v := uint64(r)
	ko := fieldKo.get(v)
	e := r.Entry()
	switch {
	case fieldStones.get(v) >= maxTernary:
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
