// symmetry_test.go: the eight symmetries are bijections of the board that preserve adjacency, Inverse undoes them, and the rules and CanonicalKey commute with them.

package board

import (
	"math/rand/v2"
	"testing"
)

var allSymmetries = [NumSymmetries]Symmetry{Identity, Rotate90, Rotate180, Rotate270, FlipRows, FlipCols, Transpose, AntiTranspose}

func TestSymmetryFormulas(t *testing.T) {
	// The images of (i, j) as symmetry.go documents them.
	formula := map[Symmetry]func(i, j int) (int, int){
		Identity:      func(i, j int) (int, int) { return i, j },
		Rotate90:      func(i, j int) (int, int) { return j, 4 - i },
		Rotate180:     func(i, j int) (int, int) { return 4 - i, 4 - j },
		Rotate270:     func(i, j int) (int, int) { return 4 - j, i },
		FlipRows:      func(i, j int) (int, int) { return 4 - i, j },
		FlipCols:      func(i, j int) (int, int) { return i, 4 - j },
		Transpose:     func(i, j int) (int, int) { return j, i },
		AntiTranspose: func(i, j int) (int, int) { return 4 - j, 4 - i },
	}
	if len(formula) != NumSymmetries {
		t.Fatalf("%d formulas for %d symmetries", len(formula), NumSymmetries)
	}
	for s, f := range formula {
		for i := 0; i < Size; i++ {
			for j := 0; j < Size; j++ {
				wi, wj := f(i, j)
				if got := s.Point(PointAt(i, j)); got != PointAt(wi, wj) {
					t.Errorf("symmetry %d maps %d,%d to %s, want %d,%d", s, i, j, got, wi, wj)
				}
			}
		}
		if s.Point(Pass) != Pass || s.Point(NoPoint) != NoPoint {
			t.Errorf("symmetry %d moves Pass or NoPoint", s)
		}
	}
}

func TestSymmetryIsBijectionWithInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 8))
	images := map[[NumPoints]Point]Symmetry{}
	for _, s := range allSymmetries {
		var seen Bitboard
		var image [NumPoints]Point
		for p := Point(0); p < NumPoints; p++ {
			q := s.Point(p)
			if q < 0 || q >= NumPoints || seen.Has(q) {
				t.Fatalf("symmetry %d: %s maps to %s, off the board or twice", s, p, q)
			}
			seen |= q.Bit()
			image[p] = q
			if s.Bitboard(p.Bit()) != q.Bit() {
				t.Errorf("symmetry %d: Bitboard(%s) = %s, want %s", s, p, pointList(s.Bitboard(p.Bit())), q)
			}
			if back := s.Inverse().Point(q); back != p {
				t.Errorf("symmetry %d: inverse %d maps %s back to %s, want %s", s, s.Inverse(), q, back, p)
			}
		}
		if seen != Full || s.Bitboard(Full) != Full || s.Bitboard(0) != 0 {
			t.Errorf("symmetry %d is not onto the board", s)
		}
		if prev, dup := images[image]; dup {
			t.Errorf("symmetries %d and %d are the same map", prev, s)
		}
		images[image] = s
		if s.Inverse().Inverse() != s {
			t.Errorf("symmetry %d: the inverse of its inverse is %d", s, s.Inverse().Inverse())
		}
		for k := 0; k < 1000; k++ {
			a, b := Bitboard(rng.Uint32())&Full, Bitboard(rng.Uint32())&Full
			if s.Bitboard(a|b) != s.Bitboard(a)|s.Bitboard(b) || s.Bitboard(a).Count() != a.Count() {
				t.Fatalf("symmetry %d does not map sets point by point", s)
			}
			if s.Inverse().Bitboard(s.Bitboard(a)) != a {
				t.Fatalf("symmetry %d: inverse does not undo it on %s", s, pointList(a))
			}
			// Adjacency is preserved, so groups and liberties are.
			if s.Bitboard(a.Neighbours()) != s.Bitboard(a).Neighbours() {
				t.Fatalf("symmetry %d does not commute with Neighbours on %s", s, pointList(a))
			}
		}
	}
	// The eight maps form a group: every composition is one of them.
	for _, s := range allSymmetries {
		for _, u := range allSymmetries {
			var image [NumPoints]Point
			for p := Point(0); p < NumPoints; p++ {
				image[p] = u.Point(s.Point(p))
			}
			if _, ok := images[image]; !ok {
				t.Errorf("symmetry %d after %d is none of the eight", u, s)
			}
		}
	}
}

// randomPositions returns positions from random games of board: every position of
// each game, finished ones included.
func randomPositions(seed uint64, games int) []Position {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []Position
	for n := 0; n < games; n++ {
		p := New()
		out = append(out, p)
		for !p.Over {
			legal := p.Legal()
			if legal == 0 || rng.IntN(20) == 0 {
				p.Pass()
			} else {
				p.Play(legal.Nth(rng.IntN(legal.Count())))
			}
			out = append(out, p)
		}
	}
	return out
}

func TestRulesCommuteWithSymmetry(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 40
	}
	positions := randomPositions(99, games)
	for _, p := range positions {
		key, ks := p.CanonicalKey()
		if img := ks.Apply(p); img.Key() != key {
			t.Fatalf("CanonicalKey %#x names symmetry %d, whose image has Key %#x", key, ks, img.Key())
		}
		for _, s := range allSymmetries {
			q := s.Apply(p)
			if q.Hash != q.ComputeHash() {
				t.Fatalf("symmetry %d: image Hash %#x, ComputeHash %#x", s, q.Hash, q.ComputeHash())
			}
			if back := s.Inverse().Apply(q); back != p {
				t.Fatalf("symmetry %d: inverse image\n%s\nof\n%s", s, back.String(), p.String())
			}
			if got, want := q.Legal(), s.Bitboard(p.Legal()); got != want {
				t.Fatalf("symmetry %d: Legal of the image %s, image of Legal %s\n%s", s, pointList(got), pointList(want), p.String())
			}
			if k, _ := q.CanonicalKey(); k != key {
				t.Fatalf("symmetry %d: CanonicalKey %#x, of the original %#x\n%s", s, k, key, p.String())
			}
			for c := Black; c <= White; c++ {
				for rest := p.Stones[c]; rest != 0; {
					g := Group(rest&-rest, p.Stones[c])
					rest &^= g
					img := s.Bitboard(g)
					if Group(img&-img, q.Stones[c]) != img {
						t.Fatalf("symmetry %d: the image of group %s is not a group", s, pointList(g))
					}
				}
			}
			// Playing then mapping equals mapping then playing the mapped action.
			for pt := Point(0); pt <= Pass; pt++ {
				a, b := p, q
				ca, oka := a.Play(pt)
				cb, okb := b.Play(s.Point(pt))
				if oka != okb || ca != cb {
					t.Fatalf("symmetry %d: %s gives %v/%d, its image %s gives %v/%d\n%s", s, pt, oka, ca, s.Point(pt), okb, cb, p.String())
				}
				if img := s.Apply(a); oka && img != b {
					t.Fatalf("symmetry %d: after %s the images differ\n%s\n%s", s, pt, img.String(), b.String())
				}
			}
		}
	}
}
