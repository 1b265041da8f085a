// server_test.go: a scripted GTP session over every command, malformed input, ids, blank lines and comments.

package gtp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/engine"
)

// step is one input line of a scripted session and what its response must be: want
// is the exact response ("= 2", "?3 illegal move"), or check inspects it. A step with
// neither expects no response (blank lines, comments).
type step struct {
	in    string
	want  string
	check func(t *testing.T, r response)
}

// runScript runs the steps as one session and checks every response in order.
func runScript(t *testing.T, s *Server, steps []step) {
	t.Helper()
	var in strings.Builder
	var expect []step
	for _, st := range steps {
		in.WriteString(st.in + "\n")
		if st.want != "" || st.check != nil {
			expect = append(expect, st)
		}
	}
	rs := session(t, s, in.String())
	if len(rs) != len(expect) {
		for _, r := range rs {
			t.Logf("response %q", r.raw)
		}
		t.Fatalf("%d responses, want %d", len(rs), len(expect))
	}
	for i, st := range expect {
		r := rs[i]
		if st.want != "" {
			if r.raw != st.want {
				t.Errorf("%q: response %q, want %q", st.in, r.raw, st.want)
			}
			continue
		}
		t.Run(fmt.Sprintf("%d %s", i, st.in), func(t *testing.T) { st.check(t, r) })
	}
}

// requiredCommands are the commands GTP version 2 requires, those of time control and analysis that
// Sabaki and GoGui use, and the engine's own.
var requiredCommands = []string{"protocol_version", "name", "version", "known_command", "list_commands",
	"quit", "boardsize", "clear_board", "komi", "play", "genmove", "undo", "showboard", "final_score",
	"time_settings", "time_left", "kgs-time_settings", "cputime", "lz-analyze", "lz-genmove_analyze", "kata-analyze", "kata-genmove_analyze",
	"littlego-set_param", "littlego-get_param", "littlego-rules"}

