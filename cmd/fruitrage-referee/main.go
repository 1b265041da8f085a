// Command fruitrage-referee plays Fruit Rage matches between two players as the course
// runs them, by games or by pairs of games on the same board (see package
// games/fruitrage/referee).
package main

import (
	"os"

	"littlego/games/fruitrage/referee"
)

func main() {
	os.Exit(referee.Main(os.Args[1:], os.Stdout, os.Stderr))
}
