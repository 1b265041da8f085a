// show.go: a finished game drawn for people: its moves in order and its final board.

package arena

import (
	"fmt"
	"strconv"
	"strings"

	"littlego/board"
	"littlego/record"
)

// movesPerRow is how many moves Diagram lists on one line.
const movesPerRow = 8

// Diagram returns r for people: its result line, its moves numbered from 1 (an
// opening's marked *, a faulty last move !), and the final board (X Black, O White);
// a record whose moves cannot be replayed gets the moves and no board.
func Diagram(r *record.Record) string {
	var sb strings.Builder
	sb.WriteString(Line(r))
	sb.WriteByte('\n')
	var row strings.Builder
	for i, m := range r.Moves {
		mark := " "
		switch {
		case m.Fault:
			mark = "!"
		case m.Opening:
			mark = "*"
		}
		text := actionText(m.Point)
		if m.Fault && m.Point == board.NoPoint {
			text = faultText(r.Detail)
		}
		fmt.Fprintf(&row, " %3d%s%s %-4s", i+1, mark, m.Color.String()[:1], text)
		if (i+1)%movesPerRow == 0 || i == len(r.Moves)-1 {
			sb.WriteString(strings.TrimRight(row.String(), " "))
			sb.WriteByte('\n')
			row.Reset()
		}
	}
	if pos, ok := finalPosition(r); ok {
		sb.WriteString(pos.String())
		sb.WriteByte('\n')
	}
	return sb.String()
}

// actionText is a move as output.txt writes it, or "none" when a faulty move gave none.
func actionText(p board.Point) string {
	if p == board.NoPoint {
		return "none"
	}
	return p.String()
}

// maxFaultText bounds what faultText shows of an answer.
const maxFaultText = 12

// faultText is what a faulty move that named no point answered, as the record's detail
// quotes it last (`output.txt says "9,9"`, `expected i,j or PASS, got "abc"`), or
// "none" when it quotes nothing (no output, a crash, a timeout).
func faultText(detail string) string {
	if !strings.HasSuffix(detail, `"`) {
		return "none"
	}
	for i := strings.LastIndex(detail[:len(detail)-1], `"`); i >= 0; i = strings.LastIndex(detail[:i], `"`) {
		if s, err := strconv.Unquote(detail[i:]); err == nil {
			if s = strings.Join(strings.Fields(s), " "); len(s) > maxFaultText {
				s = s[:maxFaultText] + "…"
			}
			if s == "" {
				return "none"
			}
			return s
		}
	}
	return "none"
}

// finalPosition replays r's moves but a faulty last one; ok is false when one of them
// is illegal, which a referee's record never holds.
func finalPosition(r *record.Record) (board.Position, bool) {
	pos := board.New()
	for _, m := range r.Moves {
		if m.Fault {
			break
		}
		if pos.Over || m.Color != pos.Turn {
			return pos, false
		}
		if m.Point == board.Pass {
			pos.Pass()
			continue
		}
		if !pos.IsLegal(m.Point) {
			return pos, false
		}
		pos.Play(m.Point)
	}
	return pos, true
}
