// proofs.go: the Analyse view's download: the game as SGF with, at the position shown,
// every action proved to win or lose as a variation with its proved line.

package web

import (
	"bytes"
	"context"
	"net/http"

	"littlego/board"
	"littlego/facts"
	"littlego/proofsgf"
	"littlego/sgf"
)

// writeProofs answers with rec's game as SGF, the actions proved at the position after
// its first at moves added as variations there (proofsgf.ProvedActions: what the
// server's cache of facts and the tables prove, as the Analyse view shows it; nothing
// is searched), after the game's own next move where the game goes on, whose node takes
// its own proof's comment and marks; the node of the position says what was added.
func (s *Server) writeProofs(w http.ResponseWriter, g sgf.Game, actions []board.Point, at int) {
	pos, _, err := replay(actions[:at])
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	root, err := g.Tree()
	if err != nil {
		fail(w, http.StatusInternalServerError, "writing the record: %v", err)
		return
	}
	line := root.MainLine()
	pr := proofsgf.Prover{P: facts.NewProver(s.facts)}
	vs := pr.ProvedActions(context.Background(), pos)
	n := line[at]
	for _, v := range vs {
		if at+1 < len(line) && sameMove(v, line[at+1]) {
			mergeProof(line[at+1], v) // the game's own move: its proof on its node
			continue
		}
		n.Add(v)
	}
	words := "the position analysed: " + proofsgf.PositionWords(pos) + ": " + pr.Fact(context.Background(), pos).String()
	if len(vs) > 0 {
		words += "; each action proved to win or lose is a variation, the wins first, each with its proved line"
	}
	if c := n.Value("C"); c != "" {
		words = c + "\n" + words
	}
	n.Set("C", words)
	var buf bytes.Buffer
	if err := sgf.WriteTrees(&buf, root); err != nil {
		fail(w, http.StatusInternalServerError, "writing the record: %v", err)
		return
	}
	writeFile(w, "application/x-go-sgf", "littlego-analysis.sgf", buf.Bytes())
}

// sameMove reports whether nodes a and b play the same move.
func sameMove(a, b *sgf.Node) bool {
	for _, id := range []string{"B", "W"} {
		av, aok := a.Get(id)
		bv, bok := b.Get(id)
		if aok != bok || (aok && (len(av) != 1 || len(bv) != 1 || av[0] != bv[0])) {
			return false
		}
	}
	return true
}

// mergeProof gives the game's node the comment and the marks of proof, the variation of
// the same move.
func mergeProof(game, proof *sgf.Node) {
	for _, p := range proof.Props {
		switch p.ID {
		case "B", "W":
		case "C":
			if c := game.Value("C"); c != "" {
				game.Set("C", c+"\n"+p.Values[0])
			} else {
				game.Set("C", p.Values...)
			}
		default:
			game.Set(p.ID, p.Values...)
		}
	}
}
