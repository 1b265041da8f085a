// profile.go: the profiled search workload and the summary of a CPU profile (top functions, playouts vs tree vs rest).

package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/google/pprof/profile"

	"littlego/lib/cputime"
	"littlego/mcts"
	"littlego/policy"
)

// Workload is a fixed, seeded amount of search work: Repeat rounds of one search of
// Playouts iterations from each of Positions(), with the default search settings
// otherwise (SearchConfig).
type Workload struct {
	// Playouts is the number of iterations of each search.
	Playouts int
	// Repeat is the number of rounds over the positions.
	Repeat int
	// Workers is the number of search goroutines.
	Workers int
	// Policy plays the simulations; nil means the default search's policy.
	Policy policy.Policy
	// Seed seeds the searches (round r uses Seed+r).
	Seed uint64
}

// WorkloadResult is what running a Workload did.
type WorkloadResult struct {
	// Searches and Iterations count the searches and their iterations.
	Searches, Iterations int
	// CPU is the process CPU time spent (every thread); Wall the elapsed time.
	CPU, Wall time.Duration
}

// Run runs the workload and returns its counts and times.
func (w Workload) Run(ctx context.Context) (WorkloadResult, error) {
	if w.Playouts < 1 || w.Repeat < 1 || w.Workers < 1 {
		return WorkloadResult{}, fmt.Errorf("bench: workload needs positive playouts, repeat and workers, got %d, %d, %d", w.Playouts, w.Repeat, w.Workers)
	}
	cfg := SearchConfig(w.Playouts, w.Workers)
	if w.Policy != nil {
		cfg.Policy = w.Policy
	}
	cfg.Seed = w.Seed
	s, err := mcts.NewSearcher(cfg.Config)
	if err != nil {
		return WorkloadResult{}, err
	}
	positions := Positions()
	var res WorkloadResult
	startCPU, startWall := cputime.Process(), time.Now()
	for r := range w.Repeat {
		cfg.Seed = w.Seed + uint64(r)
		for _, pos := range positions {
			out, err := s.Search(ctx, pos, cfg.Limit, cfg.Seed)
			if err != nil {
				return res, err
			}
			res.Searches++
			res.Iterations += out.Iterations
		}
	}
	res.CPU = cputime.Process() - startCPU
	res.Wall = time.Since(startWall)
	return res, nil
}

// FuncTime is one function's share of a CPU profile.
type FuncTime struct {
	// Name is the function's full name (package path included).
	Name string
	// Flat is the time with the function at the top of the stack; Cum the time with
	// it anywhere on the stack.
	Flat, Cum time.Duration
}

// ProfileSummary is what a CPU profile says about the search.
type ProfileSummary struct {
	// Total is the sampled CPU time.
	Total time.Duration
	// Playouts is the time spent inside a policy's Playout; Tree the time in the
	// search tree otherwise (selection, expansion with its priors, backup); Rest
	// everything else (the runtime, the garbage collector, system calls, setup).
	Playouts, Tree, Rest time.Duration
	// Priors is the part of Tree spent in the policies' Priors.
	Priors time.Duration
	// ByFlat and ByCum are the functions in decreasing order of flat and of
	// cumulative time.
	ByFlat, ByCum []FuncTime
}

// Summarize reads a CPU profile (as written by runtime/pprof) and sums its samples
// by function and by part of the search.
func Summarize(p *profile.Profile) (ProfileSummary, error) {
	vi := -1
	for i, st := range p.SampleType {
		if st.Type == "cpu" && st.Unit == "nanoseconds" {
			vi = i
		}
	}
	if vi < 0 {
		return ProfileSummary{}, errors.New("bench: not a CPU profile (no cpu/nanoseconds sample type)")
	}
	var s ProfileSummary
	flat := map[string]time.Duration{}
	cum := map[string]time.Duration{}
	for _, sm := range p.Sample {
		v := time.Duration(sm.Value[vi])
		s.Total += v
		seen := map[string]bool{}
		inPlayout, inTree, inPriors := false, false, false
		for li, loc := range sm.Location {
			// Lines run from the innermost inlined function out to the caller.
			for k, ln := range loc.Line {
				if ln.Function == nil {
					continue
				}
				name := ln.Function.Name
				if li == 0 && k == 0 {
					flat[name] += v
				}
				if !seen[name] {
					seen[name] = true
					cum[name] += v
				}
				switch {
				case isPlayout(name):
					inPlayout = true
				case isPriors(name):
					inPriors = true
				case strings.HasPrefix(name, "littlego/mcts."):
					inTree = true
				}
			}
		}
		switch {
		case inPlayout:
			s.Playouts += v
		case inTree:
			s.Tree += v
			if inPriors {
				s.Priors += v
			}
		default:
			s.Rest += v
		}
	}
	s.ByFlat = sortedTimes(flat, cum, func(f FuncTime) time.Duration { return f.Flat })
	s.ByCum = sortedTimes(flat, cum, func(f FuncTime) time.Duration { return f.Cum })
	return s, nil
}

// isPlayout reports whether name is a policy's Playout method.
func isPlayout(name string) bool {
	return strings.HasPrefix(name, "littlego/policy.") && strings.HasSuffix(name, ".Playout")
}

// isPriors reports whether name is a policy's Priors method.
func isPriors(name string) bool {
	return strings.HasPrefix(name, "littlego/policy.") && strings.HasSuffix(name, ".Priors")
}

// sortedTimes lists every function by decreasing key, then by name.
func sortedTimes(flat, cum map[string]time.Duration, key func(FuncTime) time.Duration) []FuncTime {
	out := make([]FuncTime, 0, len(cum))
	for name, c := range cum {
		out = append(out, FuncTime{Name: name, Flat: flat[name], Cum: c})
	}
	sort.Slice(out, func(i, j int) bool {
		if ki, kj := key(out[i]), key(out[j]); ki != kj {
			return ki > kj
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// share returns d as a percentage of total.
func share(d, total time.Duration) float64 {
	if total <= 0 {
		return 0
	}
	return 100 * float64(d) / float64(total)
}

// Write prints the summary: the shares of playouts, tree and rest, then the top
// functions by flat and by cumulative time.
func (s ProfileSummary) Write(w io.Writer, top int) error {
	var b strings.Builder
	fmt.Fprintf(&b, "sampled CPU time %.2fs: playouts %.1f%%, tree %.1f%% (priors %.1f%%), rest %.1f%%\n",
		s.Total.Seconds(), share(s.Playouts, s.Total), share(s.Tree, s.Total), share(s.Priors, s.Total), share(s.Rest, s.Total))
	for _, part := range []struct {
		title string
		funcs []FuncTime
	}{{"flat", s.ByFlat}, {"cumulative", s.ByCum}} {
		fmt.Fprintf(&b, "\ntop %d by %s time:\n%9s %6s %9s %6s  %s\n", top, part.title, "flat", "flat%", "cum", "cum%", "function")
		for _, f := range part.funcs[:min(top, len(part.funcs))] {
			fmt.Fprintf(&b, "%8.3fs %5.1f%% %8.3fs %5.1f%%  %s\n",
				f.Flat.Seconds(), share(f.Flat, s.Total), f.Cum.Seconds(), share(f.Cum, s.Total), f.Name)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
