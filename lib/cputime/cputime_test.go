// cputime_test.go: the clocks advance with work and never run backwards.

package cputime

import (
	"runtime"
	"testing"
	"time"
)

var sink int

func spin(d time.Duration, clock func() time.Duration) time.Duration {
	start := clock()
	for clock()-start < d {
		for k := 0; k < 100_000; k++ {
			sink += k
		}
	}
	return clock() - start
}

func TestClocksAdvanceWithWork(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for name, clock := range map[string]func() time.Duration{"Process": Process, "Thread": Thread} {
		before := clock()
		used := spin(20*time.Millisecond, clock)
		if used < 20*time.Millisecond || clock() < before {
			t.Errorf("%s: %v after spinning for 20 ms of its own time", name, used)
		}
	}
}

func TestThreadIsAtMostProcess(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	spin(10*time.Millisecond, Thread)
	if th, pr := Thread(), Process(); th > pr {
		t.Errorf("thread time %v above process time %v", th, pr)
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]time.Duration{"2": 2 * time.Second, "2.5": 2500 * time.Millisecond, "500ms": 500 * time.Millisecond, "0": 0, "1m": time.Minute, "-1": -time.Second} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"x", "NaN", "Inf", "1e300", "", "2 s"} {
		if got, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", in, got)
		}
	}
}
