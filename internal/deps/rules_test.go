// rules_test.go: the parser of the rules' text (deps_test.go) and the checker that holds the module's imports to it.

package deps

import (
	"fmt"
	"go/build"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// rule is one statement of the rules' text: its operator, the names on either side
// (a chain a < b < c is two rules) and the comment above it, its reason.
type rule struct {
	op           string // "<", "!<", "!<direct" or "<test"
	lower, upper []string
	reason       string
}

// rules is the parsed text: what each name placed by a "<" rule may import (the
// transitive closure), and every rule.
type rules struct {
	allowed map[string]map[string]bool
	list    []rule
}

// The pseudo-names: NONE is below everything, ALL is every package of the module outside
// cmd/, GOMOD every module go.mod requires. Other all-caps names are points of the
// order that no package is, as in Go's own rules.
const (
	none  = "NONE"
	all   = "ALL"
	gomod = "GOMOD"
)

var operators = regexp.MustCompile(`!<direct|<test|!<|<`)

func isPseudo(name string) bool {
	return name == strings.ToUpper(name) && !strings.ContainsAny(name, "/.")
}

// parseRules parses the text: statements end with ";", comments start with "#", and
// every statement needs a comment above it that says why. A name is placed by exactly
// one "<" rule, which must come before any "<" rule that uses it on its left.
func parseRules(text string) (*rules, error) {
	rs := &rules{allowed: map[string]map[string]bool{}}
	var reason, stmt []string
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") {
			reason = append(reason, strings.TrimSpace(strings.TrimPrefix(line, "#")))
			continue
		}
		for {
			before, after, end := strings.Cut(line, ";")
			stmt = append(stmt, before)
			if !end {
				break
			}
			s := strings.Join(strings.Fields(strings.Join(stmt, " ")), " ")
			if s == "" {
				return nil, fmt.Errorf("line %d: an empty rule", n+1)
			}
			if len(reason) == 0 {
				return nil, fmt.Errorf("line %d: rule %q has no reason (a # comment above it)", n+1, s)
			}
			if err := rs.add(s, strings.Join(reason, " ")); err != nil {
				return nil, fmt.Errorf("line %d: %v", n+1, err)
			}
			reason, stmt, line = nil, nil, after
		}
	}
	if s := strings.TrimSpace(strings.Join(stmt, " ")); s != "" {
		return nil, fmt.Errorf("the text ends inside a rule without its ';': %q", s)
	}
	return rs, nil
}

// add parses one statement and adds its rules.
func (rs *rules) add(s, reason string) error {
	ops := operators.FindAllStringIndex(s, -1)
	if len(ops) == 0 {
		return fmt.Errorf("rule %q has no operator", s)
	}
	var sides [][]string
	start := 0
	for _, o := range ops {
		sides = append(sides, splitList(s[start:o[0]]))
		start = o[1]
	}
	sides = append(sides, splitList(s[start:]))
	for i, o := range ops {
		op := s[o[0]:o[1]]
		if op != "<" && len(ops) > 1 {
			return fmt.Errorf("rule %q: only < chains", s)
		}
		r := rule{op: op, lower: sides[i], upper: sides[i+1], reason: reason}
		if len(r.lower) == 0 || len(r.upper) == 0 {
			return fmt.Errorf("rule %q: a side of %s names nothing", s, op)
		}
		if op == "<" {
			if err := rs.place(r); err != nil {
				return fmt.Errorf("rule %q: %v", s, err)
			}
		}
		rs.list = append(rs.list, r)
	}
	return nil
}

// place gives each name on the right of a "<" rule the names on its left and all they
// may import.
func (rs *rules) place(r rule) error {
	set := map[string]bool{}
	for _, p := range r.lower {
		if p == none {
			if len(r.lower) > 1 {
				return fmt.Errorf("NONE stands alone")
			}
			continue
		}
		below, ok := rs.allowed[p]
		if !ok && p != all && p != gomod && !strings.HasSuffix(p, "/...") {
			return fmt.Errorf("%s is used before it is placed", p)
		}
		set[p] = true
		for q := range below {
			set[q] = true
		}
	}
	for _, p := range r.upper {
		if _, twice := rs.allowed[p]; twice || p == none || p == all || p == gomod {
			return fmt.Errorf("%s is placed twice", p)
		}
		rs.allowed[p] = set
	}
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// module is what the checker knows of the module: its packages (paths relative to the
// module, such as "engine"), with the imports of their non-test and their test files,
// and the modules its go.mod requires.
type module struct {
	pkgs, tests map[string][]string
	required    []string
}

// matches says whether the name (a package, "dir/..." for everything under dir, ALL,
// GOMOD or an outside module, which holds the packages under its path) stands for dep,
// a package of the module (relative path), an outside package or a standard one.
func (m *module) matches(name, dep string) bool {
	switch {
	case name == dep:
		return true
	case name == all:
		_, ok := m.pkgs[dep]
		return ok && !isCommand(dep)
	case name == gomod:
		return slices.ContainsFunc(m.required, func(r string) bool { return under(dep, r) })
	case strings.HasSuffix(name, "/..."):
		return under(dep, strings.TrimSuffix(name, "/..."))
	}
	return isOutside(name) && under(dep, name)
}

func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

func isOutside(p string) bool { return strings.Contains(strings.SplitN(p, "/", 2)[0], ".") }

func isCommand(p string) bool { return under(p, "cmd") }

// rel returns the import path relative to the module for a package of the module, or
// the path as it is.
func rel(imp string) string {
	if dep, ok := strings.CutPrefix(imp, modulePath+"/"); ok {
		return dep
	}
	return imp
}

// placement returns the names package p may import: its own rule's, or the rule of the
// longest "dir/..." that holds it.
func (rs *rules) placement(p string) (map[string]bool, bool) {
	if set, ok := rs.allowed[p]; ok {
		return set, true
	}
	best, found := "", false
	for name := range rs.allowed {
		if d, ok := strings.CutSuffix(name, "/..."); ok && under(p, d) && len(d) > len(best) {
			best, found = d, true
		}
	}
	return rs.allowed[best+"/..."], found
}

// may says whether p (its non-test files, or its tests when test is set) may import dep.
// The standard library is allowed but where a "!<" rule forbids it; a package may
// import itself (its external tests), and a command's packages one another.
func (rs *rules) may(m *module, p string, set map[string]bool, dep string, test bool) bool {
	if !isOutside(dep) && !m.isModule(dep) {
		return true // the standard library
	}
	if dep == p || isCommand(p) && isCommand(dep) && commandOf(p) == commandOf(dep) {
		return true
	}
	for name := range set {
		if m.matches(name, dep) {
			return true
		}
	}
	return test && slices.ContainsFunc(rs.list, func(r rule) bool {
		return r.op == "<test" && m.any(r.upper, p) && m.any(r.lower, dep)
	})
}

func (m *module) isModule(dep string) bool { _, ok := m.pkgs[dep]; return ok || isCommand(dep) }

// any says whether one of names stands for dep.
func (m *module) any(names []string, dep string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return m.matches(n, dep) })
}

