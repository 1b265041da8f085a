// commands_test.go: a walk over every command, as cmd/go's tests walk its commands: the
// shared flags have one name, one kind of value, one parsing and one usage text, and
// every command's messages name it in full.

package main

import (
	"flag"
	"strings"
	"testing"

	"littlego/cmd/littlego/internal/base"
	"littlego/lib/clitest"
)

// leaf is a command that runs, with the words that select it below littlego.
type leaf struct {
	words []string
	cmd   *base.Command
	// isDefault marks a group's Default, whose usage "help NAME" gives under its
	// group (littlego solve help solve).
	isDefault bool
}

// path is "littlego solve table build".
func (l leaf) path() string { return strings.Join(append([]string{"littlego"}, l.words...), " ") }

// leaves returns every command below c that runs (a group's Default included).
func leaves(c *base.Command, words []string) []leaf {
	var out []leaf
	if c.Setup != nil {
		out = append(out, leaf{words: words, cmd: c})
	}
	for _, s := range c.Commands {
		out = append(out, leaves(s, append(words[:len(words):len(words)], s.Name))...)
	}
	if c.Default != nil {
		out = append(out, leaf{words: words, cmd: c.Default, isDefault: true})
	}
	return out
}

// sharedFlag is what a shared flag must be: the start of its usage text (its value's
// name in backquotes) and a value it must refuse, with the words that say why.
type sharedFlag struct {
	usage   []string // one of these starts the usage text
	bad     string   // a value the flag refuses
	badSays []string // one of these is in the refusal
}

// vocabulary are the shared flags (docs/commands.md, lib/cliflag); a flag named
// WHAT-cpu is a CPU limit as -cpu is.
var vocabulary = map[string]sharedFlag{
	"cpu":     {[]string{"CPU limit, in `seconds` (2, 2.5) or a duration (500ms): "}, "soon", []string{"want seconds (2.5) or a duration (500ms)", "in seconds (2.5) or a duration (500ms)"}},
	"threads": {[]string{"the `number` of threads of one search: "}, "two", count},
	"jobs":    {[]string{"the `number` of independent tasks run at once: "}, "two", count},
	"n":       {[]string{"the `number` of "}, "ten", count},
	"seed":    {[]string{"the random `seed` "}, "-1", []string{"whole number"}},
	"o":       {[]string{"output `file`: ", "output `folder`: "}, "", nil},
	"json":    {[]string{"JSON on stdout: "}, "maybe", []string{"want true or false"}},
}

// count are the refusals of a bad count: the flag package's, as cliflag words it, or
// that of a count whose range is checked as it is read (review's -jobs, the engine's
// options).
var count = []string{"want an integer", "is not a whole number"}

// renamedOnly are names no littlego command defines: the engine's budget and workers
// are -cpu and -threads (my_player alone keeps them, for the course's launcher).
var renamedOnly = []string{"budget", "workers"}

func TestEveryCommandSpeaksTheVocabulary(t *testing.T) {
	all := leaves(root, nil)
	if len(all) < 20 {
		t.Fatalf("found %d commands: the walk missed some", len(all))
	}
	for _, l := range all {
		if !strings.HasPrefix(l.cmd.UsageLine+" ", l.path()+" ") {
			t.Errorf("%s: usage line %q does not start with its name", l.path(), l.cmd.UsageLine)
		}
		fs := flag.NewFlagSet(l.path(), flag.ContinueOnError)
		l.cmd.Setup(fs)
		for _, old := range renamedOnly {
			if fs.Lookup(old) != nil {
				t.Errorf("%s defines -%s, a name the vocabulary replaced", l.path(), old)
			}
		}
		fs.VisitAll(func(f *flag.Flag) {
			name := f.Name
			if strings.HasSuffix(name, "-cpu") {
				name = "cpu"
			}
			want, ok := vocabulary[name]
			if !ok {
				return
			}
			checkSharedFlag(t, l, f, want)
		})
	}
}

// checkSharedFlag checks that f, a flag of l, has the shared usage text and is parsed as
// the shared flag is: a bad value ends the command with status 2 and one line that
// names the command in full and says what the flag wants.
func checkSharedFlag(t *testing.T, l leaf, f *flag.Flag, want sharedFlag) {
	t.Helper()
	if !startsWithOne(f.Usage, want.usage) {
		t.Errorf("%s -%s: usage %q; want it to start with one of %q", l.path(), f.Name, f.Usage, want.usage)
	}
	if want.bad == "" {
		return
	}
	args := append(append([]string(nil), l.words...), "-"+f.Name+"="+want.bad)
	status, stdout, stderr := clitest.Call(run, args...)
	if status != base.StatusUsage || stdout != "" || !strings.HasPrefix(stderr, l.path()+": ") ||
		!strings.Contains(stderr, "-"+f.Name) || !containsOne(stderr, want.badSays) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one line %q... naming -%s and saying %q",
			args, status, stdout, stderr, l.path()+": ", f.Name, want.badSays)
	}
}

func containsOne(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func startsWithOne(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// Every command answers -h with its usage line and flags, exit 0, and refuses an
// unknown flag with one line that names it in full.
func TestEveryCommandAnswersHelpAndBadFlags(t *testing.T) {
	for _, l := range leaves(root, nil) {
		args := append(append([]string(nil), l.words...), "-h")
		if l.isDefault {
			args = append(l.words[:len(l.words):len(l.words)], "help", l.words[len(l.words)-1])
		}
		status, _, stderr := clitest.Call(run, args...)
		if status != 0 || !strings.HasPrefix(stderr, "usage: "+l.cmd.UsageLine+"\n") {
			t.Errorf("%q: exit %d, stderr %q; want 0 and the usage line first", args, status, stderr)
		}
		args = append(append([]string(nil), l.words...), "-no-such-flag")
		status, _, stderr = clitest.Call(run, args...)
		if status != 2 || !strings.HasPrefix(stderr, l.path()+": flag provided but not defined: -no-such-flag") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line naming the command", args, status, stderr)
		}
	}
}
