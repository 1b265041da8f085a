// main.go: arena, which plays Little-Go matches between two agents under the course host's rules (see package arena).
package main

import (
	"os"

	"littlego/arena"
)

func main() {
	os.Exit(arena.Main(os.Args[1:], os.Stdout, os.Stderr))
}
