// main_test.go: tests of train-patterns: game records round-trip, bad records are refused, the MM fit learns what the player prefers.

package trainpatterns

import (
	"bytes"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/policy"
)

// greedyGames plays n games in which both sides take the biggest capture when there
// is one and otherwise play a seeded random legal placement, passing when none is left.
func greedyGames(n int) []record {
	rng := policy.NewRand(3)
	var recs []record
	for k := range n {
		r := record{seed: uint64(k)}
		pos := board.New()
		for !pos.Over {
			a := board.Pass
			best := 0
			legal := pos.Legal()
			for b := legal; b != 0; b &= b - 1 {
				q := pos
				if got, _ := q.Play(b.First()); got > best {
					a, best = b.First(), got
				}
			}
			if best == 0 && legal != 0 {
				a = legal.Nth(rng.Intn(legal.Count()))
			}
			pos.Play(a)
			r.actions = append(r.actions, a)
		}
		recs = append(recs, r)
	}
	return recs
}

func TestRecordsRoundTrip(t *testing.T) {
	recs := greedyGames(5)
	recs[2].random = 3
	var buf bytes.Buffer
	buf.WriteString("# a comment\n")
	for i := range recs {
		if err := recs[i].format(&buf); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "games.txt")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readRecords(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(recs) {
		t.Fatalf("read %d games, wrote %d", len(got), len(recs))
	}
	for i := range recs {
		if got[i].seed != recs[i].seed || got[i].random != recs[i].random || len(got[i].actions) != len(recs[i].actions) {
			t.Fatalf("game %d: read %+v, wrote %+v", i, got[i], recs[i])
		}
		for j := range recs[i].actions {
			if got[i].actions[j] != recs[i].actions[j] {
				t.Fatalf("game %d action %d: read %v, wrote %v", i, j, got[i].actions[j], recs[i].actions[j])
			}
		}
	}
}

func TestBadRecordsAreRefused(t *testing.T) {
	for _, bad := range []string{
		"1 0 2,2 2,2\n",      // occupied
		"1 0 2,2\n",          // the game does not end
		"1 0 5,0\n",          // off the board
		"x 0 PASS PASS\n",    // bad seed
		"1 -1 PASS PASS\n",   // bad random count
		"1 0 pass PASS\n",    // PASS in upper case only
		"1\n",                // too short
		"1 0 2,2 PASS a,b\n", // bad point
	} {
		path := filepath.Join(t.TempDir(), "games.txt")
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readRecords(path); err == nil {
			t.Errorf("%q was accepted", strings.TrimSpace(bad))
		}
	}
}

func TestFitLearnsThePlayersPreferences(t *testing.T) {
	games := 120
	if testing.Short() {
		games = 40
	}
	train, test := samples(greedyGames(games), 4)
	if len(test) == 0 || len(train) == 0 {
		t.Fatal("no samples")
	}
	m := newModel(train, 3)
	m.addSamples(train, false)
	before := m.logLikelihood()
	m.fit(100, 1e-7, nil)
	if after := m.logLikelihood(); !(after > before) {
		t.Fatalf("log-likelihood did not rise: %v -> %v", before, after)
	}
	w := m.weights()
	// The greedy player always captures: every capture level it met is far above 1.
	if capture := w.Gammas[policy.FeatureCapture]; capture[1] < 5 {
		t.Fatalf("capture gamma %v: the player always captures", capture[1])
	}
	// It never passes while it can place a stone.
	if pass := w.Gammas[policy.FeaturePass]; pass[1] > 0.2 || pass[2] > 0.2 {
		t.Fatalf("pass gammas %v: the player never passes with a legal placement", pass)
	}
	// Deterministic: a second fit gives the same weights.
	m2 := newModel(train, 3)
	m2.addSamples(train, false)
	m2.fit(100, 1e-7, nil)
	w2 := m2.weights()
	if !reflect.DeepEqual(w, w2) {
		t.Fatal("two fits of the same data differ")
	}
	// The weights file reads back as the same weights (to its six digits), and they
	// write the same file again.
	dir := t.TempDir()
	path, again := filepath.Join(dir, "w.json"), filepath.Join(dir, "again.json")
	if err := writeWeights(path, &w); err != nil {
		t.Fatal(err)
	}
	back, err := readWeights(path)
	if err != nil {
		t.Fatal(err)
	}
	close := func(a, b float32) bool { return math.Abs(float64(a-b)) <= 5e-6*float64(b) }
	if len(back.Patterns) != len(w.Patterns) || !close(back.Unseen, w.Unseen) ||
		!close(back.Gammas[policy.FeatureCapture][1], w.Gammas[policy.FeatureCapture][1]) ||
		!close(back.Gammas[policy.FeaturePass][2], w.Gammas[policy.FeaturePass][2]) {
		t.Fatalf("read back %v %v, wrote %v %v", back.Unseen, back.Gammas, w.Unseen, w.Gammas)
	}
	if err := writeWeights(again, back); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(path)
	second, _ := os.ReadFile(again)
	if !bytes.Equal(first, second) {
		t.Fatal("the weights read back write another file")
	}
}

// run runs train-patterns as littlego does.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return Cmd.Run(args, base.Output{Stdin: stdin, Stdout: stdout, Stderr: stderr})
}

func TestExitStatuses(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		out    string // in stdout or stderr
	}{
		{nil, 2, "usage: littlego train-patterns"},
		{[]string{"help"}, 0, "usage: littlego train-patterns"},
		{[]string{"train"}, 2, `unknown command "train"`},
		{[]string{"gen", "-h"}, 0, "usage: littlego train-patterns gen"},
		{[]string{"fit", "-h"}, 0, "usage: littlego train-patterns fit"},
		{[]string{"eval", "-h"}, 0, "usage: littlego train-patterns eval"},
		{[]string{"gen", "-bogus"}, 2, "flag provided but not defined"},
		{[]string{"fit", "-bogus"}, 2, "flag provided but not defined"},
		{[]string{"eval", "-bogus"}, 2, "flag provided but not defined"},
		{[]string{"gen", "extra"}, 2, "unexpected arguments"},
		{[]string{"gen", "-n", "0"}, 2, "must be positive"},
		{[]string{"gen", "-policy", "pattern-ref"}, 2, "pattern-ref"},
		{[]string{"fit", "-sweeps", "0"}, 2, "must be positive"},
		{[]string{"eval", "-holdout", "0"}, 2, "must be positive"},
		{[]string{"fit", "-data", filepath.Join(t.TempDir(), "none.txt")}, 1, "littlego train-patterns fit: "},
	} {
		var stdout, stderr bytes.Buffer
		status := run(tc.args, strings.NewReader(""), &stdout, &stderr)
		if status != tc.status || !strings.Contains(stdout.String()+stderr.String(), tc.out) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want %d with %q", tc.args, status, stdout.String(), stderr.String(), tc.status, tc.out)
		}
	}
}
