// kinds.go: the agent kinds as one table (syntax, parser, player constructor, process): every dispatch on an agent's kind reads it.

package arena

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"littlego/engine"
)

// kindEntry is one kind of agent: how it is written, parsed and made into a player.
type kindEntry struct {
	kind Kind
	// syntax is how the kind is written, and help what it is, for usage and errors.
	syntax, help string
	// external is true when the agent is a program outside the arena's process, run in
	// a working folder of its own per game and side.
	external bool
	// parse completes a from the text after "kind:" (hasRest false when there is no colon).
	parse func(a *Agent, rest string, hasRest bool) error
	// newPlayer makes a's player for one side of one game.
	newPlayer func(a *Agent, s Seat) (Player, error)
}

// kinds is every kind of agent, in the order usage lists them.
var kinds = []kindEntry{
	{KindRandom, "random", "a uniformly random legal move", false, parseBare, newBuiltinPlayer},
	{KindGreedy, "greedy", "the move that captures the most stones now", false, parseBare, newBuiltinPlayer},
	{KindAggressive, "aggressive", "the most stones captured net of the best reply's", false, parseBare, newBuiltinPlayer},
	{KindAlphaBeta, "alphabeta", "alpha-beta search, 2 plies, at most 10 moves a node", false, parseBare, newBuiltinPlayer},
	{KindEngine, "engine[:k=v,k=v]", "the engine, in process: its defaults, or options\n(my_player's flags without the dash,\ne.g. engine:budget=0.2,workers=1)", false, parseEngine, newEnginePlayer},
	{KindExec, "exec:PATH [ARGS]", "a program run once per move as the course host\nruns it (input.txt in, output.txt out); quote\nthe whole agent; relative paths, the program's\nand its file arguments, are from the current folder", true, parseProgram, newExecPlayer},
	{KindGTP, "gtp:PATH [ARGS]", "a GTP engine, e.g. 'gtp:gnugo --mode gtp --level 10'", true, parseProgram, newGTPPlayer},
}

// kindOf returns the entry of kind k, or nil.
func kindOf(k Kind) *kindEntry {
	for i := range kinds {
		if kinds[i].kind == k {
			return &kinds[i]
		}
	}
	return nil
}

// agentSyntax is the list of agent forms, for error messages.
func agentSyntax() string {
	forms := make([]string, len(kinds))
	for i, k := range kinds {
		forms[i] = k.syntax
	}
	return strings.Join(forms[:len(forms)-1], ", ") + " or " + forms[len(forms)-1]
}

// AgentUsage returns the agent kinds, one per paragraph, for a command's usage text.
func AgentUsage() string {
	var b strings.Builder
	for _, k := range kinds {
		for i, line := range strings.Split(k.help, "\n") {
			name := ""
			if i == 0 {
				name = k.syntax
			}
			fmt.Fprintf(&b, "  %-22s  %s\n", name, line)
		}
	}
	return b.String()
}

// parseBare accepts a built-in opponent, which takes no options.
func parseBare(a *Agent, _ string, hasRest bool) error {
	if hasRest {
		return fmt.Errorf("%s takes no options", a.Kind)
	}
	return nil
}

// parseEngine reads the engine's options (engine.ParseOptions).
func parseEngine(a *Agent, rest string, hasRest bool) error {
	if hasRest && strings.TrimSpace(rest) == "" {
		return fmt.Errorf("no options after engine: (write engine for the defaults)")
	}
	o, err := engine.ParseOptions(rest)
	if err != nil {
		return err
	}
	a.Engine = o
	for _, kv := range strings.Split(rest, ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(kv), "=")
		if name == "seed" {
			a.EngineSeedSet = true
		}
	}
	return nil
}

// parseProgram reads PATH [ARGS], split on spaces (no shell quoting). Relative paths
// are taken from the current folder, the one the arena was started in, and made
// absolute, since the program runs in a working folder of its own: PATH (looked up in
// $PATH when it has no slash), and every argument that names an existing file or
// folder there (a flag's value written inside the flag, -model=x.bin, is left as it is).
func parseProgram(a *Agent, rest string, hasRest bool) error {
	if !hasRest {
		return fmt.Errorf("want %s:PATH [ARGS]", a.Kind)
	}
	argv := strings.Fields(rest)
	if len(argv) == 0 {
		return fmt.Errorf("no program after %q", string(a.Kind)+":")
	}
	a.Name = string(a.Kind) + ":" + strings.Join(append([]string{filepath.Base(argv[0])}, argv[1:]...), " ")
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return fmt.Errorf("program %s: %v", argv[0], unwrapExecError(err))
	}
	if argv[0], err = filepath.Abs(path); err != nil {
		return err
	}
	for i, arg := range argv[1:] {
		if filepath.IsAbs(arg) || strings.HasPrefix(arg, "-") {
			continue
		}
		if _, err := os.Stat(arg); err == nil {
			if argv[i+1], err = filepath.Abs(arg); err != nil {
				return err
			}
		}
	}
	a.Argv = argv
	return nil
}

// unwrapExecError drops the "exec: " prefix and program name exec.LookPath adds.
func unwrapExecError(err error) error {
	if e, ok := err.(*exec.Error); ok {
		return e.Err
	}
	return err
}

// newBuiltinPlayer makes a built-in opponent's player.
func newBuiltinPlayer(a *Agent, s Seat) (Player, error) {
	return &inProcess{chooser: newBuiltin(a.Kind, s.seed()), measureCPU: s.MeasureCPU}, nil
}

// newEnginePlayer takes one of the agent's idle engines (or makes one) for the game,
// seeded by the game unless the spec set the seed.
func newEnginePlayer(a *Agent, s Seat) (Player, error) {
	o := a.Engine
	if !a.EngineSeedSet {
		o.Seed = s.seed()
	}
	e, err := a.takeEngine(o)
	if err != nil {
		return nil, err
	}
	return &inProcess{chooser: engineChooser{e, o}, measureCPU: s.MeasureCPU, close: func() { a.returnEngine(e) }}, nil
}

// newExecPlayer makes the exec: player in a new working folder.
func newExecPlayer(a *Agent, s Seat) (Player, error) {
	dir, err := s.makeFolder()
	if err != nil {
		return nil, err
	}
	return &execPlayer{argv: a.Argv, dir: dir, color: s.Color, cpuLimit: s.Config.CPULimit, wallLimit: s.Config.wallLimit()}, nil
}

// newGTPPlayer starts the gtp: engine in a new working folder.
func newGTPPlayer(a *Agent, s Seat) (Player, error) {
	dir, err := s.makeFolder()
	if err != nil {
		return nil, err
	}
	g, err := startGTP(a.Argv, dir, s.Color, s.Config.wallLimit())
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return g, nil
}
