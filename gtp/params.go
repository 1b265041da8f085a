package gtp

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// setParam reads "name value" and changes that engine option; the options are checked
// as a whole and left unchanged on error.
func (s *Server) setParam(args []string) (string, error) {
	if len(args) != 2 {
		return "", s.syntaxError("littlego-set_param", errors.New("want a parameter name and a value"))
	}
	o := s.opts
	p, ok := o.Param(args[0])
	if !ok {
		return "", fmt.Errorf("unknown parameter %s", args[0])
	}
	if err := p.Set(args[1]); err != nil {
		return "", fmt.Errorf("invalid value %s for %s", args[1], args[0])
	}
	if err := o.Validate(); err != nil {
		return "", errors.New(oneLine(err.Error()))
	}
	if err := s.applyOptions(o); err != nil {
		return "", errors.New(oneLine(err.Error()))
	}
	s.opts = o
	return "", nil
}

// getParam answers the value of one engine option, or with no argument every option as
// "name value" lines, sorted by name.
func (s *Server) getParam(args []string) (string, error) {
	o := s.opts
	switch len(args) {
	case 0:
		var lines []string
		for _, p := range o.Params() {
			lines = append(lines, p.Name+" "+p.Get())
		}
		sort.Strings(lines)
		return strings.Join(lines, "\n"), nil
	case 1:
		p, ok := o.Param(args[0])
		if !ok {
			return "", fmt.Errorf("unknown parameter %s", args[0])
		}
		return p.Get(), nil
	}
	return "", s.syntaxError("littlego-get_param", errors.New("want at most one parameter name"))
}

// oneLine keeps a message on one line, as a GTP failure message must be.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
