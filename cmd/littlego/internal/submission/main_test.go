package submission

import (
	"bytes"
	"context"
	"debug/elf"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"littlego/board"
	"littlego/board/boardtest"
)

// shared is the folder built once for the tests that only read it.
var shared struct {
	once sync.Once
	root string
	f    *folder
	err  error
}

// sharedFlags are the my_player flags of the shared folder: the defaults, or a small
// budget under -short.
func sharedFlags() []string {
	if testing.Short() {
		return []string{"-budget", "0.1"}
	}
	return nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.root != "" {
		os.RemoveAll(shared.root)
	}
	os.Exit(code)
}

// canRunEngine skips the test unless this machine runs linux/amd64 binaries.
func canRunEngine(t testing.TB) {
	t.Helper()
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("the engine is a linux/amd64 binary; this is %s/%s", runtime.GOOS, runtime.GOARCH)
	}
}

// needPython returns the path of the python3 interpreter, skipping the test when there
// is none. A python3 on $PATH may be a wrapper (pyenv's shim is a shell script that
// runs other programs first, about 0.1 s of CPU on this machine): the interpreter it
// starts is used instead, as a grader's plain python3 would be.
func needPython(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	out, err := exec.Command(p, "-c", "import sys; sys.stdout.write(sys.executable)").Output()
	if real := string(out); err == nil && filepath.IsAbs(real) {
		return real
	}
	return p
}

// sharedFolder returns the folder built once with sharedFlags.
func sharedFolder(t testing.TB) *folder {
	t.Helper()
	shared.once.Do(func() {
		shared.root, shared.err = os.MkdirTemp("", "submission-test-")
		if shared.err == nil {
			shared.f, shared.err = buildFolder(context.Background(), filepath.Join(shared.root, "dist"), sharedFlags(), os.Environ())
		}
	})
	if shared.err != nil {
		t.Fatalf("building the shared folder: %v", shared.err)
	}
	return shared.f
}

// copyFolder copies the files of src into a new folder and returns it.
func copyFolder(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "dist")
	if err := os.Mkdir(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{launcherName, engineName, readmeName} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, name), data, st.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func TestUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "-o DIR is required"},
		{[]string{"-o", t.TempDir(), "-budget", "0.8"}, "[-- my_player flags]"},
		{[]string{"-o", t.TempDir(), "stray"}, "go after --"},
		{[]string{"-o", t.TempDir(), "--", "-budget", "7"}, "budget"},
		{[]string{"-o", t.TempDir(), "--", "-budget", "zero"}, "budget"},
		{[]string{"-o", t.TempDir(), "--", "-move", "3"}, "not allowed in a submission"},
		{[]string{"-o", t.TempDir(), "--", "-dir", "x"}, "not allowed in a submission"},
		{[]string{"-o", t.TempDir(), "--", "-cpuprofile", "p"}, "not allowed in a submission"},
		{[]string{"-o", t.TempDir(), "--", "-h"}, "cannot be baked in"},
		{[]string{"-o", t.TempDir(), "--", "-budget", "0.8", "extra"}, "unexpected argument"},
		{[]string{"-o", t.TempDir(), "--", "-nosuch"}, "not defined"},
		{[]string{"-o", t.TempDir(), "--", "-playouts", "100000000"}, "replaces the CPU budget"},
		{[]string{"-o", t.TempDir(), "--", "-playouts", "1", "-budget", "0.5"}, "replaces the CPU budget"},
		{[]string{"-nosuch"}, "[-- my_player flags]"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, strings.NewReader(""), &stdout, &stderr); code != 2 {
			t.Errorf("%q: exit status %d, want 2 (stderr %q)", tc.args, code, stderr.String())
		}
		if !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: stderr %q does not say %q", tc.args, stderr.String(), tc.want)
		}
		if stdout.Len() != 0 {
			t.Errorf("%q: stdout %q, want nothing", tc.args, stdout.String())
		}
	}
}

func TestOutputDirMustHoldOnlyTheFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "my_player.py"), []byte("print(1)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := buildFolder(context.Background(), dir, nil, os.Environ())
	if err == nil || !strings.Contains(err.Error(), "my_player.py") {
		t.Fatalf("a folder holding my_player.py: error %v, want one naming it", err)
	}
	if _, err := os.Stat(filepath.Join(dir, launcherName)); err == nil {
		t.Errorf("%s written into a refused folder", launcherName)
	}
}

