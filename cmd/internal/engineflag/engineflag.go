// Package engineflag defines the engine's options (engine.Options.Params) as
// command-line flags, for my_player, gtp, perfect and the other commands.
package engineflag

import (
	"flag"

	"littlego/engine"
)

// Register defines one flag per engine option on fs, with o's values as defaults,
// writing into o.
func Register(fs *flag.FlagSet, o *engine.Options) {
	for _, p := range o.Params() {
		fs.Var(value{p}, p.Name, p.Usage)
	}
}

// value adapts an engine.Param to flag.Value (and flag's boolean flags).
type value struct{ p engine.Param }

func (v value) String() string {
	if v.p.Get == nil { // the zero value flag.PrintDefaults makes to find defaults
		return ""
	}
	return v.p.Get()
}
func (v value) Set(s string) error { return v.p.Set(s) }
func (v value) IsBoolFlag() bool   { return v.p.IsBool }
