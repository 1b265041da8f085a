// search.go: Greedy, Minimax and Alpha-Beta to the cut-off depth, with the byte-exact traverse logs.

package gomoku

import (
	"bufio"
	"errors"
	"io"
	"strconv"
)

// ErrNoLegalMove reports a board on which the player has no legal move: an empty board
// (no stone to play next to) or a full one. The assignment promises that inputs have a
// legal move.
var ErrNoLegalMove = errors.New("no legal move: a move must be next to a stone (the board is empty or full)")

// infinity stands for the ±Infinity of the logs: the initial value of an inner node and
// the initial alpha and beta. Real values stay far below it (at most 4 lines × (Win +
// 2 × BlockClosedFour) per move, MaxDepth moves).
const infinity = 1 << 40

// logBufferSize is the size of the buffered writer in front of the log: the logs run
// to millions of short lines.
const logBufferSize = 1 << 20

// rootNode names the root in log lines (it is no point of the grid).
const rootNode = -1

// Result is the outcome of a search.
type Result struct {
	// Move is the padded-grid index of the chosen move (see Name and RowCol).
	Move int
	// Value is the root's value: for Greedy the chosen move's value, for Minimax and
	// AlphaBeta the backed-up value of the search.
	Value int
	// Nodes counts the positions below the root that the search generated (one per
	// move evaluated, leaves included).
	Nodes int64
	// LogLines counts the lines of the traverse log, header included, written or not
	// (a nil log writer); 0 for Greedy.
	LogLines int64
}

// Searcher runs searches. It owns its board copy, the move names and the log buffer,
// so a search allocates nothing. The zero Searcher is not usable;
// make one with NewSearcher. A Searcher is not safe for concurrent use.
type Searcher struct {
	board  Board
	size   int
	player Stone
	depth  int
	// logging is false when no log is wanted (Greedy, or a nil writer): lines are
	// then counted but not formatted.
	logging bool
	// box bounds the points that can be legal at the current node.
	box box
	// names holds each point's name and nameLen its length in bytes.
	names   [gridCells][3]byte
	nameLen [gridCells]uint8
	out     *bufio.Writer
	// line is the reused buffer one log line is formatted into.
	line  []byte
	best  int
	nodes int64
	lines int64
}

// NewSearcher returns a Searcher with its buffers allocated.
func NewSearcher() *Searcher {
	return &Searcher{
		out:  bufio.NewWriterSize(io.Discard, logBufferSize),
		line: make([]byte, 0, 64),
	}
}

// Solve runs the problem's task and returns the chosen move. For Minimax and AlphaBeta
// the traverse log is written to log (nil: no log); Greedy writes none. The move
// played is the first depth-1 move, in expansion order, whose value equals the root's
// final value: ties go to the earlier move. The problem is not changed.
func Solve(p *Problem, log io.Writer) (Result, error) { return NewSearcher().Solve(p, log) }

