package proofstore

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"littlego/board"
	"littlego/facts"
	"littlego/tablebase"
)

// The helper process: with LITTLEGO_STORE_WRITER=PATH,FIRST,N it keeps the proofs of N
// positions (distinctPositions from FIRST) in the store at PATH, flushing after each
// and printing "committed K" once the K-th is written, then exits.
func TestMain(m *testing.M) {
	if spec := os.Getenv("LITTLEGO_STORE_WRITER"); spec != "" {
		os.Exit(writer(spec))
	}
	os.Exit(m.Run())
}

func writer(spec string) int {
	parts := strings.Split(spec, ",")
	first, _ := strconv.Atoi(parts[1])
	n, _ := strconv.Atoi(parts[2])
	s, err := Open(parts[0], Options{Tool: "writer " + parts[1]})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	for k, pos := range distinctPositions(first + n)[first:] {
		s.Keep(pos, facts.Proof(pos.Turn, facts.Win, facts.Solver), 0)
		if err := s.Flush(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Printf("committed %d\n", k+1)
	}
	return 0
}

// distinctPositions returns n positions of different canonical keys, in canonical
// orientation, the same n on every call: Black, White and Black stones, as the points come.
func distinctPositions(n int) []board.Position {
	seen := map[uint64]bool{}
	var out []board.Position
	for k := 0; k < board.NumPoints*board.NumPoints*board.NumPoints && len(out) < n; k++ {
		pos := board.New()
		a, b, c := board.Point(k%board.NumPoints), board.Point(k/board.NumPoints%board.NumPoints), board.Point(k/board.NumPoints/board.NumPoints)
		if !pos.Act(a) || !pos.Act(b) || !pos.Act(c) {
			continue
		}
		canon, _ := tablebase.Canonical(pos)
		if key := tablebase.Key(&canon); !seen[key] {
			seen[key] = true
			out = append(out, canon)
		}
	}
	return out
}

// writerCmd returns the test binary run as a writer of n proofs from first into path.
func writerCmd(path string, first, n int) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), fmt.Sprintf("LITTLEGO_STORE_WRITER=%s,%d,%d", path, first, n))
	cmd.Stderr = os.Stderr
	return cmd
}

func TestTwoProcessesAtOnceBothKeepTheirProofs(t *testing.T) {
	if len(distinctPositions(120)) < 120 {
		t.Fatal("too few test positions")
	}
	path := filepath.Join(t.TempDir(), "proofs.db")
	a, b := writerCmd(path, 0, 60), writerCmd(path, 60, 60)
	if err := a.Start(); err != nil {
		t.Fatal(err)
	}
	if err := b.Start(); err != nil {
		t.Fatal(err)
	}
	if err := a.Wait(); err != nil {
		t.Fatalf("writer a: %v", err)
	}
	if err := b.Wait(); err != nil {
		t.Fatalf("writer b: %v", err)
	}
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tools := map[string]int{}
	for _, p := range s.Proofs() {
		tools[p.Tool]++
	}
	if s.Len() != 120 || tools["writer 0"] != 60 || tools["writer 60"] != 60 {
		t.Errorf("%d proofs, by %v: want 60 of each writer", s.Len(), tools)
	}
}

func TestAKilledProcessLosesNothingItCommitted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "proofs.db")
	cmd := writerCmd(path, 0, 150)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	committed := 0
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		fmt.Sscanf(lines.Text(), "committed %d", &committed)
		if committed == 40 {
			cmd.Process.Signal(syscall.SIGKILL) // mid-way: the writer is in its next transaction or about to be
			break
		}
	}
	for lines.Scan() {
		fmt.Sscanf(lines.Text(), "committed %d", &committed)
	}
	cmd.Wait()
	if committed < 40 || committed == 150 {
		t.Fatalf("the writer committed %d before it was killed, want 40 to 149", committed)
	}
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatalf("after the kill: %v", err)
	}
	if s.Len() < committed {
		t.Errorf("%d proofs after the kill, %d were committed", s.Len(), committed)
	}
	want := distinctPositions(committed)
	held := map[uint64]bool{}
	for _, p := range s.Proofs() {
		held[p.Key] = true
	}
	for k, pos := range want {
		if !held[tablebase.Key(&pos)] {
			t.Errorf("committed proof %d is lost", k+1)
		}
	}
}
