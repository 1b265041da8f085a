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

func TestShortOfLiberties(t *testing.T) {
	rng := NewRand(3)
	for range 20000 {
		black := board.Bitboard(rng.Uint64()) & board.Full
		white := board.Bitboard(rng.Uint64()) & board.Full &^ black
		if rng.Intn(2) == 0 {
			black |= board.Bitboard(rng.Uint64()) & board.Full &^ white
		}
		if black == 0 {
			continue
		}
		empty := board.Full &^ (black | white)
		seed := nth(black, rng.Intn(black.Count())).Bit()
		whole := board.Group(seed, black)
		wantLibs := whole.Neighbours() & empty
		grp, libs, short := shortOfLiberties(seed, black, empty)
		if short != (wantLibs.Count() < 2) {
			t.Fatalf("short = %v for a group with liberties %b", short, wantLibs)
		}
		if short && (grp != whole || libs != wantLibs) {
			t.Fatalf("short group %b libs %b, want %b, %b", grp, libs, whole, wantLibs)
		}
		if !short && (grp&^whole != 0 || grp&seed == 0 || libs&^wantLibs != 0 || libs.Count() < 2) {
			t.Fatalf("partial group %b libs %b not within %b, %b", grp, libs, whole, wantLibs)
		}
	}
}
