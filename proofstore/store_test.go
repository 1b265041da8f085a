package proofstore

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"littlego/board"
	"littlego/facts"
	"littlego/tablebase"
)

// line plays actions from the empty board ("2,2 1,2 PASS").
func line(t *testing.T, actions ...string) board.Position {
	t.Helper()
	pos := board.New()
	for _, a := range actions {
		p := board.Pass
		if a != "PASS" {
			var i, j int
			if _, err := fmt.Sscanf(a, "%d,%d", &i, &j); err != nil {
				t.Fatalf("action %q: %v", a, err)
			}
			p = board.PointAt(i, j)
		}
		if !pos.Act(p) {
			t.Fatalf("action %q is illegal", a)
		}
	}
	return pos
}

// canonical returns pos's canonical image.
func canonical(pos board.Position) board.Position {
	c, _ := tablebase.Canonical(pos)
	return c
}

// proved returns a fact of pos as the solver proves it: won for the side to move with
// the winning action w and an exact margin m (black - white).
func proved(pos board.Position, m int, w board.Point) facts.Fact {
	f := facts.Unproved(pos.Turn)
	f.Low, f.High = m, m
	f.Value = facts.Win
	if (m >= board.BlackMargin) != (pos.Turn == board.Black) {
		f.Value = facts.Loss
	}
	f.Source, f.MarginSource = facts.Solver, facts.Solver
	if f.Value == facts.Win {
		f.Winning = []board.Point{w}
		f.Keeping = []board.Point{w}
	}
	return f
}

func TestAProofReadBackEqualsTheProofWritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "proofs.db")
	s, err := Open(path, Options{Tool: "test", Version: "v1"})
	if err != nil {
		t.Fatal(err)
	}
	pos := canonical(line(t, "2,2", "1,2", "2,1", "1,1", "1,3"))
	f := proved(pos, -3, board.PointAt(3, 3))
	s.Keep(pos, f, 1500*time.Millisecond)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := Open(path, Options{Tool: "other"})
	if err != nil {
		t.Fatal(err)
	}
	got := again.Proofs()
	if len(got) != 1 {
		t.Fatalf("%d proofs read back, want 1", len(got))
	}
	p := got[0]
	if !reflect.DeepEqual(p.Fact, f) {
		t.Errorf("fact read back %+v, written %+v", p.Fact, f)
	}
	if p.Position().Stones != pos.Stones || p.Position().Move != pos.Move || p.Tool != "test" || p.Version != "v1" ||
		p.CPU != 1500*time.Millisecond || p.Source != facts.Solver || time.Since(p.When) > time.Hour {
		t.Errorf("proof read back %+v", p)
	}
}

func TestAttachServesProofsAsProvedBefore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "proofs.db")
	s, err := Open(path, Options{Tool: "review"})
	if err != nil {
		t.Fatal(err)
	}
	played := line(t, "2,2", "1,2", "2,1", "1,1", "1,3")
	pos, sym := tablebase.Canonical(played)
	f := proved(pos, -3, sym.Point(board.PointAt(3, 3)))
	s.Keep(pos, f, time.Second)
	s.Close()

	s, _ = Open(path, Options{Tool: "board"})
	cache := facts.NewCache()
	if n, err := s.Attach(cache); n != 0 || err != nil {
		t.Fatalf("refused %d: %v", n, err)
	}
	got := cache.Known(played)
	if got.Source != facts.Before || got.MarginSource != facts.Before || got.Low != -3 || got.High != -3 {
		t.Errorf("the played position reads %+v, want the stored proof as proved before", got)
	}
	if len(got.Winning) != 1 || got.Winning[0] != board.PointAt(3, 3) {
		t.Errorf("winning actions %v in the game's orientation, want [3,3]", got.Winning)
	}
	prov, ok := cache.Provenance(played)
	if !ok || prov.Tool != "review" || prov.Source != facts.Solver || !strings.Contains(prov.String(), "the solver, by review at ") {
		t.Errorf("provenance %+v (%v): %s", prov, ok, prov)
	}
}

func TestAttachRefusesWhatTheTablesContradict(t *testing.T) {
	path := filepath.Join(t.TempDir(), "proofs.db")
	s, _ := Open(path, Options{Tool: "test"})
	empty := board.New() // the solved empty board: Black wins by 3
	s.Keep(empty, proved(empty, 1, board.NoPoint), 0)
	good := canonical(line(t, "2,2", "1,2", "2,1", "1,1", "1,3"))
	s.Keep(good, proved(good, -3, board.PointAt(3, 3)), 0)
	s.Close()
	s, _ = Open(path, Options{})
	cache := facts.NewCache()
	n, err := s.Attach(cache)
	if n != 1 || err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "contradicts") {
		t.Fatalf("refused %d (%v), want the empty board's false proof refused by name", n, err)
	}
	if got := cache.Known(empty); got.BlackValue() != facts.Win || got.Source == facts.Before {
		t.Errorf("the empty board reads %+v: the store changed what the tables prove", got)
	}
	if got := cache.Known(good); got.Source != facts.Before {
		t.Errorf("the good proof reads %+v", got)
	}
}

