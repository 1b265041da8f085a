// plot.go: -plot: one game's value and margin over the game, or each agent's blunders and mistakes by move number over several games.

package reviewcmd

import (
	"fmt"
	"image/color"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"littlego/board"
	"littlego/cmd/internal/charts"
	"littlego/facts"
	"littlego/record"
	"littlego/review"
)

// plotReviews draws the timelines of a single game, or the blunders and mistakes of
// several, into path (.png or .svg by its extension).
func plotReviews(path string, reviews []review.GameReview) error {
	var plots []*plot.Plot
	var err error
	if len(reviews) == 1 {
		plots, err = timelines(&reviews[0])
	} else {
		plots, err = moveBars(reviews)
	}
	if err != nil {
		return err
	}
	return charts.Save(path, plots...)
}

// blackValue is a value for Black on the timeline's axis, 1 win, -1 loss, and false
// when the value is unknown: the timeline leaves a gap there, never a value.
func blackValue(v facts.Value, c board.Color) (float64, bool) {
	switch v.ForSide(c) {
	case facts.Win:
		return 1, true
	case facts.Loss:
		return -1, true
	}
	return 0, false
}

// plural writes n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// valueRuns returns the proved values for Black of r's positions, before move 1 to
// after the last move (x is the number of the move the position is before), as runs
// of consecutive proved positions: an unknown position ends a run and starts none, so
// the timeline shows it as a gap.
func valueRuns(r *review.GameReview) []plotter.XYs {
	var runs []plotter.XYs
	var run plotter.XYs
	add := func(x int, v facts.Value, c board.Color) {
		y, ok := blackValue(v, c)
		if !ok {
			if len(run) > 0 {
				runs = append(runs, run)
			}
			run = nil
			return
		}
		run = append(run, plotter.XY{X: float64(x), Y: y})
	}
	for _, m := range r.Moves {
		add(m.Number, m.Before, m.Color)
	}
	last := r.Moves[len(r.Moves)-1]
	add(last.Number+1, last.After, last.Color)
	if len(run) > 0 {
		runs = append(runs, run)
	}
	return runs
}

