// Package proofstore keeps what littlego's tools prove, across runs and processes: every
// fact a tool's solver or search proves of a position is written to one file in the
// user's cache directory, keyed by the canonical position, and read back by the next run
// of any tool as a source of facts of its own (facts.Before: "earlier proof", with when,
// by which tool and how). A proof is paid for once.
//
// The file is a bbolt database (go.etcd.io/bbolt, the embedded key/value store of etcd):
// one writer at a time under a file lock, each write a transaction that a killed process
// either committed whole or not at all, and a checksummed meta page that tells a damaged
// or foreign file from a store. A tool holds the file only for the moment of a read or a
// write (Open reads it all into memory; Flush writes what is new in one transaction), so
// two processes using one store at once both keep their proofs. docs/store.md says why
// bbolt and what a record holds.
package proofstore

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"

	"littlego/board"
	"littlego/facts"
	"littlego/tablebase"
)

// Format is the version of the store's layout (the meta bucket's "format" key). A store of
// another format is refused by name; `littlego store clear` empties it.
const Format = 1

// The store's buckets: meta holds "magic" and "format", proofs one record a position.
var (
	bucketMeta   = []byte("meta")
	bucketProofs = []byte("proofs")
	keyMagic     = []byte("magic")
	keyFormat    = []byte("format")
	magic        = []byte("littlego proof store")
)

// lockWait bounds how long a read or a write waits for another process's transaction.
const lockWait = 10 * time.Second

// flushEvery is how many new proofs Keep gathers before it writes them.
const flushEvery = 64

// ErrNotAStore is wrapped by Open's error for a file that is not a littlego proof store.
var ErrNotAStore = errors.New("not a littlego proof store")

// Store is an open proof store: the proofs the file held when it was opened, and the
// ones kept since, which Flush writes. It is safe for concurrent use.
type Store struct {
	path string
	opts Options
	mu   sync.Mutex
	held map[uint64]Proof // by tablebase key, in canonical orientation
	news []Proof          // kept and not yet written
	err  error            // the last write's error
}

// DefaultPath returns the store's place in the user's cache directory:
// $XDG_CACHE_HOME/littlego/proofs.db (~/.cache/littlego/proofs.db) on Linux.
func DefaultPath() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for the proof store: %w (give -store PATH or -store off)", err)
	}
	return filepath.Join(dir, "littlego", "proofs.db"), nil
}

// Options say whose proofs a Store keeps.
type Options struct {
	// Tool names the command ("review", "board", ...); Version, its build.
	Tool, Version string
}

// Open opens the store at path, making it (and its folder) when there is none, and reads
// every proof it holds. A file that is not a store, is damaged or is of another format is
// refused with an error naming it.
func Open(path string, o Options) (*Store, error) {
	s := &Store{path: path, opts: o, held: map[uint64]Proof{}}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("proof store %s: %w", path, err)
	}
	err := s.update(func(tx *bolt.Tx) error {
		if err := initialize(tx); err != nil {
			return err
		}
		return readAll(tx, s.held)
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Path returns the store's file.
func (s *Store) Path() string { return s.path }

// Len returns the number of positions the store holds, those kept since Open included.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.held)
}

// Proofs returns every proof the store holds, in key order.
func (s *Store) Proofs() []Proof {
	s.mu.Lock()
	defer s.mu.Unlock()
	return sortedProofs(s.held)
}

// Keep records f, a fact proved of pos (both in canonical orientation) at the cost of cpu,
// for the next Flush; every flushEvery proofs it flushes by itself. It is facts.Archive's
// method.
func (s *Store) Keep(pos board.Position, f facts.Fact, cpu time.Duration) {
	p := Proof{Key: tablebase.Key(&pos), Fact: f, Tool: s.opts.Tool, Version: s.opts.Version, CPU: cpu,
		When: time.Now().UTC().Truncate(time.Second)}
	p.Source = f.Source
	if p.Source == facts.None {
		p.Source = f.MarginSource
	}
	s.add(p)
}

// KeepTried records attempts in vain at pos (canonical orientation), as Keep records
// proofs. It is facts.Archive's method.
func (s *Store) KeepTried(pos board.Position, t facts.Tried) {
	f := facts.Unproved(pos.Turn)
	s.add(Proof{Key: tablebase.Key(&pos), Fact: f, Tool: s.opts.Tool, Version: s.opts.Version, Tried: t,
		When: time.Now().UTC().Truncate(time.Second)})
}

// add merges p into what the store holds and queues it for the next Flush, flushing
// every flushEvery proofs.
func (s *Store) add(p Proof) {
	s.mu.Lock()
	if old, ok := s.held[p.Key]; ok {
		p = old.merge(p)
	}
	s.held[p.Key] = p
	s.news = append(s.news, p)
	full := len(s.news) >= flushEvery
	s.mu.Unlock()
	if full {
		s.Flush()
	}
}

// Flush writes the proofs kept since the last write in one transaction, merging each with
// what another process may have written of its position since. It returns the write's
// error, which the next Flush also reports until one succeeds.
func (s *Store) Flush() error {
	s.mu.Lock()
	news := s.news
	s.news = nil
	s.mu.Unlock()
	if len(news) == 0 {
		return s.lastErr()
	}
	err := s.update(func(tx *bolt.Tx) error {
		if err := initialize(tx); err != nil {
			return err
		}
		return writeAll(tx, news)
	})
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.news = append(news, s.news...)
	}
	s.err = err
	return err
}

// lastErr returns the last write's error.
func (s *Store) lastErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Close flushes what is kept. The store holds no file between its reads and writes, so
// Close releases nothing else.
func (s *Store) Close() error { return s.Flush() }

// Attach reads the store's proofs into cache, each checked against what the tables prove
// of its position (a proof that contradicts them is refused and counted), and makes the
// cache keep its new proofs in the store. It returns how many were refused and the
// first refusal's reason.
func (s *Store) Attach(cache *facts.Cache) (refused int, first error) {
	for _, p := range s.Proofs() {
		pos := tablebase.KeyPosition(p.Key)
		if p.Tried != (facts.Tried{}) {
			cache.RecallTried(pos, p.Tried)
		}
		if !p.Fact.Proved() && p.Fact.Low <= facts.MinMargin && p.Fact.High >= facts.MaxMargin {
			continue
		}
		err := cache.Recall(pos, p.Fact, facts.Provenance{Source: p.Source, Tool: p.Tool, When: p.When.Format(time.RFC3339)})
		if err != nil {
			refused++
			if first == nil {
				first = fmt.Errorf("proof store %s: the proof of position %016x refused: %w", s.path, p.Key, err)
			}
		}
	}
	cache.KeepIn(s)
	return refused, first
}

// Clear removes every proof from the store at path, or the file itself when it is a
// damaged store or one of another format; a missing file is already clear. A file that
// is not a store is refused and left as it is.
func Clear(path string) error {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	s := &Store{path: path}
	err := s.update(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketProofs) != nil {
			if err := tx.DeleteBucket(bucketProofs); err != nil {
				return err
			}
		}
		return initialize(tx)
	})
	if err == nil {
		return nil
	}
	if errors.Is(err, errDamaged) || errors.Is(err, errFormat) {
		return os.Remove(path)
	}
	return err
}
