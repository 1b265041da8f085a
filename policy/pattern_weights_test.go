// pattern_weights_test.go: the weights file reads back what was written, the embedded one is in the form the trainer writes, bad files are refused; the tactical levels pack without aliasing.

package policy

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestPatternWeightsFileRoundTrip(t *testing.T) {
	again, err := EncodePatternWeights(learnedPatternWeights())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, learnedWeightsFile) {
		t.Fatalf("pattern_weights.json is not as EncodePatternWeights writes it:\n%s", again)
	}
	w := testPatternWeights()
	w.Source = "a test: \"quoted\""
	data, err := EncodePatternWeights(w)
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodePatternWeights(data)
	if err != nil {
		t.Fatal(err)
	}
	close := func(a, b float32) bool { return math.Abs(float64(a-b)) <= 5e-6*float64(b) }
	same := back.Source == w.Source && close(back.Unseen, w.Unseen) && len(back.Patterns) == len(w.Patterns)
	for f := range w.Gammas {
		same = same && len(back.Gammas[f]) == len(w.Gammas[f])
		for l := range back.Gammas[f] {
			same = same && close(back.Gammas[f][l], w.Gammas[f][l])
		}
	}
	slices.SortFunc(w.Patterns, func(a, b PatternGamma) int { return int(a.Code) - int(b.Code) })
	for i := range back.Patterns {
		same = same && back.Patterns[i].Code == w.Patterns[i].Code && close(back.Patterns[i].Gamma, w.Patterns[i].Gamma)
	}
	if !same {
		t.Fatalf("read back %v %v\nwrote %v %v", back.Unseen, back.Gammas, w.Unseen, w.Gammas)
	}
	if again, _ := EncodePatternWeights(back); !bytes.Equal(again, data) {
		t.Fatalf("the weights read back encode as\n%s\nnot as the file they were read from", again)
	}
}

func TestPatternWeightsFileRefusesBadFiles(t *testing.T) {
	good := string(learnedWeightsFile)
	cases := map[string]string{
		"not json": "pattern weights",
		"{}":       "the gamma of the unseen",
		strings.Replace(good, `"escape": [1, `, `"escape": [`, 1):              "escape has 2 gammas, want 3",
		strings.Replace(good, `"escape"`, `"escapes"`, 1):                      "unknown feature \"escapes\"",
		strings.Replace(good, `"extend": [1, `, `"extend": [0, `, 1):           "extend level 0 has gamma 0",
		strings.Replace(good, `"00000": `, `"0000g": `, 1):                     "pattern code \"0000g\"",
		strings.Replace(good, `"00000": `, `"100000": `, 1):                    "five hex digits",
		strings.Replace(good, `"source"`, `"sauce"`, 1):                        "unknown field",
		strings.Replace(good, `"gammas": {`, `"gammas": {"pattern": [1], `, 1): "unknown feature \"pattern\"",
	}
	for data, want := range cases {
		_, err := DecodePatternWeights([]byte(data))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("decoding a file with %q: %v", want, err)
		}
	}
}

func TestTacticalLevelsPackWithoutAliasing(t *testing.T) {
	seen := map[int]bool{}
	var lv [NumPatternFeatures]uint32
	var walk func(f int)
	walk = func(f int) {
		if f == NumPatternFeatures {
			l := packLevels(&lv)
			if seen[l.index()] || l.index() != int(l) || int(l) >= tacticalProduct {
				t.Fatalf("levels %v pack to %d, index %d, already used %v", lv, l, l.index(), seen[l.index()])
			}
			seen[l.index()] = true
			for g, u := range tacticalUnit {
				if u != 0 && l.level(g) != lv[g] {
					t.Fatalf("levels %v: feature %s unpacks as %d", lv, FeatureName(g), l.level(g))
				}
			}
			return
		}
		if tacticalUnit[f] == 0 {
			walk(f + 1)
			return
		}
		for l := range NumLevels(f) {
			lv[f] = uint32(l)
			walk(f + 1)
		}
		lv[f] = 0
	}
	walk(0)
	if len(seen) != tacticalProduct || tacticalCombinations < tacticalProduct {
		t.Fatalf("%d combinations of levels, tacticalProduct %d, table size %d", len(seen), tacticalProduct, tacticalCombinations)
	}
}
