// hash_test.go: Hash and Key are functions of the state: transpositions share them, every part of the state changes Key, and random positions do not collide.

package board

import "testing"

// playAll plays actions that must be legal.
func playAll(t *testing.T, p *Position, actions ...string) {
	t.Helper()
	for _, a := range actions {
		if _, ok := p.Play(action(t, a)); !ok {
			t.Fatalf("%s refused in\n%s", a, p.String())
		}
	}
}

func TestTranspositionsShareKeys(t *testing.T) {
	a, b := New(), New()
	playAll(t, &a, "0,0", "4,4", "2,2", "1,1")
	playAll(t, &b, "2,2", "1,1", "0,0", "4,4")
	if a != b || a.Key() != b.Key() || a.Hash != b.Hash {
		t.Errorf("transposed move orders differ:\n%s\n%s", a.String(), b.String())
	}
	// The same stones with the other side to move have another hash.
	c := New()
	playAll(t, &c, "0,0", "4,4", "2,2")
	c.Pass()
	if c.Hash == a.Hash || c.Key() == a.Key() {
		t.Error("a pass did not change the hash")
	}
}

func TestKeyCoversTheWholeState(t *testing.T) {
	p := New()
	playAll(t, &p, "2,2", "1,1")
	base := p.Key()
	variants := map[string]func(q *Position){
		"side to move": func(q *Position) { q.Turn = White; q.Hash = q.ComputeHash() },
		"stones":       func(q *Position) { q.Stones[Black] |= PointAt(4, 4).Bit(); q.Hash = q.ComputeHash() },
		"colour": func(q *Position) {
			q.Stones[Black], q.Stones[White] = q.Stones[White], q.Stones[Black]
			q.Hash = q.ComputeHash()
		},
		"ko":          func(q *Position) { q.Ko = PointAt(0, 0).Bit() },
		"other ko":    func(q *Position) { q.Ko = PointAt(0, 1).Bit() },
		"move number": func(q *Position) { q.Move += 2 },
		"passed":      func(q *Position) { q.Passed = true },
		"over":        func(q *Position) { q.Over = true },
	}
	keys := map[uint64]string{base: "base"}
	for name, change := range variants {
		q := p
		change(&q)
		k := q.Key()
		if other, dup := keys[k]; dup {
			t.Errorf("changing the %s gives the Key of %s", name, other)
		}
		keys[k] = name
	}
}

func TestKeysOfRandomPositionsDoNotCollide(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 300
	}
	type state struct {
		stones       Stones
		ko           Bitboard
		move         uint8
		turn         Color
		passed, over bool
	}
	seen := map[uint64]state{}
	type board struct {
		stones Stones
		turn   Color
	}
	hashes := map[uint64]board{}
	for _, p := range randomPositions(5, games) {
		s := state{p.Stones, p.Ko, p.Move, p.Turn, p.Passed, p.Over}
		if prev, ok := seen[p.Key()]; ok && prev != s {
			t.Fatalf("Key %#x shared by %+v and %+v", p.Key(), prev, s)
		}
		seen[p.Key()] = s
		b := board{p.Stones, p.Turn}
		if prev, ok := hashes[p.Hash]; ok && prev != b {
			t.Fatalf("Hash %#x shared by two boards", p.Hash)
		}
		hashes[p.Hash] = b
	}
	if len(seen) < games {
		t.Fatalf("only %d distinct states", len(seen))
	}
}
