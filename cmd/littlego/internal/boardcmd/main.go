// Command board serves the board: play against the engine, watch its analysis and
// review games in a browser, on http://127.0.0.1:8561/ by default.
//
//	board [-addr host:port] [-jobs N] [-analysis-time D] [-cpu D]
//	board -static DIR
//
// It prints the URL and opens nothing. With -static it serves nothing: it writes the
// board as a static site into DIR (the page, and the board's handlers compiled to
// WebAssembly to run in the browser, offline after the first visit; docs/board.md). It listens on the loopback interface unless -addr
// says otherwise. SIGINT or SIGTERM stops it gracefully: running analyses are cancelled
// and requests in flight get a few seconds to finish.
package boardcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"littlego/cmd/internal/storeflag"
	"littlego/cmd/littlego/internal/base"
	"littlego/facts"
	"littlego/lib/cliflag"
	"littlego/web"
)

// shutdownGrace is how long requests in flight get to finish after a signal.
const shutdownGrace = 5 * time.Second

// Cmd is "littlego board": it serves until SIGINT or SIGTERM.
var Cmd = &base.Command{
	Name:       "board",
	UsageLine:  "littlego board [flags]",
	Short:      "serve the board in a browser: play, analyse, review, watch",
	Long:       "Serves the board (play, analyse, review, watch) in a browser.",
	FlagsFirst: true,
	Setup:      setup,
}

// setup defines the flags; its run checks them and serves.
func setup(fs *flag.FlagSet) func([]string, base.Output) error {
	addr := fs.String("addr", "127.0.0.1:8561", "`host:port` to listen on (loopback by default)")
	cfg := web.DefaultConfig()
	cliflag.Jobs(fs, &cfg.MaxAnalyses, cfg.MaxAnalyses, fmt.Sprintf("analyses, 1..%d (each uses a CPU core)", web.MaxAnalysesLimit))
	fs.DurationVar(&cfg.AnalysisTime, "analysis-time", cfg.AnalysisTime, "most wall-clock `time` one analysis runs; what it has not proved by then it marks \"not proved within the limit\"")
	cliflag.CPU(fs, &cfg.SolveLimit, cfg.SolveLimit, "the solver's, on one move's value (and again on its exact result) before it is left not proved")
	cliflag.Renamed(fs, map[string]string{"analyses": "jobs", "solve-limit": "cpu"})
	var store string
	storeflag.Var(fs, &store)
	static := fs.String("static", "", "write the board as a static site into `folder` (compiled by the go command, from inside the source tree) instead of serving it")
	return func(args []string, out base.Output) error {
		if len(args) > 0 {
			return base.Usagef("unexpected argument %q", args[0])
		}
		if *static != "" {
			return writeSite(*static, out.Stdout)
		}
		if cfg.MaxAnalyses < 1 || cfg.MaxAnalyses > web.MaxAnalysesLimit {
			return base.Usagef("-jobs %d out of range: want 1..%d", cfg.MaxAnalyses, web.MaxAnalysesLimit)
		}
		if cfg.AnalysisTime <= 0 || cfg.SolveLimit <= 0 {
			return base.Usagef("-analysis-time and -cpu must be positive")
		}
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			hint := ""
			if errors.Is(err, syscall.EADDRINUSE) {
				hint = " (another program, perhaps another board, has that port: choose another with -addr, e.g. -addr 127.0.0.1:8562)"
			}
			return fmt.Errorf("%v%s", err, hint)
		}
		if !loopback(ln.Addr()) {
			fmt.Fprintf(out.Stderr, "board: warning: listening on %s: the board is reachable from the network, by anyone who can reach this machine\n", ln.Addr())
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		cfg.Facts = facts.NewCache() // one proof store for every user of the board
		defer storeflag.Attach(store, "board", cfg.Facts, out.Stderr)()
		return base.Exit(serve(ctx, ln, web.New(cfg), out.Stdout, out.Stderr))
	}
}

// loopback reports whether addr is a loopback address only.
func loopback(addr net.Addr) bool {
	tcp, ok := addr.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}

// serve serves h on ln until ctx ends, then shuts down gracefully.
func serve(ctx context.Context, ln net.Listener, h *web.Server, stdout, stderr io.Writer) int {
	srv := web.NewHTTPServer(ln.Addr().String(), h)
	srv.BaseContext = func(net.Listener) context.Context { return ctx }
	fmt.Fprintf(stdout, "board: serving on http://%s/\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		fmt.Fprintf(stderr, "board: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	fmt.Fprintln(stderr, "board: shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "board: shutdown: %v\n", err)
		return 1
	}
	return 0
}
