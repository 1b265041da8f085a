// solvertable.go: the size of the solver's table where memory is a computer's.

//go:build !js

package engine

// SolverTableBits sizes the solver's transposition table: 2^20 entries, 16 MiB.
const SolverTableBits = 20
