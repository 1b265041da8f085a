package arenacmd

import (
	"context"
	"fmt"
	"io"

	"littlego/board"
	"littlego/record"
	"littlego/review"
)

// reviewLost writes, for -review, the review of every game agent A lost (docs/review.md),
// each named as the review names a game of a file ("match game 3").
func reviewLost(ctx context.Context, m *match, records []record.Record, stdout io.Writer) error {
	var games []record.Record
	for _, r := range records {
		aColor := board.White
		if r.ABlack {
			aColor = board.Black
		}
		if r.Game > 0 && r.Reason != record.Aborted && r.Winner != aColor {
			r.Name = fmt.Sprintf("match game %d", r.Game)
			games = append(games, r)
		}
	}
	if len(games) == 0 {
		fmt.Fprintf(stdout, "review: %s lost no game\n", m.nameA)
		return nil
	}
	o := review.DefaultOptions()
	o.Limit = m.reviewLimit
	reviews, err := review.ReviewAll(ctx, games, o)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "review of the %d games %s lost:\n\n", len(reviews), m.nameA)
	for k := range reviews {
		review.WriteGame(stdout, &reviews[k])
	}
	review.WriteAgents(stdout, review.Summarize(reviews))
	return nil
}
