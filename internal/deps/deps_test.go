// deps_test.go: the module's allowed imports as one text of rules, each with its reason, and the test that holds every import of the module, its tests' included, to them.

package deps

import (
	"go/build"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// modulePath is the module path every import of the module's own packages starts with.
const modulePath = "littlego"

// depsRules is the module's import graph, in the manner of Go's own go/build/deps_test.go:
//
//	a, b < c, d;        c and d may import a and b and everything a and b may (the order)
//	a < b < c;          a chain: a < b; b < c;
//	a, b !< c, d;       c and d must not import a or b, in any file, tests included, and
//	                    no rule may let them
//	a, b !<direct c;    c's own files (its tests aside) must not import a or b, though it
//	                    may reach them through a package between
//	a, b <test c;       c's tests may also import a and b
//
// Every package of the module is placed by exactly one "<" rule (the commands by the
// one of cmd/..., "dir/..." naming every package under dir), which comes before any "<"
// rule that uses it on its left (a "dir/..." there needs no rule of its own), so that
// nothing runs back up: lowest first. NONE is below
// everything, ALL is every package of the module outside cmd/, GOMOD every module
// go.mod requires; an outside module (golang.org/x/sync) stands for its packages. The
// standard library is allowed but where a rule forbids it. A package may import itself
// (its external tests) and a command's packages one another. Each rule has its reason in
// the # comment above it, which a broken rule's error repeats.
//
// The spine is CONTRIBUTING's: cmd -> the front ends (arena, gtp, katago, web; the
// review's is its command) -> analysis, review -> engine -> facts and mcts -> opening,
// solver, policy -> board, with the game records (record, sgf) just above the board and
// below facts.
const depsRules = `
# The ground: helpers of the standard library alone. lib/ holds those the games module
# shares (games/ imports nothing else of this module); internal/, the rest; internal/deps
# is this test.
NONE
< internal/splitmix, internal/regularfile, internal/hugemem, internal/deps,
  lib/cputime, lib/matchstats, lib/racedetect, lib/clitest, lib/atomicfile;

# The modules beyond the standard library that packages below the commands use: the
# tree search's worker groups, the profiles the benchmarks read, the proof store's
# database (docs/store.md: only proofstore imports bbolt).
NONE < golang.org/x/sync, github.com/google/pprof, go.etcd.io/bbolt;

# The shared flags read a CPU time on a command line the one way.
lib/cputime < lib/cliflag;

# The board: the rules core, its Zobrist keys from the one SplitMix64.
internal/splitmix < board;

# On the board alone: its test positions, SGF itself, and the tables' file format (a
# record is a board's stones), so that a program reading an SGF or a table links no
# engine.
board < board/boardtest, sgf, tablebase;

# The playout policy rates the board's moves, with its own random streams.
board, internal/splitmix < policy;

# The tree search plays the policy's moves on CPU budgets, its root workers in groups.
policy, lib/cputime, golang.org/x/sync < mcts;

# The exact solver: the board alone (it orders its moves itself, without the policy),
# its table in huge pages when it can.
board, lib/cputime, internal/hugemem < solver;

# The shipped opening table and book are tables of the format, embedded.
tablebase < opening;

# The game record every front end writes and reads stands on SGF, below facts.
sgf < record;

# What is proved, from its one source: the game's end, the shipped tables, the solver,
# and the results for people (record's notation).
opening, record, solver < facts;

# The test facts of every source, for any package's tests.
facts < facts/factstest;

# The proof store keeps what facts proves across runs, in bbolt.
facts, go.etcd.io/bbolt < proofstore;

# The move choice: what is proved (facts) and the tree search.
facts, mcts < engine;

# The client of KataGo's protocol, written from its document alone, shares nothing.
NONE < katago/katagotest;

# The one live-analysis driver of GTP, KataGo and the board, over the engine.
engine, lib/matchstats < analysis;

# What facts proves, written as SGF trees (proved lines, proof trees) below the front
# ends, for the review's file and solve's proof tree.
facts < proofsgf;

# The review of recorded games (littlego review, arena -review and the board show it),
# with its text and SGF.
engine, record, proofsgf < review;

# The front ends. GTP: the live analysis.
analysis, lib/matchstats < gtp;

# The arena's referee plays engines and reads players' files.
engine, record, lib/matchstats, internal/regularfile < arena;

# The web board: the live analysis, the review, the proofs as SGF.
analysis, review, proofsgf < web;

# KataGo's JSON analysis protocol: the live analysis.
analysis < katago;

# The benchmarks measure the engine per CPU-second and read profiles.
engine, github.com/google/pprof < bench;

# The commands are the top: each may import every package above, any module of go.mod,
# the commands' helpers and its own packages (cmd/littlego/internal/... are
# cmd/littlego's), never another command's.
ALL, GOMOD, cmd/internal/... < cmd/...;

# Nothing outside cmd/ imports a command or the commands' helpers.
cmd/... !< ALL;

# The front ends stand on one floor and import none of each other, tests included:
# what two of them share lives below them (the board, littlego review and arena -review
# share review).
arena, gtp, katago, web !< arena, gtp, katago, web;

# Nothing runs back up: below the engine nothing knows the engine, the live analysis,
# the review or a front end.
engine, analysis, review, arena, gtp, katago, web
!< facts, proofstore, proofsgf, mcts, policy, opening, solver, tablebase, record, sgf, board;

# The search core and the tables do not read what facts says: facts reads them.
facts, proofstore, proofsgf !< mcts, policy, opening, solver, tablebase, board;

# Game records stand just above the board (KataGo keeps its SGF reader there): a program
# that reads an SGF or a game record links no engine, search, solver or table.
facts, engine, analysis, review, mcts, policy, solver, tablebase, opening !< record, sgf;

# The front ends, the review and the proofs written as SGF read what is proved from facts
# and run searches through analysis or the engine, never the solver, the tables or the
# search themselves, so that a value reads the same in every view (their tests may check
# against an oracle from below).
solver, tablebase, opening, mcts, policy !<direct gtp, katago, review, web, proofsgf;

# The search core does no I/O (CONTRIBUTING): it computes, its callers read and write.
os, os/exec, os/signal, io/fs, net, net/http, path/filepath, syscall !<direct board, policy, mcts, solver;

# Any test may take the test positions and facts, the race detector's flag, the CPU clock
# of benchmarks, the client of KataGo's protocol and the in-process command helpers (a
# buffer a server's goroutine writes while the test reads).
board/boardtest, facts/factstest, lib/racedetect, lib/cputime, katago/katagotest,
  lib/clitest <test ALL;

# Oracles: tablebase's minimax over the levels and the book's moves are proved again by
# the solver.
solver <test tablebase, opening;

# The solver's benchmarks measure it on the opening table's levels, as the build proves
# them.
tablebase <test solver;

# The web board's tests drive a browser.
github.com/chromedp/chromedp, github.com/chromedp/cdproto <test web;
`

// TestRules checks every import of the module, its tests' included, against the rules.
func TestRules(t *testing.T) {
	rs, err := parseRules(depsRules)
	if err != nil {
		t.Fatal(err)
	}
	m := loadModule(t)
	if len(m.pkgs) < 20 {
		t.Fatalf("found only %d packages: the walk is broken", len(m.pkgs))
	}
	for _, v := range rs.check(m) {
		t.Error(v)
	}
}

// loadModule returns every package of the module (relative import paths such as
// "engine" or "cmd/littlego") with the imports of its non-test files and of its test
// files (in-package and external), and the modules go.mod requires.
func loadModule(t *testing.T) *module {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	m := &module{pkgs: map[string][]string{}, tests: map[string][]string{}, required: required(t, root)}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
			return filepath.SkipDir
		}
		if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
			return filepath.SkipDir // a module of its own (games/)
		}
		p, err := build.Default.ImportDir(path, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		} else if err != nil {
			return err
		}
		r, _ := filepath.Rel(root, path)
		m.pkgs[filepath.ToSlash(r)] = p.Imports
		m.tests[filepath.ToSlash(r)] = slices.Concat(p.TestImports, p.XTestImports)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// required returns the module paths go.mod requires.
