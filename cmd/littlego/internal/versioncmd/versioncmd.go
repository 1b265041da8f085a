// Package versioncmd is "littlego version": it prints the version the binary was built
// as (see package version).
package versioncmd

import (
	"flag"
	"fmt"
	"io"
	"runtime"

	"littlego/cmd/internal/version"
	"littlego/cmd/littlego/internal/base"
	"littlego/lib/cliflag"
)

// Cmd is "littlego version".
var Cmd = &base.Command{Name: "version", UsageLine: "littlego version", Short: "print littlego's version", Main: run}

// run prints "littlego VERSION GOVERSION OS/ARCH" on stdout.
func run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("littlego version", flag.ContinueOnError)
	if status, ok := cliflag.Parse(fs, args, stderr, "usage: littlego version\n\nPrints the version littlego was built as.\n\n"); !ok {
		return status
	}
	if fs.NArg() > 0 {
		return cliflag.Fail(stderr, "littlego version")("unexpected argument %q", fs.Arg(0))
	}
	fmt.Fprintf(stdout, "littlego %s %s %s/%s\n", version.String(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return cliflag.StatusOK
}