// commandOf returns the command a package of cmd/ belongs to ("cmd/littlego" for
// "cmd/littlego/internal/solve/table"), whose own packages it may import.
func commandOf(p string) string {
	parts := strings.SplitN(p, "/", 3)
	if len(parts) < 2 {
		return p
	}
	return parts[0] + "/" + parts[1]
}

// check lists, sorted, every way the module breaks the rules: a package no rule places,
// an import its place does not allow (the tests' too), an import a "!<" rule forbids
// (in any file) or a "!<direct" rule forbids (in a non-test file), a "<" or "<test"
// rule that lets through what a "!<" rule forbids, and a name that is no package.
func (rs *rules) check(m *module) []string {
	var out []string
	for p := range m.pkgs {
		set, ok := rs.placement(p)
		if !ok {
			out = append(out, p+" is in no rule: place it in the order")
			continue
		}
		for _, imp := range m.pkgs[p] {
			if dep := rel(imp); !rs.may(m, p, set, dep, false) {
				out = append(out, p+" may not import "+dep+" (rules)")
			}
		}
		for _, imp := range m.tests[p] {
			if dep := rel(imp); !rs.may(m, p, set, dep, true) {
				out = append(out, "a test of "+p+" imports "+dep+", which the rules do not allow")
			}
		}
		out = append(out, rs.forbidden(m, p, set)...)
	}
	out = append(out, rs.unknownNames(m)...)
	sort.Strings(out)
	return slices.Compact(out)
}

// forbidden lists the imports of p that a "!<" or "!<direct" rule forbids, and those
// of them that p's place or a "<test" rule allows.
func (rs *rules) forbidden(m *module, p string, set map[string]bool) []string {
	var out []string
	for _, r := range rs.list {
		if (r.op != "!<" && r.op != "!<direct") || !m.any(r.upper, p) {
			continue
		}
		imports := m.pkgs[p]
		if r.op == "!<" {
			imports = slices.Concat(imports, m.tests[p])
			for _, low := range r.lower {
				if low != p && (m.any(slices.Collect(maps.Keys(set)), low) || rs.testGrants(m, p, low)) {
					out = append(out, "the rules let "+p+" import "+low+", which it must not: "+r.reason)
				}
			}
		}
		for _, imp := range imports {
			if dep := rel(imp); dep != p && m.any(r.lower, dep) {
				out = append(out, p+" must not import "+dep+": "+r.reason)
			}
		}
	}
	return out
}

// testGrants says whether a "<test" rule names dep for p's tests.
func (rs *rules) testGrants(m *module, p, dep string) bool {
	return slices.ContainsFunc(rs.list, func(r rule) bool {
		return r.op == "<test" && m.any(r.upper, p) && slices.Contains(r.lower, dep)
	})
}

// unknownNames lists the names of the rules that stand for nothing: not a pseudo-name,
// a package of the module, a "dir/..." holding one, a module of go.mod or a standard
// package.
func (rs *rules) unknownNames(m *module) []string {
	var out []string
	for _, r := range rs.list {
		for _, name := range slices.Concat(r.lower, r.upper) {
			if !rs.names(m, name) {
				out = append(out, "the rules name "+name+", which is not a package of the module, of go.mod or of the standard library")
			}
		}
	}
	return out
}

func (rs *rules) names(m *module, name string) bool {
	switch {
	case isPseudo(name):
		return true
	case strings.HasSuffix(name, "/..."):
		for p := range m.pkgs {
			if m.matches(name, p) {
				return true
			}
		}
		return false
	case isOutside(name):
		return slices.ContainsFunc(m.required, func(r string) bool { return under(name, r) })
	case m.isModule(name):
		_, ok := m.pkgs[name]
		return ok
	}
	p, err := build.Default.Import(name, "", build.FindOnly)
	return err == nil && p.Goroot
}
