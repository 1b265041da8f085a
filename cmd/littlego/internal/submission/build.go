package submission

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"text/template"

	"littlego/board"
	"littlego/cmd/internal/engineflag"
	"littlego/engine"
	"littlego/lib/atomicfile"
	"littlego/mcts"
)

// The files of the folder a student uploads.
const (
	// launcherName is the file the course's build script runs with python3.
	launcherName = "my_player3.py"
	// engineName is the engine binary: no .so (the grader deletes those) and no .py.
	engineName = "littlego-my_player"
	// readmeName is the student's guide to the folder.
	readmeName = "README.txt"
)

// enginePackage is the command built into the engine binary.
const enginePackage = "littlego/cmd/my_player"

// targetEnv pins what the engine binary is built for and how, whatever the caller's
// environment says: a static linux/amd64 binary for any x86-64 CPU, no VCS stamp (so
// the same commit gives the same bytes, dirty tree or not).
var targetEnv = []string{"GOOS=linux", "GOARCH=amd64", "GOAMD64=v1", "CGO_ENABLED=0", "GOFLAGS=-buildvcs=false"}

// buildFlags are go build's flags for a reproducible, stripped binary.
var buildFlags = []string{"-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid="}

// reservedFlags are my_player flags that must not be baked into the launcher, and why.
var reservedFlags = map[string]string{
	"move":       "the move number comes from the helper file on each run",
	"dir":        "the engine works in the folder the host runs it in",
	"cpuprofile": "a profile on every move costs CPU time and leaves files behind",
}

//go:embed my_player3.py.tmpl
var launcherTemplate string

//go:embed README.txt.tmpl
var readmeTemplate string

// folder describes a built submission folder.
type folder struct {
	Dir          string
	Flags        []string
	Options      engine.Options // the engine's options under Flags
	EngineSize   int64
	EngineSHA256 string
	Commit       string // the module's commit, "+ uncommitted changes" appended when dirty
	GoVersion    string
}

// engineOptions checks the my_player flags to bake into the launcher and returns the
// engine options they give.
func engineOptions(args []string) (engine.Options, error) {
	opts := engine.Defaults()
	fs := flag.NewFlagSet("my_player", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	engineflag.Register(fs, &opts, engineflag.Course)
	for name, why := range reservedFlags {
		fs.Func(name, "", func(string) error { return errors.New("not allowed in a submission: " + why) })
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return opts, errors.New("my_player flags: -h asks for help, it cannot be baked in")
		}
		return opts, fmt.Errorf("my_player flags: %v", err)
	}
	if fs.NArg() > 0 {
		return opts, fmt.Errorf("my_player flags: unexpected argument %q (flags only)", fs.Arg(0))
	}
	if err := opts.Validate(); err != nil {
		return opts, fmt.Errorf("my_player flags: %v", err)
	}
	for _, a := range args {
		for _, r := range a {
			if r < ' ' || r > '~' {
				return opts, fmt.Errorf("my_player flags: %q: only printable ASCII can be baked into the launcher", a)
			}
		}
	}
	return opts, nil
}

// withinGraderLimit returns an error when opts could let a move run past what the CPU
// budget bounds. The budget is the process's CPU time, every thread counted, at most
// mcts.MaxBudget after the game plan; the search's hard ceiling mcts.HardCeiling and the
// watchdog lie beyond it and under the grader's board.HostCPULimit. A fixed -playouts
// replaces the budget, so only the ceiling would end a move, at whatever speed the
// grader runs: refused. -workers share the one budget (they spend it faster, not
// more), so they are allowed.
func withinGraderLimit(opts engine.Options) error {
	if opts.Playouts > 0 {
		return fmt.Errorf("my_player flags: -playouts %d replaces the CPU budget, so on the grader only the %v safety ceiling would end a move (the grader allows %v); give -budget instead (at most %v)",
			opts.Playouts, mcts.HardCeiling, board.HostCPULimit, engine.MaxBudget)
	}
	return nil
}

