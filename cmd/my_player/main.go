// Command my_player is the course agent: run once per move in the game folder, it reads
// input.txt, writes its move to output.txt, and keeps the move number in a helper file
// of its own. Diagnostics go to stderr; see docs/RULES.md and `my_player -h`.
package main

import (
	"os"

	"littlego/internal/player"
)

func main() {
	os.Exit(player.Main(os.Args[1:], os.Stderr))
}
