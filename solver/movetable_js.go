// movetable_js.go: the size of the table of a solver that proves within one move in a browser (js/wasm: the board's static site), sized for a phone.

//go:build js

package solver

// MoveTableBits is the transposition table size of a solver that proves within the
// time of one move (the engine's, and a facts.Prover's) in a browser: 2^18 entries,
// 4 MiB, so that the solvers of the board's Web Worker fit a phone's memory (at move 10
// it costs 0.2% more nodes than 2^20: BenchmarkTableSize).
const MoveTableBits = 18
