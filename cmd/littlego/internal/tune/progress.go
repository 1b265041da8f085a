// progress.go: what a run is doing, said on stderr from its first second: a line kept up to date on a terminal, a line now and then in a log.

package tune

import (
	"fmt"
	"io"
	"math"
	"sync"
	"time"
)

// Intervals between two progress reports: on a terminal the line is rewritten every
// second; elsewhere (a log file, a pipe) a new line is written at most this often.
const (
	terminalInterval = time.Second
	logInterval      = 10 * time.Second
)

// progress reports on stderr. Its zero value (and nil) reports nothing, as -q asks.
type progress struct {
	w        io.Writer
	terminal bool          // rewrite one line in place
	interval time.Duration // between two reports while a step runs
	mu       sync.Mutex
	last     time.Time // of the last line written, off a terminal
	shown    bool      // a terminal line is on screen
}

// newProgress reports on w: in place when terminal, else as lines at most logInterval
// apart.
func newProgress(w io.Writer, terminal bool) *progress {
	p := &progress{w: w, terminal: terminal, interval: logInterval}
	if terminal {
		p.interval = terminalInterval
	}
	return p
}

// say reports text: on a terminal it replaces the line on screen; elsewhere it is a new
// line, unless one was written less than the interval ago and force is false.
func (p *progress) say(force bool, text string) {
	if p == nil || p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.terminal:
		fmt.Fprint(p.w, "\r\033[K"+text)
		p.shown = true
	case force || time.Since(p.last) >= p.interval:
		fmt.Fprintln(p.w, "tune: "+text)
		p.last = time.Now()
	}
}

// clear removes the terminal's line before other output.
func (p *progress) clear() {
	if p == nil || p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.terminal && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// while reports text() every interval until the returned stop is called, so that a
// step lasting minutes (a batch of pairs) still shows that the run is alive.
func (p *progress) while(text func() string) (stop func()) {
	if p == nil || p.w == nil {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(p.interval)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				p.say(false, text())
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// timeLeft returns ", about 3 min left": the time the left iterations take at the pace of
// the done ones, which took elapsed; "" before any is done.
func timeLeft(elapsed time.Duration, done, left int) string {
	if done <= 0 || left <= 0 {
		return ""
	}
	d := time.Duration(float64(elapsed) / float64(done) * float64(left))
	switch {
	case d < time.Minute:
		return fmt.Sprintf(", about %.0f s left", d.Seconds())
	case d < time.Hour:
		return fmt.Sprintf(", about %.0f min left", d.Minutes())
	}
	return fmt.Sprintf(", about %d h %02.0f min left", int(d.Hours()), math.Mod(d.Minutes(), 60))
}
