// rule_test.go: the command's -h and unknown flags, and the rule for the my_player flags a submission may carry.

package submission

import (
	"testing"

	"littlego/board"
	"littlego/engine"
	"littlego/lib/clitest"
	"littlego/mcts"
)

func TestHelpAndUnknownFlag(t *testing.T) {
	clitest.CheckUsage(t, run, clitest.HelpAndUnknownFlag("usage: littlego submission")...)
}

// TestGraderLimitRule checks the rule for baked-in flags: every move is ended by the
// CPU budget, which the engine caps below its hard ceiling, itself below the grader's
// limit; a fixed playout count, which would bypass the budget, is refused.
func TestGraderLimitRule(t *testing.T) {
	if !(engine.MaxBudget < mcts.HardCeiling && mcts.HardCeiling < board.HostCPULimit) {
		t.Fatalf("budget cap %v, hard ceiling %v, grader limit %v: the rule needs cap < ceiling < limit",
			engine.MaxBudget, mcts.HardCeiling, board.HostCPULimit)
	}
	for _, args := range [][]string{nil, {"-budget", "6"}, {"-budget", "6", "-workers", "64"}, {"-playouts", "0"}} {
		opts, err := engineOptions(args)
		if err == nil {
			err = withinGraderLimit(opts)
		}
		if err != nil {
			t.Errorf("%q refused: %v", args, err)
			continue
		}
		for move := 1; move <= board.MaxMoves; move++ {
			if b := engine.PlanBudget(opts, move); b > engine.MaxBudget {
				t.Errorf("%q: move %d gets %v, over the cap %v", args, move, b, engine.MaxBudget)
			}
		}
	}
	for _, args := range [][]string{{"-playouts", "1"}, {"-playouts", "100000000"}, {"-playouts", "500", "-workers", "2"}} {
		opts, err := engineOptions(args)
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		if withinGraderLimit(opts) == nil {
			t.Errorf("%q accepted: a fixed playout count is not bounded by the budget", args)
		}
	}
}
