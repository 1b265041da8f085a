// solvertable_js.go: the size of the solver's table in a browser (js/wasm: the board's static site), sized for a phone.

//go:build js

package engine

// SolverTableBits sizes the solver's transposition table in a browser: 2^18 entries,
// 4 MiB, so that the solvers of the board's Web Worker fit a phone's memory (at move
// 10 it costs 0.2% more nodes than 2^20: BenchmarkTableSize).
const SolverTableBits = 18
