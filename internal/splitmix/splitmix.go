// Package splitmix holds Steele, Lea and Flood's SplitMix64 ("Fast splittable
// pseudorandom number generators", OOPSLA 2014), the one mixer behind the project's
// Zobrist keys, playout generator and derived seeds.
package splitmix

// Golden is 2^64 divided by the golden ratio: the increment between SplitMix64 states.
const Golden = 0x9e3779b97f4a7c15

// Salt, the bytes of "littlego", is the project's fixed salt: the Zobrist keys' seed,
// and what the playout generator mixes into its seed.
const Salt = 0x6c6974746c65676f

// Mix is SplitMix64's output function, a bijection of the 64-bit words (a variant of
// MurmurHash3's finaliser).
func Mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Next advances the state by Golden and returns the mixed new state: one step of the
// SplitMix64 generator.
func Next(state *uint64) uint64 {
	*state += Golden
	return Mix(*state)
}

// Hash returns the SplitMix64 output for state x, as Next would from x; it derives
// unrelated seeds from nearby numbers (x, x+1, ...).
func Hash(x uint64) uint64 { return Mix(x + Golden) }
