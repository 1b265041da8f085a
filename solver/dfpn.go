// dfpn.go: depth-first proof-number search (Nagai 2002) for the null-window test high in the tree, over the alpha-beta test near the leaves.

package solver

import "littlego/board"

// pnInf is the proof or disproof number of a settled node: 0 on one side, pnInf on the
// other. Sums saturate below it.
const pnInf = 1 << 30

// pnEntry is one position of the proof-number table: its key, the test's threshold,
// the proof and disproof numbers of "the side to move wins the test" (φ and δ of the
// negamax form) and the work spent below it (replacement priority).
type pnEntry struct {
	key       uint64
	phi, dlt  uint32
	work      uint32
	threshold int8
}

// pnTable is a two-way set-associative table of proof and disproof numbers. Settled
// nodes also go to the solver's bound table, where the alpha-beta test finds them.
type pnTable struct {
	slots []pnEntry
	mask  uint64
}

func newPNTable(bits int) pnTable {
	return pnTable{slots: make([]pnEntry, 1<<bits), mask: uint64(1<<bits-1) &^ 1}
}

// lookup returns the numbers stored for key at threshold t, or (1, 1, false).
func (pt *pnTable) lookup(key uint64, t int) (phi, dlt uint32, ok bool) {
	i := key & pt.mask
	for j := i; j < i+2; j++ {
		if e := &pt.slots[j]; e.key == key && int(e.threshold) == t {
			return e.phi, e.dlt, true
		}
	}
	return 1, 1, false
}

// save stores key's numbers, over its own slot or the one of less work.
func (pt *pnTable) save(key uint64, t int, phi, dlt, work uint32) {
	i := key & pt.mask
	v := i
	switch {
	case pt.slots[i].key == key:
	case pt.slots[i+1].key == key || pt.slots[i+1].work < pt.slots[i].work:
		v = i + 1
	}
	pt.slots[v] = pnEntry{key: key, phi: phi, dlt: dlt, work: work, threshold: int8(t)}
}

// pnPly is the proof-number search's scratch at one depth: the children in move order
// and their numbers.
type pnPly struct {
	n     int
	moves [board.NumActions]board.Point
	kids  [board.NumActions]board.Position
	phi   [board.NumActions]uint32
	dlt   [board.NumActions]uint32
}

// pnSearch is one worker's proof-number search state.
type pnSearch struct {
	tt    pnTable
	plies [maxPly]pnPly
	// abLeft is the most moves left at which a node is settled by the alpha-beta test.
	abLeft int
}

// pnDefaultLeft is pnSearch.abLeft by default.
const pnDefaultLeft = 9

// pnRankCost is how much the disproof number of an unexplored child grows per place
// in the move order, so that the search trusts the order.
var pnRankCost uint32 = 64

// pnTableBits is the log2 of the proof-number table's entries (24 bytes each).
const pnTableBits = 20

// pnTest is test at ply 0 by proof-number search: it returns t when Black reaches t
// and t-1 when not (a fail-hard bound), with the proving action in rootBest.
func (w *worker) pnTest(pos *board.Position, t int) int {
	w.pnState()
	phi, _ := w.mid(pos, 0, t, pnInf-1, pnInf-1)
	if w.aborted {
		return 0
	}
	won := phi == 0 // the side to move wins the test
	if won == (pos.Turn == board.Black) {
		return t
	}
	return t - 1
}

// pnState returns w's proof-number search state, made on first use.
func (w *worker) pnState() *pnSearch {
	if w.pn == nil {
		w.pn = &pnSearch{tt: newPNTable(pnTableBits), abLeft: pnDefaultLeft}
	}
	return w.pn
}

// settled returns, when pos is decided without expanding it (game over, a static bound,
// the bound table, or few moves left: the alpha-beta test), whether the side to move
// wins the test at t, and true.
func (w *worker) settled(pos *board.Position, ply, t, left int) (win, ok bool) {
	black := pos.Turn == board.Black
	if pos.Over {
		return (pos.Margin() >= t) == black, true
	}
	if ply == 0 {
		return false, false
	}
	if v, ok := w.opt.staticBound(pos, t, left); ok {
		return (v >= t) == black, true
	}
	if left <= w.pn.abLeft {
		v := w.test(pos, ply, t)
		return (v >= t) == black, true
	}
	key, _ := w.tableKey(pos, left)
	if e, ok := w.tt.probe(key); ok {
		switch {
		case int(e.lo) >= t:
			return black, true
		case int(e.hi) < t:
			return !black, true
		}
	}
	return false, false
}

