// deepen.go: after the first pass, the values it left unknown proved game by game, deepest
// first and with growing limits, within each game's CPU allowance (Options.GameLimit).

package review

import (
	"context"
	"slices"
	"time"

	"littlego/board"
	"littlego/lib/cputime"
)

// deepenSteps are the limits, as on one core, of the rounds of the deepening: every
// unknown position of every game is tried at the first before any at the second, so the
// cheap proofs come first and a hard position costs its game only what is left.
var deepenSteps = []time.Duration{2 * time.Second, 8 * time.Second, MaxLimit}

// Deepening is what the deepening has spent and may still spend, for a progress bar:
// Spent CPU so far, Bound at most in all (every game's allowance less what it spent, for
// the games with unknown values left).
type Deepening struct {
	Spent, Bound time.Duration
	// Unknown is how many positions of the games are still unknown.
	Unknown int
}

// deepen proves the values the first pass left unknown, in rounds: each round takes, of
// each game with allowance left, its deepest unknown position not yet tried at the
// round's step (a position after a proved loss for its mover is a win for the move before
// it: proofs from the end of the game reach back), proves them o.Jobs at a time, and
// carries what they prove along the lines (imply). It ends when no game has an unknown
// position it may still try.
func (l *ledger) deepen(ctx context.Context, lines []replay, games []game) error {
	if l.o.GameLimit <= 0 {
		return nil
	}
	spent := make([]time.Duration, len(games))
	sharers := l.sharers(lines)
	for _, step := range deepenSteps {
		tried := map[*entry]bool{}
		for {
			queue, owners := l.deepestUnknown(lines, spent, sharers, step, tried)
			if len(queue) == 0 {
				break
			}
			l.report(lines, spent)
			if err := l.runCharged(ctx, queue, owners, spent); err != nil {
				return err
			}
			l.imply(lines, games)
		}
	}
	l.report(lines, spent)
	return nil
}

// sharers returns, for each entry of the games' lines, the games whose line holds it.
func (l *ledger) sharers(lines []replay) map[*entry][]int {
	out := map[*entry][]int{}
	for k := range lines {
		for _, pos := range lines[k].positions {
			if e, _ := l.lookup(pos); e != nil && !slices.Contains(out[e], k) {
				out[e] = append(out[e], k)
			}
		}
	}
	return out
}

// deepestUnknown returns, for each game with allowance left, a job proving its deepest
// position whose value is unknown and that was not tried at step, with the games it is
// charged to: a position several games share is proved once, within what is left of
// their allowances together. A position an earlier run tried within as much in vain
// (facts.Cache.Tried: the proof store's record) is not tried again, and its games are
// charged the limit.
func (l *ledger) deepestUnknown(lines []replay, spent []time.Duration, sharers map[*entry][]int, step time.Duration, tried map[*entry]bool) ([]job, [][]int) {
	var queue []job
	var owners [][]int
	left := func(k int) time.Duration { return max(0, l.o.GameLimit-spent[k]) }
	for k := range lines {
		ps := lines[k].positions
		for i := len(ps) - 1; i >= 0 && left(k) > 0; i-- {
			e, sym := l.lookup(ps[i])
			if e == nil || e.fact.Proved() || ps[i].Over || tried[e] {
				continue
			}
			tried[e] = true
			var games []int
			var pool time.Duration
			for _, g := range sharers[e] {
				if left(g) > 0 {
					games, pool = append(games, g), pool+left(g)
				}
			}
			lim, c := min(step, pool), sym.Apply(ps[i])
			if l.cache.Tried(c).Value >= lim {
				charge(spent, games, lim) // tried in vain by an earlier run: the allowance is spent
				continue
			}
			queue = append(queue, job{kind: jobValue, pos: c, e: e, limit: lim})
			owners = append(owners, games)
			break
		}
	}
	return queue, owners
}

// charge shares cost among games evenly.
func charge(spent []time.Duration, games []int, cost time.Duration) {
	for _, g := range games {
		spent[g] += cost / time.Duration(len(games))
	}
}

// runCharged does the jobs of queue, each charged to the games owners names: the
// process's CPU over the job, shared by the jobs running beside it.
func (l *ledger) runCharged(ctx context.Context, queue []job, owners [][]int, spent []time.Duration) error {
	costs := make([]time.Duration, len(queue))
	for k := range queue {
		queue[k].cost = &costs[k]
	}
	err := l.runJobs(ctx, queue)
	for k, c := range costs {
		charge(spent, owners[k], c)
	}
	return err
}

// report tells the progress callback what the deepening has spent and may still spend.
func (l *ledger) report(lines []replay, spent []time.Duration) {
	if l.o.Deepening == nil {
		return
	}
	var d Deepening
	for k := range lines {
		d.Spent += spent[k]
		unknown := l.unknownIn(lines[k].positions)
		d.Unknown += unknown
		if unknown > 0 {
			d.Bound += max(0, l.o.GameLimit-spent[k])
		}
	}
	d.Bound += d.Spent
	l.o.Deepening(d)
}

// unknownIn counts the positions of ps, the game not over, whose value is unknown.
func (l *ledger) unknownIn(ps []board.Position) int {
	n := 0
	for _, pos := range ps {
		if e, _ := l.lookup(pos); e != nil && !e.fact.Proved() && !pos.Over {
			n++
		}
	}
	return n
}

// timed runs do and returns the process's CPU time it took, divided by the jobs that ran
// at once.
func timed(active int, do func()) time.Duration {
	start := cputime.Process()
	do()
	return (cputime.Process() - start) / time.Duration(max(1, active))
}
