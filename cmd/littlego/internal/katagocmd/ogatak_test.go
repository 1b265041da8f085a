// ogatak_test.go: Ogatak's own queries (src/modules/engine.js start-up, query.js
// new_query; Ogatak's default config: rules Chinese, reports every 0.1 s, the first
// after 0.05 s, values as Black's) replayed through "littlego analysis", every answer
// line checked: only the board-size probe is an error (every other error would pop an
// alert), and rootInfo.thisHash is KataGo's own hash of the position, which Ogatak's
// Zobrist check (on by default) recomputes.

package katagocmd

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"littlego/katago/katagotest"
)

// ogatakQuery is new_query's query for a game with the moves given.
func ogatakQuery(id, moves string, komi float64) map[string]any {
	q := map[string]any{
		"id": id, "rules": "Chinese", "komi": komi, "boardXSize": 5, "boardYSize": 5, "maxVisits": 1000000,
		"analysisPVLen": 32, "reportDuringSearchEvery": 0.1, "includePolicy": true, "includeOwnership": true,
		"includeMovesOwnership": false, "firstReportDuringSearchAfter": 0.05,
		"overrideSettings": map[string]any{"reportAnalysisWinratesAs": "BLACK", "wideRootNoise": 0.04},
		"initialStones":    [][]string{}, "moves": katagotest.Moves(moves),
	}
	if moves == "" {
		q["initialPlayer"] = "B"
	}
	return q
}

// Ogatak's start-up and its first analyses, on Ogatak's launch line (-config, -model,
// -quit-without-waiting): query_version answers a version of 1.12 or
// later, the 29×29 probe is refused (a normal build), and the analyses of the empty board
// and after C3 and C3 C4 stream reports whose thisHash and symHash are KataGo's (the
// values recorded in katago/testdata/hashes-5x5.json), with isSymmetryOf on the
// symmetric roots, until Ogatak's terminate.
func TestOgatakFirstQueries(t *testing.T) {
	// Ogatak's launch line (engine.js setup): its config and weights files must exist.
	dir := t.TempDir()
	cfg, weights := filepath.Join(dir, "analysis.cfg"), filepath.Join(dir, "model.bin.gz")
	if err := os.WriteFile(cfg, []byte("numSearchThreads = 8\nmaxVisits = 20000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(weights, []byte("not a network"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startIn(t, "-config", cfg, "-model", weights, "-quit-without-waiting")
	if err := p.Send(map[string]any{"id": "query_version", "action": "query_version"}); err != nil {
		t.Fatal(err)
	}
	if r := p.next(t); r["version"] != "1.16.0" {
		t.Fatalf("query_version: %v", r)
	}
	if err := p.Send(map[string]any{"id": "test_bs29", "rules": "Chinese", "boardXSize": 29, "boardYSize": 29, "maxVisits": 1, "moves": []any{}}); err != nil {
		t.Fatal(err)
	}
	if r := p.next(t); r["id"] != "test_bs29" || r["error"] == nil {
		t.Fatalf("the 29x29 probe: %v; want an error", r)
	}
	for k, c := range []struct {
		moves, thisHash, symHash string
		symmetric                bool
	}{
		{"", "71CB43380DF299AC0858C3613BD3BD15", "71CB43380DF299AC0858C3613BD3BD15", true},
		{"B C3", "A7826A3EE2881EB80E6870885E977839", "A7826A3EE2881EB80E6870885E977839", true},
		{"B C3 W C4", "2E7D108E04D8FF7673670B855164317A", "2E7D108E04D8FF7673670B855164317A", true},
	} {
		id := []string{"1:1", "2:2", "3:3"}[k]
		if err := p.Send(ogatakQuery(id, c.moves, 7.5)); err != nil {
			t.Fatal(err)
		}
		reports := 0
		for reports < 2 {
			r := p.next(t)
			if r["error"] != nil {
				t.Fatalf("%s: an error, which Ogatak alerts: %v", id, r)
			}
			if r["id"] != id {
				continue
			}
			reports++
			checkUnderKomi(t, id, r, 7.5, "B")
			root, _ := r["rootInfo"].(map[string]any)
			if root["thisHash"] != c.thisHash || root["symHash"] != c.symHash {
				t.Errorf("%s: thisHash %v symHash %v; KataGo's are %s %s", id, root["thisHash"], root["symHash"], c.thisHash, c.symHash)
			}
			marked := false
			for _, m := range infos(r) {
				marked = marked || m["isSymmetryOf"] != nil
			}
			if marked != c.symmetric {
				t.Errorf("%s: isSymmetryOf given %v, the root symmetric %v", id, marked, c.symmetric)
			}
		}
		if err := p.Send(map[string]any{"id": "t" + id, "action": "terminate", "terminateId": id}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := p.Collect(id, 1, time.Minute); err != nil {
			t.Fatal(err)
		}
	}
}
