// pattern_weights.go: the pattern policy's weights as data: the learned weights embedded from pattern_weights.json (written by littlego train-patterns), and their encoding.

package policy

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// learnedWeightsFile is the weights file of the learned gammas.
//
//go:embed pattern_weights.json
var learnedWeightsFile []byte

// learnedPatternWeights returns the learned gammas, a fresh copy at each call.
func learnedPatternWeights() *PatternWeights {
	w, err := DecodePatternWeights(learnedWeightsFile)
	if err != nil {
		panic("policy: pattern_weights.json: " + err.Error())
	}
	return w
}

// weightsFile is the JSON form of PatternWeights: the gammas of the levels by feature
// name (FeatureName), the pattern gammas by code in five hex digits.
type weightsFile struct {
	Source   string               `json:"source"`
	Unseen   float32              `json:"unseen"`
	Gammas   map[string][]float32 `json:"gammas"`
	Patterns map[string]float32   `json:"patterns"`
}

// DecodePatternWeights reads a weights file written by EncodePatternWeights, checking
// that every feature has its levels and every gamma is positive and finite.
func DecodePatternWeights(data []byte) (*PatternWeights, error) {
	var f weightsFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("not a pattern weights file: %v", err)
	}
	w := &PatternWeights{Source: f.Source, Unseen: f.Unseen}
	for feature := range NumPatternFeatures {
		if feature != FeaturePattern {
			w.Gammas[feature] = f.Gammas[FeatureName(feature)]
		}
	}
	for name := range f.Gammas {
		if featureNamed(name) <= FeaturePattern { // unknown (-1), or the patterns' own
			return nil, fmt.Errorf("gammas of an unknown feature %q", name)
		}
	}
	for code, g := range f.Patterns {
		c, err := strconv.ParseUint(code, 16, 32)
		if err != nil || len(code) != 5 || c >= 1<<patternCodeBits {
			return nil, fmt.Errorf("pattern code %q: want five hex digits", code)
		}
		w.Patterns = append(w.Patterns, PatternGamma{Code: uint32(c), Gamma: g})
	}
	slices.SortFunc(w.Patterns, func(a, b PatternGamma) int { return int(a.Code) - int(b.Code) })
	if err := w.check(); err != nil {
		return nil, err
	}
	return w, nil
}

// check returns an error when a feature's levels are missing or a gamma is not a
// positive finite number.
func (w *PatternWeights) check() error {
	good := func(g float32) bool { return g > 0 && !math.IsInf(float64(g), 0) }
	if !good(w.Unseen) {
		return fmt.Errorf("the gamma of the unseen patterns is %v", w.Unseen)
	}
	for _, p := range w.Patterns {
		if !good(p.Gamma) {
			return fmt.Errorf("pattern %05x has gamma %v", p.Code, p.Gamma)
		}
	}
	for f, gammas := range w.Gammas {
		if f == FeaturePattern {
			continue
		}
		if len(gammas) != NumLevels(f) {
			return fmt.Errorf("feature %s has %d gammas, want %d", FeatureName(f), len(gammas), NumLevels(f))
		}
		for l, g := range gammas {
			if !good(g) {
				return fmt.Errorf("feature %s level %d has gamma %v", FeatureName(f), l, g)
			}
		}
	}
	return nil
}

// EncodePatternWeights writes w as a weights file: JSON, one line per feature and per
// pattern, every gamma to six significant digits (so that a fit, rerun, writes the same
// file, and the file reads back as the weights its own encoding stands for).
func EncodePatternWeights(w *PatternWeights) ([]byte, error) {
	if err := w.check(); err != nil {
		return nil, err
	}
	var b strings.Builder
	str := func(s string) string { q, _ := json.Marshal(s); return string(q) }
	g32 := func(g float32) string { return strconv.FormatFloat(float64(g), 'g', 6, 32) }
	fmt.Fprintf(&b, "{\n  \"source\": %s,\n  \"unseen\": %s,\n  \"gammas\": {\n", str(w.Source), g32(w.Unseen))
	var lines []string
	for f, gammas := range w.Gammas {
		if f == FeaturePattern {
			continue
		}
		parts := make([]string, len(gammas))
		for l, g := range gammas {
			parts[l] = g32(g)
		}
		lines = append(lines, fmt.Sprintf("    %s: [%s]", str(FeatureName(f)), strings.Join(parts, ", ")))
	}
	b.WriteString(strings.Join(lines, ",\n") + "\n  },\n  \"patterns\": {\n")
	patterns := slices.Clone(w.Patterns)
	slices.SortFunc(patterns, func(a, b PatternGamma) int { return int(a.Code) - int(b.Code) })
	lines = lines[:0]
	for _, p := range patterns {
		lines = append(lines, fmt.Sprintf("    \"%05x\": %s", p.Code, g32(p.Gamma)))
	}
	b.WriteString(strings.Join(lines, ",\n") + "\n  }\n}\n")
	return []byte(b.String()), nil
}
