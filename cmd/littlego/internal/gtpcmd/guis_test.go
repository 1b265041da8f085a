// guis_test.go: the analysis GUIs' own GTP commands (LizGoban's src/engine.js on_ready
// probes, Lizzie's Leelaz.java ponder with KataGo's estimate), replayed through "littlego
// gtp" in process, every answer line checked.

package gtpcmd

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"littlego/board"
)

// gtpClient drives the command in process, line by line.
type gtpClient struct {
	t      *testing.T
	stdin  *io.PipeWriter
	lines  chan string
	status chan int
}

// startGTP runs "littlego gtp ARGS" in process.
func startGTP(t *testing.T, args ...string) *gtpClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &gtpClient{t: t, stdin: inW, lines: make(chan string, 1024), status: make(chan int, 1)}
	go func() {
		code := run(args, inR, outW, io.Discard)
		outW.Close()
		inR.Close()
		c.status <- code
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-c.status:
		case <-time.After(time.Minute):
			t.Error("the command did not end a minute after stdin closed")
		}
	})
	return c
}

// send writes one command line.
func (c *gtpClient) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.stdin, line+"\n"); err != nil {
		c.t.Fatal(err)
	}
}

// line returns the next output line.
func (c *gtpClient) line() string {
	c.t.Helper()
	select {
	case l, ok := <-c.lines:
		if !ok {
			c.t.Fatal("the output ended")
		}
		return l
	case <-time.After(time.Minute):
		c.t.Fatal("no output line within a minute")
	}
	return ""
}

