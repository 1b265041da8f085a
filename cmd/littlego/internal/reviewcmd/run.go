// run.go: the review command's flags, inputs, progress bar and outputs.

package reviewcmd

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"littlego/board"
	"littlego/cmd/internal/storeflag"
	"littlego/cmd/littlego/internal/base"
	"littlego/facts"
	"littlego/lib/cliflag"
	"littlego/record"
	"littlego/review"
)

// Cmd is "littlego review". Exit status 0 when every game was reviewed, 1 when an input
// or a game could not be read (the others are reviewed), 2 for bad usage.
var Cmd = &base.Command{
	Name:      "review",
	UsageLine: "littlego review [flags] FILE...",
	Short:     "find where games were won and lost, with the exact solver",
	Long: `Reviews Little-Go games: the value of every position for the side to move (win, loss,
or unknown when not proved within -cpu), the result with perfect play where proved
within -margin-cpu, written as Go writes it, after the komi (B+0.5: Black 3 stones
ahead, a half-point win; W+2.5: stones even), the blunders (a won position turned into
a lost one) with the moves that kept the win, the mistakes (2 stones or more lost, the
result unchanged) with the best moves, the decisive move and a verdict per game, and
each agent's blunders and mistakes game by game. -json writes the margins as integers,
black - white stones before the komi.

A FILE (- for stdin) holds an SGF FF[4] game, the arena's JSON lines (littlego arena -o), or action lists
in output.txt's notation, one game a line (2,2 1,3 PASS ...); the format is recognised
from the content.`,
	FlagsFirst: true,
	Setup:      setup,
}

// config is what the flags ask for.
type config struct {
	opts  review.Options
	json  bool
	plot  string
	agent string
	quiet bool
	sgf   string // -sgf: the file to write the review to as SGF, "-" for stdout
	store string // -store: the proof store (storeflag)
}

// reviewFiles reviews the games of files as cfg asks and returns the exit status.
func reviewFiles(cfg config, files []string, stdin io.Reader, stdout, stderr io.Writer) int {
	games, failed := readInputs(files, stdin, stderr)
	if cfg.agent != "" {
		games = lostBy(games, cfg.agent, stderr)
	}
	if len(games) == 0 {
		if !failed && cfg.agent == "" {
			fmt.Fprintln(stderr, "littlego review: no game to review")
			return 1
		}
		return exitStatus(failed)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg.opts.Cache = facts.NewCache()
	closeStore := storeflag.Attach(cfg.store, "review", cfg.opts.Cache, stderr)
	defer closeStore()
	bar := newBar(stderr, cfg.quiet)
	if bar != nil {
		cfg.opts.Progress = func(done, total int) {
			bar.ChangeMax(total)
			bar.Set(done)
		}
		cfg.opts.Deepening = deepeningWords(bar, cfg.opts.Jobs)
	}
	if cfg.sgf != "" {
		cfg.opts.Cache = facts.NewCache() // the SGF's lines start from what the review proved
	}
	reviews, err := review.ReviewAll(ctx, games, cfg.opts)
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		fmt.Fprintf(stderr, "littlego review: %v\n", err)
		return 1
	}
	if cfg.sgf != "" {
		if err := writeSGF(ctx, cfg, reviews, stdout); err != nil {
			fmt.Fprintf(stderr, "littlego review: -sgf: %v\n", err)
			return 1
		}
	}
	switch {
	case cfg.sgf == "-":
	case cfg.json:
		enc := json.NewEncoder(stdout)
		for k := range reviews {
			if err := enc.Encode(&reviews[k]); err != nil {
				fmt.Fprintf(stderr, "littlego review: %v\n", err)
				return 1
			}
		}
	default:
		for k := range reviews {
			review.WriteGame(stdout, &reviews[k])
		}
		review.WriteAgents(stdout, review.Summarize(reviews))
	}
	if cfg.plot != "" {
		if err := plotReviews(cfg.plot, reviews); err != nil {
			fmt.Fprintf(stderr, "littlego review: -plot: %v\n", err)
			return 1
		}
	}
	return exitStatus(failed)
}

func exitStatus(failed bool) int {
	if failed {
		return 1
	}
	return 0
}

