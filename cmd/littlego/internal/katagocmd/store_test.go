package katagocmd

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"littlego/proofstore"
)

// What the analysis proves is kept in the proof store that -store names.
func TestAnalysisKeepsItsProofsInTheStore(t *testing.T) {
	store := filepath.Join(t.TempDir(), "proofs.db")
	query := `{"id":"s","moves":[["B","C3"],["W","C4"],["B","D4"],["W","D3"],["B","B4"],["W","B3"],["B","C2"],["W","D5"],["B","E4"],["W","E3"],["B","B2"],["W","A3"],["B","A4"],["W","E5"]],` +
		`"rules":"littlego","komi":2.5,"boardXSize":5,"boardYSize":5,"maxVisits":200}` + "\n"
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-store", store}, strings.NewReader(query), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), `"id":"s"`) {
		t.Fatalf("no answer: %s %s", stdout.String(), stderr.String())
	}
	s, err := proofstore.Open(store, proofstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() == 0 {
		t.Errorf("the store holds nothing after the analysis proved: %s", stdout.String())
	}
}
