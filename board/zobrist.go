// zobrist.go: Zobrist keys from a fixed seed, so hashes are the same in every run and on every machine.

package board

// zobristSeed fixes the keys; hashes stored in files or books stay valid across builds.
const zobristSeed = 0x6c6974746c65676f // "littlego"

var (
	zobristStone  [2][NumPoints]uint64
	zobristTurn   [2]uint64
	zobristKo     [NumPoints]uint64
	zobristMove   [256]uint64
	zobristPassed uint64
)

// splitMix64 is Steele, Lea and Flood's SplitMix64 step (OOPSLA 2014), used only to
// fill the key tables.
func splitMix64(s *uint64) uint64 {
	*s += 0x9e3779b97f4a7c15
	z := *s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func init() {
	s := uint64(zobristSeed)
	for c := range zobristStone {
		for p := range zobristStone[c] {
			zobristStone[c][p] = splitMix64(&s)
		}
	}
	zobristTurn[Black] = splitMix64(&s)
	zobristTurn[White] = splitMix64(&s)
	for p := range zobristKo {
		zobristKo[p] = splitMix64(&s)
	}
	for m := range zobristMove {
		zobristMove[m] = splitMix64(&s)
	}
	zobristPassed = splitMix64(&s)
}

// ComputeHash recomputes Hash from scratch (the stones and the side to move); Play
// keeps Hash equal to it incrementally.
func (p *Position) ComputeHash() uint64 {
	h := zobristTurn[p.Turn]
	for c := Black; c <= White; c++ {
		for b := p.Stones[c]; b != 0; b &= b - 1 {
			h ^= zobristStone[c][b.First()]
		}
	}
	return h
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
