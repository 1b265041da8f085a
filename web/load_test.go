// load_test.go: the board under load on loopback: clients playing games with engine
// moves, asking for values and analyses, and sending bad requests, for a bounded time;
// every request answered within a bound, no 5xx but 503 with Retry-After, memory bounded
// by what is in use.

package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"littlego/internal/racedetect"
)

// loadClients and loadTime bound the load test: it stops by itself.
const (
	loadClients = 12
	loadTime    = 4 * time.Second
)

// loadBadRequests are bad requests of several kinds, each to be answered 4xx.
var loadBadRequests = []struct{ method, path, body string }{
	{"POST", "/api/game", "{colour"},
	{"POST", "/api/game", `{"color":"red","budget":1}`},
	{"POST", "/api/game", `{"color":"black","budget":100}`},
	{"GET", "/api/position?moves=2,2+9,9", ""},
	{"GET", "/api/position?moves=2,2+2,2", ""},
	{"GET", "/api/values?moves=PASS+0,0", ""},
	{"GET", "/api/analyse?moves=1,1+1,1", ""},
	{"POST", "/api/game/nope/genmove", ""},
	{"DELETE", "/api/game", ""},
	{"GET", "/api/nothing", ""},
	{"POST", "/api/review", "hello"},
}

// loadResult is what one request of the load test got.
type loadResult struct {
	what   string
	status int
	took   time.Duration
	err    error
}

// loadClient sends requests of every kind in turn until the deadline, recording each.
type loadClient struct {
	base    string
	http    *http.Client
	results chan<- loadResult
}

