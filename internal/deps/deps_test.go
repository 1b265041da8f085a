package deps

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// module is the module path every internal import starts with.
const module = "littlego"

// layers is the module's import graph as rules, lowest first. "a, b < c, d" says that c
// and d may import a and b and everything a and b may import; a package may import only
// what the rules allow (the standard library aside). Every package of the module is named
// on the right of exactly one rule, after every package it imports. Commands (cmd/...)
// are the top: they may import anything but other commands' packages (their own, such as
// cmd/littlego/internal/..., and cmd/internal are theirs).
//
// The spine is the README's: cmd -> the front ends (arena, gtp, katago, web, and the
// review's command) -> analysis, review (the review of recorded games that littlego
// review, arena -review and the board show, and its text and SGF) -> engine
// -> facts, mcts -> opening (the shipped tables), solver, policy -> board: the front ends
// read what is proved only from facts (the one source), which the engine also speaks
// when it reports a move, run live analyses only through analysis, review games only
// through review, and write and read game records only through record. They stand on one
// floor: mustNot forbids any import between them. proofsgf writes what facts proves as
// SGF trees (a proved line, a position's proof tree) below the front ends, so that the
// review's file and solve's proof tree share it, and any front end may.
const layers = `
NONE < internal/splitmix, lib/cputime, internal/regularfile, lib/matchstats, lib/racedetect, internal/hugemem;
NONE < lib/clitest, lib/atomicfile;
lib/cputime < lib/cliflag;
internal/splitmix < board;
board < board/boardtest, sgf, tablebase;
board, internal/splitmix < policy;
policy, lib/cputime < mcts;
board, lib/cputime, internal/hugemem < solver;
tablebase < opening;
sgf < record;
opening, record, solver < facts;
facts < facts/factstest;
facts < proofstore;
facts, mcts < engine;
NONE < katago/katagotest;
engine, lib/matchstats < analysis;
facts < proofsgf;
engine, record, proofsgf < review;
analysis, lib/matchstats < gtp;
engine, record, lib/matchstats, internal/regularfile < arena;
analysis, review, proofsgf < web;
analysis < katago;
engine < bench;
`

// mustNot are imports no layer may allow, in non-test and test files alike: "a, b !< c,
// d" says c and d must not import a or b (a package's own name aside). Each rule, with
// its reason:
// The front ends stand on one floor and import none of each other: what two of them share
// lives below them (the board, littlego review and arena -review share review).
const mustNot = `
arena, gtp, katago, web !< arena, gtp, katago, web;
`

// mustNotDirect are imports the packages' own code (tests aside, which may check against
// an oracle from anywhere below) must not make, even where the layers would let them
// through a package between: "a !< c" says c's non-test files do not import a. Each rule
// with its reason:
const mustNotDirect = `
solver, tablebase, opening, mcts, policy !< gtp, katago, review, web, proofsgf;
facts, engine, analysis, review, mcts, policy, solver, tablebase, opening !< record, sgf;
`

// mustNotDirectReasons says why, rule by rule:
//   - the front ends, the review of games and the proofs written as SGF (proofsgf) read
//     what is proved from facts and run searches through analysis or the engine, never
//     the solver, the tables (tablebase, opening) or the search themselves, so that a
//     value reads the same in every view;
//   - game records stand just above the board (KataGo keeps its SGF reader there): a
//     program that reads an SGF or a game record links no engine, search, solver or table.
var mustNotDirectReasons = []string{"front ends prove through facts", "records below the engine"}

// TestDirectImports checks mustNotDirect against every non-test import, and that the
// records' floor holds: record and sgf depend on nothing above the board.
func TestDirectImports(t *testing.T) {
	rules := parseMustNot(t, mustNotDirect)
	if n := strings.Count(mustNotDirect, ";"); n != len(mustNotDirectReasons) {
		t.Fatalf("%d direct rules, %d reasons", n, len(mustNotDirectReasons))
	}
	pkgs, _ := moduleImports(t)
	for p, bad := range rules {
		for _, imp := range pkgs[p] {
			if dep := strings.TrimPrefix(imp, module+"/"); dep != imp && bad[dep] {
				t.Errorf("%s must not import %s", p, dep)
			}
		}
	}
	if !rules["record"]["facts"] || !rules["web"]["solver"] {
		t.Errorf("the rules lost their meaning: %v", rules)
	}
}

// testHelpers are the packages any test may import beside what its package may: the
// test positions and facts, the race detector's flag, the CPU clock of benchmarks, and
// the client of KataGo's analysis protocol.
var testHelpers = map[string]bool{"board/boardtest": true, "facts/factstest": true, "lib/racedetect": true,
	"lib/cputime": true, "katago/katagotest": true}

// testEdges are the imports a package's tests may make beyond its layer: an oracle the
// tests check the package against (tablebase's minimax over the levels against the
// solver, the book's moves proved again by it), or the positions a benchmark measures it
// on (the solver on the opening table's levels, as the build proves them).
var testEdges = map[string][]string{"tablebase": {"solver"}, "opening": {"solver"}, "solver": {"tablebase"}}

