// Package charts draws the arena's and the tuner's pictures with gonum's plot: a
// sequential test's LLR against its bounds with the running Elo estimate, and a
// tuner's parameter trajectories. It lives with the commands so that the library
// packages do not depend on a plotting library.
package charts

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"littlego/arena"
)

// Width and panel height of the pictures.
const (
	width       = 8 * vg.Inch
	panelHeight = 3.2 * vg.Inch
)

// LLRSeries is a sequential test's state after every pair.
type LLRSeries struct {
	// Pairs, LLR, Elo, EloLo, EloHi have one entry per pair (Elo in logistic Elo, ±Inf
	// allowed: they are clipped).
	Pairs, LLR, Elo, EloLo, EloHi []float64
	// Lower and Upper are the LLR's bounds (H0 and H1 accepted).
	Lower, Upper float64
	// Elo0 and Elo1 are the hypotheses.
	Elo0, Elo1 float64
}

// FromPairTest returns the series of an arena test's history.
func FromPairTest(t *arena.PairTest) LLRSeries {
	s := LLRSeries{Elo0: t.Test.Elo0, Elo1: t.Test.Elo1}
	s.Lower, s.Upper = t.Test.Bounds()
	for _, h := range t.History {
		s.Pairs = append(s.Pairs, float64(h.Pairs))
		s.LLR = append(s.LLR, h.LLR)
		s.Elo = append(s.Elo, h.Elo)
		s.EloLo = append(s.EloLo, h.EloLo)
		s.EloHi = append(s.EloHi, h.EloHi)
	}
	return s
}

// SPRT draws two panels into path (.png or .svg): the LLR after every pair against the
// bounds, and the running Elo estimate with its 95% interval against elo0 and elo1.
func SPRT(path, title string, s LLRSeries) error {
	if len(s.Pairs) == 0 {
		return fmt.Errorf("charts: no pairs to draw")
	}
	llr := plot.New()
	llr.Title.Text = title + ": log-likelihood ratio"
	llr.X.Label.Text = "game pairs (colours swapped)"
	llr.Y.Label.Text = "LLR"
	if err := addLine(llr, "LLR", s.Pairs, s.LLR, 0); err != nil {
		return err
	}
	last := s.Pairs[len(s.Pairs)-1]
	hline(llr, fmt.Sprintf("upper bound %.2f: H1 accepted (elo >= %g)", s.Upper, s.Elo1), s.Upper, 0, last, 1)
	hline(llr, fmt.Sprintf("lower bound %.2f: H0 accepted (elo <= %g)", s.Lower, s.Elo0), s.Lower, 0, last, 2)
	llr.Legend.Top = true
	llr.Legend.Left = true

	elo := plot.New()
	elo.Title.Text = title + ": Elo estimate"
	elo.X.Label.Text = "game pairs (colours swapped)"
	elo.Y.Label.Text = "Elo difference (logistic), 95% interval"
	clip := func(v []float64) []float64 {
		out := make([]float64, len(v))
		for k, x := range v {
			out[k] = math.Max(-800, math.Min(800, x))
		}
		return out
	}
	if err := addLine(elo, "estimate", s.Pairs, clip(s.Elo), 0); err != nil {
		return err
	}
	if err := addLine(elo, "95% interval (clipped at ±800)", s.Pairs, clip(s.EloLo), 3); err != nil {
		return err
	}
	if err := addLine(elo, "", s.Pairs, clip(s.EloHi), 3); err != nil {
		return err
	}
	hline(elo, fmt.Sprintf("elo0 = %g", s.Elo0), s.Elo0, 0, last, 2)
	hline(elo, fmt.Sprintf("elo1 = %g", s.Elo1), s.Elo1, 0, last, 1)
	return save(path, []*plot.Plot{llr, elo})
}

// Trajectory is one tuned parameter's value after every iteration.
type Trajectory struct {
	Name     string
	Min, Max float64
	Values   []float64
}

// Trajectories draws one panel per parameter into path: its value against the
// iteration, on the axis of its bounds, with the start drawn as a dashed line.
func Trajectories(path, title string, iterations []float64, params []Trajectory) error {
	if len(params) == 0 || len(iterations) == 0 {
		return fmt.Errorf("charts: nothing to draw")
	}
	var plots []*plot.Plot
	for k, tr := range params {
		p := plot.New()
		p.Title.Text = fmt.Sprintf("%s: %s", title, tr.Name)
		p.X.Label.Text = "SPSA iteration (one colour-swapped pair each)"
		p.Y.Label.Text = fmt.Sprintf("%s (bounds %g..%g)", tr.Name, tr.Min, tr.Max)
		p.Y.Min, p.Y.Max = tr.Min, tr.Max
		if err := addLine(p, tr.Name, iterations, tr.Values, k); err != nil {
			return err
		}
		hline(p, fmt.Sprintf("start %g", tr.Values[0]), tr.Values[0], iterations[0], iterations[len(iterations)-1], 2)
		p.Legend.Top = true
		plots = append(plots, p)
	}
	return save(path, plots)
}

// addLine adds the line through xs, ys in style k (colour and dashes), with a legend
// entry unless name is empty.
func addLine(p *plot.Plot, name string, xs, ys []float64, k int) error {
	pts := make(plotter.XYs, len(xs))
	for i := range xs {
		pts[i].X, pts[i].Y = xs[i], ys[i]
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		return fmt.Errorf("charts: %v", err)
	}
	l.Color = plotutil.Color(k)
	l.Dashes = plotutil.Dashes(k)
	l.Width = vg.Points(1.5)
	p.Add(l)
	if name != "" {
		p.Legend.Add(name, l)
	}
	return nil
}

// hline adds a horizontal line at y from x0 to x1, dashed, in style k, with a legend.
func hline(p *plot.Plot, name string, y, x0, x1 float64, k int) {
	l, err := plotter.NewLine(plotter.XYs{{X: x0, Y: y}, {X: x1, Y: y}})
	if err != nil {
		return
	}
	l.Color = plotutil.Color(k)
	l.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
	p.Add(l)
	p.Legend.Add(name, l)
}

// Save stacks plots vertically into one picture, PNG or SVG by path's extension, each
// panel 8 by 3.2 inches.
func Save(path string, plots ...*plot.Plot) error { return save(path, plots) }

// save stacks the plots vertically into one picture, PNG or SVG by path's extension.
func save(path string, plots []*plot.Plot) error {
	h := panelHeight * vg.Length(len(plots))
	var c interface {
		vg.CanvasSizer
		io.WriterTo
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, h), vgimg.UseBackgroundColor(color.White))}
	case ".svg":
		c = vgsvg.New(width, h)
	default:
		return fmt.Errorf("charts: %s: want a .png or .svg file", path)
	}
	dc := draw.New(c)
	rows := make([][]*plot.Plot, len(plots))
	for k, p := range plots {
		rows[k] = []*plot.Plot{p}
	}
	tiles := draw.Tiles{Rows: len(plots), Cols: 1, PadY: vg.Points(12), PadTop: vg.Points(6), PadBottom: vg.Points(6), PadLeft: vg.Points(6), PadRight: vg.Points(12)}
	canvases := plot.Align(rows, tiles, dc)
	for k, p := range plots {
		p.Draw(canvases[k][0])
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := c.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
