// progress_test.go: the tuner says what it does from its first second, on a terminal and in a log.

package tune

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"littlego/lib/clitest"
)

func TestProgressReportsWhileAStepRuns(t *testing.T) {
	var out clitest.Buffer
	p := newProgress(&out, false)
	p.interval = 5 * time.Millisecond
	p.say(true, "start")
	p.say(false, "too soon") // within the interval: not written off a terminal
	stop := p.while(func() string { return "playing" })
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(out.String(), "tune: playing\n") < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	stop()
	got := out.String()
	if !strings.HasPrefix(got, "tune: start\ntune: playing\n") || strings.Contains(got, "too soon") {
		t.Errorf("log progress %q; want the start, then a line per interval while the step runs", got)
	}
	after := out.String()
	time.Sleep(20 * time.Millisecond)
	if out.String() != after {
		t.Errorf("progress written after stop: %q", strings.TrimPrefix(out.String(), after))
	}

	var term clitest.Buffer
	tp := newProgress(&term, true)
	tp.say(false, "a")
	tp.say(false, "b")
	tp.clear()
	tp.clear()
	if want := "\r\033[Ka\r\033[Kb\r\033[K"; term.String() != want {
		t.Errorf("terminal progress %q, want %q", term.String(), want)
	}
	var none *progress
	none.say(true, "x")
	none.clear()
	none.while(func() string { return "x" })()
}

// The progress says the time left at the pace so far.
func TestTimeLeft(t *testing.T) {
	for _, c := range []struct {
		elapsed    time.Duration
		done, left int
		want       string
	}{
		{time.Minute, 0, 10, ""},
		{10 * time.Second, 2, 3, ", about 15 s left"},
		{time.Minute, 1, 5, ", about 5 min left"},
		{time.Hour, 1, 2, ", about 2 h 00 min left"},
		{time.Minute, 4, 0, ""},
	} {
		if got := timeLeft(c.elapsed, c.done, c.left); got != c.want {
			t.Errorf("timeLeft(%v, %d, %d) = %q, want %q", c.elapsed, c.done, c.left, got, c.want)
		}
	}
}

// Ctrl-C (the context ended) is said as an interruption with how to go on, not as
// "context canceled".
func TestInterruptedSaysHowToGoOn(t *testing.T) {
	file := filepath.Join(t.TempDir(), "run.csv")
	var stderr bytes.Buffer
	o, status, ok := parse([]string{"-base", fastEngine, "-param", "c=1.5:0:2", "-iterations", "50", "-o", file, "-q"}, &stderr)
	if !ok {
		t.Fatalf("parse: %d %s", status, stderr.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout bytes.Buffer
	code := runTuning(ctx, o, &stdout, &stderr)
	if msg := stderr.String(); code != 1 || strings.Contains(msg, "context canceled") || !strings.Contains(msg, "interrupted") || !strings.Contains(msg, "-resume") {
		t.Errorf("exit %d, stderr %q: want 1 and an interruption with -resume, no \"context canceled\"", code, msg)
	}
}
