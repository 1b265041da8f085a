// Package versioncmd is "littlego version": it prints the version the binary was built
// as (see package version).
package versioncmd

import (
	"flag"
	"fmt"
	"runtime"

	"littlego/cmd/internal/version"
	"littlego/cmd/littlego/internal/base"
)

// Cmd is "littlego version": it prints "littlego VERSION GOVERSION OS/ARCH" on stdout.
var Cmd = &base.Command{
	Name:      "version",
	UsageLine: "littlego version",
	Short:     "print littlego's version",
	Long:      "Prints the version littlego was built as.",
	Setup: func(*flag.FlagSet) func([]string, base.Output) error {
		return func(args []string, out base.Output) error {
			if len(args) > 0 {
				return base.Usagef("unexpected argument %q", args[0])
			}
			fmt.Fprintf(out.Stdout, "littlego %s %s %s/%s\n", version.String(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return nil
		}
	},
}