// mid is df-pn's multiple iterative deepening at pos: it expands the most-proving
// child until pos's φ reaches thPhi or its δ reaches thDlt, and returns both.
func (w *worker) mid(pos *board.Position, ply, t int, thPhi, thDlt uint32) (uint32, uint32) {
	w.nodes++
	if w.nodes >= w.nextCheck && w.outOfBudget() {
		return 0, 0
	}
	left := int(pos.Last) - int(pos.Move) + 1
	key, _ := w.tableKey(pos, left)
	if win, ok := w.settled(pos, ply, t, left); ok {
		if w.aborted {
			return 0, 0
		}
		phi, dlt := uint32(pnInf), uint32(0)
		if win {
			phi, dlt = 0, pnInf
		}
		w.pn.tt.save(key, t, phi, dlt, 0)
		return phi, dlt
	}
	pl := &w.pn.plies[ply]
	w.pnChildren(pos, pl, ply, t, left)
	startNodes := w.nodes
	var phi, dlt uint32
	for {
		best, d2 := 0, uint32(pnInf)
		phi, dlt = pnInf, 0
		for i := range pl.n {
			if pl.dlt[i] < phi {
				best, d2, phi = i, phi, pl.dlt[i]
			} else if pl.dlt[i] < d2 {
				d2 = pl.dlt[i]
			}
			dlt = min(dlt+pl.phi[i], pnInf)
		}
		if phi >= thPhi || dlt >= thDlt {
			if ply == 0 && phi == 0 {
				w.rootBest = pl.moves[best]
			}
			break
		}
		cPhi := min(thDlt+pl.phi[best]-dlt, pnInf-1)
		cDlt := min(thPhi, d2+1+d2/4) // the 1+ε trick (Pawlewicz and Lew 2007)
		pl.phi[best], pl.dlt[best] = w.mid(&pl.kids[best], ply+1, t, cPhi, cDlt)
		if w.aborted {
			return 0, 0
		}
	}
	w.pnStore(pos, key, left, t, phi, dlt, w.nodes-startNodes)
	return phi, dlt
}

// pnStore keeps pos's numbers in the proof-number table and, when pos is settled, its
// bound in the bound table.
func (w *worker) pnStore(pos *board.Position, key uint64, left, t int, phi, dlt uint32, work int64) {
	w.pn.tt.save(key, t, phi, dlt, uint32(min(work, 1<<31)))
	if phi != 0 && dlt != 0 {
		return
	}
	// Black reaches t when Black to move wins or White to move loses.
	if (phi == 0) == (pos.Turn == board.Black) {
		w.tt.store(key, left, t, noBound, board.NoPoint, false)
	} else {
		w.tt.store(key, left, -noBound, t-1, board.NoPoint, false)
	}
}

// pnChildren fills pl with pos's children in the alpha-beta search's move order (the
// bound table's move first) and their numbers from the proof-number table: a child
// settled at once has them final.
func (w *worker) pnChildren(pos *board.Position, pl *pnPly, ply, t, left int) {
	key, sym := w.tableKey(pos, left)
	ttMove := board.NoPoint
	if e, ok := w.tt.probe(key); ok {
		ttMove = sym.Inverse().Point(e.move)
		if ttMove != board.NoPoint && ttMove != board.Pass && !pos.IsLegal(ttMove) {
			ttMove = board.NoPoint
		}
	}
	apl := &w.plies[ply]
	w.scorePoints(pos, apl, ttMove)
	n := w.listMoves(pos, apl, ttMove, &w.history[pos.Turn])
	pl.n = 0
	if ttMove != board.NoPoint {
		pl.moves[0], pl.n = ttMove, 1
	}
	for i := range n {
		pl.moves[pl.n] = apl.take(i, n)
		pl.n++
	}
	for i := range pl.n {
		c := &pl.kids[i]
		*c = *pos
		c.Play(pl.moves[i])
		cl := left - 1
		ck, _ := w.tableKey(c, cl)
		var ok bool
		if pl.phi[i], pl.dlt[i], ok = w.pn.tt.lookup(ck, t); !ok {
			// Unexplored: the later in the order, the dearer its refutation looks.
			pl.dlt[i] = 1 + pnRankCost*uint32(i)
		}
		if c.Over {
			if (c.Margin() >= t) == (c.Turn == board.Black) {
				pl.phi[i], pl.dlt[i] = 0, pnInf
			} else {
				pl.phi[i], pl.dlt[i] = pnInf, 0
			}
		}
	}
}

// clearProofNumbers empties w's proof-number table, if it has one.
func (w *worker) clearProofNumbers() {
	if w.pn != nil {
		clear(w.pn.tt.slots)
	}
}

// setProofNumbers makes Solve and Reaches with one worker search by depth-first proof
// numbers (on) or by alpha-beta alone (off, the default: proof numbers lost on every
// set measured, docs/solver.md). It changes the speed, not the answers (the winning
// move may differ among winning moves).
func (s *Solver) setProofNumbers(on bool) { s.proofNumbers = on }
