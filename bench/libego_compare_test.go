// libego_compare_test.go: bench/libego-compare.sh, run with a stand-in driver: its usage errors, its reading of the driver's line and its arithmetic.

package bench

import (
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// standInDriver plays no game: it prints the contract's line for N playouts of 40
// moves in 0.5 s (gamma) or of 42 moves in 0.25 s (light), or $BAD instead if set.
const standInDriver = `#!/bin/sh
if [ -n "$BAD" ]; then echo "$BAD"; exit 0; fi
case $1 in
gamma) echo "gamma $2 $(($2 * 40)) 0.5" ;;
light) echo "light $2 $(($2 * 42)) 0.25" ;;
*) exit 2 ;;
esac
`

// runCompare runs bench/libego-compare.sh from the repository root with args and the
// extra environment, and returns its stdout, its stderr and its exit code.
func runCompare(t *testing.T, env []string, args ...string) (string, string, int) {
	t.Helper()
	return runScript(t, "bench/libego-compare.sh", env, args...)
}

// runScript runs script from the repository root with args and the extra environment,
// and returns its stdout, its stderr and its exit code.
func runScript(t *testing.T, script string, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{script}, args...)...)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	code := 0
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

// writeDrivers writes the stand-in driver, a file that is not a program and a driver
// that fails into a temporary folder and returns their paths.
func writeDrivers(t *testing.T) (driver, plain, failing string) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	driver, plain, failing = filepath.Join(dir, "driver"), filepath.Join(dir, "plain"), filepath.Join(dir, "failing")
	for _, f := range []struct {
		path, text string
		mode       os.FileMode
	}{{driver, standInDriver, 0o755}, {plain, "not a program\n", 0o644}, {failing, "#!/bin/sh\nexit 3\n", 0o755}} {
		if err := os.WriteFile(f.path, []byte(f.text), f.mode); err != nil {
			t.Fatal(err)
		}
	}
	return driver, plain, failing
}

// quickBenchtime keeps the script's littlego runs short in the tests.
const quickBenchtime = "LITTLEGO_BENCHTIME=50x"

func TestLibegoCompareScriptUsage(t *testing.T) {
	driver, plain, _ := writeDrivers(t)
	for _, c := range []struct {
		env  []string
		args []string
	}{
		{nil, nil},
		{nil, []string{driver, "1", "2"}},
		{nil, []string{plain}},
		{nil, []string{filepath.Dir(driver)}},
		{nil, []string{driver, "0"}},
		{nil, []string{driver, "x"}},
		{[]string{"LIBEGO_PLAYOUTS=ten"}, []string{driver, "1"}},
	} {
		if _, stderr, code := runCompare(t, c.env, c.args...); code != 2 {
			t.Errorf("%v %v: exit %d, want 2 (usage); stderr %q", c.env, c.args, code, stderr)
		}
	}
}

// skipBuild skips the tests that build and run the bench binary in -short mode or
// without the go command.
func skipBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the bench binary")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command for the script's build")
	}
}

func TestLibegoCompareScriptRefusesBadDrivers(t *testing.T) {
	driver, _, failing := writeDrivers(t)
	skipBuild(t)
	for _, bad := range []string{"gamma 10 400", "light 10 420 0.25", "gamma 10 400 0", "gamma 10 400 0.5\ngamma 10 400 0.5"} {
		if _, stderr, code := runCompare(t, []string{quickBenchtime, "BAD=" + bad}, driver, "1"); code == 0 || code == 2 {
			t.Errorf("driver line %q: exit %d, want a failure other than usage; stderr %q", bad, code, stderr)
		}
	}
	if _, stderr, code := runCompare(t, []string{quickBenchtime}, failing, "1"); code != 1 {
		t.Errorf("a failing driver: exit %d, want 1; stderr %q", code, stderr)
	}
}

func TestLibegoCompareScript(t *testing.T) {
	driver, _, _ := writeDrivers(t)
	skipBuild(t)
	stdout, stderr, code := runCompare(t, []string{quickBenchtime}, driver, "1")
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	// 10000 calibration playouts in 0.5 and 0.25 CPU-seconds: 20000 and 40000 a second.
	if len(lines) != 4 || lines[0] != "libego playouts per run: gamma 20000, light 40000; littlego -benchtime 50x; ratios: littlego over libego" {
		t.Fatalf("output:\n%s", stdout)
	}
	want := map[string][3]float64{ // libego playouts/cpu-s, moves/cpu-s, moves/playout
		"gamma/pattern": {40000, 1600000, 40},
		"light/light":   {160000, 6720000, 42},
	}
	for _, line := range lines[2:] {
		f := strings.Fields(line)
		if len(f) != 10 || f[0] != "1" {
			t.Fatalf("row %q", line)
		}
		w, ok := want[f[1]]
		if !ok {
			t.Fatalf("row %q: unknown pair", line)
		}
		delete(want, f[1])
		checkCompareRow(t, line, f[2:], w)
	}
	if len(want) != 0 {
		t.Errorf("rows missing for %v:\n%s", want, stdout)
	}
}

// checkCompareRow checks a row's eight figures against the stand-in driver's libego
// figures w (playouts/cpu-s, moves/cpu-s, moves/playout) and against each other.
func checkCompareRow(t *testing.T, line string, fields []string, w [3]float64) {
	t.Helper()
	v := make([]float64, 8)
	for i := range v {
		x, err := strconv.ParseFloat(fields[i], 64)
		if err != nil {
			t.Fatalf("row %q: %v", line, err)
		}
		v[i] = x
	}
	if v[0] != w[0] || v[1] != w[1] || v[2] != w[2] {
		t.Errorf("row %q: libego columns %v, want %v", line, v[:3], w)
	}
	// littlego's playouts from the empty board last 24 moves unless two passes end
	// them sooner.
	if v[5] < 2 || v[5] > 24 || math.Abs(v[4]-v[3]*v[5]) > 0.01*v[4] {
		t.Errorf("row %q: littlego's moves per CPU-second and per playout disagree", line)
	}
	if math.Abs(v[6]-v[4]/w[1]) > 0.01 || math.Abs(v[7]-v[3]/w[0]) > 0.01 {
		t.Errorf("row %q: ratios %v %v, want %.2f %.2f", line, v[6], v[7], v[4]/w[1], v[3]/w[0])
	}
}
