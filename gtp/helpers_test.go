// helpers_test.go: running GTP sessions in tests and reading their responses.

package gtp

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"littlego/board"
	"littlego/engine"
)

// response is one parsed GTP response.
type response struct {
	ok   bool   // '=' rather than '?'
	id   string // the echoed id
	text string // the text after the status, id and one space; lines joined by "\n"
	raw  string
}

// testOptions are engine options for fast, reproducible tests: a few hundred playouts,
// one worker.
func testOptions(playouts int) engine.Options {
	o := engine.Defaults()
	o.Playouts = playouts
	o.Workers = 1
	o.Book = false // the tests look at searches; the book has its own tests in engine
	return o
}

// newTestServer returns a server under rules with testOptions(playouts); its log goes
// to the returned buffer.
func newTestServer(t *testing.T, rules Rules, playouts int) (*Server, *bytes.Buffer) {
	t.Helper()
	var log bytes.Buffer
	return newServerWith(t, testOptions(playouts), Config{Rules: rules, Log: &log}), &log
}

// newServerWith returns a server with an engine of options o.
func newServerWith(t testing.TB, o engine.Options, cfg Config) *Server {
	t.Helper()
	eng, err := engine.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return NewServer(eng, cfg)
}

// session runs input through s and returns the parsed responses.
func session(t *testing.T, s *Server, input string) []response {
	t.Helper()
	var out bytes.Buffer
	if err := s.Run(context.Background(), strings.NewReader(input), &out); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return parseResponses(t, out.String())
}

// parseResponses splits GTP output into responses, failing the test if the framing is
// wrong: each response is a status line starting with '=' or '?' and an optional id,
// then lines, then an empty line.
func parseResponses(t *testing.T, out string) []response {
	t.Helper()
	if out == "" {
		return nil
	}
	if !strings.HasSuffix(out, "\n\n") {
		t.Fatalf("output does not end with an empty line: %q", out)
	}
	var rs []response
	for _, chunk := range strings.Split(strings.TrimSuffix(out, "\n\n"), "\n\n") {
		if chunk == "" || (chunk[0] != '=' && chunk[0] != '?') {
			t.Fatalf("response %q does not start with = or ?", chunk)
		}
		first, rest, _ := strings.Cut(chunk, "\n")
		r := response{ok: chunk[0] == '=', raw: chunk}
		head := first[1:]
		n := 0
		for n < len(head) && head[n] >= '0' && head[n] <= '9' {
			n++
		}
		r.id = head[:n]
		r.text = strings.TrimPrefix(head[n:], " ")
		if rest != "" {
			r.text += "\n" + rest
		}
		rs = append(rs, r)
	}
	return rs
}

// replay plays GTP moves ("b c3", "w pass", ...) on a new position with board.Play,
// switching the side to move as GTP allows, and fails the test on an illegal one.
func replay(t *testing.T, moves ...string) board.Position {
	t.Helper()
	pos := board.New()
	for _, m := range moves {
		cs, vs, _ := strings.Cut(m, " ")
		c, err := ParseColor(cs)
		if err != nil {
			t.Fatal(err)
		}
		pt, err := board.ParseVertex(vs)
		if err != nil {
			t.Fatal(err)
		}
		pos = withTurn(pos, c)
		if _, ok := pos.Play(pt); !ok {
			t.Fatalf("replay: %s illegal in\n%s", m, pos.String())
		}
	}
	return pos
}