// do sends one request and records its status (the body read whole).
func (c *loadClient) do(what, method, path, body string) (int, []byte) {
	start := time.Now()
	req, err := http.NewRequest(method, c.base+path, strings.NewReader(body))
	if err != nil {
		c.results <- loadResult{what: what, err: err}
		return 0, nil
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.results <- loadResult{what: what, err: err, took: time.Since(start)}
		return 0, nil
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	r := loadResult{what: what, status: res.StatusCode, took: time.Since(start), err: err}
	if res.StatusCode == http.StatusServiceUnavailable && res.Header.Get("Retry-After") == "" {
		r.err = fmt.Errorf("503 without Retry-After: %s", data)
	}
	c.results <- r
	return res.StatusCode, data
}

// run sends requests until deadline: a new game and an engine move, values, an analysis
// read for a while, a position, and a bad request.
func (c *loadClient) run(n int, deadline time.Time) {
	for k := n; time.Now().Before(deadline); k++ {
		switch k % 5 {
		case 0:
			st, data := c.do("new game", "POST", "/api/game", `{"color":"white","budget":0.05}`)
			var g GameView
			if st == http.StatusOK && json.Unmarshal(data, &g) == nil {
				c.do("engine move", "POST", "/api/game/"+g.ID+"/genmove", "")
			}
		case 1:
			c.do("values", "GET", "/api/values?moves=2,2+1,1+1,2+2,1+3,2+2,3+1,3+3,1", "")
		case 2:
			c.analyse(time.Second)
		case 3:
			c.do("position", "GET", "/api/position?moves=2,2+1,1", "")
		default:
			b := loadBadRequests[(n+k/5)%len(loadBadRequests)]
			c.do("bad request "+b.method+" "+b.path, b.method, b.path, b.body)
		}
	}
}

// analyse opens an analysis stream and reads it for at most d, then goes away.
func (c *loadClient) analyse(d time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/api/analyse?moves=2,2+1,1+1,2", nil)
	start := time.Now()
	res, err := c.http.Do(req)
	if err != nil {
		c.results <- loadResult{what: "analysis", err: err, took: time.Since(start)}
		return
	}
	defer res.Body.Close()
	c.results <- loadResult{what: "analysis", status: res.StatusCode, took: time.Since(start)}
	_, _ = io.Copy(io.Discard, res.Body) // until the stream ends or d passes
}

// The board under load: loadClients clients for loadTime against one analysis slot.
// Every request is answered (a request that cannot have a slot within SlotWait gets 503
// with Retry-After at once, never a connection left hanging), none with another 5xx,
// every bad request with a 4xx; afterwards the server answers at once and no analysis
// runs; and the heap holds what is in use: the engines of the moves being chosen and of
// the analysis slot (at most MaxAnalyses each), not one per game kept.
func TestBoardUnderLoad(t *testing.T) {
	cfg := Config{MaxAnalyses: 1, SlotWait: time.Second, AnalysisTime: 3 * time.Second, SolveLimit: 200 * time.Millisecond, MaxSessions: 16}
	s, ts := newTestServer(t, cfg)
	// The bound of "never left hanging": SlotWait, then the request's own work (a values
	// request proves eight late positions at 30 ms of CPU each; an engine move 0.05 s).
	answerBound := cfg.SlotWait + 10*time.Second
	client := &http.Client{Timeout: answerBound}
	results := make(chan loadResult, 1024)
	var wg sync.WaitGroup
	deadline := time.Now().Add(loadTime)
	for n := range loadClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			(&loadClient{base: ts.URL, http: client, results: results}).run(n, deadline)
		}()
	}
	go func() { wg.Wait(); close(results) }()
	counts := map[string]int{}
	busy := 0
	for r := range results {
		counts[r.what]++
		switch {
		case r.err != nil:
			t.Errorf("%s: %v after %v", r.what, r.err, r.took.Round(time.Millisecond))
		case r.status == http.StatusServiceUnavailable:
			busy++
		case r.status >= 500:
			t.Errorf("%s: status %d", r.what, r.status)
		case strings.HasPrefix(r.what, "bad request") != (r.status >= 400):
			t.Errorf("%s: status %d", r.what, r.status)
		}
	}
	t.Logf("requests by kind %v; %d answered 503 with Retry-After", counts, busy)
	s.Wait()
	start := time.Now()
	if st := call(t, "GET", ts.URL+"/api/position?moves=2,2", nil, nil); st != http.StatusOK {
		t.Errorf("after the load: status %d", st)
	}
	t.Logf("after the load the server answered in %v; %d games kept", time.Since(start), s.sessions.count())
	if racedetect.Enabled {
		return // the detector's shadow memory is not the board's
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	// Two engines' search arenas (72 MiB each: the slot's analysis, one engine move) and
	// the solver's tables and facts; one engine per game kept would be 16 × 72 MiB.
	const bound = 512 << 20
	t.Logf("heap in use after the load: %d MiB", ms.HeapInuse>>20)
	if ms.HeapInuse > bound {
		t.Errorf("heap in use after the load: %d MiB, want at most %d MiB", ms.HeapInuse>>20, bound>>20)
	}
}

// With every analysis slot held, a values request waits SlotWait, then gets 503 with
// Retry-After and a message; an engine move likewise while every engine is busy; an
// analysis stream says at once that it is waiting.
func TestBusySlotsAnswer503WithRetryAfter(t *testing.T) {
	s, ts := newTestServer(t, Config{MaxAnalyses: 1, SlotWait: 200 * time.Millisecond})
	slot := <-s.slots // the one slot, held
	s.movers <- struct{}{}
	client := &http.Client{Timeout: 10 * time.Second} // a guard against a hang
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/api/values?moves=2,2", ""},
		{"POST", "/api/game/x/genmove", ""},
	} {
		req, _ := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", c.method, c.path, err)
		}
		var e apiError
		_ = json.NewDecoder(res.Body).Decode(&e)
		res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") != "1" || !strings.Contains(e.Error, "busy") {
			t.Errorf("%s %s: status %d, Retry-After %q, error %q; want 503, 1 and a message", c.method, c.path, res.StatusCode, res.Header.Get("Retry-After"), e.Error)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/analyse?moves=2,2", nil)
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	ev, ok := nextEvent(t, readEvents(res.Body), "status", 5*time.Second)
	if !ok || !strings.Contains(ev.data, "waiting") {
		t.Errorf("the analysis stream: %v %q, want a status saying it waits", ok, ev.data)
	}
	cancel()
	<-s.movers
	s.slots <- slot
}
