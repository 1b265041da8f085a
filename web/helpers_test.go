package web

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"littlego/board"
)

// newTestServer starts the board on a loopback test server.
func newTestServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s := New(cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
	})
	return s, ts
}

// call sends a request with a body (a string sent as is, or a value as JSON) and
// decodes the JSON answer into out (if not nil); it returns the status.
func call(t *testing.T, method, url string, body any, out any) int {
	t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		r = strings.NewReader(string(data))
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: answer %q is not JSON: %v", method, url, data, err)
		}
	}
	return res.StatusCode
}

// event is one server-sent event.
type event struct {
	name string
	data string
}

// readEvents reads server-sent events from r and sends them on a channel, closed at the
// end of the stream.
func readEvents(r io.Reader) <-chan event {
	ch := make(chan event, 16)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		var ev event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ev.data = strings.TrimPrefix(line, "data: ")
			case line == "":
				ch <- ev
				ev = event{}
			}
		}
	}()
	return ch
}

// nextEvent returns the next event named name, failing the test after timeout.
func nextEvent(t *testing.T, ch <-chan event, name string, timeout time.Duration) (event, bool) {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				return event{}, false
			}
			if ev.name == name {
				return ev, true
			}
		case <-deadline:
			t.Fatalf("no %q event within %v", name, timeout)
		}
	}
}

// mustReplay reads an action list and replays it, failing the test on an error.
func mustReplay(t *testing.T, list string) ([]board.Point, board.Position) {
	t.Helper()
	actions, err := parseActions(list)
	if err != nil {
		t.Fatal(err)
	}
	pos, _, err := replay(actions)
	if err != nil {
		t.Fatal(err)
	}
	return actions, pos
}

// actionString writes actions as the API reads them.
func actionString(actions []board.Point) string {
	parts := make([]string, len(actions))
	for k, a := range actions {
		parts[k] = a.String()
	}
	return strings.Join(parts, " ")
}

// reference replays actions with a deliberately simple rules model that shares no code
// with the board package: flood fill on a 5x5 array, captures, suicide, and the ko ban
// as "the board may not repeat the one before the opponent's last move". It returns the
// final board as file digits, or ok false at the first illegal action.
func reference(actions []string) (grid [25]int, ok bool) {
	var prev [25]int
	color := 1
	for _, a := range actions {
		if a == "PASS" {
			prev = grid
			color = 3 - color
			continue
		}
		var i, j int
		if _, err := fmtSscan(a, &i, &j); err != nil {
			return grid, false
		}
		p := i*5 + j
		if grid[p] != 0 {
			return grid, false
		}
		next := grid
		next[p] = color
		for _, q := range refNeighbours(p) {
			if next[q] == 3-color && refLiberties(next, q) == 0 {
				refRemove(&next, q)
			}
		}
		if refLiberties(next, p) == 0 || next == prev {
			return grid, false
		}
		prev, grid = grid, next
		color = 3 - color
	}
	return grid, true
}

func fmtSscan(a string, i, j *int) (int, error) { return fmt.Sscanf(a, "%d,%d", i, j) }

func refNeighbours(p int) []int {
	var out []int
	i, j := p/5, p%5
	if i > 0 {
		out = append(out, p-5)
	}
	if i < 4 {
		out = append(out, p+5)
	}
	if j > 0 {
		out = append(out, p-1)
	}
	if j < 4 {
		out = append(out, p+1)
	}
	return out
}

// refGroup returns the points of the group at p by flood fill.
func refGroup(g [25]int, p int) []int {
	seen := map[int]bool{p: true}
	stack, out := []int{p}, []int{}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out = append(out, q)
		for _, n := range refNeighbours(q) {
			if !seen[n] && g[n] == g[p] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return out
}

func refLiberties(g [25]int, p int) int {
	libs := map[int]bool{}
	for _, q := range refGroup(g, p) {
		for _, n := range refNeighbours(q) {
			if g[n] == 0 {
				libs[n] = true
			}
		}
	}
	return len(libs)
}

func refRemove(g *[25]int, p int) {
	for _, q := range refGroup(*g, p) {
		g[q] = 0
	}
}
