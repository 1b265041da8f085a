// params.go: littlego-set_param and littlego-get_param, the engine's tuning flags as GTP parameters.

package gtp

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"littlego/engine"
)

// paramFlags returns a flag set holding one flag per engine option (the names of
// engine.Options.RegisterFlags: c, rave, expand, workers, budget, playouts, policy,
// priors, solve, solve-from, plan, seed, v), bound to o.
func paramFlags(o *engine.Options) *flag.FlagSet {
	fs := flag.NewFlagSet("littlego-set_param", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.RegisterFlags(fs)
	return fs
}

// setParam reads "name value" and changes that engine option; the options are checked
// as a whole and left unchanged on error.
func (s *Server) setParam(args []string) (string, error) {
	if len(args) != 2 {
		return "", s.syntaxError("littlego-set_param", errors.New("want a parameter name and a value"))
	}
	o := s.opts
	fs := paramFlags(&o)
	if fs.Lookup(args[0]) == nil {
		return "", fmt.Errorf("unknown parameter %s", args[0])
	}
	if err := fs.Set(args[0], args[1]); err != nil {
		return "", fmt.Errorf("invalid value %s for %s", args[1], args[0])
	}
	if err := o.Validate(); err != nil {
		return "", errors.New(oneLine(err.Error()))
	}
	if err := s.eng.SetOptions(o); err != nil {
		return "", errors.New(oneLine(err.Error()))
	}
	s.opts = o
	return "", nil
}

// getParam answers the value of one engine option, or with no argument every option as
// "name value" lines, sorted by name.
func (s *Server) getParam(args []string) (string, error) {
	o := s.opts
	fs := paramFlags(&o)
	switch len(args) {
	case 0:
		var lines []string
		fs.VisitAll(func(f *flag.Flag) { lines = append(lines, f.Name+" "+f.Value.String()) })
		sort.Strings(lines)
		return strings.Join(lines, "\n"), nil
	case 1:
		f := fs.Lookup(args[0])
		if f == nil {
			return "", fmt.Errorf("unknown parameter %s", args[0])
		}
		return f.Value.String(), nil
	}
	return "", s.syntaxError("littlego-get_param", errors.New("want at most one parameter name"))
}

// oneLine keeps a message on one line, as a GTP failure message must be.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
