// db.go: the store's file, its transactions and the layout of a record.

package proofstore

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"littlego/board"
	"littlego/facts"
	"littlego/tablebase"
)

// Proof is what the store holds of one position, in canonical orientation.
type Proof struct {
	// Key is the position's key in the tables (tablebase.Key: its stones, ko field and
	// level), in canonical orientation.
	Key uint64
	// Fact is what was proved, for the side to move (its Source as it was proved then).
	Fact facts.Fact
	// Source is how it was proved: facts.Solver or facts.Search.
	Source facts.Source
	// Tool and Version name the command and the build that proved it; When, the time.
	Tool, Version string
	When          time.Time
	// CPU is the process's CPU time over the call that proved it.
	CPU time.Duration
	// Tried is what the solver was given in vain there (the value or the margin not
	// proved within it), so that a later run does not try again within as much.
	Tried facts.Tried
}

// Position returns the proof's position, in canonical orientation.
func (p Proof) Position() board.Position { return tablebase.KeyPosition(p.Key) }

// record is a proof's value in the file: JSON, so that a later format can add fields and
// a person can read it with any bbolt tool.
type record struct {
	Value        facts.Value  `json:"value"`
	Low          int          `json:"low"`
	High         int          `json:"high"`
	Source       facts.Source `json:"source"`
	MarginSource facts.Source `json:"margin_source,omitempty"`
	Winning      []int        `json:"winning,omitempty"`
	Complete     bool         `json:"complete,omitempty"`
	Keeping      []int        `json:"keeping,omitempty"`
	Tool         string       `json:"tool"`
	Version      string       `json:"version,omitempty"`
	When         time.Time    `json:"when"`
	CPUms        int64        `json:"cpu_ms"`
	TriedValue   int64        `json:"tried_value_ms,omitempty"`
	TriedMargin  int64        `json:"tried_margin_ms,omitempty"`
	TriedWinning int64        `json:"tried_winning_ms,omitempty"`
}

// errDamaged and errFormat are wrapped by the errors of a damaged store and of a store
// of another format (ErrNotAStore, of a file that is no store).
var (
	errDamaged = errors.New("damaged")
	errFormat  = errors.New("of another format")
)

// update runs fn in one write transaction on the file, which it opens and closes around
// it, waiting at most lockWait for another process's transaction. A damaged file, or one
// that is no store, is refused with an error naming it; a panic of the database on a
// damaged page is one of those errors.
func (s *Store) update(fn func(*bolt.Tx) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("proof store %s: %w: %v (littlego store clear -store %s empties it)", s.path, errDamaged, r, s.path)
		}
	}()
	db, err := bolt.Open(s.path, 0o644, &bolt.Options{Timeout: lockWait})
	if err != nil {
		return s.openError(err)
	}
	err = db.Update(fn)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		err = fmt.Errorf("proof store %s: %w", s.path, err)
	}
	return err
}

// openError words the database's refusal to open the file: a file that bbolt wrote is
// damaged, any other is not a store.
func (s *Store) openError(err error) error {
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return fmt.Errorf("proof store %s: another process held it for %v", s.path, lockWait)
	case looksLikeBolt(s.path):
		return fmt.Errorf("proof store %s: %w: %v (littlego store clear -store %s empties it)", s.path, errDamaged, err, s.path)
	case errors.Is(err, os.ErrPermission):
		return fmt.Errorf("proof store %s: %w", s.path, err)
	}
	return fmt.Errorf("proof store %s: %w: %v (give another -store PATH, or -store off)", s.path, ErrNotAStore, err)
}

// boltMagic is the number bbolt writes in each of its two meta pages, after the page's
// 16-byte header.
const boltMagic = 0xED0CDAED

// looksLikeBolt reports whether the file at path begins with a bbolt meta page.
func looksLikeBolt(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var head [20]byte
	if _, err := io.ReadFull(f, head[:]); err != nil {
		return false
	}
	return binary.LittleEndian.Uint32(head[16:]) == boltMagic
}

// initialize makes a new file a store, and refuses one that is another program's
// database or a store of another format.
func initialize(tx *bolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		if tx.Bucket(bucketProofs) != nil || !emptyDB(tx) {
			return fmt.Errorf("%w: a database without littlego's marks (give another -store PATH, or -store off)", ErrNotAStore)
		}
		var err error
		if meta, err = tx.CreateBucket(bucketMeta); err != nil {
			return err
		}
		if err := meta.Put(keyMagic, magic); err != nil {
			return err
		}
		if err := meta.Put(keyFormat, []byte(strconv.Itoa(Format))); err != nil {
			return err
		}
	}
	if !bytes.Equal(meta.Get(keyMagic), magic) {
		return fmt.Errorf("%w: a database without littlego's marks (give another -store PATH, or -store off)", ErrNotAStore)
	}
	if f := string(meta.Get(keyFormat)); f != strconv.Itoa(Format) {
		return fmt.Errorf("%w: format %q, this littlego reads format %d (littlego store clear empties it)", errFormat, f, Format)
	}
	_, err := tx.CreateBucketIfNotExists(bucketProofs)
	return err
}

