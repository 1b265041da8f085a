// bits_test.go: nth agrees with board.Bitboard.Nth on random sets.

package policy

import (
	"testing"

	"littlego/board"
)

func TestNth(t *testing.T) {
	rng := NewRand(1)
	for range 20000 {
		b := board.Bitboard(rng.Uint64()) & board.Full
		if rng.Intn(4) == 0 {
			b &= board.Bitboard(rng.Uint64()) // sparser sets too
		}
		for n := 0; n < b.Count(); n++ {
			if got, want := nth(b, n), b.Nth(n); got != want {
				t.Fatalf("nth(%b, %d) = %v, want %v", b, n, got, want)
			}
		}
	}
}

func TestGroup(t *testing.T) {
	rng := NewRand(2)
	for range 20000 {
		stones := board.Bitboard(rng.Uint64()) & board.Bitboard(rng.Uint64()|rng.Uint64()) & board.Full
		if stones == 0 {
			continue
		}
		seed := nth(stones, rng.Intn(stones.Count())).Bit()
		if got, want := group(seed, stones), board.Group(seed, stones); got != want {
			t.Fatalf("group(%b, %b) = %b, want %b", seed, stones, got, want)
		}
		if got, want := neighbours(stones), stones.Neighbours(); got != want {
			t.Fatalf("neighbours(%b) = %b, want %b", stones, got, want)
		}
	}
}
