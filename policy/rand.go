// rand.go: Rand, the small seeded generator (SplitMix64) that playouts and searches draw from.

package policy

import "littlego/internal/splitmix"

// Rand is a fast pseudo-random generator for playouts: Steele, Lea and Flood's
// SplitMix64 ("Fast splittable pseudorandom number generators", OOPSLA 2014). It is a
// value type of eight bytes, so each worker keeps its own without locks or
// allocation. Every seed, zero included, gives a full-period stream. It is not safe for
// concurrent use and not for cryptography.
type Rand struct {
	state uint64
}

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) Rand {
	var r Rand
	r.Seed(seed)
	return r
}

// Seed restarts the stream from seed. Nearby seeds (seed, seed+1, ...) give unrelated
// streams, because the seed itself is mixed once before use.
func (r *Rand) Seed(seed uint64) {
	r.state = splitmix.Mix(seed ^ splitmix.Salt)
}

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	return splitmix.Next(&r.state)
}

// Intn returns a number in [0, n) for 0 < n <= 1<<31, by Lemire's multiply-shift
// ("Fast random integer generation in an interval", ACM TOMACS 2019) without the
// rejection step: the bias is below n/2^32, far below anything a playout can notice.
func (r *Rand) Intn(n int) int {
	return int((r.Uint64() >> 32) * uint64(n) >> 32)
}

// Float64 returns a number in [0, 1) with 53 random bits.
func (r *Rand) Float64() float64 {
	return float64(r.Uint64()>>11) / (1 << 53)
}