// emptyDB reports whether the database has no bucket at all.
func emptyDB(tx *bolt.Tx) bool {
	empty := true
	_ = tx.ForEach(func([]byte, *bolt.Bucket) error { empty = false; return nil })
	return empty
}

// readAll reads every record of the proofs bucket into held.
func readAll(tx *bolt.Tx, held map[uint64]Proof) error {
	return tx.Bucket(bucketProofs).ForEach(func(k, v []byte) error {
		p, err := decode(k, v)
		if err != nil {
			return fmt.Errorf("%w: %v", errDamaged, err)
		}
		held[p.Key] = p
		return nil
	})
}

// writeAll writes proofs, each merged with what the file holds of its position.
func writeAll(tx *bolt.Tx, proofs []Proof) error {
	b := tx.Bucket(bucketProofs)
	for _, p := range proofs {
		k := keyBytes(p.Key)
		if v := b.Get(k); v != nil {
			if old, err := decode(k, v); err == nil {
				p = old.merge(p)
			}
		}
		v, err := encode(p)
		if err != nil {
			return err
		}
		if err := b.Put(k, v); err != nil {
			return err
		}
	}
	return nil
}

// keyBytes is a key as the file sorts it: big-endian.
func keyBytes(key uint64) []byte { return binary.BigEndian.AppendUint64(nil, key) }

// encode writes a proof's value.
func encode(p Proof) ([]byte, error) {
	r := record{Value: p.Fact.Value, Low: p.Fact.Low, High: p.Fact.High, Source: p.Fact.Source,
		MarginSource: p.Fact.MarginSource, Complete: p.Fact.Complete, Tool: p.Tool, Version: p.Version,
		When: p.When, CPUms: p.CPU.Milliseconds(), Winning: ints(p.Fact.Winning), Keeping: ints(p.Fact.Keeping),
		TriedValue: p.Tried.Value.Milliseconds(), TriedMargin: p.Tried.Margin.Milliseconds(),
		TriedWinning: p.Tried.Winning.Milliseconds()}
	return json.Marshal(r)
}

// decode reads a proof, checking its key is a position and its fact holds together.
func decode(k, v []byte) (Proof, error) {
	if len(k) != 8 {
		return Proof{}, fmt.Errorf("a key of %d bytes", len(k))
	}
	key := binary.BigEndian.Uint64(k)
	var r record
	if err := json.Unmarshal(v, &r); err != nil {
		return Proof{}, fmt.Errorf("position %016x: %v", key, err)
	}
	pos := tablebase.KeyPosition(key)
	if tablebase.Key(&pos) != key {
		return Proof{}, fmt.Errorf("key %016x is no position", key)
	}
	f := facts.Fact{Turn: pos.Turn, Value: r.Value, Low: r.Low, High: r.High, Source: r.Source,
		MarginSource: r.MarginSource, Complete: r.Complete, Winning: points(r.Winning), Keeping: points(r.Keeping)}
	return Proof{Key: key, Fact: f, Source: r.Source, Tool: r.Tool, Version: r.Version, When: r.When,
		CPU: time.Duration(r.CPUms) * time.Millisecond,
		Tried: facts.Tried{Value: time.Duration(r.TriedValue) * time.Millisecond, Margin: time.Duration(r.TriedMargin) * time.Millisecond,
			Winning: time.Duration(r.TriedWinning) * time.Millisecond}}, nil
}

// merge returns what two proofs of one position prove together, credited to the one that
// proved more (the later on a tie).
func (p Proof) merge(q Proof) Proof {
	out := q
	if informative(p.Fact) > informative(q.Fact) {
		out = p
	}
	out.Fact = p.Fact.Merge(q.Fact)
	out.Tried = facts.Tried{Value: max(p.Tried.Value, q.Tried.Value), Margin: max(p.Tried.Margin, q.Tried.Margin),
		Winning: max(p.Tried.Winning, q.Tried.Winning)}
	return out
}

// informative orders facts by what they say: a value, then an exact margin, then all
// the winning actions.
func informative(f facts.Fact) int {
	n := 0
	if f.Value != facts.Unknown {
		n += 4
	}
	if f.Low == f.High {
		n += 2
	}
	if f.Complete {
		n++
	}
	return n
}

// sortedProofs returns the map's proofs in key order.
func sortedProofs(m map[uint64]Proof) []Proof {
	out := make([]Proof, 0, len(m))
	for _, p := range m {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b Proof) int {
		switch {
		case a.Key < b.Key:
			return -1
		case a.Key > b.Key:
			return 1
		}
		return 0
	})
	return out
}

// ints and points convert actions for the file.
func ints(ps []board.Point) []int {
	if len(ps) == 0 {
		return nil
	}
	out := make([]int, len(ps))
	for i, p := range ps {
		out[i] = int(p)
	}
	return out
}

func points(xs []int) []board.Point {
	if len(xs) == 0 {
		return nil
	}
	out := make([]board.Point, len(xs))
	for i, x := range xs {
		out[i] = board.Point(x)
	}
	return out
}
