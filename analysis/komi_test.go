package analysis

import (
	"testing"

	"littlego/board"
	"littlego/facts"
)

// Under another half-point komi an exact margin decides the value, bounds decide it
// where they lie on one side of the komi, and nothing else does; the outcome is written
// under that komi.
func TestKomiValue(t *testing.T) {
	exact := facts.Proof(board.Black, facts.Win, facts.Table)
	exact.Low, exact.High = 3, 3
	bound := facts.Proof(board.Black, facts.Win, facts.Book) // Low 3, High the most
	white := facts.Proof(board.White, facts.Win, facts.Solver)
	white.Low, white.High = -2, 2 // White to move wins by 0.5 to 4.5 under 2.5
	for _, c := range []struct {
		f       facts.Fact
		komi    float64
		want    facts.Value
		outcome string
	}{
		{exact, 2.5, facts.Win, "B+0.5"}, {exact, 0.5, facts.Win, "B+2.5"}, {exact, 3.5, facts.Loss, "W+0.5"}, {exact, 6.5, facts.Loss, "W+3.5"},
		{bound, 0.5, facts.Win, "B+2.5 or more"}, {bound, -7.5, facts.Win, "B+10.5 or more"}, {bound, 3.5, facts.Unknown, "between W+0.5 and B+21.5"},
		{white, 2.5, facts.Win, "W+0.5 to W+4.5"}, {white, 6.5, facts.Win, "W+4.5 to W+8.5"}, {white, 1.5, facts.Unknown, "between W+3.5 and B+0.5"},
		{white, -2.5, facts.Loss, "B+0.5 to B+4.5"},
	} {
		if got := KomiValue(c.f, c.komi); got != c.want {
			t.Errorf("%v under komi %v: %v, want %v", c.f, c.komi, got, c.want)
		}
		if got := KomiOutcome(c.f, c.komi); got != c.outcome {
			t.Errorf("%v under komi %v: outcome %q, want %q", c.f, c.komi, got, c.outcome)
		}
	}
	for _, k := range []float64{0.5, -0.5, 6.5, 7.5, 399.5} {
		if !HalfPointKomi(k) {
			t.Errorf("%v is a half-point komi", k)
		}
	}
	for _, k := range []float64{0, 7, 7.25, -1} {
		if HalfPointKomi(k) {
			t.Errorf("%v is not a half-point komi", k)
		}
	}
}
