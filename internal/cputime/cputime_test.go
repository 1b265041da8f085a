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