// TestReproducible builds the folder twice with the same flags, the second time from
// an environment that asks for something else (another GOAMD64, VCS stamping, cgo):
// the command pins them, so the bytes are the same, and the binary is static, stripped
// linux/amd64.
func TestReproducible(t *testing.T) {
	flags := []string{"-budget", "0.7", "-workers", "1"}
	a := filepath.Join(t.TempDir(), "a")
	b := filepath.Join(t.TempDir(), "b", "nested")
	fa, err := buildFolder(context.Background(), a, flags, os.Environ())
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GOAMD64=v3", "GOFLAGS=-buildvcs=true", "CGO_ENABLED=1")
	fb, err := buildFolder(context.Background(), b, flags, env)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{engineName, launcherName, readmeName} {
		da, err := os.ReadFile(filepath.Join(a, name))
		if err != nil {
			t.Fatal(err)
		}
		db, err := os.ReadFile(filepath.Join(b, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(da, db) {
			t.Errorf("%s differs between two builds of the same commit and flags", name)
		}
	}
	if fa.EngineSHA256 != fb.EngineSHA256 {
		t.Errorf("sha256 %s then %s", fa.EngineSHA256, fb.EngineSHA256)
	}
	// Building again into the same folder replaces it.
	if _, err := buildFolder(context.Background(), a, flags, os.Environ()); err != nil {
		t.Errorf("rebuilding into the same folder: %v", err)
	}

	ef, err := elf.Open(filepath.Join(a, engineName))
	if err != nil {
		t.Fatal(err)
	}
	defer ef.Close()
	if ef.Machine != elf.EM_X86_64 || ef.Class != elf.ELFCLASS64 {
		t.Errorf("engine is %v %v, want x86-64", ef.Machine, ef.Class)
	}
	for _, p := range ef.Progs {
		if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
			t.Errorf("engine has a %v program header: not static", p.Type)
		}
	}
	if ef.Section(".symtab") != nil {
		t.Errorf("engine has a symbol table: not stripped")
	}
	for _, name := range []string{engineName, launcherName} {
		st, err := os.Stat(filepath.Join(a, name))
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm()&0o111 == 0 {
			t.Errorf("%s is not executable: %v", name, st.Mode())
		}
	}
	if strings.Contains(engineName, ".") {
		t.Errorf("engine name %q has an extension (the grader deletes *.so)", engineName)
	}
}

func TestFolderContents(t *testing.T) {
	f := sharedFolder(t)
	launcher, err := os.ReadFile(filepath.Join(f.Dir, launcherName))
	if err != nil {
		t.Fatal(err)
	}
	want := "FLAGS = []\n"
	if fl := sharedFlags(); len(fl) > 0 {
		want = `FLAGS = ["` + strings.Join(fl, `", "`) + "\"]\n"
	}
	if !bytes.Contains(launcher, []byte(want)) {
		t.Errorf("launcher does not bake in the flags as %q", want)
	}
	if !bytes.Contains(launcher, []byte(`ENGINE = "`+engineName+`"`)) {
		t.Errorf("launcher does not name the engine %s", engineName)
	}
	readme, err := os.ReadFile(filepath.Join(f.Dir, readmeName))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{launcherName, engineName, f.EngineSHA256, f.GoVersion, "-budget", "go run ./cmd/littlego submission -o DIR -- -budget"} {
		if !bytes.Contains(readme, []byte(s)) {
			t.Errorf("README.txt does not mention %q", s)
		}
	}
	if bytes.Contains(readme, []byte("<no value>")) || bytes.Contains(launcher, []byte("<no value>")) {
		t.Errorf("a template field was left empty")
	}
}

// python35Forbidden are constructs of later Pythons than 3.5, which the grader has
// been known to run at 3.7 at most and which must run everywhere from 3.5 on.
var python35Forbidden = []struct {
	re   *regexp.Regexp
	what string
}{
	{regexp.MustCompile(`(?i)(^|[^A-Za-z0-9_])(f|rf|fr)["']`), "f-string (3.6)"},
	{regexp.MustCompile(`:=`), "assignment expression (3.8)"},
	{regexp.MustCompile(`->`), "return annotation"},
	{regexp.MustCompile(`^\s*[A-Za-z_][A-Za-z0-9_.]*\s*:\s*[A-Za-z_][A-Za-z0-9_.\[\], ]*\s*(=|$)`), "variable annotation (3.6)"},
	{regexp.MustCompile(`\d_\d`), "underscore in a number (3.6)"},
	{regexp.MustCompile(`\b(match|case)\s+.*:\s*$`), "match statement (3.10)"},
	{regexp.MustCompile(`\b(async|await|nonlocal)\b`), "async/await/nonlocal"},
	{regexp.MustCompile(`\bprint\s*\(`), "print (the launcher prints nothing)"},
	{regexp.MustCompile(`\b(subprocess|pathlib|typing|dataclasses|importlib|shutil)\b`), "a module the launcher does not need"},
	{regexp.MustCompile(`\b(removeprefix|removesuffix|fspath|capture_output)\b`), "an API newer than 3.5"},
}

// TestLauncherIsPython35 checks the launcher against the constructs Python 3.5 lacks,
// compiles it, and parses it with Python's own grammar for 3.5 where the interpreter
// offers it (ast feature_version, 3.8 to 3.12).
func TestLauncherIsPython35(t *testing.T) {
	f := sharedFolder(t)
	path := filepath.Join(f.Dir, launcherName)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for n, line := range strings.Split(string(src), "\n") {
		code, _, _ := strings.Cut(line, "#")
		if strings.TrimSpace(code) == "" || strings.HasPrefix(strings.TrimSpace(code), `"""`) {
			continue
		}
		for _, f := range python35Forbidden {
			if f.re.MatchString(code) {
				t.Errorf("%s:%d: %s: %s", launcherName, n+1, f.what, strings.TrimSpace(line))
			}
		}
	}
	if !utf8ASCII(src) {
		t.Errorf("%s is not pure ASCII", launcherName)
	}
	py := needPython(t)
	out, err := exec.Command(py, "-c", `
import ast, sys
src = open(sys.argv[1]).read()
compile(src, sys.argv[1], "exec")
if (3, 8) <= sys.version_info[:2] <= (3, 12):
    ast.parse(src, sys.argv[1], feature_version=(3, 5))
`, path).CombinedOutput()
	if err != nil {
		t.Errorf("%s does not compile as Python 3.5: %v\n%s", launcherName, err, out)
	}
}

func utf8ASCII(b []byte) bool {
	for _, c := range b {
		if c > 0x7e || (c < ' ' && c != '\n') {
			return false
		}
	}
	return true
}

// fallbackDriver runs the launcher's fallback rules on each input.txt it reads (JSON
// strings, one a line, on stdin), in a scratch folder, and prints for each the legal
// moves with the board after each and the stones captured, and the fallback's choice.
const fallbackDriver = `
import importlib.util, json, os, sys
sys.dont_write_bytecode = True
spec = importlib.util.spec_from_file_location("launcher", sys.argv[1])
launcher = importlib.util.module_from_spec(spec)
spec.loader.exec_module(launcher)
os.chdir(sys.argv[2])
for line in sys.stdin:
    with open("input.txt", "w") as f:
        f.write(json.loads(line))
    colour, previous, current = launcher.read_input()
    if previous is None:
        previous = current
    legal = {}
    for p in range(25):
        r = launcher.play(previous, current, colour, p)
        if r is not None:
            b, captured = r
            rows = ["".join(str(v) for v in b[i * 5:i * 5 + 5]) for i in range(5)]
            legal["%d,%d" % divmod(p, 5)] = [rows, captured]
    choice = launcher.choose(colour, previous, current)
    sys.stdout.write(json.dumps({"legal": legal, "choice": "PASS" if choice is None else "%d,%d" % divmod(choice, 5)}) + "\n")
`

// TestFallbackRulesMatchTheHost runs the launcher's pure-Python rules on the 400
// host-judged positions: its legal moves, the boards after them and the captures must
// be the host's, ko and suicide included, and its choice legal by package board.
func TestFallbackRulesMatchTheHost(t *testing.T) {
	py := needPython(t)
	f := sharedFolder(t)
	positions := boardtest.MustLoadHostJudged(t)
	var in bytes.Buffer
	for _, p := range positions {
		s, _ := json.Marshal(p.Input)
		in.Write(append(s, '\n'))
	}
	driver := filepath.Join(t.TempDir(), "driver.py")
	if err := os.WriteFile(driver, []byte(fallbackDriver), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, driver, filepath.Join(f.Dir, launcherName), t.TempDir())
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("driver: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(positions) {
		t.Fatalf("driver answered %d positions of %d", len(lines), len(positions))
	}
	kos, suicides := 0, 0
	for k, p := range positions {
		var got struct {
			Legal  map[string][2]json.RawMessage `json:"legal"`
			Choice string                        `json:"choice"`
		}
		if err := json.Unmarshal([]byte(lines[k]), &got); err != nil {
			t.Fatal(err)
		}
		if keys(got.Legal) != keys(p.Legal) {
			t.Errorf("position %d (%s): fallback's legal moves %s, host's %s\n%s", k, p.Kind, keys(got.Legal), keys(p.Legal), p.Input)
			continue
		}
		for mv, want := range p.Legal {
			var rows []string
			var captured int
			json.Unmarshal(got.Legal[mv][0], &rows)
			json.Unmarshal(got.Legal[mv][1], &captured)
			if strings.Join(rows, "/") != strings.Join(want.Board, "/") || captured != want.Captured {
				t.Errorf("position %d: %s gives %v (%d captured), host %v (%d)", k, mv, rows, captured, want.Board, want.Captured)
			}
		}
		kos += len(p.IllegalKo)
		suicides += len(p.IllegalSuicide)
		checkLegal(t, fmt.Sprintf("position %d", k), p.Input, p.Move, got.Choice)
	}
	if kos == 0 || suicides == 0 {
		t.Errorf("the positions hold %d ko and %d suicide cases: want some of each", kos, suicides)
	}
}

func keys[V any](m map[string]V) string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, " ")
}

