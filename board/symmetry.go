// symmetry.go: the eight symmetries of the square (the dihedral group D4) on points and positions.

package board

// Symmetry is one of the eight symmetries of the square: Identity, the three rotations
// and the four reflections.
type Symmetry uint8

// The eight symmetries. Each maps point (i, j) to the point given in its comment.
const (
	Identity      Symmetry = iota // (i, j)
	Rotate90                      // (j, 4-i), a quarter turn clockwise
	Rotate180                     // (4-i, 4-j)
	Rotate270                     // (4-j, i)
	FlipRows                      // (4-i, j), top and bottom swapped
	FlipCols                      // (i, 4-j), left and right swapped
	Transpose                     // (j, i), the main diagonal
	AntiTranspose                 // (4-j, 4-i), the other diagonal
	NumSymmetries = 8
)

var (
	symPoint   [NumSymmetries][NumPoints]Point
	symInverse [NumSymmetries]Symmetry
	// symByte[s][k][v] is the image under s of the byte v of a bitboard at byte k.
	symByte [NumSymmetries][4][256]Bitboard
)

func symmetryIJ(s Symmetry, i, j int) (int, int) {
	const n = Size - 1
	switch s {
	case Rotate90:
		return j, n - i
	case Rotate180:
		return n - i, n - j
	case Rotate270:
		return n - j, i
	case FlipRows:
		return n - i, j
	case FlipCols:
		return i, n - j
	case Transpose:
		return j, i
	case AntiTranspose:
		return n - j, n - i
	}
	return i, j
}

func init() {
	for s := Symmetry(0); s < NumSymmetries; s++ {
		for p := Point(0); p < NumPoints; p++ {
			i, j := symmetryIJ(s, p.Row(), p.Col())
			symPoint[s][p] = PointAt(i, j)
		}
	}
	for s := Symmetry(0); s < NumSymmetries; s++ {
		for t := Symmetry(0); t < NumSymmetries; t++ {
			if symPoint[t][symPoint[s][1]] == 1 && symPoint[t][symPoint[s][5]] == 5 {
				symInverse[s] = t
			}
		}
		for k := 0; k < 4; k++ {
			for v := 0; v < 256; v++ {
				var out Bitboard
				for bit := 0; bit < 8; bit++ {
					p := Point(8*k + bit)
					if v>>bit&1 != 0 && p < NumPoints {
						out |= symPoint[s][p].Bit()
					}
				}
				symByte[s][k][v] = out
			}
		}
	}
}

// Point returns the image of p under s; Pass and NoPoint map to themselves.
func (s Symmetry) Point(p Point) Point {
	if p < 0 || p >= NumPoints {
		return p
	}
	return symPoint[s][p]
}

// Inverse returns the symmetry that undoes s.
func (s Symmetry) Inverse() Symmetry { return symInverse[s] }

// Bitboard returns the image of b under s.
func (s Symmetry) Bitboard(b Bitboard) Bitboard {
	t := &symByte[s]
	return t[0][b&0xff] | t[1][b>>8&0xff] | t[2][b>>16&0xff] | t[3][b>>24&0xff]
}

// Apply returns the image of the position under s, with its hash recomputed.
func (s Symmetry) Apply(p Position) Position {
	q := p
	q.Stones[Black] = s.Bitboard(p.Stones[Black])
	q.Stones[White] = s.Bitboard(p.Stones[White])
	q.Ko = s.Bitboard(p.Ko)
	q.Hash = q.ComputeHash()
	return q
}

// CanonicalKey returns the least Key over the eight images of p and the symmetry that
// gives it, so that symmetric positions share one entry in a table or a book.
func (p *Position) CanonicalKey() (uint64, Symmetry) {
	best, bestSym := p.Key(), Identity
	for s := Symmetry(1); s < NumSymmetries; s++ {
		q := s.Apply(*p)
		if k := q.Key(); k < best {
			best, bestSym = k, s
		}
	}
	return best, bestSym
}
