package tune

import (
	"bytes"
	"encoding/csv"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"littlego/lib/clitest"
)

// TestMain lets the test binary serve as the tuner's worker process.
func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		os.Exit(workerMain())
	}
	os.Setenv("GORACE", "atexit_sleep_ms=0")
	os.Exit(m.Run())
}

const fastEngine = "playouts=30,plan=false,solve=false,book=false"

func TestTuneRunResumeVerifyAndPlot(t *testing.T) {
	dir := t.TempDir()
	// The folder of the files is made as needed (the README writes under out/).
	file := filepath.Join(dir, "out", "run.csv")
	plot := filepath.Join(dir, "out", "run.png")
	args := []string{"-base", fastEngine, "-param", "c=1.5:0:2", "-param", "expand=3:1:8", "-jobs", "2", "-o", file,
		"-openings", "random:3:10", "-r-end", "1", "-verify", "0,300", "-verify-pairs", "3", "-plot", plot}
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"-iterations", "4"}, args...), nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	rows := readRows(t, file)
	if len(rows) != 5 || rows[0][3] != "c" || rows[4][0] != "4" {
		t.Fatalf("CSV after 4 iterations: %q", rows)
	}
	t.Logf("first run:\n%s", stdout.String())
	// Off a terminal, the run says at once on stderr what it is doing.
	if first, _, _ := strings.Cut(stderr.String(), "\n"); !strings.HasPrefix(first, "tune: 4 iterations to play from 0, one colour-swapped pair each, 2 at a time") {
		t.Errorf("stderr's first line %q; want the run announced", first)
	}
	if !strings.Contains(stdout.String(), "tuned after 4 iterations") || !strings.Contains(stdout.String(), "SPRT") {
		t.Errorf("output:\n%s", stdout.String())
	}
	// Resume to 6 iterations: the first 4 rows stay, two are added.
	stdout.Reset()
	if code := run(append([]string{"-iterations", "6", "-resume"}, args...), nil, &stdout, &stderr); code != 0 {
		t.Fatalf("resume: exit %d: %s", code, stderr.String())
	}
	again := readRows(t, file)
	if len(again) != 7 || strings.Join(again[4], ",") != strings.Join(rows[4], ",") || again[6][0] != "6" {
		t.Errorf("CSV after resuming to 6: %q", again)
	}
	if !strings.Contains(stdout.String(), "resuming after iteration 4 of 6") {
		t.Errorf("resume output:\n%s", stdout.String())
	}
	for _, p := range []string{plot, filepath.Join(dir, "out", "run-sprt.png")} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

func readRows(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestTuneBadUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "no -param"},
		{[]string{"-param", "colour=1:0:2"}, "not a numeric engine option"},
		{[]string{"-param", "book=1:0:1"}, "not a numeric engine option"},
		{[]string{"-param", "budget=0.5:0.1:1"}, "fixed CPU budget"},
		{[]string{"-param", "c=1:0:20"}, "c 20 out of range"},
		{[]string{"-param", "c=1:0:2", "-param", "c=1:0:2"}, "given twice"},
		{[]string{"-param", "c=1:0:2", "-openings", "plies:9"}, "1..4"},
		{[]string{"-param", "c=1:0:2", "-verify", "5,1"}, "elo0 < elo1"},
		{[]string{"-param", "c=1:0:2", "-verify", "x"}, `-verify "x": want elo0,elo1`},
		{[]string{"-param", "c=1:0"}, `invalid value "c=1:0" for flag -param: "c=1:0": want name=start:min:max`},
		{[]string{"-param", "c=1:0:2", "-plot", "x.gif"}, ".png or .svg"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, nil, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), c.want) || strings.Contains(stderr.String(), `-sprt "`) {
			t.Errorf("%q: exit %d, stderr %q; want it to mention %q", c.args, code, stderr.String(), c.want)
		}
	}
}

func TestTuneResumeWithoutFile(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"-param", "c=1:0:2", "-resume", "-o", filepath.Join(t.TempDir(), "none.csv")}, nil, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "no such file") {
		t.Errorf("exit %d, stderr %q; want 1 and no such file", code, stderr.String())
	}
}

func TestHelpAndUnknownFlag(t *testing.T) {
	clitest.CheckUsage(t, run, clitest.HelpAndUnknownFlag("usage: littlego tune")...)
}
