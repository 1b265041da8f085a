package charts

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// checkImage fails unless path is a non-empty, decodable PNG or well-formed SVG.
func checkImage(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 1000 {
		t.Fatalf("%s: only %d bytes", path, len(data))
	}
	switch filepath.Ext(path) {
	case ".png":
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if b := img.Bounds(); b.Dx() < 300 || b.Dy() < 300 {
			t.Errorf("%s: %v pixels", path, b)
		}
	case ".svg":
		d := xml.NewDecoder(bytes.NewReader(data))
		svg := false
		for {
			tok, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: not well-formed XML: %v", path, err)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "svg" {
				svg = true
			}
		}
		if !svg {
			t.Errorf("%s: no svg element", path)
		}
	}
}

func TestChartsAreValidImages(t *testing.T) {
	dir := t.TempDir()
	var s LLRSeries
	s.Lower, s.Upper, s.Elo0, s.Elo1 = -2.94, 2.94, 0, 50
	for k := 1; k <= 40; k++ {
		s.Pairs = append(s.Pairs, float64(k))
		s.LLR = append(s.LLR, 0.08*float64(k)-0.5*math.Sin(float64(k)))
		s.Elo = append(s.Elo, 60+200/float64(k))
		s.EloLo = append(s.EloLo, math.Inf(-1))
		s.EloHi = append(s.EloHi, 60+400/float64(k))
	}
	iters := []float64{0, 1, 2, 3, 4}
	params := []Trajectory{{Name: "c", Min: 0, Max: 2, Values: []float64{1.5, 1.2, 1, 0.8, 0.6}},
		{Name: "rave", Min: 0, Max: 5000, Values: []float64{4000, 3000, 2500, 1800, 1200}}}
	for _, ext := range []string{".png", ".svg"} {
		llr := filepath.Join(dir, "llr"+ext)
		if err := SPRT(llr, "test A vs B", s); err != nil {
			t.Fatal(err)
		}
		checkImage(t, llr)
		tr := filepath.Join(dir, "params"+ext)
		if err := Trajectories(tr, "tuning", iters, params); err != nil {
			t.Fatal(err)
		}
		checkImage(t, tr)
	}
	if err := SPRT(filepath.Join(dir, "x.gif"), "t", s); err == nil {
		t.Error("a .gif path was accepted")
	}
	if err := SPRT(filepath.Join(dir, "x.png"), "t", LLRSeries{}); err == nil {
		t.Error("an empty series was drawn")
	}
}
