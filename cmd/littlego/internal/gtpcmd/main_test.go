// main_test.go: the gtp command as a process: flags, exit statuses, and stdout carrying only GTP.
package gtpcmd

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMain lets the test binary run the real main when asked, so that the tests drive
// the command as a separate process with real stdin, stdout and stderr.
func TestMain(m *testing.M) {
	if os.Getenv("LITTLEGO_GTP_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		return
	}
	os.Exit(m.Run())
}

// runGTP runs the command with args and stdin, and returns stdout, stderr and the exit status.
func runGTP(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "LITTLEGO_GTP_MAIN=1")
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), code
}

func TestSessionOverStdio(t *testing.T) {
	// -v makes the engine talk: all of it must go to stderr.
	out, errOut, code := runGTP(t, "1 name\n2 play b c3\n3 genmove w\nbogus\n4 final_score\nquit\n", "-playouts", "200", "-v")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	chunks := strings.Split(strings.TrimSuffix(out, "\n\n"), "\n\n")
	if !strings.HasSuffix(out, "\n\n") || len(chunks) != 6 {
		t.Fatalf("stdout is not six GTP responses:\n%q", out)
	}
	for i, c := range chunks {
		if c[0] != '=' && c[0] != '?' || strings.Contains(c, "\n") {
			t.Fatalf("response %d %q is not a one-line GTP response", i, c)
		}
	}
	if chunks[0] != "=1 littlego" || chunks[1] != "=2 " || !strings.HasPrefix(chunks[2], "=3 ") || chunks[3] != "? unknown command" || !strings.HasPrefix(chunks[4], "=4 ") || chunks[5] != "= " {
		t.Fatalf("responses %q", chunks)
	}
	if !strings.Contains(errOut, "genmove W") {
		t.Errorf("-v wrote no search report to stderr: %q", errOut)
	}
}

func TestAreaRulesFlag(t *testing.T) {
	out, errOut, code := runGTP(t, "littlego-rules\n", "-rules", "area")
	if code != 0 || out != "= area\n\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-rules", "japanese"}, {"-threads", "0"}, {"-workers", "2"}, {"-budget", "1"}, {"-nonsense"}, {"extra"}, {"-policy", "none"}} {
		out, errOut, code := runGTP(t, "name\n", args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, a message and no protocol output", args, code, out, errOut)
		}
	}
	if _, _, code := runGTP(t, "", "-h"); code != 0 {
		t.Errorf("-h: exit %d", code)
	}
}

// The engine's budget and workers are -cpu and -threads, as in every command; the old
// names are answered with the new ones.
func TestEngineFlagsInTheVocabulary(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-cpu", "0.1", "-threads", "2", "-playouts", "50"}, strings.NewReader("name\n"), &stdout, &stderr); code != 0 {
		t.Fatalf("-cpu -threads: exit %d, stderr %q", code, stderr.String())
	}
	for old, hint := range map[string]string{"-budget": "-budget is now -cpu", "-workers": "-workers is now -threads"} {
		stderr.Reset()
		if code := run([]string{old, "1"}, strings.NewReader(""), &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), hint) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", old, code, stderr.String(), hint)
		}
	}
}

func TestRunInProcess(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-playouts", "50"}, strings.NewReader("1 name\nquit\n"), &stdout, &stderr); code != 0 || stdout.String() != "=1 littlego\n\n= \n\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	for _, c := range []struct {
		args []string
		code int
	}{{[]string{"-h"}, 0}, {[]string{"-help"}, 0}, {[]string{"-nonsense"}, 2}, {[]string{"-cpu", "-1"}, 2}} {
		stdout.Reset()
		stderr.Reset()
		if code := run(c.args, strings.NewReader("name\n"), &stdout, &stderr); code != c.code || stdout.Len() != 0 || stderr.Len() == 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, no protocol output and a message", c.args, code, stdout.String(), stderr.String(), c.code)
		}
	}
}
