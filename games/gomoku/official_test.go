// official_test.go: the six official cases reproduced byte for byte, and minimax against alpha-beta on every case.

package gomoku

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// officialDir holds the six official cases (testdata/CASES.md).
const officialDir = "testdata"

// officialCase is one folder of officialDir.
type officialCase struct {
	name      string
	input     []byte
	nextState []byte
	// log is the expected traverse log, nil for Greedy.
	log []byte
}

// loadOfficial reads every case folder.
func loadOfficial(t testing.TB) []officialCase {
	t.Helper()
	entries, err := os.ReadDir(officialDir)
	if err != nil {
		t.Fatal(err)
	}
	var cases []officialCase
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(officialDir, e.Name())
		c := officialCase{name: e.Name()}
		if c.input, err = os.ReadFile(filepath.Join(dir, "input.txt")); err != nil {
			t.Fatal(err)
		}
		if c.nextState, err = os.ReadFile(filepath.Join(dir, "next_state.txt")); err != nil {
			t.Fatal(err)
		}
		c.log, err = os.ReadFile(filepath.Join(dir, "traverse_log.txt"))
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	if len(cases) != 6 {
		t.Fatalf("found %d official cases in %s, want 6", len(cases), officialDir)
	}
	return cases
}

// firstDifference describes where two files first differ, by line.
func firstDifference(got, want []byte) string {
	g, w := bytes.SplitAfter(got, []byte{'\n'}), bytes.SplitAfter(want, []byte{'\n'})
	for i := 0; i < len(g) && i < len(w); i++ {
		if !bytes.Equal(g[i], w[i]) {
			return "line " + itoa(i+1) + ": got " + string(bytes.TrimSpace(g[i])) + ", want " + string(bytes.TrimSpace(w[i]))
		}
	}
	return "lengths differ: got " + itoa(len(g)) + " lines, want " + itoa(len(w))
}

func itoa(v int) string { return string(appendValue(nil, v)) }

func TestOfficialCases(t *testing.T) {
	for _, c := range loadOfficial(t) {
		t.Run(c.name, func(t *testing.T) {
			p, err := Parse(bytes.NewReader(c.input))
			if err != nil {
				t.Fatal(err)
			}
			var log bytes.Buffer
			res, err := Solve(p, &log)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.NextState(res.Move); !bytes.Equal(got, c.nextState) {
				t.Errorf("next_state.txt differs (move %s): %s", Name(res.Move, p.Board.Size), firstDifference(got, c.nextState))
			}
			if c.log == nil {
				if p.Task != Greedy || log.Len() != 0 {
					t.Errorf("task %v wrote %d log bytes, the case has no log", p.Task, log.Len())
				}
				return
			}
			if !bytes.Equal(log.Bytes(), c.log) {
				t.Errorf("traverse_log.txt differs: %s", firstDifference(log.Bytes(), c.log))
			}
			if want := int64(bytes.Count(c.log, []byte{'\n'})); res.LogLines != want {
				t.Errorf("LogLines = %d, want %d", res.LogLines, want)
			}
		})
	}
}
