// main.go: gtp, the engine as a Go Text Protocol engine for GUIs and match runners (see gtp/README.md).
package main

import (
	"os"

	"littlego/gtp"
)

func main() {
	os.Exit(gtp.RunMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
