// Command gtp runs the engine as a Go Text Protocol (version 2) engine on stdin and
// stdout, for GUIs such as Sabaki and GoGui and for match runners; diagnostics go to
// stderr. It takes the engine's flags and -rules; see gtp/README.md.
package main

import (
	"os"

	"littlego/gtp"
)

func main() {
	os.Exit(gtp.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
