// sgf.go: the review written as SGF (-sgf FILE), and SGF inputs read game tree by game tree with a note where their variations are left out.

package reviewcmd

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"littlego/facts"
	"littlego/lib/atomicfile"
	"littlego/record"
	"littlego/review"
	"littlego/sgf"
)

// writeSGF writes the reviews as one SGF collection to path ("-": stdout), the lines of
// the variations proved within the margin's limit.
func writeSGF(ctx context.Context, cfg config, reviews []review.GameReview, stdout io.Writer) error {
	o := review.SGFOptions{Cache: cfg.opts.Cache, Lines: facts.Limits{CPU: cfg.opts.MarginLimit}}
	var b bytes.Buffer
	if err := review.WriteSGF(ctx, &b, reviews, o); err != nil {
		return err
	}
	if cfg.sgf == "-" {
		_, err := stdout.Write(b.Bytes())
		return err
	}
	return atomicfile.WriteFile(cfg.sgf, b.Bytes(), 0o644)
}

// parseInput reads one input's games as record.Parse does, but an SGF collection game
// tree by game tree ("name game 2"), and says on stderr where a tree's variations are
// left out (the review reads the main line).
func parseInput(name string, data []byte, stderr io.Writer) ([]record.Record, []error) {
	text := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if len(text) == 0 || text[0] != '(' {
		return record.Parse(name, data)
	}
	trees, err := sgf.ParseTrees(bytes.NewReader(data))
	if err != nil || len(trees) == 1 {
		if err == nil {
			noteVariations(name, trees[0], stderr)
		}
		return record.Parse(name, data)
	}
	var games []record.Record
	var errs []error
	for k, t := range trees {
		where := fmt.Sprintf("%s game %d", name, k+1)
		noteVariations(where, t, stderr)
		var one bytes.Buffer
		if err := sgf.WriteTrees(&one, t); err != nil {
			errs = append(errs, fmt.Errorf("%s: %v", where, err))
			continue
		}
		got, e := record.Parse(where, one.Bytes())
		games, errs = append(games, got...), append(errs, e...)
	}
	return games, errs
}

// noteVariations says on stderr that the tree's variations are left out, if it has any.
func noteVariations(where string, t *sgf.Node, stderr io.Writer) {
	if g, err := sgf.GameOf(t); err == nil {
		if note := g.MainLineNote(); note != "" {
			fmt.Fprintf(stderr, "littlego review: %s: %s\n", where, note)
		}
	}
}