// Solve is the package-level Solve on s's buffers: it allocates nothing.
func (s *Searcher) Solve(p *Problem, log io.Writer) (Result, error) {
	if p.Board == nil {
		return Result{}, errors.New("problem has no board")
	}
	if p.Task < Greedy || p.Task > AlphaBeta {
		return Result{}, errors.New("unknown task " + p.Task.String())
	}
	if p.Task != Greedy && (p.Depth < 1 || p.Depth > MaxDepth) {
		return Result{}, errors.New("cut-off depth " + strconv.Itoa(p.Depth) + " out of range 1.." + strconv.Itoa(MaxDepth))
	}
	if p.Player != Black && p.Player != White {
		return Result{}, errors.New("player must be Black or White")
	}
	s.board = *p.Board
	s.size = p.Board.Size
	s.player = p.Player
	s.box = box{i0: s.size, j0: s.size, i1: -1, j1: -1}
	hasMove := false
	for i := 0; i < s.size; i++ {
		for j := 0; j < s.size; j++ {
			q := Index(i, j)
			name := AppendName(s.names[q][:0], q, s.size)
			s.nameLen[q] = uint8(len(name))
			if s.board.Cells[q] != Empty {
				s.box = s.box.grow(i, j, s.size)
			}
			hasMove = hasMove || s.board.Legal(q)
		}
	}
	if !hasMove {
		return Result{}, ErrNoLegalMove
	}
	s.best, s.nodes, s.lines = -1, 0, 0
	s.logging = log != nil && p.Task != Greedy
	if s.logging {
		s.out.Reset(log)
	}
	var v int
	switch p.Task {
	case Greedy:
		s.depth = 1
		v = s.minimax(rootNode, 0, 0)
	case Minimax:
		s.depth = p.Depth
		s.header("Move,Depth,Value\n")
		s.writeLine(rootNode, 0, -infinity)
		v = s.minimax(rootNode, 0, 0)
	case AlphaBeta:
		s.depth = p.Depth
		s.header("Move,Depth,Value,Alpha,Beta\n")
		s.writeLineAB(rootNode, 0, -infinity, -infinity, infinity)
		v = s.alphaBeta(rootNode, 0, 0, -infinity, infinity)
	}
	res := Result{Move: s.best, Value: v, Nodes: s.nodes, LogLines: s.lines}
	if p.Task == Greedy {
		res.LogLines = 0
	}
	if s.logging {
		err := s.out.Flush()
		s.out.Reset(io.Discard)
		if err != nil {
			return Result{}, err
		}
	}
	return res, nil
}

// NextState returns the board after the player's move at p, as next_state.txt shows
// it.
func (p *Problem) NextState(move int) []byte {
	b := *p.Board
	b.Place(move, p.Player)
	return b.AppendRows(make([]byte, 0, b.Size*(b.Size+1)))
}

// leaf reports whether the child reached by a move at depth dep is a leaf: the cut-off
// depth, a winning move (a win is terminal at any depth), or a full board (no legal
// move: a draw, valued like any leaf by its path).
func (s *Searcher) leaf(dep int, win bool) bool {
	return win || dep == s.depth || s.board.stones+1 == s.size*s.size
}

// minimax searches the node reached by move node (rootNode for the root) at depth dep
// with path value sum, logs its children and its updates, and returns its value. Max
// nodes are at even depths: the player is max at the root.
func (s *Searcher) minimax(node, dep, sum int) int {
	maxNode := dep%2 == 0
	mover, v, childStart := s.player, -infinity, infinity
	if !maxNode {
		mover, v, childStart = s.player.Opponent(), infinity, -infinity
	}
	// Expansion order: by column, then by row number ascending, which is the input
	// rows from the bottom up.
	b := s.box
	for j := b.j0; j <= b.j1; j++ {
		for i := b.i1; i >= b.i0; i-- {
			q := Index(i, j)
			if !s.board.Legal(q) {
				continue
			}
			mv, win := Evaluate(&s.board, q, mover)
			if !maxNode {
				mv = -mv
			}
			cv := sum + mv
			s.nodes++
			if s.leaf(dep+1, win) {
				s.writeLine(q, dep+1, cv)
			} else {
				s.writeLine(q, dep+1, childStart)
				s.board.Place(q, mover)
				s.box = b.grow(i, j, s.size)
				cv = s.minimax(q, dep+1, cv)
				s.box = b
				s.board.Remove(q)
			}
			if maxNode {
				if cv > v {
					v = cv
					if dep == 0 {
						s.best = q
					}
				}
			} else if cv < v {
				v = cv
			}
			s.writeLine(node, dep, v)
		}
	}
	return v
}

