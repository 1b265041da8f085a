// session_test.go: the scripted GTP sessions of testdata/*.gtp, each run as one session and every response checked.

package gtp

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"littlego/board"
	"littlego/engine"
)

// scriptStep is one line sent in a scripted session and what its response must be:
// want is the exact response, checks inspect it; a step with neither expects none.
type scriptStep struct {
	line   int // in the script
	in     string
	want   string
	checks []string
}

// script is a parsed session file: its server's settings and its steps.
type script struct {
	playouts int
	rules    Rules
	steps    []scriptStep
}

// placeholders are the values a script may name in braces.
func placeholders() *strings.Replacer {
	d := engine.Defaults()
	return strings.NewReplacer("{version}", Version, "{c}", fmt.Sprintf("%g", d.C), "{policy}", d.Policy,
		"{solve-from}", strconv.Itoa(d.SolveFrom))
}

// unescape reads the escapes of a line sent: \t, \r, \xNN and \\.
func unescape(s string) (string, error) {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			sb.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 't':
			sb.WriteByte('\t')
		case 'r':
			sb.WriteByte('\r')
		case '\\':
			sb.WriteByte('\\')
		case 'x':
			if i+3 > len(s) {
				return "", fmt.Errorf("short \\x escape in %q", s)
			}
			b, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err != nil {
				return "", fmt.Errorf("bad \\x escape in %q", s)
			}
			sb.WriteByte(byte(b))
			i += 2
		default:
			return "", fmt.Errorf("unknown escape \\%c in %q", s[i], s)
		}
	}
	return sb.String(), nil
}

// readScript parses a session file (its format is described at the top of
// testdata/session.gtp).
func readScript(path string) (script, error) {
	f, err := os.Open(path)
	if err != nil {
		return script{}, err
	}
	defer f.Close()
	sc := script{playouts: 200, rules: LittleGo}
	ph := placeholders()
	lines := bufio.NewScanner(f)
	for n := 1; lines.Scan(); n++ {
		l := lines.Text()
		bad := func(format string, a ...any) error {
			return fmt.Errorf("%s:%d: %s", path, n, fmt.Sprintf(format, a...))
		}
		last := len(sc.steps) - 1
		switch {
		case l == "" || l[0] == '#':
		case l == ">" || strings.HasPrefix(l, "> "):
			in, err := unescape(strings.TrimPrefix(strings.TrimPrefix(l, ">"), " "))
			if err != nil {
				return sc, bad("%v", err)
			}
			sc.steps = append(sc.steps, scriptStep{line: n, in: in})
		case l[0] == '!':
			key, val, _ := strings.Cut(strings.TrimSpace(l[1:]), " ")
			switch key {
			case "playouts":
				sc.playouts, err = strconv.Atoi(val)
			case "rules":
				sc.rules, err = ParseRules(val)
			default:
				err = fmt.Errorf("unknown setting %q", key)
			}
			if err != nil {
				return sc, bad("%v", err)
			}
		case last < 0:
			return sc, bad("an expectation before any line sent")
		case l[0] == '=' || l[0] == '?':
			if strings.Trim(l[1:], "0123456789") == "" {
				l += " " // the empty answer: GTP ends its status line with a space
			}
			sc.steps[last].want = ph.Replace(l)
		case strings.HasPrefix(l, "~ "):
			sc.steps[last].checks = append(sc.steps[last].checks, ph.Replace(l[2:]))
		default:
			return sc, bad("not a script line: %q", l)
		}
	}
	return sc, lines.Err()
}

func TestScriptedSessions(t *testing.T) {
	paths, err := filepath.Glob("testdata/*.gtp")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no session scripts: %v", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			sc, err := readScript(path)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := newTestServer(t, sc.rules, sc.playouts)
			runScript(t, s, sc.steps)
		})
	}
}

