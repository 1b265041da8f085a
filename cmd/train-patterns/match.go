// match.go: the match subcommand (filled in below).

package main

import "io"

func runMatch(args []string, stdout, stderr io.Writer) error { return nil }
