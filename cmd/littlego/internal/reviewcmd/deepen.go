// deepen.go: the review's proof store and what its deepening says on the progress bar.

package reviewcmd

import (
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"

	"littlego/review"
)

// deepeningWords says on the bar what the review's proving of the unknown values has
// spent and at most still needs, in CPU and in wall time over jobs workers.
func deepeningWords(bar *progressbar.ProgressBar, jobs int) func(review.Deepening) {
	return func(d review.Deepening) {
		left := (d.Bound - d.Spent) / time.Duration(max(1, jobs))
		bar.Describe(fmt.Sprintf("proving the %d unknown values: %.0f of at most %.0f CPU-s, at most %v left",
			d.Unknown, d.Spent.Seconds(), d.Bound.Seconds(), left.Round(time.Second)))
	}
}