// response sends a command and returns its whole response, its lines joined by "\n"
// without the blank line that ends it.
func (c *gtpClient) response(cmd string) string {
	c.t.Helper()
	c.send(cmd)
	var out []string
	for l := c.line(); l != ""; l = c.line() {
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// analysis sends an analysis command, reads its "=" and n info lines, stops it with the
// next command (name, as Lizzie does) and returns the info lines.
func (c *gtpClient) analysis(cmd string, n int) []string {
	c.t.Helper()
	c.send(cmd)
	if first := c.line(); first != "=" {
		c.t.Fatalf("%s: answered %q", cmd, first)
	}
	var infos []string
	for len(infos) < n {
		l := c.line()
		if l == "" {
			break // the analysis ended (nothing left to do) before n lines
		}
		infos = append(infos, l)
	}
	c.send("name")
	for l := c.line(); l != ""; l = c.line() {
		infos = append(infos, l)
	}
	if got := c.line(); got != "= littlego" {
		c.t.Fatalf("%s: the name after it answered %q", cmd, got)
	}
	c.line()
	return infos
}

// entry is one info entry of a kata-analyze line, its keys and their values.
type entry map[string][]string

// parseKata splits a kata-analyze line into its move entries, and the rootInfo and
// ownership blocks after them: every key takes one value but pv, movesOwnership and
// ownership, which run to the next block.
func parseKata(t *testing.T, line string) (moves []entry, root entry, ownership []float64) {
	t.Helper()
	var cur entry
	key := ""
	for _, w := range strings.Fields(line) {
		switch w {
		case "info":
			cur, key = entry{}, ""
			moves = append(moves, cur)
			continue
		case "rootInfo":
			root, key = entry{}, ""
			cur = root
			continue
		case "ownership":
			cur, key = entry{}, "ownership"
			continue
		case "movesOwnership":
			key = w
			continue
		}
		switch {
		case key == "ownership":
			x, err := strconv.ParseFloat(w, 64)
			if err != nil {
				t.Fatalf("ownership value %q in %q", w, line)
			}
			ownership = append(ownership, x)
		case cur == nil:
			t.Fatalf("%q before any block in %q", w, line)
		case key == "" || key != "pv" && key != "movesOwnership" && len(cur[key]) == 1:
			key = w
			cur[key] = []string{}
		default:
			cur[key] = append(cur[key], w)
		}
	}
	return moves, root, ownership
}

// LizGoban's start-up probes: the switches it provides (movesOwnership, rootInfo,
// allow) answer "=" and then print what they turn on; those it does not (pvVisits,
// pvEdgeVisits, ownershipStdev) and the commands it lacks (kata-raw-nn, lz-setoption,
// set_free_handicap, set_position, kata-search_analyze_cancellable) are refused, so that
// LizGoban's feature table tells the truth; kata-set-rules takes the course's rules and
// refuses another's, clear_cache is "=".
func TestLizGobanProbes(t *testing.T) {
	c := startGTP(t, "-playouts", "300")
	if r := c.response("name"); r != "= littlego" {
		t.Fatalf("name: %q", r)
	}
	for _, refused := range []string{"lz-setoption name visits value 0", "set_free_handicap A1", "set_position", "kata-raw-nn 0",
		"kata-analyze 1 pvVisits true", "kata-analyze 1 pvEdgeVisits true", "kata-analyze 1 ownershipStdev true",
		"kata-search_analyze_cancellable B", "kata-set-rules chinese"} {
		if r := c.response(refused); !strings.HasPrefix(r, "? ") {
			t.Errorf("%s: %q; want a failure", refused, r)
		}
	}
	for _, ok := range []string{"kata-set-rules littlego", "clear_cache"} {
		if r := c.response(ok); r != "= " && r != "=" {
			t.Errorf("%s: %q", ok, r)
		}
	}
	c.response("play b c3")
	pos := board.New()
	pos.Play(board.PointAt(2, 2))
	for _, probe := range []string{"kata-analyze interval 1", "kata-analyze 1 movesOwnership true", "kata-analyze 1 rootInfo true"} {
		infos := c.analysis(probe, 2)
		if len(infos) == 0 {
			t.Fatalf("%s: no info line", probe)
		}
		for _, l := range infos {
			moves, root, _ := parseKata(t, l)
			if len(moves) == 0 {
				t.Fatalf("%s: %q has no move", probe, l)
			}
			for _, m := range moves {
				if w := m["winrate"]; len(w) == 1 && (w[0] == "0.000000" || w[0] == "1.000000") && fmt.Sprint(m["scoreSelfplay"]) != fmt.Sprint(m["scoreLead"]) {
					t.Errorf("%s: the proved %v has scoreSelfplay %v, scoreLead %v: want the same", probe, m["move"], m["scoreSelfplay"], m["scoreLead"])
				}
				own := m["movesOwnership"]
				if strings.Contains(probe, "movesOwnership") != (len(own) == board.NumPoints) {
					t.Errorf("%s: move %v has %d movesOwnership values", probe, m["move"], len(own))
				}
			}
			if strings.Contains(probe, "rootInfo") != (root != nil) || root != nil && (len(root["visits"]) != 1 || len(root["winrate"]) != 1 || len(root["scoreLead"]) != 1) {
				t.Errorf("%s: rootInfo %v in %q", probe, root, l)
			}
			if root != nil && root["winrate"][0] != "0.000000" {
				t.Errorf("%s: after C3 White has lost (the solved board): rootInfo winrate %v", probe, root["winrate"])
			}
		}
	}
	for _, l := range c.analysis("lz-analyze 1 allow B D4 1", 2) {
		if !strings.HasPrefix(l, "info move ") {
			t.Errorf("allow: %q", l)
		}
	}
	// The probe's allow is Black's, White is to move: every move is shown; White's own
	// allow shows D4 alone.
	for _, l := range c.analysis("lz-analyze 1 allow W D4 1", 2) {
		if strings.Count(l, "info move") != 1 || !strings.HasPrefix(l, "info move D4 ") {
			t.Errorf("allow W D4: %q; want D4 alone", l)
		}
	}
}

// Lizzie with "show KataGo estimate" sends kata-analyze INTERVAL ownership true and reads
// everything after "ownership" as 25 numbers: the block ends the line, each value the
// share of the 64 playouts ending with the side to move's stone less the share ending
// with the other's.
func TestLizzieOwnershipEstimate(t *testing.T) {
	c := startGTP(t, "-playouts", "300")
	c.response("play b c3")
	c.response("play w c4")
	infos := c.analysis("kata-analyze 10 ownership true", 2)
	if len(infos) == 0 {
		t.Fatal("no info line")
	}
	for _, l := range infos {
		parts := strings.Split(strings.TrimSpace(l), "ownership")
		if len(parts) != 2 {
			t.Fatalf("%q: want one ownership block", l)
		}
		vals := strings.Fields(parts[1])
		if len(vals) != board.NumPoints {
			t.Fatalf("ownership of %d values: %q", len(vals), parts[1])
		}
		for k, v := range vals {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || x < -1 || x > 1 || x*64 != math.Trunc(x*64) {
				t.Fatalf("ownership[%d] %q: want a share of the 64 playouts in [-1, 1]", k, v)
			}
		}
	}
}

// Lizzie's analysis after C3 C4 A1 (lz-analyze 10, stopped by name): from one line to
// the next no move's visits fall, and each line lists the proved wins first, in order of
// visits among those of the same margin (lz-analyze shows no margin: among the wins,
// visits never rise down the line once the margins are alike, which the kata-analyze
// form checks).
func TestLizzieVisitsNeverFall(t *testing.T) {
	c := startGTP(t)
	for _, m := range []string{"play b c3", "play w c4", "play b a1"} {
		c.response(m)
	}
	last := map[string]int{}
	lines := c.analysis("kata-analyze 10", 12)
	if len(lines) < 3 {
		t.Fatalf("%d lines", len(lines))
	}
	for n, l := range lines {
		moves, _, _ := parseKata(t, l)
		seenUnproved := false
		prevVisits, prevLead := -1, ""
		for _, m := range moves {
			move := m["move"][0]
			visits, _ := strconv.Atoi(m["visits"][0])
			if visits < last[move] {
				t.Errorf("line %d: %s has %d visits, %d on the line before", n, move, visits, last[move])
			}
			last[move] = visits
			won := m["winrate"][0] == "1.000000"
			if won && seenUnproved {
				t.Errorf("line %d: the proved win %s after an unproved move", n, move)
			}
			seenUnproved = seenUnproved || !won
			if won && m["scoreStdev"][0] == "0.0" {
				if lead := m["scoreLead"][0]; lead == prevLead && visits > prevVisits {
					t.Errorf("line %d: %s (%d visits) after a win of the same margin with %d", n, move, visits, prevVisits)
				} else {
					prevLead = lead
				}
				prevVisits = visits
			}
		}
	}
}
