// main.go: my_player, the course agent: reads input.txt, writes output.txt, one process per move.
package main

import (
	"os"

	"littlego/engine"
)

func main() {
	os.Exit(engine.RunPlayer(os.Args[1:], os.Stderr))
}