func TestTheCacheKeepsWhatItsProversProve(t *testing.T) {
	path := filepath.Join(t.TempDir(), "proofs.db")
	s, _ := Open(path, Options{Tool: "test"})
	cache := facts.NewCache()
	s.Attach(cache)
	p := facts.NewProver(cache)
	pos := line(t, "2,2", "1,2", "2,1", "1,1", "1,3", "3,3", "3,2", "2,3", "3,1", "1,4", "0,2", "0,3")
	f := p.Prove(t.Context(), pos, facts.Limits{Nodes: 5_000_000})
	if !f.Proved() {
		t.Fatalf("not proved within the limit: %+v", f)
	}
	s.Close()
	s, _ = Open(path, Options{})
	if s.Len() == 0 {
		t.Fatal("the solver's proof was not kept")
	}
	fresh := facts.NewCache()
	s.Attach(fresh)
	got := fresh.Known(pos)
	if got.BlackValue() != f.BlackValue() || got.Source != facts.Before {
		t.Errorf("read back %+v, proved %+v", got, f)
	}
}

func TestForeignFilesAreRefusedByName(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte(strings.Repeat("not a database\n", 400)), 0o644)
	other := filepath.Join(dir, "other.db")
	db, err := bolt.Open(other, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("users")); return err })
	db.Close()
	for _, path := range []string{text, other} {
		_, err := Open(path, Options{})
		if !errors.Is(err, ErrNotAStore) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: %v, want refused as not a proof store, by name", path, err)
		}
		if err := Clear(path); err == nil {
			t.Errorf("%s: Clear removed a file that is not a proof store", path)
		}
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s is gone: %v", path, err)
		}
	}
}

func TestAStoreOfAnotherFormatIsRefusedAndCleared(t *testing.T) {
	path := filepath.Join(t.TempDir(), "proofs.db")
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error {
		b, _ := tx.CreateBucket(bucketMeta)
		b.Put(keyMagic, magic)
		b.Put(keyFormat, []byte("0"))
		p, _ := tx.CreateBucket(bucketProofs)
		return p.Put(keyBytes(12345), []byte("an older record"))
	})
	db.Close()
	_, err = Open(path, Options{})
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), `format "0"`) {
		t.Fatalf("an older store opened: %v", err)
	}
	if err := Clear(path); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path, Options{})
	if err != nil || s.Len() != 0 {
		t.Fatalf("after Clear: %v, %d proofs", err, s.Len())
	}
}

func TestDamagedStoresAreRefusedNeverACrash(t *testing.T) {
	good := filepath.Join(t.TempDir(), "proofs.db")
	s, _ := Open(good, Options{Tool: "test"})
	pos := canonical(line(t, "2,2", "1,2", "2,1", "1,1", "1,3"))
	s.Keep(pos, proved(pos, -3, board.PointAt(3, 3)), 0)
	s.Close()
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	damages := map[string]func([]byte) []byte{
		"truncated to 100 bytes": func(b []byte) []byte { return b[:100] },
		"the meta pages zeroed":  func(b []byte) []byte { c := clone(b); clear(c[:2*4096]); return c },
		"every page after the meta pages scribbled": func(b []byte) []byte {
			c := clone(b)
			for i := 2 * 4096; i < len(c); i++ {
				c[i] = byte(i * 7)
			}
			return c
		},
		"one record's value garbled": func(b []byte) []byte {
			c := clone(b)
			if i := strings.Index(string(c), `{"value"`); i >= 0 {
				copy(c[i:], "{{{{{{{{")
			}
			return c
		},
	}
	for name, damage := range damages {
		path := filepath.Join(t.TempDir(), "proofs.db")
		os.WriteFile(path, damage(data), 0o644)
		_, err := Open(path, Options{})
		if err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: opened (%v), want refused by name", name, err)
		}
	}
}

func clone(b []byte) []byte { return append([]byte(nil), b...) }

func TestAttemptsInVainAreKeptAndReadBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "proofs.db")
	s, _ := Open(path, Options{Tool: "review"})
	played := line(t, "0,0", "4,4", "0,4", "4,0", "1,2", "3,2")
	if facts.Known(played).Proved() {
		t.Fatal("the test position is proved without search")
	}
	pos, _ := tablebase.Canonical(played)
	s.KeepTried(pos, facts.Tried{Value: 2 * time.Second})
	s.KeepTried(pos, facts.Tried{Value: time.Second, Margin: 300 * time.Millisecond})
	s.KeepTried(pos, facts.Tried{Winning: 500 * time.Millisecond})
	s.Close()
	s, _ = Open(path, Options{})
	cache := facts.NewCache()
	if n, err := s.Attach(cache); n != 0 {
		t.Fatalf("refused %d: %v", n, err)
	}
	if got := cache.Tried(played); got != (facts.Tried{Value: 2 * time.Second, Margin: 300 * time.Millisecond, Winning: 500 * time.Millisecond}) {
		t.Errorf("tried %+v, want the largest of each", got)
	}
	if got := cache.Known(played); got.Proved() {
		t.Errorf("an attempt in vain reads as a proof: %+v", got)
	}
}
