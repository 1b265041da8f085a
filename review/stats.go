// stats.go: each agent's record across reviewed games: blunders and mistakes, where, and what became of its won positions.

package review

import (
	"slices"
	"sort"

	"littlego/board"
	"littlego/facts"
)

// AgentStats is one agent's record over the games reviewed.
type AgentStats struct {
	// Name is the agent's name in the records ("Black" or "White" when they give none).
	Name string `json:"name"`
	// Games is the number of games it played; Lost how many of them it lost.
	Games int `json:"games"`
	Lost  int `json:"lost"`
	// Blunders counts its blunders; BlunderMoves are their move numbers, game after game
	// (a number recurs when it fell at the same move in two games: ByGame tells them apart).
	Blunders     int   `json:"blunders"`
	BlunderMoves []int `json:"blunder_moves"`
	// Mistakes counts its mistakes; MistakeMoves are their move numbers, game after game.
	Mistakes     int   `json:"mistakes"`
	MistakeMoves []int `json:"mistake_moves"`
	// ByGame lists, in the order of the games, each game where it blundered or made a
	// mistake, with those moves.
	ByGame []GameMoves `json:"by_game"`
	// Won counts its moves made in a proved won position (openings excepted): Kept of
	// them left a proved win, WonUnknown a position not proved either way, and the
	// rest (Blunders) a proved loss.
	Won        int `json:"won"`
	Kept       int `json:"kept"`
	WonUnknown int `json:"won_unknown"`
}

// GameMoves are an agent's blunders and mistakes in one game, each in move order.
type GameMoves struct {
	// Game is the game's name (GameReview.Name).
	Game     string `json:"game"`
	Blunders []int  `json:"blunders"`
	Mistakes []int  `json:"mistakes"`
}

// BlundersPerGame returns Blunders / Games.
func (s *AgentStats) BlundersPerGame() float64 { return float64(s.Blunders) / float64(max(s.Games, 1)) }

// KeptShare returns Kept / Won, or 0 when it was never in a won position.
func (s *AgentStats) KeptShare() float64 { return float64(s.Kept) / float64(max(s.Won, 1)) }

// Agent returns the name of the agent that played side c in r.
func (r *GameReview) Agent(c board.Color) string {
	name := r.Black
	if c == board.White {
		name = r.White
	}
	if name == "" {
		name = c.String()
	}
	return name
}

// Summarize returns the record of every agent in reviews, by name.
func Summarize(reviews []GameReview) []AgentStats {
	byName := map[string]*AgentStats{}
	get := func(name string) *AgentStats {
		if byName[name] == nil {
			byName[name] = &AgentStats{Name: name, BlunderMoves: []int{}, MistakeMoves: []int{}, ByGame: []GameMoves{}}
		}
		return byName[name]
	}
	for k := range reviews {
		r := &reviews[k]
		for c := board.Black; c <= board.White; c++ {
			s := get(r.Agent(c))
			s.Games++
			if r.Winner != "" && r.Winner != colorWord(c) {
				s.Lost++
			}
		}
		var here [2]GameMoves // this game's, by colour
		for _, m := range r.Moves {
			s := get(r.Agent(m.Color))
			if m.Mistake {
				s.Mistakes++
				s.MistakeMoves = append(s.MistakeMoves, m.Number)
				here[m.Color].Mistakes = append(here[m.Color].Mistakes, m.Number)
			}
			if m.Opening || m.Before != facts.Win {
				continue
			}
			s.Won++
			switch {
			case m.Blunder:
				s.Blunders++
				s.BlunderMoves = append(s.BlunderMoves, m.Number)
				here[m.Color].Blunders = append(here[m.Color].Blunders, m.Number)
			case m.After == facts.Win:
				s.Kept++
			default:
				s.WonUnknown++
			}
		}
		addGameMoves(get, r, here)
	}
	out := make([]AgentStats, 0, len(byName))
	for _, s := range byName {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// addGameMoves adds to each side's agent in r its blunders and mistakes of r, when it
// has some. An agent that played both sides (a self-play game) gets one entry.
func addGameMoves(get func(string) *AgentStats, r *GameReview, here [2]GameMoves) {
	if r.Agent(board.Black) == r.Agent(board.White) {
		here[board.Black].Blunders = slices.Sorted(slices.Values(append(here[board.Black].Blunders, here[board.White].Blunders...)))
		here[board.Black].Mistakes = slices.Sorted(slices.Values(append(here[board.Black].Mistakes, here[board.White].Mistakes...)))
		here[board.White] = GameMoves{}
	}
	for c := board.Black; c <= board.White; c++ {
		g := here[c]
		if len(g.Blunders)+len(g.Mistakes) == 0 {
			continue
		}
		g.Game = r.Name
		if g.Blunders == nil {
			g.Blunders = []int{}
		}
		if g.Mistakes == nil {
			g.Mistakes = []int{}
		}
		s := get(r.Agent(c))
		s.ByGame = append(s.ByGame, g)
	}
}