// alphaBeta is minimax with alpha-beta pruning. A child's first line carries the
// node's current alpha and beta. After each child the node's line is written again;
// when the child's value reaches the bound (v >= beta at a max node, v <= alpha at a
// min node: pruning on equality) that line keeps alpha and beta unchanged and the
// remaining children are not visited.
func (s *Searcher) alphaBeta(node, dep, sum, alpha, beta int) int {
	maxNode := dep%2 == 0
	mover, v, childStart := s.player, -infinity, infinity
	if !maxNode {
		mover, v, childStart = s.player.Opponent(), infinity, -infinity
	}
	// Expansion order: by column, then by row number ascending, which is the input
	// rows from the bottom up.
	b := s.box
	for j := b.j0; j <= b.j1; j++ {
		for i := b.i1; i >= b.i0; i-- {
			q := Index(i, j)
			if !s.board.Legal(q) {
				continue
			}
			mv, win := Evaluate(&s.board, q, mover)
			if !maxNode {
				mv = -mv
			}
			cv := sum + mv
			s.nodes++
			if s.leaf(dep+1, win) {
				s.writeLineAB(q, dep+1, cv, alpha, beta)
			} else {
				s.writeLineAB(q, dep+1, childStart, alpha, beta)
				s.board.Place(q, mover)
				s.box = b.grow(i, j, s.size)
				cv = s.alphaBeta(q, dep+1, cv, alpha, beta)
				s.box = b
				s.board.Remove(q)
			}
			if maxNode {
				if cv > v {
					v = cv
					if dep == 0 {
						s.best = q
					}
				}
				if v >= beta {
					s.writeLineAB(node, dep, v, alpha, beta)
					return v
				}
				alpha = max(alpha, v)
			} else {
				v = min(v, cv)
				if v <= alpha {
					s.writeLineAB(node, dep, v, alpha, beta)
					return v
				}
				beta = min(beta, v)
			}
			s.writeLineAB(node, dep, v, alpha, beta)
		}
	}
	return v
}

// box is the rows i0..i1 and columns j0..j1 (inclusive) of the stones' bounding box
// grown by one point and clipped to the board: every legal point lies inside it, so a
// node scans it rather than the whole board.
type box struct{ i0, i1, j0, j1 int }

// grow returns the box that also covers the neighbours of a stone at row i, column j
// on a board of side n.
func (b box) grow(i, j, n int) box {
	return box{
		i0: max(min(b.i0, i-1), 0), i1: min(max(b.i1, i+1), n-1),
		j0: max(min(b.j0, j-1), 0), j1: min(max(b.j1, j+1), n-1),
	}
}

// header writes the log's header line.
func (s *Searcher) header(h string) {
	s.lines++
	s.out.WriteString(h)
}

// appendNode appends the name of a node: its move, or "root".
func (s *Searcher) appendNode(dst []byte, node int) []byte {
	if node == rootNode {
		return append(dst, "root"...)
	}
	return append(dst, s.names[node][:s.nameLen[node]]...)
}

// appendValue appends a value, or Infinity / -Infinity for the sentinels.
func appendValue(dst []byte, v int) []byte {
	switch v {
	case infinity:
		return append(dst, "Infinity"...)
	case -infinity:
		return append(dst, "-Infinity"...)
	}
	return strconv.AppendInt(dst, int64(v), 10)
}

// writeLine writes a minimax log line: move, depth, value.
func (s *Searcher) writeLine(node, dep, v int) {
	s.lines++
	if !s.logging {
		return
	}
	l := s.appendNode(s.line[:0], node)
	l = append(l, ',', byte('0'+dep), ',')
	l = appendValue(l, v)
	l = append(l, '\n')
	s.out.Write(l)
	s.line = l
}

// writeLineAB writes an alpha-beta log line: move, depth, value, alpha, beta.
func (s *Searcher) writeLineAB(node, dep, v, alpha, beta int) {
	s.lines++
	if !s.logging {
		return
	}
	l := s.appendNode(s.line[:0], node)
	l = append(l, ',', byte('0'+dep), ',')
	l = appendValue(l, v)
	l = append(l, ',')
	l = appendValue(l, alpha)
	l = append(l, ',')
	l = appendValue(l, beta)
	l = append(l, '\n')
	s.out.Write(l)
	s.line = l
}
