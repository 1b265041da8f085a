// zobrist.go: Zobrist keys from a fixed seed, so hashes are the same in every run and on every machine.

package board

import "littlego/internal/splitmix"

// zobristSeed fixes the keys; hashes stored in files or books stay valid across builds.
const zobristSeed = splitmix.Salt

var (
	zobristStone  [2][NumPoints]uint64
	zobristRow    [2][Size][1 << Size]uint64 // zobristRow[c][i][m]: the keys of c's stones m on row i
	zobristTurn   [2]uint64
	zobristKo     [NumPoints]uint64
	zobristMove   [256]uint64
	zobristPassed uint64
)

func init() {
	s := uint64(zobristSeed)
	for c := range zobristStone {
		for p := range zobristStone[c] {
			zobristStone[c][p] = splitmix.Next(&s)
		}
	}
	zobristTurn[Black] = splitmix.Next(&s)
	zobristTurn[White] = splitmix.Next(&s)
	for p := range zobristKo {
		zobristKo[p] = splitmix.Next(&s)
	}
	for m := range zobristMove {
		zobristMove[m] = splitmix.Next(&s)
	}
	zobristPassed = splitmix.Next(&s)
	for c := range zobristRow {
		for i := range zobristRow[c] {
			for m := range zobristRow[c][i] {
				var h uint64
				for j := range Size {
					if m>>j&1 != 0 {
						h ^= zobristStone[c][i*Size+j]
					}
				}
				zobristRow[c][i][m] = h
			}
		}
	}
}

// ComputeHash recomputes Hash from scratch (the stones and the side to move); Play
// keeps Hash equal to it incrementally. It reads one table entry per row and colour
// (the XOR of the row's stone keys) instead of one key per stone: no loop over the
// stones, so no branch to mispredict at the end of a playout.
func (p *Position) ComputeHash() uint64 {
	b, w := uint32(p.Stones[Black]), uint32(p.Stones[White])
	const m = 1<<Size - 1
	return zobristTurn[p.Turn&1] ^
		zobristRow[Black][0][b&m] ^ zobristRow[Black][1][b>>5&m] ^ zobristRow[Black][2][b>>10&m] ^
		zobristRow[Black][3][b>>15&m] ^ zobristRow[Black][4][b>>20&m] ^
		zobristRow[White][0][w&m] ^ zobristRow[White][1][w>>5&m] ^ zobristRow[White][2][w>>10&m] ^
		zobristRow[White][3][w>>15&m] ^ zobristRow[White][4][w>>20&m]
}

// Key returns a hash of the whole state that decides the rest of the game: the stones,
// the side to move, the ko point, the move number and whether a pass would end the
// game. Transposition tables key on it.
func (p *Position) Key() uint64 {
	k := p.Hash ^ zobristMove[p.Move]
	if p.Ko != 0 {
		k ^= zobristKo[p.Ko.First()]
	}
	if p.Passed {
		k ^= zobristPassed
	}
	if p.Over {
		k = ^k
	}
	return k
}