// setup defines the flags; its run checks them and reviews the files.
func setup(fs *flag.FlagSet) func([]string, base.Output) error {
	var cfg config
	def := review.DefaultOptions()
	cliflag.CPU(fs, &cfg.opts.Limit, def.Limit, "the solver's, proving one position's value (on one core) when its margin was not proved; not proved within it: unknown")
	cliflag.CPUVar(fs, &cfg.opts.MarginLimit, "margin-cpu", def.MarginLimit, "the solver's, proving one position's exact margin (on one core) before it falls back to the win/loss proof (0: no margins but the known ones)")
	cliflag.CPUVar(fs, &cfg.opts.GameLimit, "game-cpu", review.DefaultGameLimit, "the review's, proving one game's values that -cpu left unknown (on one core), deepest first (0: none)")
	storeflag.Var(fs, &cfg.store)
	cliflag.Jobs(fs, &cfg.opts.Jobs, 0, "positions proved, each with one solver thread (0: the number of CPUs)")
	fs.IntVar(&cfg.opts.EnginePlayouts, "engine-playouts", def.EnginePlayouts, "the `number` of search iterations for the engine's preferred move in each position (0: none)")
	cliflag.JSON(fs, &cfg.json, "one object per game instead of the text review")
	fs.StringVar(&cfg.plot, "plot", "", "draw into `file` (.png or .svg) one game's value and margin over the game, or over several games each agent's blunders and mistakes by move number")
	fs.StringVar(&cfg.agent, "agent", "", "review only the games the agent `name` lost")
	cliflag.Quiet(fs, &cfg.quiet, "no progress bar")
	fs.StringVar(&cfg.sgf, "sgf", "", "also write the games to `file` as SGF (- for stdout, in place of the text), each move's judgement in its comment and SGF's marks, the proved winning moves of blunders and mistakes as variations with their lines (docs/review.md)")
	cliflag.Renamed(fs, map[string]string{"limit": "cpu", "margin-limit": "margin-cpu"})
	checked(fs, &cfg.opts)
	return func(files []string, out base.Output) error {
		if len(files) == 0 {
			return base.Usagef("want at least one FILE (- for stdin); littlego review -h for help")
		}
		if cfg.opts.Jobs == 0 {
			cfg.opts.Jobs = runtime.NumCPU()
		}
		if err := cfg.opts.Validate(); err != nil {
			return base.Usagef("%v", strings.TrimPrefix(err.Error(), "review: "))
		}
		if cfg.sgf == "-" && cfg.json {
			return base.Usagef("-sgf - and -json both write to stdout: give -sgf a file")
		}
		if p := strings.ToLower(cfg.plot); p != "" && !strings.HasSuffix(p, ".png") && !strings.HasSuffix(p, ".svg") {
			return base.Usagef("-plot %q: want a .png or .svg file", cfg.plot)
		}
		return base.Exit(reviewFiles(cfg, files, out.Stdin, out.Stdout, out.Stderr))
	}
}

// readInputs reads and parses every file, reporting each problem on stderr; failed is
// set when there was one.
func readInputs(files []string, stdin io.Reader, stderr io.Writer) (games []record.Record, failed bool) {
	for _, name := range files {
		data, err := readInput(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "littlego review: %v\n", err)
			failed = true
			continue
		}
		if name == "-" {
			name = "stdin"
		}
		got, errs := parseInput(name, data, stderr)
		for _, err := range errs {
			fmt.Fprintf(stderr, "littlego review: %v (skipped)\n", err)
			failed = true
		}
		games = append(games, got...)
	}
	return games, failed
}

// readInput returns the content of a file, or of stdin for "-", at most
// record.MaxInputBytes and one more to tell that it is too long.
func readInput(name string, stdin io.Reader) ([]byte, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, record.MaxInputBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return data, nil
}

// lostBy keeps the games that the agent called name lost, and says on stderr when there
// is none.
func lostBy(games []record.Record, name string, stderr io.Writer) []record.Record {
	var out []record.Record
	played := false
	for _, g := range games {
		if g.Black != name && g.White != name {
			continue
		}
		played = true
		w, ok := g.Won()
		if !ok {
			continue
		}
		loser := g.Black
		if w == board.Black {
			loser = g.White
		}
		if loser == name {
			out = append(out, g)
		}
	}
	switch {
	case !played:
		fmt.Fprintf(stderr, "littlego review: -agent %q played none of the games\n", name)
	case len(out) == 0:
		fmt.Fprintf(stderr, "littlego review: %s lost none of the games\n", name)
	}
	return out
}

// newBar returns a progress bar on stderr when it is a terminal, else nil.
func newBar(stderr io.Writer, quiet bool) *progressbar.ProgressBar {
	f, ok := stderr.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return progressbar.NewOptions(-1, progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription("positions"), progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true), progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(), progressbar.OptionSetWidth(30))
}
