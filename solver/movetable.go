// movetable.go: the size of the table of a solver that proves within one move, where memory is a computer's.

//go:build !js

package solver

// MoveTableBits is the transposition table size of a solver that proves within the
// time of one move (the engine's, and a facts.Prover's): 2^20 entries, 16 MiB.
const MoveTableBits = 20
