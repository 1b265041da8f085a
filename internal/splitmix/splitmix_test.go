package splitmix

import "testing"

// TestPublishedStream checks the first outputs from state 1234567 against the values
// printed by Vigna's reference splitmix64.c (prng.di.unimi.it).
func TestPublishedStream(t *testing.T) {
	want := []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821}
	s := uint64(1234567)
	for i, w := range want {
		if got := Next(&s); got != w {
			t.Fatalf("output %d: %d, want %d", i, got, w)
		}
	}
}

func TestHashIsOneStep(t *testing.T) {
	for _, x := range []uint64{0, 1, 1234567, ^uint64(0)} {
		s := x
		if Hash(x) != Next(&s) {
			t.Errorf("Hash(%d) differs from Next", x)
		}
	}
}

func TestNextDoesNotAllocate(t *testing.T) {
	s := uint64(1)
	if n := testing.AllocsPerRun(100, func() { Next(&s) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}
