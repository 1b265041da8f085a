// Package engineflag defines the engine's options (engine.Options.Params) as
// command-line flags: in littlego's vocabulary for its commands (gtp, perfect), and
// under the names the course's player has always taken for my_player.
package engineflag

import (
	"flag"
	"fmt"
	"strings"

	"littlego/engine"
	"littlego/lib/cliflag"
	"littlego/mcts"
)

// Names are the flag names of the two engine options the vocabulary renames: the CPU
// budget per move and the search's threads (engine.Options.Budget and Workers).
type Names struct{ CPU, Threads string }

// Vocabulary are the names of littlego's commands: -cpu and -threads, as every
// command spells a CPU limit and the threads of one search (docs/commands.md).
var Vocabulary = Names{CPU: "cpu", Threads: "threads"}

// Course are the names my_player takes, -budget and -workers: the course's launcher
// (my_player3.py, built by littlego submission) bakes them in, so they never change.
var Course = Names{CPU: "budget", Threads: "workers"}

// Register defines one flag per engine option on fs, with o's values as defaults,
// writing into o; the budget and the workers are named by names. Under names other
// than Course, the flags the vocabulary shares (the CPU limit, -threads, -seed) have its
// usage texts, an old name (-budget, -workers) is answered with the new one
// (cliflag.Renamed), and the usage texts name the flags as fs does.
func Register(fs *flag.FlagSet, o *engine.Options, names Names) {
	rename := map[string]string{"budget": names.CPU, "workers": names.Threads}
	var pairs []string
	renamed := map[string]string{}
	for old, name := range rename {
		if name != old {
			pairs = append(pairs, "-"+old, "-"+name)
			renamed[old] = name
		}
	}
	inUsage := strings.NewReplacer(pairs...)
	for _, p := range o.Params() {
		name, usage := p.Name, p.Usage
		if n, ok := rename[p.Name]; ok {
			name = n
		}
		if v, ok := vocabularyUsage(p.Name); ok && names != Course {
			usage = v
		}
		fs.Var(value{p}, name, inUsage.Replace(usage))
	}
	cliflag.Renamed(fs, renamed)
}

// vocabularyUsage is the usage text of an option that is one of the shared flags, in
// the vocabulary's words, and whether param is one.
func vocabularyUsage(param string) (string, bool) {
	switch param {
	case "budget":
		return cliflag.CPUUsage(fmt.Sprintf("per move for the whole process, all threads counted; the game plan spreads it; at most %v", engine.MaxBudget)), true
	case "workers":
		return cliflag.ThreadsUsage("root-parallel search goroutines, each costing CPU time (" + mcts.WorkersRange.String() + ")"), true
	case "seed":
		return cliflag.SeedUsage("of the search; with -workers 1 and -playouts the search is reproducible"), true
	}
	return "", false
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