// noIO lists the packages that do no I/O (README, "Shape"), with the standard packages
// that would let them: the search core computes, its callers read and write.
var noIO = map[string]bool{"board": true, "policy": true, "mcts": true, "solver": true}

var ioPackages = []string{"os", "os/exec", "os/signal", "io/fs", "net", "net/http", "path/filepath", "syscall"}

// coreExternal are the modules outside the standard library the core may use (README,
// "Dependencies"); commands and the web server may use the rest of go.mod.
var coreExternal = []string{"golang.org/x/sync", "golang.org/x/sys", "github.com/google/pprof"}

// anyExternal names the packages, beyond commands, that may import any module of go.mod.
var anyExternal = map[string]bool{"web": true, "proofstore": true}

// parseLayers turns the rules into each package's allowed module imports (the
// transitive closure), failing on a package placed twice or after a use.
func parseLayers(t *testing.T, text string) map[string]map[string]bool {
	t.Helper()
	allowed := map[string]map[string]bool{}
	for _, rule := range strings.Split(text, ";") {
		rule = strings.TrimSpace(rule)
		if rule == "" {
			continue
		}
		lower, upper, ok := strings.Cut(rule, "<")
		if !ok {
			t.Fatalf("rule %q has no <", rule)
		}
		set := map[string]bool{}
		for _, p := range splitList(lower) {
			if p == "NONE" {
				continue
			}
			below, ok := allowed[p]
			if !ok {
				t.Fatalf("rule %q: %s is used before it is placed", rule, p)
			}
			set[p] = true
			for q := range below {
				set[q] = true
			}
		}
		for _, p := range splitList(upper) {
			if _, twice := allowed[p]; twice {
				t.Fatalf("rule %q: %s is placed twice", rule, p)
			}
			allowed[p] = set
		}
	}
	return allowed
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

// modulePackages returns every package of the module (relative import paths such as
// "engine" or "cmd/littlego") with the imports of its non-test files.
func modulePackages(t *testing.T) map[string][]string {
	pkgs, _ := moduleImports(t)
	return pkgs
}

// moduleImports returns every package of the module with the imports of its non-test
// files, and with those of its test files (in-package and external).
func moduleImports(t *testing.T) (pkgs, tests map[string][]string) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, tests = map[string][]string{}, map[string][]string{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
			return filepath.SkipDir
		}
		if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
			return filepath.SkipDir // a module of its own (games/)
		}
		p, err := build.Default.ImportDir(path, 0)
		if err != nil {
			if _, none := err.(*build.NoGoError); none {
				return nil
			}
			return err
		}
		rel, _ := filepath.Rel(root, path)
		pkgs[filepath.ToSlash(rel)] = p.Imports
		tests[filepath.ToSlash(rel)] = slices.Concat(p.TestImports, p.XTestImports)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs, tests
}

func isCommand(p string) bool { return p == "cmd" || strings.HasPrefix(p, "cmd/") }

// commandOf returns the command a package of cmd/ belongs to ("littlego solve" for
// "cmd/littlego/internal/solve/table"), whose own packages it may import.
func commandOf(p string) string {
	parts := strings.SplitN(p, "/", 3)
	if len(parts) < 2 {
		return p
	}
	return parts[0] + "/" + parts[1]
}