func TestScriptedSession(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 200)
	// After "play b c3" and "play w b4": Black to play.
	afterTwo := replay(t, "b c3", "w b4")
	legalFor := func(pos board.Position) func(t *testing.T, r response) {
		return func(t *testing.T, r response) {
			if !r.ok {
				t.Fatalf("failed: %q", r.raw)
			}
			pt, err := ParseVertex(r.text)
			if err != nil || !pos.IsLegal(pt) {
				t.Fatalf("move %q (%v) is not legal in\n%s", r.text, err, pos.String())
			}
		}
	}
	infoLines := func(lastPlay bool) func(t *testing.T, r response) {
		return func(t *testing.T, r response) {
			if !r.ok || !strings.HasPrefix(r.raw, "=") {
				t.Fatalf("failed: %q", r.raw)
			}
			lines := strings.Split(r.text, "\n")
			if lines[0] != "" {
				t.Fatalf("first line %q: the status line carries nothing", lines[0])
			}
			lines = lines[1:]
			if lastPlay {
				if len(lines) == 0 || !strings.HasPrefix(lines[len(lines)-1], "play ") {
					t.Fatalf("no final play line in %q", r.raw)
				}
				if _, err := ParseVertex(strings.TrimPrefix(lines[len(lines)-1], "play ")); err != nil {
					t.Fatalf("final line %q: %v", lines[len(lines)-1], err)
				}
				lines = lines[:len(lines)-1]
			}
			for _, l := range lines {
				if _, err := parseInfoLine(l); err != nil {
					t.Fatalf("info line %q: %v", l, err)
				}
			}
		}
	}
	steps := []step{
		{in: "protocol_version", want: "= 2"},
		{in: ""},
		{in: "   \t  "},
		{in: "# a comment line"},
		{in: "1 name", want: "=1 littlego"},
		{in: "2 version", want: "=2 " + Version},
		{in: "known_command play", want: "= true"},
		{in: "known_command\tlz-analyze   # a tab and a comment", want: "= true"},
		{in: "known_command resign", want: "= false"},
		{in: "known_command", want: "? syntax error"},
		{in: "list_commands", check: func(t *testing.T, r response) {
			got := map[string]bool{}
			for _, l := range strings.Split(r.text, "\n") {
				got[l] = true
			}
			for _, c := range requiredCommands {
				if !got[c] {
					t.Errorf("list_commands lacks %s: %q", c, r.text)
				}
			}
			if len(got) != len(requiredCommands) {
				t.Errorf("list_commands has %d commands, want %d", len(got), len(requiredCommands))
			}
		}},
		{in: "boardsize 9", want: "? unacceptable size"},
		{in: "3 boardsize 19", want: "?3 unacceptable size"},
		{in: "boardsize five", want: "? syntax error"},
		{in: "boardsize", want: "? syntax error"},
		{in: "boardsize 5", want: "= "},
		{in: "clear_board", want: "= "},
		{in: "komi 2.5", want: "= "},
		{in: "komi abc", want: "? syntax error"},
		{in: "komi NaN", want: "? syntax error"},
		{in: "komi", want: "? syntax error"},
		{in: "play b c3", want: "= "},
		{in: "play W\tB4\r", want: "= "}, // tab and CR
		{in: "play b c3", want: "? illegal move"},
		{in: "play b f1", want: "? illegal move"},
		{in: "play b a6", want: "? illegal move"},
		{in: "play x c2", want: "? syntax error"},
		{in: "play b", want: "? syntax error"},
		{in: "play b i1", want: "? syntax error"},
		{in: "play b c2 d2", want: "? syntax error"},
		{in: "4 genmove b", check: func(t *testing.T, r response) {
			if r.id != "4" {
				t.Errorf("id %q, want 4", r.id)
			}
			legalFor(afterTwo)(t, r)
		}},
		{in: "genmove", want: "? syntax error"},
		{in: "genmove purple", want: "? syntax error"},
		{in: "undo", want: "= "},
		{in: "showboard", check: func(t *testing.T, r response) {
			for _, want := range []string{" 3 . . X . . 3", " 4 . O . . . 4", "   A B C D E", "move 3, Black to play"} {
				if !strings.Contains(r.text, want) {
					t.Errorf("showboard lacks %q:\n%s", want, r.text)
				}
			}
		}},
		{in: "final_score", want: "= W+2.5"},
		{in: "komi 0.5", want: "= "},
		{in: "final_score", want: "= W+0.5"},
		{in: "komi 0", want: "= "},
		{in: "final_score", want: "= 0"},
		{in: "komi -3", want: "= "},
		{in: "final_score", want: "= B+3"},
		{in: "komi 2.5", want: "= "},
		{in: "time_settings 300 30 5", want: "= "},
		{in: "time_settings 300 30", want: "? syntax error"},
		{in: "time_settings -1 0 0", want: "? syntax error"},
		{in: "time_left b 120 0", want: "= "},
		{in: "time_left black 20 3", want: "= "},
		{in: "time_left b x 0", want: "? syntax error"},
		{in: "time_left green 1 0", want: "? syntax error"},
		{in: "kgs-time_settings byoyomi 60 10 3", want: "= "},
		{in: "kgs-time_settings canadian 60 10 5", want: "= "},
		{in: "kgs-time_settings absolute 60", want: "= "},
		{in: "kgs-time_settings canadian 60 10", want: "? syntax error"},
		{in: "kgs-time_settings nonsense", want: "? syntax error"},
		{in: "kgs-time_settings", want: "? syntax error"},
		{in: "kgs-time_settings none", want: "= "},
		{in: "cputime", check: func(t *testing.T, r response) {
			if v, err := strconv.ParseFloat(r.text, 64); !r.ok || err != nil || v < 0 {
				t.Errorf("cputime answered %q", r.raw)
			}
		}},
		{in: "littlego-set_param playouts 100", want: "= "},
		{in: "littlego-get_param playouts", want: "= 100"},
		{in: "littlego-set_param workers 0", check: func(t *testing.T, r response) {
			if r.ok || !strings.HasPrefix(r.text, "workers 0 out of range") {
				t.Errorf("got %q, want a range failure", r.raw)
			}
		}},
		{in: "littlego-get_param workers", want: "= 1"},
		{in: "littlego-set_param priors maybe", want: "? invalid value maybe for priors"},
		{in: "littlego-set_param bogus 1", want: "? unknown parameter bogus"},
		{in: "littlego-set_param playouts", want: "? syntax error"},
		{in: "littlego-get_param bogus", want: "? unknown parameter bogus"},
		{in: "littlego-get_param", check: func(t *testing.T, r response) {
			for _, want := range []string{"playouts 100", fmt.Sprintf("c %g", engine.Defaults().C), "rave 1000", "expand 2", "workers 1", "budget 0.5",
				"policy " + engine.Defaults().Policy, "priors true", "solve true", fmt.Sprintf("solve-from %d", engine.Defaults().SolveFrom), "plan true", "seed 1"} {
				if !strings.Contains("\n"+r.text+"\n", "\n"+want+"\n") {
					t.Errorf("get_param lacks %q:\n%s", want, r.text)
				}
			}
		}},
		{in: "littlego-rules", want: "= littlego"},
		{in: "littlego-rules go", want: "? rules \"go\" unknown: want littlego or area"},
		{in: "lz-analyze 1", check: infoLines(false)},
		{in: "lz-analyze avoid b a1 1", want: "? avoid is not supported"},
		{in: "lz-analyze b 10 fast", want: "? syntax error"},
		{in: "lz-genmove_analyze b 10", check: infoLines(true)},
		{in: "undo", want: "= "},
		{in: "undo", want: "= "},
		{in: "undo", want: "= "},
		{in: "undo", want: "? cannot undo"},
		{in: "flurb", want: "? unknown command"},
		{in: "7 flurb x y", want: "?7 unknown command"},
		{in: "NAME", want: "? unknown command"},
		{in: "8", want: "?8 syntax error"},
		{in: "\x01\x02\x7f"},
		{in: "9 quit", want: "=9 "},
		{in: "name"}, // after quit: not read
	}
	runScript(t, s, steps)
}