// checkLegal fails the test unless output (an output.txt) is a legal move in the
// position of input (an input.txt) at move number move, judged by package board.
func checkLegal(t *testing.T, what, input string, move int, output string) board.Point {
	t.Helper()
	in, err := board.ParseInput(strings.NewReader(input))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	pt, err := board.ParseOutput(strings.NewReader(output))
	if err != nil {
		t.Errorf("%s: output %q: %v", what, output, err)
		return board.NoPoint
	}
	pos := in.Position(move)
	if !pos.IsLegal(pt) {
		t.Errorf("%s: %s is illegal in\n%s", what, pt, pos.String())
	}
	if pt == board.Pass && pos.Move == 1 {
		t.Errorf("%s: Black passed on move 1, which loses at once", what)
	}
	return pt
}

// runLauncher runs python3 launcher in dir and returns its exit status, stdout and
// stderr and the child's CPU time (user + system).
func runLauncher(t testing.TB, py, launcher, dir string) (int, string, string, time.Duration) {
	t.Helper()
	return runIn(t, dir, py, launcher)
}

// runIn runs argv in dir and returns its exit status, stdout and stderr and the child's
// CPU time (user + system); it fails the test when argv cannot be run.
func runIn(t testing.TB, dir string, argv ...string) (int, string, string, time.Duration) {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		t.Fatalf("cannot run %v: %v", argv, err)
	}
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String(), childCPU(cmd.ProcessState)
}

