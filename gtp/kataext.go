// kataext.go: the GTP extensions of KataGo that analysis GUIs send (KataGo's
// docs/GTP_Extensions.md): the rules as KataGo's JSON, the search's parameters by
// KataGo's commands, stop and clear_cache, get_komi, final_status_list and printsgf.

package gtp

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"littlego/board"
	"littlego/sgf"
)

// kataRules is kata-get-rules's answer: KataGo's rule fields for the session's rules
// (the course's: simple ko, no suicide, stones only; area rules: stones and the regions
// one colour surrounds).
type kataRules struct {
	FriendlyPassOk     bool   `json:"friendlyPassOk"`
	HasButton          bool   `json:"hasButton"`
	Ko                 string `json:"ko"`
	Scoring            string `json:"scoring"`
	Suicide            bool   `json:"suicide"`
	Tax                string `json:"tax"`
	WhiteHandicapBonus string `json:"whiteHandicapBonus"`
}

// rulesOf returns KataGo's fields for r.
func rulesOf(r Rules) kataRules {
	k := kataRules{Ko: "SIMPLE", Scoring: "STONES", Tax: "NONE", WhiteHandicapBonus: "0"}
	if r == Area {
		k.Scoring = "AREA"
	}
	return k
}

// kataGetRules answers the session's rules as KataGo's JSON.
func (s *Server) kataGetRules([]string) (string, error) {
	b, err := json.Marshal(rulesOf(s.game.rules))
	return string(b), err
}

// kataSetRules takes the session's own rules by name (littlego, area), or as the JSON
// kata-get-rules answers; KataGo's other rule sets are refused, as another komi is: what
// is proved is proved for the course's rules.
func (s *Server) kataSetRules(args []string) (string, error) {
	if len(args) == 0 {
		return "", s.syntaxError("kata-set-rules", errors.New("want rules"))
	}
	text := strings.Join(args, " ")
	r, err := ParseRules(text)
	if err != nil {
		var k kataRules
		if json.Unmarshal([]byte(text), &k) != nil {
			s.diag("kata-set-rules %s: this engine plays the course's rules (littlego) or area", text)
			return "", fmt.Errorf("unknown rules %s: want littlego or area", text)
		}
		switch k {
		case rulesOf(LittleGo):
			r = LittleGo
		case rulesOf(Area):
			r = Area
		default:
			return "", errors.New("rules not supported: want those kata-get-rules answers for littlego or area")
		}
	}
	if r != s.game.rules {
		s.game.rules = r
		s.game.clear()
		s.game.komi = board.Komi
	}
	return "", nil
}

// kataListParams lists the search's parameters, one name a line.
func (s *Server) kataListParams([]string) (string, error) {
	var names []string
	for _, p := range s.opts.Params() {
		names = append(names, p.Name)
	}
	sort.Strings(names)
	return strings.Join(names, "\n"), nil
}

// kataGetParam is littlego-get_param with one name, under KataGo's command name.
func (s *Server) kataGetParam(args []string) (string, error) {
	if len(args) != 1 {
		return "", s.syntaxError("kata-get-param", errors.New("want one parameter name"))
	}
	return s.getParam(args)
}

// kataSetParam is littlego-set_param under KataGo's command name.
func (s *Server) kataSetParam(args []string) (string, error) { return s.setParam(args) }

// stop ends a pondering search: the analysis commands already end at the next command,
// so there is nothing left to stop.
func (s *Server) stop([]string) (string, error) { return "", nil }

// clearCache keeps what is proved (it stays proved) and forgets the analyses kept to
// resume, as KataGo forgets its search tree.
func (s *Server) clearCache([]string) (string, error) {
	s.analysed = nil
	return "", nil
}

// getKomi answers the session's komi.
func (s *Server) getKomi([]string) (string, error) {
	return strconv.FormatFloat(s.game.komi, 'f', -1, 64), nil
}

// finalStatusList answers "alive", "dead" or "seki": under stones-only scoring every
// stone on the board counts, so all are alive and none is dead or in seki.
func (s *Server) finalStatusList(args []string) (string, error) {
	if len(args) != 1 {
		return "", s.syntaxError("final_status_list", errors.New("want alive, dead or seki"))
	}
	switch strings.ToLower(args[0]) {
	case "alive":
		var vs []string
		for p := board.Point(0); p < board.NumPoints; p++ {
			if s.game.pos.Stones[board.Black].Has(p) || s.game.pos.Stones[board.White].Has(p) {
				vs = append(vs, board.Vertex(p))
			}
		}
		return strings.Join(vs, " "), nil
	case "dead", "seki":
		return "", nil
	}
	return "", s.syntaxError("final_status_list", fmt.Errorf("status %q: want alive, dead or seki", args[0]))
}

// printsgf answers the game so far as SGF: its moves, the komi, the rules, and the
// result once the game is over.
func (s *Server) printsgf(args []string) (string, error) {
	if len(args) > 0 {
		return "", s.syntaxError("printsgf", errors.New("writing to a file is not supported: no arguments"))
	}
	g := sgf.Game{Komi: s.game.komi, Rules: s.game.rules.String()}
	for k, before := range s.game.history {
		after := s.game.pos
		if k+1 < len(s.game.history) {
			after = s.game.history[k+1]
		}
		mover := after.Turn.Other()
		m := sgf.Move{Color: mover, Point: board.Pass}
		if placed := after.Stones[mover] &^ before.Stones[mover]; placed != 0 {
			m.Point = placed.First()
		}
		g.Moves = append(g.Moves, m)
	}
	if s.game.pos.Over {
		g.Result = s.game.finalScore()
	}
	var sb strings.Builder
	if err := sgf.Write(&sb, g); err != nil {
		return "", err
	}
	return strings.TrimRight(sb.String(), "\n"), nil
}
