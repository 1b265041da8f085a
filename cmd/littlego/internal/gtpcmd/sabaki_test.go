// sabaki_test.go: the gtp command driven by Sabaki's own GTP client library.
package gtpcmd

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// sabakiModules returns the node_modules folder holding @sabaki/gtp, named by
// LITTLEGO_SABAKI_MODULES (.ci/run installs it from the npm registry there), or "" when
// node or the library is missing.
func sabakiModules() string {
	dir := os.Getenv("LITTLEGO_SABAKI_MODULES")
	if dir == "" {
		return ""
	}
	if _, err := exec.LookPath("node"); err != nil {
		return ""
	}
	if _, err := os.Stat(filepath.Join(dir, "@sabaki", "gtp", "package.json")); err != nil {
		return ""
	}
	return dir
}

// TestSabakiClientDrivesTheEngine runs testdata/sabaki-drive.js: Sabaki's Controller
// starts the engine, plays, asks genmove, then reads a kata-analyze stream of the proved
// empty board the way Sabaki's heat map does (every point listed, with visits or a proof,
// visits × win rate positive, C3 the proved B+0.5 with scoreStdev 0) and interrupts it
// with a command.
func TestSabakiClientDrivesTheEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the Sabaki client test runs an analysis of up to 20 seconds")
	}
	modules := sabakiModules()
	if modules == "" {
		t.Skip("Sabaki's GTP client is not installed: node and npm install --prefix DIR @sabaki/gtp@3.0.0, then LITTLEGO_SABAKI_MODULES=DIR/node_modules (.ci/run does this)")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The engine is this test binary running main (TestMain), as the other process tests.
	cmd := exec.Command("node", "testdata/sabaki-drive.js", exe, "-cpu", "0.2")
	cmd.Env = append(os.Environ(), "LITTLEGO_GTP_MAIN=1", "NODE_PATH="+modules)
	out, err := cmd.Output()
	if err != nil {
		stderr := ""
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("the Sabaki client failed: %v\n%s", err, stderr)
	}
	var seen struct {
		Name    string
		Genmove string
		Lines   int
		Moves   int
		Heat    float64
	}
	if err := json.Unmarshal(out, &seen); err != nil {
		t.Fatalf("the client's report %q: %v", out, err)
	}
	if seen.Name != "littlego" || seen.Moves < 25 || seen.Heat <= 0 {
		t.Fatalf("the client saw %+v", seen)
	}
	t.Logf("Sabaki's client: %s", out)
}
