// cmd.go: solve certify's flags.

// Package certify is solve certify: the claim that the engine, as my_player runs it,
// wins every game as Black, checked by the solver along every line of the book and in
// seeded random games (docs/solver.md, "The certificate").
package certify

import (
	"flag"

	"littlego/cmd/littlego/internal/base"
	"littlego/lib/cliflag"
	"littlego/opening"
)

// Cmd is "solve certify".
var Cmd = &base.Command{
	Name:      "certify",
	UsageLine: "littlego solve certify [-through N] [-games N] [-seed S] [-n N] [-skip N] [-reprove-book] [-short] [-tt N]",
	Short:     "check the engine's Black moves against every White reply with the solver",
	Long: `Certify walks every Black decision from the empty board against every White action
(positions reduced by the eight symmetries) through Black's move -through (the book's
last move + 2 by default), proves with the solver that each move of the engine (default
options, a fresh engine for each move, the position read back from input.txt's format)
keeps Black's win (book moves carry solve book's proof unless -reprove-book), then plays
-games seeded random White continuations to the end, checking every Black move the same
way. It prints the counts by method and the worst CPU time per move, and exits 1 on any
slip.`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		var cfg certifyConfig
		fs.IntVar(&cfg.through, "through", opening.BookLastMove()+2, "the last Black move number walked against every White action")
		fs.IntVar(&cfg.games, "games", 1000, "seeded random White continuations played to the end after the walk")
		cliflag.Seed(fs, &cfg.seed, 1, "of the sample and the games")
		cliflag.Count(fs, &cfg.limit, 0, "positions checked per move of the walk, a seeded sample (0: all)")
		cliflag.Renamed(fs, map[string]string{"limit": "n"})
		fs.IntVar(&cfg.skip, "skip", 0, "skip the first N positions (in the seeded order) of the last move walked, to resume a stopped run (the N its last report counted) or to share the move between processes")
		fs.BoolVar(&cfg.reproveBook, "reprove-book", false, "prove the book's moves again instead of trusting solve book's proofs")
		short := fs.Bool("short", false, "a quick subset (the walk through move 5, 40 positions per move, 3 games)")
		base.IntTT(fs, &cfg.ttBits)
		return func(args []string, out base.Output) error {
			if err := base.NoArgs("certify", args); err != nil {
				return err
			}
			if err := base.CheckTT(cfg.ttBits, 1); err != nil {
				return err
			}
			if *short {
				cfg.through, cfg.games, cfg.limit = 5, 3, 40
			}
			return certify(out.Stdout, out.Stderr, cfg)
		}
	},
}
