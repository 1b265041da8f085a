// config.go: the server's settings, and KataGo's names for them (its config file's keys, -override-config, a query's overrideSettings).

package katago

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"littlego/engine"
)

// Perspective is the side the values of a response are given for (KataGo's
// reportAnalysisWinratesAs).
type Perspective uint8

const (
	// SideToMove: every value for the side to move in the position analysed (KataGo's
	// default when its config does not set reportAnalysisWinratesAs).
	SideToMove Perspective = iota
	// Black: every value for Black.
	Black
	// White: every value for White.
	White
)

// ParsePerspective reads SIDETOMOVE, BLACK or WHITE (any case).
func ParsePerspective(s string) (Perspective, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "SIDETOMOVE":
		return SideToMove, nil
	case "BLACK":
		return Black, nil
	case "WHITE":
		return White, nil
	}
	return SideToMove, fmt.Errorf("reportAnalysisWinratesAs %q: want BLACK, WHITE or SIDETOMOVE", s)
}

// Defaults of Config.
const (
	DefaultMaxVisits  = 20_000
	DefaultSolveLimit = time.Second
	DefaultChunk      = 10 * time.Millisecond
	// DefaultProofFloor is Config.ProofFloor's default: the proofs of the middle game
	// that cost a few milliseconds are then made at any maxVisits (a 200-visit search
	// uses about 1 ms), and a maxVisits-1 query still answers within a small fraction of
	// a second.
	DefaultProofFloor = 50 * time.Millisecond
)

// Config is what the command's flags set. Zero fields take the defaults named.
//
// KataGo's command line maps onto it so that a tool's launch line works: -config FILE
// is read with LoadConfig (the keys Set knows are used, the rest, which tune a neural
// network, ignored); -override-config "k=v,k=v" goes to Override; -model is accepted and
// unused (there is no network: the search, the tables and the solver answer), as is
// -human-model; -analysis-threads N sets Jobs, as numAnalysisThreads does;
// -quit-without-waiting sets QuitWithoutWaiting. In this project's
// vocabulary, -jobs sets Jobs and -threads sets Threads.
type Config struct {
	// Jobs is how many turns are analysed at once (KataGo's numAnalysisThreads; < 1: 1).
	Jobs int
	// Threads is the search threads of one turn (numSearchThreadsPerAnalysisThread; < 1:
	// 1; at most the machine's CPUs, runtime.NumCPU: more would only share them); the
	// solver of that turn gets as many.
	Threads int
	// MaxVisits is a turn's search iterations when the query does not say (maxVisits;
	// 0: DefaultMaxVisits).
	MaxVisits int
	// MaxTime is the most wall-clock time one turn is analysed (maxTime; 0: no limit, as
	// in KataGo: the visits, or a terminate, end the turn): then the answer is what is
	// proved and searched so far.
	MaxTime time.Duration
	// SolveLimit is the solver's CPU for one move of a turn, its value and then its
	// margin each (0: DefaultSolveLimit); a move not proved within it is estimated.
	SolveLimit time.Duration
	// ProofTime is the solver's CPU for one turn beyond the search's (proofTime, this
	// engine's own key; at least ProofFloor). A turn's visits bound its work, as in KataGo: the
	// solver gets as much CPU as the search has used, plus ProofTime, and the answer
	// comes once the visits are done and that share is spent (or at MaxTime).
	ProofTime time.Duration
	// ProofFloor is the least solver CPU a turn gets beyond the search's, whatever
	// proofTime says (0: DefaultProofFloor).
	ProofFloor time.Duration
	// Chunk is the CPU of one step of the analysis (analysis.Config.Chunk; 0:
	// DefaultChunk): a search chunk, then the solver for at most as long, so that a
	// terminate ends the work within about two (DefaultChunk: well within 100 ms).
	Chunk time.Duration
	// ReportAs is the side the values are for (reportAnalysisWinratesAs).
	ReportAs Perspective
	// PVLen caps the moves of a principal variation after its first (analysisPVLen; 0:
	// no cap).
	PVLen int
	// QuitWithoutWaiting makes the end of the input stop the turns in progress (each
	// answers with what it has) and drop the queued ones (KataGo's
	// -quit-without-waiting); without it the queued turns are finished.
	QuitWithoutWaiting bool
	// Search is the search's options (the zero value: engine.Defaults()); Workers is
	// replaced by Threads.
	Search engine.Options
}

