package arenacmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"littlego/board"
	"littlego/judge"
	"littlego/record"
	"littlego/review"
)

// reviewLost writes, for -review, the review of every game agent A lost (docs/review.md):
// the records pass through their JSON form, the one the review reads from files.
func reviewLost(ctx context.Context, m *match, records []record.Record, stdout io.Writer) error {
	var lines bytes.Buffer
	enc := json.NewEncoder(&lines)
	for _, r := range records {
		aColor := board.White
		if r.ABlack {
			aColor = board.Black
		}
		if r.Game > 0 && r.Reason != record.Aborted && r.Winner != aColor {
			if err := enc.Encode(r.JSON()); err != nil {
				return err
			}
		}
	}
	if lines.Len() == 0 {
		fmt.Fprintf(stdout, "review: %s lost no game\n", m.nameA)
		return nil
	}
	games, errs := judge.Parse("match", lines.Bytes())
	if len(errs) > 0 {
		return errs[0]
	}
	o := judge.DefaultOptions()
	o.Limit = m.reviewLimit
	reviews, err := judge.ReviewAll(ctx, games, o)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "review of the %d games %s lost:\n\n", len(reviews), m.nameA)
	for k := range reviews {
		review.WriteGame(stdout, &reviews[k])
	}
	review.WriteAgents(stdout, judge.Summarize(reviews))
	return nil
}
