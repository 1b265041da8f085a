// Package storeflag is the -store flag of the commands that prove (review, board, gtp,
// analysis, solve): where their proofs are kept across runs (package proofstore), or
// "off". It opens the store, reads it into the command's cache of facts, and closes it.
package storeflag

import (
	"flag"
	"fmt"
	"io"
	"os"
	"testing"

	"littlego/cmd/internal/version"
	"littlego/facts"
	"littlego/proofstore"
)

// Off is the flag's value that keeps no store.
const Off = "off"

// EnvVar names the environment variable that, when set, stands for the flag's default
// (a path, or off).
const EnvVar = "LITTLEGO_STORE"

// Usage is the flag's usage text.
const Usage = "the proof store: a `file` where every proof is kept for every later run of any tool (default: " +
	"$" + EnvVar + ", else littlego/proofs.db in the user's cache directory), or off"

// Var defines -store on fs, writing into p.
func Var(fs *flag.FlagSet, p *string) { fs.StringVar(p, "store", "", Usage) }

// Path returns the store's file that the flag's value names: the value itself; when it is
// empty, $LITTLEGO_STORE, else the user's cache directory (proofstore.DefaultPath); off
// (also the default inside a test binary, whose runs must not share proofs) returns "".
func Path(value string) (string, error) {
	if value == "" {
		value = os.Getenv(EnvVar)
	}
	if value == "" && testing.Testing() {
		value = Off
	}
	switch value {
	case Off:
		return "", nil
	case "":
		return proofstore.DefaultPath()
	}
	return value, nil
}

// Attach opens the store the flag's value names for tool and reads it into cache, whose
// new proofs it then keeps. A store that cannot be used (damaged, foreign, unwritable) is
// said on stderr, naming it, and the command goes on without one; so is a proof the
// tables refute, which is left out. The returned function writes what is left to write;
// call it before the command ends.
func Attach(value, tool string, cache *facts.Cache, stderr io.Writer) (closeStore func()) {
	path, err := Path(value)
	if err != nil {
		fmt.Fprintf(stderr, "littlego %s: %v; going on without a proof store\n", tool, err)
	}
	if path == "" {
		return func() {}
	}
	s, err := proofstore.Open(path, proofstore.Options{Tool: tool, Version: version.String()})
	if err != nil {
		fmt.Fprintf(stderr, "littlego %s: %v; going on without it\n", tool, err)
		return func() {}
	}
	if n, err := s.Attach(cache); n > 0 {
		fmt.Fprintf(stderr, "littlego %s: %d proofs left out: %v\n", tool, n, err)
	}
	return func() {
		cache.KeepIn(nil)
		if err := s.Close(); err != nil {
			fmt.Fprintf(stderr, "littlego %s: %v\n", tool, err)
		}
	}
}
