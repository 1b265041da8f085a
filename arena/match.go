// match.go: a match: games between two agents, colours alternating, played by a pool of workers, with per-game seeds and folders.

// Package arena referees Little-Go games exactly as the CSCI-561 course host does
// (docs/RULES.md, judged with package board) between agents of several kinds: the
// course's reference opponents re-implemented (random, greedy, aggressive, alphabeta),
// the engine in process, any program that plays the course's file protocol (exec:),
// and any GTP engine (gtp:). It plays matches, alternating colours, in parallel when
// asked, measures each move's time as the course does (CPU time, user + system, every
// thread), and summarises the results with confidence intervals. littlego arena is its
// command line.
package arena

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"littlego/board"
	"littlego/internal/splitmix"
	"littlego/record"
)

// Config are a match's settings.
type Config struct {
	// Games is the number of games. Agent A is Black in the odd games, White in the even.
	Games int
	// Jobs is the number of games played at the same time. With 1, the in-process
	// agents' moves are timed in CPU time; with more, in wall-clock time, and the CPU
	// limit applies only to exec and gtp agents (see inProcess).
	Jobs int
	// CPULimit is the most CPU time a move may take; a move over it loses.
	CPULimit time.Duration
	// WallLimit is the wall-clock bound after which an external agent's move is killed
	// (and loses on time) even though it has not used its CPU time: a hung program. 0
	// means 10 x CPULimit + 60 s, generous so that a program waiting for a CPU on a busy
	// or stalled machine is judged by its CPU time, as the host judges it.
	WallLimit time.Duration
	// Seed seeds the match: game k's seed is derived from Seed and k.
	Seed uint64
	// WorkDir is where the working folders of exec and gtp agents are made ("" for the
	// system's temporary folder); they are removed after each game.
	WorkDir string
	// Openings, when not empty, are the openings the games start from: game pair k
	// (games 2k-1 and 2k, colours swapped) plays opening k, cycling through the list.
	Openings []Opening
	// OpeningSolve is the CPU time the solver may spend proving each opening's value,
	// before the first game from it (0: none).
	OpeningSolve time.Duration
	// PairSeeds gives both games of a pair the same seed (GameSeed of the pair's
	// number), so that a pair differs only in the colours.
	PairSeeds bool
	// Stop, if not nil, is asked before each game pair is started; when it returns
	// true no more games start (a sequential test has decided). Games under way finish.
	Stop func() bool
	// OnRecord, if not nil, is called with each finished game's record, one call at a
	// time, in the order the games finish.
	OnRecord func(record.Record)

	prover *openingProver // proves the openings for Run when OpeningSolve is set
}

func (c *Config) wallLimit() time.Duration {
	if c.WallLimit > 0 {
		return c.WallLimit
	}
	return 10*c.CPULimit + 60*time.Second
}

// GameSeed returns the seed of game number game (from 1) of a match seeded by seed.
func GameSeed(seed uint64, game int) uint64 { return splitmix.Hash(seed ^ splitmix.Hash(uint64(game))) }

// sideSeed returns the seed of the player of colour c in a game seeded by gameSeed.
func sideSeed(gameSeed uint64, c board.Color) uint64 { return splitmix.Hash(gameSeed + uint64(c) + 1) }

// Labels returns the names that stand for agents a and b in tables and records: their
// Names, told apart by " (A)" and " (B)" when they are the same.
func Labels(a, b *Agent) (string, string) {
	if a.Name == b.Name {
		return a.Name + " (A)", b.Name + " (B)"
	}
	return a.Name, b.Name
}

// Seat is one side of one game: what NewPlayer needs to make that side's player.
type Seat struct {
	Color board.Color
	// Game is the game's number, from 1, and GameSeed its seed: the player's own seed
	// is derived from it and Color.
	Game     int
	GameSeed uint64
	// Root is where an external player's working folder is made, named after the game
	// and the side.
	Root string
	// MeasureCPU times in-process players' moves in CPU time (right only when one game
	// is played at a time).
	MeasureCPU bool
	// Config is the match: its CPU and wall-clock limits.
	Config *Config
}

// seed returns the seat's player's seed.
func (s Seat) seed() uint64 { return sideSeed(s.GameSeed, s.Color) }

// makeFolder makes the seat's working folder under Root.
func (s Seat) makeFolder() (string, error) {
	dir := filepath.Join(s.Root, fmt.Sprintf("game%04d-%s", s.Game, s.Color))
	return dir, os.MkdirAll(dir, 0o755)
}

// NewPlayer returns a's player for seat s.
func (a *Agent) NewPlayer(s Seat) (Player, error) {
	k := kindOf(a.Kind)
	if k == nil {
		return nil, fmt.Errorf("agent %q has no kind", a.Spec)
	}
	return k.newPlayer(a, s)
}

