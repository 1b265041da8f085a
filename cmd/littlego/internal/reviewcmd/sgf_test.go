// sgf_test.go: -sgf writes the review as an SGF collection that reads back game by game, and SGF inputs: a collection reviewed game by game, variations left out and said so.

package reviewcmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"littlego/sgf"
)

// TestSGFOutput: two games reviewed into one SGF file, a game tree each, that the
// review reads back game by game (saying that their variations, the proved moves, are
// left out) and reviews the same; -sgf - writes it on stdout in place of the text.
func TestSGFOutput(t *testing.T) {
	path := filepath.Join(t.TempDir(), "review.sgf")
	status, out, errs := runWith(t, "1,1 2,2 PASS PASS\n2,2 PASS PASS\n", append(quick, "-sgf", path, "-")...)
	if status != 0 || errs != "" || !strings.Contains(out, "verdict:") {
		t.Fatalf("status %d, stderr %q, stdout %q", status, errs, out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(path)
	games, err := sgf.ParseAll(f)
	f.Close()
	if err != nil || len(games) != 2 || len(games[0].Moves) != 4 || games[0].Variations == 0 {
		t.Fatalf("ParseAll: %v, %+v", err, games)
	}
	if !strings.Contains(string(data), "BM[2]") || !strings.Contains(string(data), "TE[1]") {
		t.Errorf("the file has no BM[2] or TE[1]:\n%s", data)
	}
	status, again, errs := runWith(t, "", append(quick, path)...)
	if status != 0 || !strings.Contains(errs, "review.sgf game 1: the record holds") || !strings.Contains(errs, "main line is read") {
		t.Fatalf("reading the file back: status %d, stderr %q", status, errs)
	}
	for _, want := range []string{"review.sgf game 1", "review.sgf game 2", "BLUNDER (a gift to White); wins: 2,2"} {
		if !strings.Contains(again, want) {
			t.Errorf("the review of the file does not say %q:\n%s", want, again)
		}
	}
	status, piped, errs := runWith(t, "2,2 PASS PASS\n", append(quick, "-sgf", "-", "-")...)
	if status != 0 || !strings.HasPrefix(piped, "(;GM[1]FF[4]") || strings.Contains(piped, "move side action") {
		t.Errorf("-sgf -: status %d, stderr %q, stdout %q", status, errs, piped)
	}
	if status, _, errs := runWith(t, "", append(quick, "-sgf", "-", "-json", "-")...); status != 2 || !strings.Contains(errs, "-sgf -") {
		t.Errorf("-sgf - -json: status %d, stderr %q", status, errs)
	}
}