func required(t *testing.T, root string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	block := false
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case f[0] == "require" && len(f) > 1 && f[1] == "(":
			block = true
		case f[0] == ")":
			block = false
		case f[0] == "require" && len(f) > 2:
			out = append(out, f[1])
		case block:
			out = append(out, f[0])
		}
	}
	if len(out) == 0 {
		t.Fatal("go.mod requires nothing: its reading is broken")
	}
	return out
}

// TestRulesRefuse checks that the rules can fail: texts that break the syntax, and the
// module with one bad import or rule added at a time, each refused with its reason.
func TestRulesRefuse(t *testing.T) {
	for text, want := range map[string]string{
		"NONE < a;":                      "has no reason",
		"# r\nNONE < a;\n# r\na < c":     "without its ';'",
		"# r\nNONE < a;\n# r\nNONE < a;": "a is placed twice",
		"# r\nb < a;":                    "b is used before it is placed",
		"# r\na !< b < c;":               "only < chains",
		"# r\nNONE <;":                   "names nothing",
		"# r\na b;":                      "has no operator",
	} {
		if _, err := parseRules(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q gave %v, want %q", text, err, want)
		}
	}
	small, err := parseRules("# r\nNONE < a;\n# r\na < b < c, d;")
	if err != nil || !small.allowed["d"]["a"] || small.allowed["a"]["c"] || small.allowed["b"]["c"] {
		t.Fatalf("closure wrong: %v, %v", small, err)
	}
	real := loadModule(t)
	if rs, _ := parseRules(depsRules); len(rs.check(real)) != 0 {
		t.Skip("the module breaks the rules; TestRules says how")
	}
	for _, c := range refusals() {
		m := &module{pkgs: maps.Clone(real.pkgs), tests: maps.Clone(real.tests), required: real.required}
		c.change(m)
		text := depsRules
		if c.text != nil {
			text = c.text(depsRules)
			if text == depsRules {
				t.Fatalf("%s: the rules' text no longer holds what this case changes", c.want)
			}
		}
		rs, err := parseRules(text)
		if err != nil {
			t.Fatalf("%s: %v", c.want, err)
		}
		got := rs.check(m)
		if !slices.ContainsFunc(got, func(v string) bool { return strings.HasPrefix(v, c.want) }) {
			t.Errorf("no %q among %q", c.want, got)
		}
	}
}