func childCPU(st *os.ProcessState) time.Duration {
	ru := st.SysUsage().(*syscall.Rusage)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// fallbackCases are positions for the launcher's process-level tests: the empty board,
// a ko that forbids the retake, suicide points, a near-full board and bad input.
func fallbackCases(t *testing.T) []struct{ name, input string } {
	positions := boardtest.MustLoadHostJudged(t)
	cases := []struct{ name, input string }{
		{"empty board", "1\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000"},
		{"white's first move, CRLF", "2\r\n00000\r\n00000\r\n00000\r\n00000\r\n00000\r\n00000\r\n00000\r\n00200\r\n00000\r\n00000\r\n"},
	}
	var ko, suicide, tight bool
	for _, p := range positions {
		switch {
		case !ko && len(p.IllegalKo) > 0 && len(p.IllegalSuicide) > 0:
			ko = true
			cases = append(cases, struct{ name, input string }{"ko and suicide", p.Input})
		case !suicide && len(p.IllegalSuicide) >= 2:
			suicide = true
			cases = append(cases, struct{ name, input string }{"suicide points", p.Input})
		case !tight && p.Kind == "tight" && len(p.Legal) <= 1:
			tight = true
			cases = append(cases, struct{ name, input string }{"one legal point or none", p.Input})
		}
	}
	if !ko || !suicide || !tight {
		t.Fatalf("positions.jsonl lacks a case: ko %v, suicide %v, tight %v", ko, suicide, tight)
	}
	return cases
}

// TestLauncherFallback runs the launcher with the engine missing, and with the engine
// file not a program at all: on every position it still writes a legal move, prints
// nothing on stdout and one line on stderr saying why and what it wrote, and exits 0.
// With input.txt unreadable it writes PASS and says that too.
func TestLauncherFallback(t *testing.T) {
	py := needPython(t)
	src := sharedFolder(t).Dir
	for _, breakEngine := range []struct {
		name string
		do   func(path string) error
	}{
		{"engine removed", os.Remove},
		{"engine not a program", func(path string) error { return os.WriteFile(path, []byte("not a program\n"), 0o755) }},
		{"engine a folder", func(path string) error {
			if err := os.Remove(path); err != nil {
				return err
			}
			return os.Mkdir(path, 0o755)
		}},
	} {
		t.Run(breakEngine.name, func(t *testing.T) {
			dist := copyFolder(t, src)
			if err := breakEngine.do(filepath.Join(dist, engineName)); err != nil {
				t.Fatal(err)
			}
			launcher := filepath.Join(dist, launcherName)
			for _, c := range fallbackCases(t) {
				game := t.TempDir()
				if err := os.WriteFile(filepath.Join(game, "input.txt"), []byte(c.input), 0o644); err != nil {
					t.Fatal(err)
				}
				code, stdout, stderr, _ := runLauncher(t, py, launcher, game)
				out, err := os.ReadFile(filepath.Join(game, "output.txt"))
				if err != nil {
					t.Fatalf("%s: no output.txt: %v", c.name, err)
				}
				want := "; the Python fallback wrote " + strings.TrimSpace(string(out)) + "\n"
				if code != 0 || stdout != "" || !strings.HasPrefix(stderr, "my_player3.py: the engine ") ||
					!strings.HasSuffix(stderr, want) || strings.Count(stderr, "\n") != 1 {
					t.Errorf("%s: exit %d, stdout %q, stderr %q; want 0, nothing on stdout, one line on stderr ending %q", c.name, code, stdout, stderr, want)
				}
				in, _ := board.ParseInput(strings.NewReader(c.input))
				checkLegal(t, c.name, c.input, leastMove(in), string(out))
			}
			for name, input := range map[string]*string{"no input.txt": nil, "garbage input.txt": ptr("1\nhello\n"), "empty input.txt": ptr("")} {
				game := t.TempDir()
				if input != nil {
					if err := os.WriteFile(filepath.Join(game, "input.txt"), []byte(*input), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				code, stdout, stderr, _ := runLauncher(t, py, launcher, game)
				out, err := os.ReadFile(filepath.Join(game, "output.txt"))
				if code != 0 || stdout != "" || err != nil || string(out) != "PASS\n" ||
					!strings.Contains(stderr, "input.txt could not be read") || !strings.HasSuffix(stderr, "the Python fallback wrote PASS\n") {
					t.Errorf("%s: exit %d, stdout %q, stderr %q, output.txt %q (%v); want 0, nothing, the reason, PASS", name, code, stdout, stderr, out, err)
				}
			}
		})
	}
}

func ptr(s string) *string { return &s }

// leastMove returns a move number consistent with the stones of in: enough for the
// stones on the board, of the right parity.
func leastMove(in board.Input) int {
	n := 0
	for _, bb := range in.Current {
		n += popcount(uint32(bb))
	}
	return board.FixMoveNumber(in.Color, n+1)
}

func popcount(x uint32) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// TestLauncherRunsTheEngine runs the launcher from another working folder, with the
// engine's execute permission lost as an upload may lose it: it restores the
// permission, the engine moves (its helper file appears), nothing is printed.
func TestLauncherRunsTheEngine(t *testing.T) {
	canRunEngine(t)
	py := needPython(t)
	dist := copyFolder(t, sharedFolder(t).Dir)
	enginePath := filepath.Join(dist, engineName)
	if err := os.Chmod(enginePath, 0o644); err != nil {
		t.Fatal(err)
	}
	game := t.TempDir()
	input := "2\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00100\n00000\n00000"
	if err := os.WriteFile(filepath.Join(game, "input.txt"), []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(game, filepath.Join(dist, launcherName))
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr, _ := runLauncher(t, py, rel, game)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	out, err := os.ReadFile(filepath.Join(game, "output.txt"))
	if err != nil {
		t.Fatal(err)
	}
	checkLegal(t, "white's first move", input, 2, string(out))
	if _, err := os.Stat(filepath.Join(game, "littlego_state_white.txt")); err != nil {
		t.Errorf("the engine's helper file is missing, so the engine did not run: %v", err)
	}
	if st, err := os.Stat(enginePath); err != nil || st.Mode().Perm()&0o100 == 0 {
		t.Errorf("the launcher did not restore the engine's execute permission: %v %v", st.Mode(), err)
	}
}

// The command says on stderr, before the build, that it is building (a minute on a cold
// cache), and on stdout what it built.
func TestSaysItIsBuilding(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine")
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-o", filepath.Join(t.TempDir(), "dist")}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.HasPrefix(stderr.String(), "submission: building the static engine") || !strings.Contains(stdout.String(), "upload ") {
		t.Errorf("stderr %q, stdout %q", stderr.String(), stdout.String())
	}
}