// PlayGame plays game number game of a match between a and b (a is Black when game is
// odd) and returns its record. root holds the working folders of external agents. With
// cfg.Openings, the game starts from opening ((game-1)/2 mod len) + 1, proved first
// when cfg.OpeningSolve is set.
func PlayGame(ctx context.Context, a, b *Agent, game int, root string, cfg *Config) record.Record {
	nameA, nameB := Labels(a, b)
	agents := [2]*Agent{a, b}
	names := [2]string{nameA, nameB}
	aBlack := game%2 == 1
	if !aBlack {
		agents[0], agents[1] = b, a
		names[0], names[1] = nameB, nameA
	}
	seed := GameSeed(cfg.Seed, game)
	if cfg.PairSeeds {
		seed = GameSeed(cfg.Seed, (game+1)/2)
	}
	var opening *Opening
	openingNumber := 0
	if len(cfg.Openings) > 0 {
		openingNumber = ((game-1)/2)%len(cfg.Openings) + 1
		opening = &cfg.Openings[openingNumber-1]
		if cfg.prover != nil {
			cfg.prover.prove(opening)
		}
	}
	measure := cfg.Jobs <= 1
	var players [2]Player
	var rec record.Record
	for c := board.Black; c <= board.White; c++ {
		p, err := agents[c].NewPlayer(Seat{Color: c, Game: game, GameSeed: seed, Root: root, MeasureCPU: measure, Config: cfg})
		if err != nil {
			rec = record.Record{Winner: c.Other(), Reason: record.AgentError,
				Detail: fmt.Sprintf("%s (%s) could not start: %v", c, names[c], err)}
			break
		}
		players[c] = p
	}
	if rec.Reason == "" {
		var moves []board.Point
		if opening != nil {
			moves = opening.Moves
		}
		rec = RefereeFrom(ctx, players, cfg.CPULimit, moves)
	}
	if opening != nil {
		rec.Opening, rec.OpeningMoves = openingNumber, opening.String()
		rec.OpeningKnown, rec.OpeningBlackWins = opening.Known, opening.BlackWins
	}
	for _, p := range players {
		if p != nil {
			p.Close()
		}
	}
	rec.Game, rec.Seed, rec.ABlack = game, seed, aBlack
	rec.Black, rec.White = names[0], names[1]
	return rec
}

// Run plays cfg.Games games between a and b on cfg.Jobs workers and returns the records
// in game order. When ctx is cancelled, or cfg.Stop says so, games not yet started are
// skipped (their records have Game 0); on cancellation the games under way end as
// Aborted.
func Run(ctx context.Context, a, b *Agent, cfg Config) ([]record.Record, error) {
	if cfg.Games < 1 || cfg.Jobs < 1 || cfg.CPULimit <= 0 {
		return nil, fmt.Errorf("arena: want games >= 1, jobs >= 1 and a positive CPU limit, got %d, %d, %v", cfg.Games, cfg.Jobs, cfg.CPULimit)
	}
	root := ""
	if !a.InProcess() || !b.InProcess() {
		dir, err := os.MkdirTemp(cfg.WorkDir, "arena-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		root = dir
	}
	if len(cfg.Openings) > 0 && cfg.OpeningSolve > 0 {
		cfg.prover = newOpeningProver(cfg.OpeningSolve)
	}
	records := make([]record.Record, cfg.Games)
	// Games are handed out one at a time, or a pair at a time when a sequential test
	// may stop the match: a worker asks Stop when it takes a pair, before its first game.
	unit := 1
	if cfg.Stop != nil {
		unit = 2
	}
	games := make(chan int)
	var mu sync.Mutex
	stopped := false
	var wg sync.WaitGroup
	for w := 0; w < min(cfg.Jobs, (cfg.Games+unit-1)/unit); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for first := range games {
				if cfg.Stop != nil {
					mu.Lock()
					stopped = stopped || cfg.Stop()
					skip := stopped
					mu.Unlock()
					if skip {
						continue
					}
				}
				for g := first; g < first+unit && g <= cfg.Games; g++ {
					if ctx.Err() != nil && g > first {
						break
					}
					rec := PlayGame(ctx, a, b, g, root, &cfg)
					mu.Lock()
					records[g-1] = rec
					if cfg.OnRecord != nil {
						cfg.OnRecord(rec)
					}
					mu.Unlock()
				}
			}
		}()
	}
feed:
	for g := 1; g <= cfg.Games; g += unit {
		mu.Lock()
		done := stopped
		mu.Unlock()
		if done {
			break
		}
		select {
		case games <- g:
		case <-ctx.Done():
			break feed
		}
	}
	close(games)
	wg.Wait()
	return records, nil
}

// RunSpecs plays the match cfg describes between the agents the specs a and b name
// (ParseAgent's forms: "greedy", "engine:budget=0.1", "exec:./my_player", ...).
func RunSpecs(ctx context.Context, a, b string, cfg Config) ([]record.Record, error) {
	agentA, err := ParseAgent(a)
	if err != nil {
		return nil, fmt.Errorf("agent A: %v", err)
	}
	agentB, err := ParseAgent(b)
	if err != nil {
		return nil, fmt.Errorf("agent B: %v", err)
	}
	return Run(ctx, agentA, agentB, cfg)
}
