// workload.go: the fixed, seeded positions and search settings that the benchmarks and littlego profile measure.

// Package bench holds the speed measurements of the engine: `go test -bench` benchmarks
// of playouts, Play, Legal and whole searches (see bench_test.go and README.md), and
// the fixed, seeded workload they share with littlego profile, so that a benchmark number
// and a profile describe the same work.
package bench

import (
	"littlego/board"
	"littlego/engine"
	"littlego/mcts"
	"littlego/policy"
)

// WorkloadSeed seeds the games that produce the workload positions.
const WorkloadSeed = 20240601

// Positions returns the fixed workload positions: the empty board, then positions met
// in seeded light-policy games at moves 5, 9, 13, 17 and 21, none of them over. The
// result depends only on the board rules and the light policy, so it is the same on
// every run of the same commit.
func Positions() []board.Position {
	out := []board.Position{board.New()}
	rng := policy.NewRand(WorkloadSeed)
	light := policy.Light{}
	for game := 0; len(out) < 1+4*5; game++ {
		pos := board.New()
		for !pos.Over {
			if m := int(pos.Move); m%4 == 1 && m > 1 {
				out = append(out, pos)
			}
			pos.Play(light.Move(&pos, &rng))
		}
	}
	return out
}

// Search is a search as the benchmarks run it: the searcher's settings (Config), what
// each search may spend (Limit) and the seed of its workers' streams.
type Search struct {
	mcts.Config
	Limit mcts.Limit
	Seed  uint64
}

// SearchConfig returns the search that engine.Defaults() runs for a move (the same
// constants, policy, priors, node arena and seed: what engine.New builds from them)
// turned into a fixed amount of work: playouts iterations shared by workers goroutines,
// no CPU budget and no early stop, so that every run does the same number of iterations
// and a one-worker run is reproducible.
func SearchConfig(playouts, workers int) Search {
	o := engine.Defaults()
	cfg := mcts.DefaultConfig()
	cfg.Knobs = o.Knobs
	if pol, err := policy.ByName(o.Policy); err == nil {
		cfg.Policy = pol
	}
	cfg.Workers = workers
	return Search{Config: cfg, Limit: mcts.Limit{Playouts: playouts}, Seed: o.Seed}
}

// Moves returns (position, legal point) pairs met in seeded uniform random games:
// the inputs of the Play benchmark.
func Moves(n int) (positions []board.Position, points []board.Point) {
	rng := policy.NewRand(WorkloadSeed + 1)
	for len(points) < n {
		pos := board.New()
		for !pos.Over && len(points) < n {
			legal := pos.Legal()
			if legal == 0 {
				pos.Pass()
				continue
			}
			p := legal.Nth(rng.Intn(legal.Count()))
			positions = append(positions, pos)
			points = append(points, p)
			pos.Play(p)
		}
	}
	return positions, points
}
