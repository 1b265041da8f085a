package katagocmd

import (
	"strings"
	"testing"
	"time"

	"littlego/katago/katagotest"
)

// After D5 (0,3) the opening table proves White's C3 (2,2) wins by W+4.5: turn 1 says so
// of C3, and turn 2, after D5 C3, says the root is Black's proved loss by W+4.5, implied
// by it (or the table's own, where it holds the position), not an estimate.
func TestAProvedMoveProvesTheNextTurn(t *testing.T) {
	p := start(t, "-override-config", "maxTime=1")
	q := katagotest.NewQuery("implied", "B D5 W C3")
	q["maxVisits"] = 30
	q["analyzeTurns"] = []int{1, 2}
	if err := p.Send(q); err != nil {
		t.Fatal(err)
	}
	finals, _, err := p.Collect("implied", 2, 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	root, _ := finals[2]["rootInfo"].(map[string]any)
	proof, _ := root["proof"].(map[string]any)
	source, _ := proof["source"].(string)
	if root["winrate"] != 0.0 || root["scoreStdev"] != 0.0 || proof["value"] != "proved" || proof["outcome"] != "W+4.5" || source != "opening table" && !strings.HasPrefix(source, "implied by the opening table") {
		t.Errorf("turn 2, after D5 C3: rootInfo %v; want Black's proved loss, W+4.5, implied by the table", root)
	}
	infos, _ := finals[1]["moveInfos"].([]any)
	for _, info := range infos {
		m, _ := info.(map[string]any)
		if m["move"] == "C3" && (m["winrate"] != 1.0 || m["proof"].(map[string]any)["outcome"] != "W+4.5") {
			t.Errorf("turn 1, C3: %v; want a proved win, W+4.5", m)
		}
	}
	if code := p.finish(t); code != 0 {
		t.Errorf("exit %d, stderr %s", code, p.stderr)
	}
}
