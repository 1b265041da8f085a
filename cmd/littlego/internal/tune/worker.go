package tune

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"littlego/arena"
	"littlego/board"
	"littlego/record"
)

// workerEnv, set to 1 in the environment, makes the tuner's executable play one game
// pair as a worker: each pair runs in a process of its own, so that each engine's
// budget, the process's CPU time, is its own as the arena counts it, whatever -jobs.
const workerEnv = "LITTLEGO_TUNE_WORKER"

// pairJob is what a worker is asked: a colour-swapped pair between two engines (A is
// Black in the first game), from an opening, on a seed.
type pairJob struct {
	A, B     string // engine options, as engine:... takes them
	NameA    string
	NameB    string
	Pair     int // the pair's number: its games are 2 Pair - 1 and 2 Pair
	Seed     uint64
	Opening  string // actions, "2,2 1,3"; "" for the empty board
	CPULimit time.Duration
}

// playPair plays job in this process and returns the two records.
func playPair(ctx context.Context, job pairJob) ([]record.Record, error) {
	a, err := arena.ParseAgent("engine:" + job.A)
	if err != nil {
		return nil, err
	}
	b, err := arena.ParseAgent("engine:" + job.B)
	if err != nil {
		return nil, err
	}
	a.Name, b.Name = job.NameA, job.NameB
	cfg := arena.Config{Games: 2 * job.Pair, Jobs: 1, CPULimit: job.CPULimit, Seed: job.Seed, PairSeeds: true}
	if job.Opening != "" {
		var o arena.Opening
		for _, tok := range strings.Fields(job.Opening) {
			m, err := board.ParseOutput(strings.NewReader(tok))
			if err != nil {
				return nil, fmt.Errorf("opening %q: %v", job.Opening, err)
			}
			o.Moves = append(o.Moves, m)
		}
		cfg.Openings = []arena.Opening{o}
	}
	recs := make([]record.Record, 0, 2)
	for g := 2*job.Pair - 1; g <= 2*job.Pair; g++ {
		recs = append(recs, arena.PlayGame(ctx, a, b, g, "", &cfg))
	}
	return recs, nil
}

// workerMain reads a pairJob on stdin, plays it, and writes the records as JSON.
// Worker reports whether this process was started as a tuner's worker (workerEnv set),
// in which case the executable's main runs WorkerMain instead of its command line.
func Worker() bool { return os.Getenv(workerEnv) == "1" }

// WorkerMain plays the pair the tuner sent on stdin and returns the exit status.
func WorkerMain() int { return workerMain() }

func workerMain() int {
	var job pairJob
	if err := json.NewDecoder(os.Stdin).Decode(&job); err != nil {
		fmt.Fprintf(os.Stderr, "tune worker: %v\n", err)
		return 2
	}
	recs, err := playPair(context.Background(), job)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tune worker: %v\n", err)
		return 1
	}
	if err := json.NewEncoder(os.Stdout).Encode(recs); err != nil {
		fmt.Fprintf(os.Stderr, "tune worker: %v\n", err)
		return 1
	}
	return 0
}

// runPair plays job in a worker process (this executable with workerEnv set), killed
// with its process group when ctx ends.
func runPair(ctx context.Context, job pairJob) ([]record.Record, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	in, err := json.Marshal(job)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, exe)
	cmd.Env = append(os.Environ(), workerEnv+"=1")
	cmd.Stdin = bytes.NewReader(in)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("pair %d: worker: %v: %s", job.Pair, err, strings.TrimSpace(lastLine(errOut.String())))
	}
	var recs []record.Record
	if err := json.NewDecoder(io.LimitReader(&out, 1<<24)).Decode(&recs); err != nil || len(recs) != 2 {
		return nil, fmt.Errorf("pair %d: worker's answer: %v (%d records)", job.Pair, err, len(recs))
	}
	return recs, nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if k := strings.LastIndexByte(s, '\n'); k >= 0 {
		return s[k+1:]
	}
	return s
}
