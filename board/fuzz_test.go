// fuzz_test.go: fuzz targets for input.txt/output.txt parsing and for action sequences played on board and on the reference.

package board

import (
	"bytes"
	"testing"
)

// checkParsedInput checks what follows from any ParseInput result: a clean file
// round-trips through FormatInput, and a consistent one yields positions whose rules
// agree with the reference at every move number.
func checkParsedInput(t *testing.T, in Input, err error) {
	t.Helper()
	if !in.HaveColor || !in.HavePrevious || !in.HaveCurrent {
		if err == nil {
			t.Fatalf("nil error but Have flags %v/%v/%v", in.HaveColor, in.HavePrevious, in.HaveCurrent)
		}
		return
	}
	if err == nil {
		var buf bytes.Buffer
		if err := FormatInput(&buf, in.Color, in.Previous, in.Current); err != nil {
			t.Fatal(err)
		}
		text := buf.String()
		again, err := ParseInput(&buf)
		if err != nil || again != in {
			t.Fatalf("FormatInput wrote\n%s\nwhich reads back as %+v, %v; want %+v", text, again, err, in)
		}
	}
	if in.Consistency() != nil {
		// An inconsistent file must still give a position that does not break the rules code.
		p := in.Position(1)
		_ = p.Legal()
		return
	}
	me := refColor(in.Color)
	captured := (in.Previous[in.Color] &^ in.Current[in.Color]).Count()
	for _, move := range []int{1, 2, 13, 24} {
		p := in.Position(move)
		if p.Hash != p.ComputeHash() || p.Stones != in.Current || p.Turn != in.Color {
			t.Fatalf("Position(%d): stones, turn or hash wrong", move)
		}
		g := refGame{board: stonesToRef(in.Current), previous: stonesToRef(in.Previous),
			lastCaptured: captured, move: int(p.Move), turn: me}
		var legal, ko Bitboard
		for pt := Point(0); pt < NumPoints; pt++ {
			v, after, refCaptured := g.check(pt.Row(), pt.Col())
			q := p
			n, ok := q.Play(pt)
			if ok != (v == refLegal) || ok && (q.Stones != refToStones(after) || n != refCaptured) {
				t.Fatalf("Position(%d) %s: Play ok=%v captured %d, reference %v captured %d\n%s",
					move, pt, ok, n, v, refCaptured, p.String())
			}
			if ok {
				legal |= pt.Bit()
			}
			if v == refKo {
				ko |= pt.Bit()
			}
		}
		if p.Legal() != legal || p.Ko != ko {
			t.Fatalf("Position(%d): Legal %s ko %s; reference %s ko %s\n%s", move,
				pointList(p.Legal()), pointList(p.Ko), pointList(legal), pointList(ko), p.String())
		}
		q := p
		q.Pass()
		if q.Over != (in.Previous == in.Current || int(p.Move) == MaxMoves) {
			t.Fatalf("Position(%d): pass ends the game = %v with previous==current %v", move, q.Over, in.Previous == in.Current)
		}
	}
}

// stonesToRef converts a board's stones for the reference (no rules logic).
func stonesToRef(s Stones) refBoard {
	var b refBoard
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			b[i][j] = s.At(PointAt(i, j))
		}
	}
	return b
}

func FuzzParseInput(f *testing.F) {
	for _, c := range inputCases {
		f.Add([]byte(c.text))
	}
	f.Add([]byte("2\n20200\n12000\n00000\n00000\n00000\n01200\n12000\n00000\n00000\n00000"))
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := ParseInput(bytes.NewReader(data))
		checkParsedInput(t, in, err)
		// output.txt parsing never panics, and what it accepts writes back as itself.
		pt, err := ParseOutput(bytes.NewReader(data))
		if err == nil {
			var buf bytes.Buffer
			if err := WriteOutput(&buf, pt); err != nil {
				t.Fatalf("ParseOutput gave %d, which WriteOutput refuses: %v", pt, err)
			}
			if back, err := ParseOutput(&buf); err != nil || back != pt {
				t.Fatalf("round trip of %s gave %s, %v", pt, back, err)
			}
		}
	})
}

// FuzzPlaySequence reads each byte as an action: b%26 is a point (or Pass at 25); a
// point the reference refuses is replaced by the (b/26)-th legal placement, or a pass.
// After every action board and the reference are compared in full (see refTracker).
func FuzzPlaySequence(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{25})                   // Black passes on move 1
	f.Add([]byte{12, 25, 25})           // two passes
	f.Add([]byte{1, 0, 5, 2, 6, 25, 0}) // a corner capture and a retake attempt
	f.Add([]byte{7, 12, 11, 13, 17, 18, 25, 14, 12, 25, 13})
	f.Add(bytes.Repeat([]byte{200, 3, 77}, 10))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := newRefTracker(t)
		for _, b := range data {
			if r.ref.over {
				break
			}
			pt := Point(b % NumActions)
			if pt != Pass && !r.refLegal.Has(pt) {
				if r.refLegal == 0 {
					pt = Pass
				} else {
					pt = r.refLegal.Nth(int(b/NumActions) % r.refLegal.Count())
				}
			}
			r.viaProtocol()
			r.play(pt)
		}
	})
}
