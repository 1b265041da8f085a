// progress_test.go: the tuner says what it does from its first second, on a terminal and in a log.

package tune

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuilder is a strings.Builder safe for progress's ticker goroutine.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestProgressReportsWhileAStepRuns(t *testing.T) {
	var out lockedBuilder
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

	var term lockedBuilder
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