// refusal is one bad change to the module or to the rules and the violation it gives.
type refusal struct {
	want   string
	change func(m *module)
	text   func(string) string
}

func refusals() []refusal {
	imp := func(p, dep string, test bool) func(*module) {
		return func(m *module) {
			if test {
				m.tests[p] = append(slices.Clone(m.tests[p]), dep)
			} else {
				m.pkgs[p] = append(slices.Clone(m.pkgs[p]), dep)
			}
		}
	}
	same := func(*module) {}
	lp := modulePath + "/"
	return []refusal{
		{want: "a test of gtp imports arena", change: imp("gtp", lp+"arena", true)},
		{want: "gtp must not import arena: The front ends stand on one floor", change: imp("gtp", lp+"arena", true)},
		{want: "web must not import katago", change: imp("web", lp+"katago", false)},
		{want: "board may not import engine (rules)", change: imp("board", lp+"engine", false)},
		{want: "board must not import engine: Nothing runs back up", change: imp("board", lp+"engine", false)},
		{want: "record must not import facts", change: imp("record", lp+"facts", false)},
		{want: "a test of opening imports engine", change: imp("opening", lp+"engine", true)},
		{want: "gtp must not import solver: The front ends, the review", change: imp("gtp", lp+"solver", false)},
		{want: "solver must not import os: The search core does no I/O", change: imp("solver", "os", false)},
		{want: "mcts may not import github.com/example/x", change: imp("mcts", "github.com/example/x", false)},
		{want: "a test of policy imports github.com/chromedp/chromedp", change: imp("policy", "github.com/chromedp/chromedp", true)},
		{want: "engine must not import cmd/internal/player", change: imp("engine", lp+"cmd/internal/player", false)},
		{want: "cmd/littlego may not import cmd/my_player", change: imp("cmd/littlego", lp+"cmd/my_player", false)},
		{want: "newpkg is in no rule", change: func(m *module) { m.pkgs["newpkg"] = nil }},
		{want: "engine may not import mcts (rules)", change: same,
			text: func(s string) string { return strings.Replace(s, "facts, mcts < engine", "facts < engine", 1) }},
		{want: "the rules let katago import gtp, which it must not", change: same,
			text: func(s string) string { return strings.Replace(s, "analysis < katago", "analysis, gtp < katago", 1) }},
		{want: "the rules let web import katago, which it must not", change: same,
			text: func(s string) string { return s + "\n# r\nkatago <test web;" }},
		{want: "the rules name enginee, which is not a package", change: same,
			text: func(s string) string { return s + "\n# r\nenginee !< board;" }},
	}
}