// runScript runs the steps as one session and checks every response in order.
func runScript(t *testing.T, s *Server, steps []scriptStep) {
	t.Helper()
	var in strings.Builder
	var expect []scriptStep
	for _, st := range steps {
		in.WriteString(st.in + "\n")
		if st.want != "" || len(st.checks) > 0 {
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
		if st.want != "" && r.raw != st.want {
			t.Errorf("line %d %q: response %q, want %q", st.line, st.in, r.raw, st.want)
		}
		for _, c := range st.checks {
			if err := checkResponse(c, st.in, r); err != nil {
				t.Errorf("line %d %q: ~ %s: %v (response %q)", st.line, st.in, c, err, r.raw)
			}
		}
	}
}

// checkResponse applies one check of a script to the response r to the line in.
func checkResponse(check, in string, r response) error {
	name, arg, _ := strings.Cut(check, " ")
	switch name {
	case "id":
		if r.id != arg {
			return fmt.Errorf("id %q", r.id)
		}
	case "legal":
		return checkLegal(r, arg)
	case "contains":
		want, err := strconv.Unquote(arg)
		if err != nil || !strings.Contains(r.text, want) {
			return fmt.Errorf("lacks %s (%v)", arg, err)
		}
	case "line":
		if !strings.Contains("\n"+r.text+"\n", "\n"+arg+"\n") {
			return fmt.Errorf("no line %q", arg)
		}
	case "fails-with":
		if r.ok || !strings.HasPrefix(r.text, arg) {
			return fmt.Errorf("want a failure starting %q", arg)
		}
	case "float":
		if v, err := strconv.ParseFloat(r.text, 64); !r.ok || err != nil || v < 0 {
			return fmt.Errorf("want a number of seconds")
		}
	case "commands":
		return checkCommands(r)
	case "info-lines", "info-lines-then-play":
		return checkInfoLines(r, strings.HasPrefix(in, "kata-"), name == "info-lines-then-play")
	default:
		return fmt.Errorf("unknown check")
	}
	return nil
}

// checkLegal checks that r is a move legal after the GTP moves in arg ("b c3; w b4").
func checkLegal(r response, arg string) error {
	pos := board.New()
	for _, m := range strings.Split(arg, ";") {
		cs, vs, _ := strings.Cut(strings.TrimSpace(m), " ")
		c, err := ParseColor(cs)
		if err != nil {
			return err
		}
		pt, err := board.ParseVertex(vs)
		if err != nil {
			return err
		}
		pos = withTurn(pos, c)
		if _, ok := pos.Play(pt); !ok {
			return fmt.Errorf("%s is illegal", m)
		}
	}
	pt, err := board.ParseVertex(r.text)
	if !r.ok || err != nil || !pos.IsLegal(pt) {
		return fmt.Errorf("move %q (%v) is not legal in\n%s", r.text, err, pos.String())
	}
	return nil
}

// checkCommands checks that list_commands names requiredCommands, each once, and no other.
func checkCommands(r response) error {
	got := map[string]bool{}
	for _, l := range strings.Split(r.text, "\n") {
		got[l] = true
	}
	for _, c := range requiredCommands {
		if !got[c] {
			return fmt.Errorf("lacks %s", c)
		}
	}
	if len(got) != len(requiredCommands) {
		return fmt.Errorf("%d commands, want %d", len(got), len(requiredCommands))
	}
	return nil
}

// checkInfoLines checks an analysis response: an empty status line, then info lines in
// Leela Zero's or (kata) KataGo's format, then, with lastPlay, "play VERTEX".
func checkInfoLines(r response, kata, lastPlay bool) error {
	if !r.ok || !strings.HasPrefix(r.raw, "=") {
		return fmt.Errorf("failed")
	}
	lines := strings.Split(r.text, "\n")
	if lines[0] != "" {
		return fmt.Errorf("first line %q: the status line carries nothing", lines[0])
	}
	lines = lines[1:]
	if lastPlay {
		if len(lines) == 0 || !strings.HasPrefix(lines[len(lines)-1], "play ") {
			return fmt.Errorf("no final play line")
		}
		if _, err := board.ParseVertex(strings.TrimPrefix(lines[len(lines)-1], "play ")); err != nil {
			return fmt.Errorf("final line %q: %v", lines[len(lines)-1], err)
		}
		lines = lines[:len(lines)-1]
	}
	for _, l := range lines {
		var err error
		if kata {
			_, err = parseKataLine(l)
		} else {
			_, err = parseInfoLine(l)
		}
		if err != nil {
			return fmt.Errorf("info line %q: %v", l, err)
		}
	}
	return nil
}
