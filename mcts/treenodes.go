// treenodes.go: the default size of a worker's tree where memory is a computer's.

//go:build !js

package mcts

// defaultTreeNodes is Config.TreeNodes' default: 2^21 nodes, 72 MiB.
const defaultTreeNodes = 1 << 21