func TestEndOfInputEndsSession(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 100)
	rs := session(t, s, "name\nprotocol_version") // no final newline, no quit
	if len(rs) != 2 || rs[0].text != "littlego" || rs[1].text != "2" {
		t.Fatalf("responses %+v", rs)
	}
}

func TestLongLineIsRejectedNotFatal(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 100)
	long := "play b " + strings.Repeat("a", 3*maxLine)
	rs := session(t, s, long+"\nname\n")
	if len(rs) != 2 || rs[0].ok || rs[1].text != "littlego" {
		t.Fatalf("responses %+v", rs)
	}
}

func TestRunEndsWithItsContext(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 20)
	inR, inW := io.Pipe() // an input that never ends
	defer inW.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, inR, io.Discard) }()
	inW.Write([]byte("name\n"))
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Run returned %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not end with its context")
	}
}

func TestIllegalMoveReasonGoesToTheLog(t *testing.T) {
	// White on Black's C3 is occupied; Black in the corner A5 between White's A4 and
	// B5 is suicide.
	s, log := newTestServer(t, LittleGo, 20)
	rs := session(t, s, "play b c3\nplay w c3\nplay w a4\nplay w b5\nplay b a5\n")
	for i, want := range []bool{true, false, true, true, false} {
		if rs[i].ok != want {
			t.Fatalf("response %d %q, want ok=%v", i, rs[i].raw, want)
		}
	}
	for _, reason := range []string{"play W C3: the point is occupied", "play B A5: it is suicide"} {
		if !strings.Contains(log.String(), reason) {
			t.Errorf("log %q does not say %q", log.String(), reason)
		}
	}
}
