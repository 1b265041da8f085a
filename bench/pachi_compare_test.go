// pachi_compare_test.go: bench/pachi-compare.sh, run with a stand-in Pachi: its reading of Pachi 12.90's WINNER line and its arithmetic.

package bench

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// capturedWinner is the line Pachi 12.90 (b69e353, built without DCNN and Joseki
// fixes) wrote on stderr for `pachi -t =100000 threads=1` and boardsize 5, komi 2.5,
// genmove b.
const capturedWinner = "*** WINNER is C3 with score 84.0% (97910/100151 games), extra komi 5.0"

// standInPachi plays no Go: on a genmove it spends some CPU time, writes $WINNER (if
// set) on stderr and answers C3.
const standInPachi = `#!/bin/sh
if grep -q genmove; then
	i=0
	while [ $i -lt 200000 ]; do i=$((i + 1)); done
	if [ -n "$WINNER" ]; then echo "$WINNER" >&2; fi
	printf '= C3\n\n'
fi
`

func TestPachiCompareReadsTheGamesPachiPlayed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the benchmarks and runs the script three times")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	pachi := filepath.Join(t.TempDir(), "pachi")
	if err := os.WriteFile(pachi, []byte(standInPachi), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		winner string
		games  int
	}{
		{capturedWinner, 100151},
		{"*** WINNER is B2 with score 40.5% (1200/4242 games, 4242 new), extra komi 0.0", 4242}, // -d 4
		{"", 100000}, // no line: the games asked for
	} {
		stdout, stderr, code := runScript(t, "bench/pachi-compare.sh", []string{quickBenchtime, "WINNER=" + c.winner}, pachi, "1")
		if code != 0 {
			t.Fatalf("WINNER %q: exit %d\n%s%s", c.winner, code, stdout, stderr)
		}
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		f := strings.Fields(lines[len(lines)-1])
		if len(lines) != 2 || len(f) != 7 {
			t.Fatalf("WINNER %q: output\n%s", c.winner, stdout)
		}
		var v [7]float64
		for i, s := range f {
			v[i], _ = strconv.ParseFloat(s, 64)
		}
		games, total, load, rate, ours, ratio := v[1], v[2], v[3], v[4], v[5], v[6]
		if int(games) != c.games {
			t.Errorf("WINNER %q: the script counts %v games, want %d", c.winner, games, c.games)
		}
		if want := games / (total - load); math.Abs(rate-want) > 0.01*want || math.Abs(ratio-ours/rate) > 0.01*ratio+0.01 {
			t.Errorf("WINNER %q: row %q does not add up (rate %v, want %v)", c.winner, f, rate, want)
		}
	}
}
