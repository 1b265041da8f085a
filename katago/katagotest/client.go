// Package katagotest is a client of KataGo's analysis protocol written from its published
// description (KataGo's docs/Analysis_Engine.md) alone, for tests: queries built as plain
// maps, every response decoded generically. It shares no type with package katago, so the
// same client drives Serve in process (katago's tests) and the real binary (littlego
// analysis's tests) over its stdin and stdout.
package katagotest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// AnalysisClient sends queries to an analysis engine and reads its responses: one JSON
// object per line each way.
type AnalysisClient struct {
	mu    sync.Mutex // guards w
	w     io.Writer
	lines chan line
}

// line is one response line, decoded, with when it arrived.
type line struct {
	obj  map[string]any
	raw  string
	at   time.Time
	err  error // the line is not a JSON object
	done bool  // the engine's output ended
}

// NewAnalysisClient returns a client writing queries to w (the engine's stdin) and
// reading responses from r (its stdout).
func NewAnalysisClient(w io.Writer, r io.Reader) *AnalysisClient {
	c := &AnalysisClient{w: w, lines: make(chan line, 4096)}
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			l := line{raw: sc.Text(), at: time.Now()}
			if err := json.Unmarshal(sc.Bytes(), &l.obj); err != nil || l.obj == nil {
				l.err = fmt.Errorf("not a JSON object: %q", l.raw)
			}
			c.lines <- l
		}
		c.lines <- line{done: true, at: time.Now()}
	}()
	return c
}

// Send writes one query.
func (c *AnalysisClient) Send(q map[string]any) error {
	b, err := json.Marshal(q)
	if err != nil {
		return err
	}
	return c.SendRaw(string(b))
}

// SendRaw writes one line as it is.
func (c *AnalysisClient) SendRaw(s string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err := io.WriteString(c.w, s+"\n")
	return err
}

// Next returns the next response, or an error when none comes within timeout, the
// output ends or the line is not a JSON object.
func (c *AnalysisClient) Next(timeout time.Duration) (map[string]any, time.Time, error) {
	select {
	case l := <-c.lines:
		switch {
		case l.done:
			c.lines <- l // stays ended
			return nil, l.at, io.EOF
		case l.err != nil:
			return nil, l.at, l.err
		}
		return l.obj, l.at, nil
	case <-time.After(timeout):
		return nil, time.Now(), fmt.Errorf("no response within %v", timeout)
	}
}

// Final reports whether a response is the last of its turn (isDuringSearch false, no
// error or warning).
func Final(r map[string]any) bool {
	if _, ok := r["turnNumber"]; !ok {
		return false
	}
	during, _ := r["isDuringSearch"].(bool)
	return !during
}

// Collect reads responses until the final ones of n turns of query id have come, and
// returns those by turn number and every other response read meanwhile.
func (c *AnalysisClient) Collect(id string, n int, timeout time.Duration) (map[int]map[string]any, []map[string]any, error) {
	finals := map[int]map[string]any{}
	var others []map[string]any
	deadline := time.Now().Add(timeout)
	for len(finals) < n {
		r, _, err := c.Next(time.Until(deadline))
		if err != nil {
			return finals, others, err
		}
		if r["id"] == id && Final(r) {
			turn := int(r["turnNumber"].(float64))
			if _, dup := finals[turn]; dup {
				return finals, others, fmt.Errorf("two final responses for turn %d", turn)
			}
			finals[turn] = r
			continue
		}
		others = append(others, r)
	}
	return finals, others, nil
}

// Expect reads one response and checks that it is an error (kind "error") or a warning
// (kind "warning") with the field and, when id is not empty, the id.
func (c *AnalysisClient) Expect(kind, field, id string, timeout time.Duration) (map[string]any, error) {
	r, _, err := c.Next(timeout)
	if err != nil {
		return nil, err
	}
	msg, ok := r[kind].(string)
	switch {
	case !ok || msg == "":
		return r, fmt.Errorf("want %s response, got %v", kind, r)
	case field != "" && r["field"] != field:
		return r, fmt.Errorf("want field %q, got %v", field, r)
	case id != "" && r["id"] != id:
		return r, fmt.Errorf("want id %q, got %v", id, r)
	case id == "" && r["id"] != nil:
		return r, fmt.Errorf("want no id, got %v", r)
	}
	return r, nil
}

// Moves turns "B C3 W D4 ..." into the query's [["B","C3"],["W","D4"],...].
func Moves(s string) [][]string {
	f := strings.Fields(s)
	out := [][]string{}
	for k := 0; k+1 < len(f); k += 2 {
		out = append(out, []string{f[k], f[k+1]})
	}
	return out
}

// NewQuery returns a query of the course's game with the given id and moves.
func NewQuery(id, mv string) map[string]any {
	return map[string]any{"id": id, "moves": Moves(mv), "rules": "littlego", "komi": 2.5, "boardXSize": 5, "boardYSize": 5}
}