// checkOutputDir makes dir if it does not exist; an existing dir may hold only the
// files this command writes, so that a rebuild cannot leave a stray my_player.* or an
// old engine beside the new one.
func checkOutputDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		switch e.Name() {
		case launcherName, engineName, readmeName:
			if e.Type().IsRegular() {
				continue
			}
		}
		return fmt.Errorf("%s holds %s: give a new or empty folder (the upload must hold only the submission's files)", dir, e.Name())
	}
	return nil
}

// goOutput runs the go command in dir with env and returns its trimmed stdout.
func goOutput(ctx context.Context, dir string, env []string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir, cmd.Env = dir, env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

// moduleDir returns the root of the littlego module that holds the working folder.
func moduleDir(ctx context.Context, env []string) (string, error) {
	gomod, err := goOutput(ctx, "", env, "env", "GOMOD")
	if err != nil {
		return "", err
	}
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("not inside the littlego module: run littlego submission from the repository")
	}
	return filepath.Dir(gomod), nil
}

// commitOf describes the git commit of the module at dir, or "unknown".
func commitOf(ctx context.Context, dir string) string {
	head, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	c := strings.TrimSpace(string(head))
	if st, err := exec.CommandContext(ctx, "git", "-C", dir, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
		c += " + uncommitted changes"
	}
	return c
}

// buildFolder builds the submission folder in dir with the my_player flags args baked
// into the launcher; env is the environment go build starts from (targetEnv overrides
// it).
func buildFolder(ctx context.Context, dir string, args []string, env []string) (*folder, error) {
	opts, err := engineOptions(args)
	if err != nil {
		return nil, err
	}
	if err := checkOutputDir(dir); err != nil {
		return nil, err
	}
	env = append(append([]string(nil), env...), targetEnv...)
	mod, err := moduleDir(ctx, env)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "submission-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, engineName)
	buildArgs := append(append([]string{"build"}, buildFlags...), "-o", bin, enginePackage)
	if _, err := goOutput(ctx, mod, env, buildArgs...); err != nil {
		return nil, err
	}
	engineBytes, err := os.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	goVersion, err := goOutput(ctx, mod, env, "env", "GOVERSION")
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(engineBytes)
	f := &folder{Dir: dir, Flags: args, Options: opts, EngineSize: int64(len(engineBytes)),
		EngineSHA256: hex.EncodeToString(sum[:]), Commit: commitOf(ctx, mod), GoVersion: goVersion}

	launcher, err := f.render(launcherTemplate)
	if err != nil {
		return nil, err
	}
	readme, err := f.render(readmeTemplate)
	if err != nil {
		return nil, err
	}
	for _, w := range []struct {
		name string
		data []byte
		perm os.FileMode
	}{{engineName, engineBytes, 0o755}, {launcherName, launcher, 0o755}, {readmeName, readme, 0o644}} {
		if err := atomicfile.WriteFile(filepath.Join(dir, w.name), w.data, w.perm); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// render fills a template of the folder with f's details.
func (f *folder) render(text string) ([]byte, error) {
	quoted := make([]string, len(f.Flags))
	for i, a := range f.Flags {
		quoted[i] = strconv.Quote(a) // printable ASCII: a valid Python string literal too
	}
	flagsText := strings.Join(f.Flags, " ")
	if flagsText == "" {
		flagsText = "(none: the engine's defaults)"
	}
	data := map[string]any{
		"Engine":        strconv.Quote(engineName),
		"EngineName":    engineName,
		"Flags":         strings.Join(quoted, ", "),
		"FlagsText":     flagsText,
		"EngineSize":    f.EngineSize,
		"EngineSHA256":  f.EngineSHA256,
		"Commit":        f.Commit,
		"GoVersion":     f.GoVersion,
		"DefaultBudget": strconv.FormatFloat(engine.Defaults().Budget.Seconds(), 'g', -1, 64),
		"MaxBudget":     strconv.FormatFloat(engine.MaxBudget.Seconds(), 'g', -1, 64),
	}
	t, err := template.New("").Option("missingkey=error").Parse(text)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