func isStandard(imp string) bool { return !strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") }

// TestLayering checks every package's imports against the rules.
func TestLayering(t *testing.T) {
	pkgs := modulePackages(t)
	if len(pkgs) < 20 {
		t.Fatalf("found only %d packages: the walk is broken", len(pkgs))
	}
	for _, v := range violations(parseLayers(t, layers), pkgs) {
		t.Error(v)
	}
}

// violations lists, sorted, every import that the rules do not allow, every package the
// rules do not place and every rule naming no package.
func violations(allowed map[string]map[string]bool, pkgs map[string][]string) []string {
	var out []string
	for p, imports := range pkgs {
		if p == "internal/deps" {
			continue
		}
		set, placed := allowed[p]
		if !placed && !isCommand(p) {
			out = append(out, p+" is in no rule of layers: place it in the graph")
			continue
		}
		for _, imp := range imports {
			if v := checkImport(p, imp, set); v != "" {
				out = append(out, v)
			}
		}
	}
	for p := range allowed {
		if _, ok := pkgs[p]; !ok {
			out = append(out, "the rules name "+p+", which is not a package of the module")
		}
	}
	sort.Strings(out)
	return out
}

// checkImport returns why p may not import imp, or "" when it may.
func checkImport(p, imp string, set map[string]bool) string {
	switch {
	case imp == module || strings.HasPrefix(imp, module+"/"):
		dep := strings.TrimPrefix(imp, module+"/")
		if isCommand(p) {
			if isCommand(dep) && !strings.HasPrefix(dep, "cmd/internal/") && commandOf(dep) != commandOf(p) {
				return p + " imports the command " + dep
			}
			return ""
		}
		if !set[dep] {
			return p + " may not import " + dep + " (layers)"
		}
	case isStandard(imp):
		if noIO[p] && slices.Contains(ioPackages, imp) {
			return p + " does no I/O but imports " + imp
		}
	default:
		if isCommand(p) || anyExternal[p] {
			return ""
		}
		for _, m := range coreExternal {
			if imp == m || strings.HasPrefix(imp, m+"/") {
				return ""
			}
		}
		return p + " imports " + imp + ", outside the core's allowed modules " + strings.Join(coreExternal, ", ")
	}
	return ""
}

// TestRulesRefuse checks that the checker can fail: the closure of a small rule set, an
// edge the code uses dropped from the rules, an I/O import in the core, a module outside
// the allowed ones, and rules naming a package that does not exist.
func TestRulesRefuse(t *testing.T) {
	allowed := parseLayers(t, "NONE < a; a < b; b < c;")
	if !allowed["c"]["a"] || allowed["a"]["c"] || allowed["b"]["c"] {
		t.Fatalf("closure wrong: %v", allowed)
	}
	pkgs := modulePackages(t)
	if !slices.Contains(pkgs["engine"], module+"/mcts") {
		t.Fatal("engine no longer imports mcts; pick another edge for this test")
	}
	dropped := strings.Replace(layers, "facts, mcts < engine", "facts < engine", 1)
	if dropped == layers {
		t.Fatal("the engine's rule changed; update this test")
	}
	got := violations(parseLayers(t, dropped), pkgs)
	if !slices.Contains(got, "engine may not import mcts (layers)") {
		t.Errorf("dropping engine's mcts edge gave %q", got)
	}
	allowed = parseLayers(t, layers)
	withIO := map[string][]string{"solver": {"os"}, "mcts": {"github.com/example/x"}, "board": {module + "/engine"}}
	got = violations(allowed, withIO)
	for _, want := range []string{"solver does no I/O but imports os", "mcts imports github.com/example/x", "board may not import engine (layers)", "the rules name engine"} {
		if !slices.ContainsFunc(got, func(v string) bool { return strings.HasPrefix(v, want) }) {
			t.Errorf("no violation %q in %q", want, got)
		}
	}
}

// parseMustNot turns the mustNot rules into each package's forbidden module imports.
func parseMustNot(t *testing.T, text string) map[string]map[string]bool {
	t.Helper()
	forbidden := map[string]map[string]bool{}
	for _, rule := range strings.Split(text, ";") {
		if rule = strings.TrimSpace(rule); rule == "" {
			continue
		}
		lower, upper, ok := strings.Cut(rule, "!<")
		if !ok {
			t.Fatalf("rule %q has no !<", rule)
		}
		for _, p := range splitList(upper) {
			if forbidden[p] == nil {
				forbidden[p] = map[string]bool{}
			}
			for _, q := range splitList(lower) {
				if q != p {
					forbidden[p][q] = true
				}
			}
		}
	}
	return forbidden
}

// forbiddenImports lists, sorted, every import (test files' too) that mustNot forbids
// and every layer that allows one of them.
func forbiddenImports(forbidden, allowed map[string]map[string]bool, pkgs, tests map[string][]string) []string {
	var out []string
	for p, bad := range forbidden {
		for q := range bad {
			if allowed[p][q] {
				out = append(out, "the layers let "+p+" import "+q+", which it must not")
			}
		}
		for _, imp := range slices.Concat(pkgs[p], tests[p]) {
			if dep := strings.TrimPrefix(imp, module+"/"); dep != imp && bad[dep] {
				out = append(out, p+" must not import "+dep)
			}
		}
	}
	sort.Strings(out)
	return out
}

// TestFrontEndsStandApart checks the mustNot rules against the layers and against
// every import, the tests' included.
func TestFrontEndsStandApart(t *testing.T) {
	pkgs, tests := moduleImports(t)
	for _, v := range forbiddenImports(parseMustNot(t, mustNot), parseLayers(t, layers), pkgs, tests) {
		t.Error(v)
	}
	bad := forbiddenImports(parseMustNot(t, mustNot), parseLayers(t, layers), pkgs, map[string][]string{"gtp": {module + "/arena"}})
	if !slices.Contains(bad, "gtp must not import arena") {
		t.Errorf("a test of gtp importing arena gave %q", bad)
	}
}

// TestTestImports checks the imports of the tests: a test may import what its package
// may, the test helpers, and its own package.
func TestTestImports(t *testing.T) {
	allowed := parseLayers(t, layers)
	_, tests := moduleImports(t)
	for p, imports := range tests {
		if isCommand(p) || p == "internal/deps" {
			continue
		}
		for _, imp := range imports {
			dep, ok := strings.CutPrefix(imp, module+"/")
			if !ok || dep == p || testHelpers[dep] || allowed[p][dep] || slices.Contains(testEdges[p], dep) {
				continue
			}
			t.Errorf("a test of %s imports %s, which %s may not (layers)", p, dep, p)
		}
	}
}