// withDefaults returns c with its zero fields set.
func (c Config) withDefaults() Config {
	c.Jobs, c.Threads = max(c.Jobs, 1), min(max(c.Threads, 1), runtime.NumCPU())
	if c.MaxVisits <= 0 {
		c.MaxVisits = DefaultMaxVisits
	}
	if c.SolveLimit <= 0 {
		c.SolveLimit = DefaultSolveLimit
	}
	if c.Chunk <= 0 {
		c.Chunk = DefaultChunk
	}
	if c.ProofFloor <= 0 {
		c.ProofFloor = DefaultProofFloor
	}
	if c.Search.Policy == "" {
		c.Search = engine.Defaults()
	}
	c.Search.Workers = c.Threads
	return c
}

// Set sets one setting by its KataGo name and reports whether the name is one it
// knows: maxVisits, maxTime (seconds), reportAnalysisWinratesAs, analysisPVLen,
// numAnalysisThreads (Jobs), numSearchThreadsPerAnalysisThread and numSearchThreads
// (Threads), and this engine's own proofTime (seconds of CPU, 0 or more). A known name
// with a bad value is an error.
func (c *Config) Set(key, value string) (bool, error) {
	value = strings.TrimSpace(value)
	positive := func(dst *int) error {
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 {
			return fmt.Errorf("%s %q: want a positive integer", key, value)
		}
		*dst = n
		return nil
	}
	switch key {
	case "maxVisits":
		return true, positive(&c.MaxVisits)
	case "analysisPVLen":
		return true, positive(&c.PVLen)
	case "numAnalysisThreads":
		return true, positive(&c.Jobs)
	case "numSearchThreadsPerAnalysisThread", "numSearchThreads":
		return true, positive(&c.Threads)
	case "maxTime":
		s, err := strconv.ParseFloat(value, 64)
		if err != nil || !(s > 0) || s > 1e6 {
			return true, fmt.Errorf("maxTime %q: want a positive number of seconds", value)
		}
		c.MaxTime = time.Duration(s * float64(time.Second))
		return true, nil
	case "proofTime":
		s, err := strconv.ParseFloat(value, 64)
		if err != nil || !(s >= 0) || s > 1e6 {
			return true, fmt.Errorf("proofTime %q: want a number of seconds, 0 or more", value)
		}
		c.ProofTime = time.Duration(s * float64(time.Second))
		return true, nil
	case "reportAnalysisWinratesAs":
		p, err := ParsePerspective(value)
		if err == nil {
			c.ReportAs = p
		}
		return true, err
	}
	return false, nil
}

// Override applies KataGo's -override-config text, "key=value" pairs separated by
// commas, and returns the keys it does not know (they are ignored, as settings of a
// network would be).
func (c *Config) Override(text string) (unknown []string, err error) {
	for _, kv := range strings.Split(text, ",") {
		if strings.TrimSpace(kv) == "" {
			continue
		}
		key, value, ok := strings.Cut(kv, "=")
		if !ok {
			return unknown, fmt.Errorf("-override-config: %q is not key=value", kv)
		}
		key = strings.TrimSpace(key)
		known, err := c.Set(key, value)
		if err != nil {
			return unknown, err
		}
		if !known {
			unknown = append(unknown, key)
		}
	}
	return unknown, nil
}

// LoadConfig reads a KataGo config file ("key = value" lines, # comments) into c and
// returns the keys it does not know (ignored: they tune a neural network or what this
// engine does not have).
func (c *Config) LoadConfig(r io.Reader) (unknown []string, err error) {
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			return unknown, fmt.Errorf("config line %d: %q is not key = value", n, line)
		}
		key = strings.TrimSpace(key)
		known, err := c.Set(key, value)
		if err != nil {
			return unknown, fmt.Errorf("config line %d: %v", n, err)
		}
		if !known {
			unknown = append(unknown, key)
		}
	}
	return unknown, sc.Err()
}
