// quit_test.go: -quit-without-waiting, as Ogatak launches the engine.

package katagocmd

import (
	"testing"
	"time"
)

// -quit-without-waiting (Ogatak's launch line has it): closing stdin stops a turn of
// 100,000,000 visits, which answers with what it has, and the command exits 0.
func TestQuitWithoutWaiting(t *testing.T) {
	p := startIn(t, "-quit-without-waiting")
	q := katrainQuery("long", "B C3", 100_000_000, "littlego", 2.5)
	q["overrideSettings"] = map[string]any{}
	if err := p.Send(q); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	p.stdin.Close()
	finals, _, err := p.Collect("long", 1, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if root, _ := finals[1]["rootInfo"].(map[string]any); root == nil || root["visits"].(float64) >= 100_000_000 {
		t.Errorf("the stopped turn: %v", finals[1])
	}
	if code := p.close(t); code != 0 {
		t.Errorf("exit %d", code)
	}
}
