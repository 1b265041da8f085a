// main.go: fruitrage-referee, which plays Fruit Rage matches between two players as the course runs them (see package fruitrage/referee).
package main

import (
	"os"

	"littlego/fruitrage/referee"
)

func main() {
	os.Exit(referee.Main(os.Args[1:], os.Stdout, os.Stderr))
}
