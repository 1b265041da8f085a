// plot.go: -plot: one game's value timeline, or each agent's blunders by move number over several games.

package main

import (
	"fmt"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"littlego/board"
	"littlego/review"
)

// plotReviews draws the timeline of a single game, or the blunders of several, into
// path (.png or .svg by its extension).
func plotReviews(path string, reviews []review.GameReview) error {
	var p *plot.Plot
	var err error
	if len(reviews) == 1 {
		p, err = timeline(&reviews[0])
	} else {
		p, err = blunderBars(reviews)
	}
	if err != nil {
		return err
	}
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	w, err := p.WriterTo(8*vg.Inch, 4*vg.Inch, format)
	if err != nil {
		return err
	}
	return saveTo(path, w)
}

// blackValue is a value for Black on the timeline's axis: 1 win, -1 loss, 0 unknown.
func blackValue(v review.Value, c board.Color) float64 {
	switch v.For(c) {
	case review.Win:
		return 1
	case review.Loss:
		return -1
	}
	return 0
}

// timeline draws the value of each position for Black, before move 1 to after the last
// move, with the blunders marked.
func timeline(r *review.GameReview) (*plot.Plot, error) {
	if len(r.Moves) == 0 {
		return nil, fmt.Errorf("%s has no move to draw", r.Name)
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: %s (Black) vs %s (White)", r.Name, r.Agent(board.Black), r.Agent(board.White))
	p.X.Label.Text = "position before move (25: the end)"
	p.Y.Label.Text = "value for Black: 1 win, 0 unknown, -1 loss"
	p.Y.Min, p.Y.Max = -1.3, 1.9 // room above for the legend
	var pts, blunders plotter.XYs
	for _, m := range r.Moves {
		pts = append(pts, plotter.XY{X: float64(m.Number), Y: blackValue(m.Before, m.Color)})
		if m.Blunder {
			blunders = append(blunders, plotter.XY{X: float64(m.Number) + 0.5, Y: 0})
		}
	}
	last := r.Moves[len(r.Moves)-1]
	pts = append(pts, plotter.XY{X: float64(last.Number + 1), Y: blackValue(last.After, last.Color)})
	line, points, err := plotter.NewLinePoints(pts)
	if err != nil {
		return nil, err
	}
	line.StepStyle = plotter.PostStep
	line.Color, points.Color = plotutil.Color(0), plotutil.Color(0)
	p.Add(line, points)
	if len(blunders) > 0 {
		s, err := plotter.NewScatter(blunders)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle.Shape = draw.CrossGlyph{}
		s.GlyphStyle.Radius = vg.Points(6)
		s.GlyphStyle.Color = color.RGBA{R: 200, A: 255}
		p.Add(s)
		p.Legend.Add("blunder", s)
	}
	p.Legend.Add("value before the move", line, points)
	p.Legend.Top = true
	return p, nil
}

// blunderBars draws, for each agent, its blunders at each move number.
func blunderBars(reviews []review.GameReview) (*plot.Plot, error) {
	stats := review.Summarize(reviews)
	p := plot.New()
	p.Title.Text = fmt.Sprintf("blunders by move number, %d games", len(reviews))
	p.X.Label.Text = "move number"
	p.Y.Label.Text = "blunders"
	width := vg.Points(18 / float64(max(len(stats), 1)))
	for k, s := range stats {
		counts := make(plotter.Values, board.MaxMoves)
		for _, n := range s.BlunderMoves {
			counts[n-1]++
		}
		bars, err := plotter.NewBarChart(counts, width)
		if err != nil {
			return nil, err
		}
		bars.Color = plotutil.Color(k)
		bars.LineStyle.Width = 0
		bars.Offset = width * vg.Length(float64(k)-float64(len(stats)-1)/2)
		bars.XMin = 1
		p.Add(bars)
		p.Legend.Add(fmt.Sprintf("%s: %d blunders in %d games", s.Name, s.Blunders, s.Games), bars)
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.X.Min, p.X.Max = 0, board.MaxMoves+1
	return p, nil
}

// saveTo writes the picture w into the file path.
func saveTo(path string, w io.WriterTo) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := w.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