// timelines draws the proved value of each position for Black, before move 1 to after
// the last move, with gaps where it is unknown and the blunders marked where the value
// fell, and, when some margin is proved, the proved results with the mistakes marked.
func timelines(r *review.GameReview) ([]*plot.Plot, error) {
	if len(r.Moves) == 0 {
		return nil, fmt.Errorf("%s has no move to draw", r.Name)
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: %s (Black) vs %s (White)", r.Name, r.Agent(board.Black), r.Agent(board.White))
	end := r.Moves[len(r.Moves)-1].Number + 1
	p.X.Label.Text = moveAxisLabel(end)
	p.Y.Label.Text = "value for Black (a gap: not proved)"
	p.Y.Min, p.Y.Max = -1.3, 2.2 // room above for the legend
	p.X.Min, p.X.Max = 1, float64(end)
	p.X.Tick.Marker = moveTicks(end)
	p.Y.Tick.Marker = plot.ConstantTicks{{Value: 1, Label: "Black wins"}, {Value: -1, Label: "White wins"}}
	var blunders plotter.XYs
	for _, m := range r.Moves {
		if m.Blunder {
			y, _ := blackValue(m.After, m.Color)
			blunders = append(blunders, plotter.XY{X: float64(m.Number + 1), Y: y})
		}
	}
	for k, run := range valueRuns(r) {
		name := ""
		if k == 0 {
			name = "proved value before the move"
		}
		if err := addSteps(p, run, name, 0); err != nil {
			return nil, err
		}
	}
	if err := addMarks(p, blunders, "blunder: the value it left"); err != nil {
		return nil, err
	}
	plots := []*plot.Plot{p}
	if m, err := marginTimeline(r); err != nil || m != nil {
		return append(plots, m), err
	}
	return plots, nil
}

// marginTimeline draws the proved margins black - white over the game, the komi as a
// dashed line and the mistakes where they left the margin; nil when none is proved.
func marginTimeline(r *review.GameReview) (*plot.Plot, error) {
	var pts, mistakes plotter.XYs
	lo, hi := 0.0, 0.0
	add := func(x int, m *int) {
		if m != nil {
			pts = append(pts, plotter.XY{X: float64(x), Y: float64(*m)})
			lo, hi = min(lo, float64(*m)), max(hi, float64(*m))
		}
	}
	for _, m := range r.Moves {
		add(m.Number, m.MarginBefore)
		if m.Mistake {
			mistakes = append(mistakes, plotter.XY{X: float64(m.Number + 1), Y: float64(*m.MarginAfter)})
		}
	}
	last := r.Moves[len(r.Moves)-1]
	add(last.Number+1, last.MarginAfter)
	if len(pts) == 0 {
		return nil, nil
	}
	p := plot.New()
	p.X.Label.Text = moveAxisLabel(last.Number + 1)
	p.Y.Label.Text = "result with perfect play (after komi)"
	p.X.Min, p.X.Max = 1, float64(last.Number+1)
	p.X.Tick.Marker = moveTicks(last.Number + 1)
	p.Y.Min, p.Y.Max = lo-1, hi+1+0.4*(hi-lo+2) // room above for the legend
	p.Y.Tick.Marker = resultTicks(int(lo)-1, int(hi)+1)
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	s.GlyphStyle.Color = plotutil.Color(0)
	s.GlyphStyle.Shape = draw.CircleGlyph{}
	p.Add(s)
	p.Legend.Add("result with perfect play (where proved)", s)
	komi, err := plotter.NewLine(plotter.XYs{{X: p.X.Min, Y: 2.5}, {X: p.X.Max, Y: 2.5}})
	if err != nil {
		return nil, err
	}
	komi.Color = plotutil.Color(1)
	komi.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
	p.Add(komi)
	p.Legend.Add("komi 2.5: Black wins above", komi)
	if err := addMarks(p, mistakes, fmt.Sprintf("mistake (%d or more stones lost)", review.MistakePoints)); err != nil {
		return nil, err
	}
	p.Legend.Top = true
	return p, nil
}

// moveAxisLabel names the positions axis of a game whose last position, after its last
// move, is end.
func moveAxisLabel(end int) string {
	return fmt.Sprintf("position before move (%d: after the last move)", end)
}

// moveTicks marks the positions axis of a game whose last position is end at whole
// moves: 1, every fourth move, and end.
func moveTicks(end int) plot.ConstantTicks {
	ticks := plot.ConstantTicks{}
	for n := 1; n < end; n += 4 {
		if end-n >= 3 { // room for the last label
			ticks = append(ticks, plot.Tick{Value: float64(n), Label: strconv.Itoa(n)})
		}
	}
	return append(ticks, plot.Tick{Value: float64(end), Label: strconv.Itoa(end)})
}

// resultTicks labels the margin axis from lo to hi stones (black - white) with the
// results they give after the komi (B+0.5 at 3, W+0.5 at 2), about ten of them.
func resultTicks(lo, hi int) plot.ConstantTicks {
	step := max(1, (hi-lo+9)/10)
	var ticks plot.ConstantTicks
	for m := lo; m <= hi; m++ {
		if (m-board.BlackMargin)%step == 0 {
			ticks = append(ticks, plot.Tick{Value: float64(m), Label: record.Result(m)})
		}
	}
	return ticks
}

// addSteps adds pts as a step line with points, in style k, with a legend entry unless
// name is empty.
func addSteps(p *plot.Plot, pts plotter.XYs, name string, k int) error {
	line, points, err := plotter.NewLinePoints(pts)
	if err != nil {
		return err
	}
	line.StepStyle = plotter.PostStep
	line.Color, points.Color = plotutil.Color(k), plotutil.Color(k)
	p.Add(line, points)
	if name != "" {
		p.Legend.Add(name, line, points)
	}
	p.Legend.Top = true
	return nil
}

// addMarks adds red crosses at pts with a legend entry, if there are any.
func addMarks(p *plot.Plot, pts plotter.XYs, name string) error {
	if len(pts) == 0 {
		return nil
	}
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	s.GlyphStyle.Shape = draw.CrossGlyph{}
	s.GlyphStyle.Radius = vg.Points(6)
	s.GlyphStyle.Color = color.RGBA{R: 200, A: 255}
	p.Add(s)
	p.Legend.Add(name, s)
	return nil
}

// moveBars draws, for each agent, its blunders at each move number, then its mistakes.
func moveBars(reviews []review.GameReview) ([]*plot.Plot, error) {
	stats := review.Summarize(reviews)
	blunders := make([][]int, len(stats))
	mistakes := make([][]int, len(stats))
	for k, s := range stats {
		blunders[k], mistakes[k] = s.BlunderMoves, s.MistakeMoves
	}
	games := plural(len(reviews), "game")
	b, err := bars("blunders by move number, "+games, "blunders", stats, blunders)
	if err != nil {
		return nil, err
	}
	m, err := bars("mistakes by move number, "+games, "mistakes", stats, mistakes)
	if err != nil {
		return nil, err
	}
	return []*plot.Plot{b, m}, nil
}

// bars draws one bar series per agent: how many of moves[k] fall on each move number.
func bars(title, what string, stats []review.AgentStats, moves [][]int) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "move number"
	p.Y.Label.Text = what
	width := vg.Points(18 / float64(max(len(stats), 1)))
	highest := 0.0
	for k, s := range stats {
		counts := make(plotter.Values, board.MaxMoves)
		for _, n := range moves[k] {
			counts[n-1]++
			highest = max(highest, counts[n-1])
		}
		b, err := plotter.NewBarChart(counts, width)
		if err != nil {
			return nil, err
		}
		b.Color = plotutil.Color(k)
		b.LineStyle.Width = 0
		b.Offset = width * vg.Length(float64(k)-float64(len(stats)-1)/2)
		b.XMin = 1
		p.Add(b)
		p.Legend.Add(fmt.Sprintf("%s: %s in %s", s.Name, plural(len(moves[k]), what[:len(what)-1]), plural(s.Games, "game")), b)
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.X.Min, p.X.Max = 0, board.MaxMoves+1
	// The legend's rows take the top of the panel: leave them a share of the height.
	p.Y.Min, p.Y.Max = 0, max(highest, 1)*(1+0.15*float64(len(stats)+1))
	return p, nil
}
