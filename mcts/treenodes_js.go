// treenodes_js.go: the default size of a worker's tree in a browser (js/wasm: the board's static site), sized for a phone.

//go:build js

package mcts

// defaultTreeNodes is Config.TreeNodes' default in a browser: 2^18 nodes, 9 MiB, so
// that the few engines of the board's Web Worker fit a phone's memory (WebAssembly's
// memory only grows, and a tree is allocated whole).
const defaultTreeNodes = 1 << 18
