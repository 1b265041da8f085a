// vocab.go: the flags every command shares, defined once so that each has one name,
// one parsing and one kind of usage text in every command (docs/commands.md).

package cliflag

import (
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MaxCPU is the largest -cpu any command accepts.
const MaxCPU = 1e6 * time.Second

// ParseCPU reads a CPU time as seconds ("2", "2.5") or as a Go duration ("500ms"), as
// the engine's -budget does; it refuses a negative, infinite or huge one.
func ParseCPU(s string) (time.Duration, error) {
	d, err := parseCPU(s)
	if err != nil {
		return 0, err
	}
	if d < 0 || d > MaxCPU {
		return 0, fmt.Errorf("%q out of range: want 0 to %v", s, MaxCPU)
	}
	return d, nil
}

func parseCPU(s string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > MaxCPU.Seconds() {
			return 0, fmt.Errorf("%q out of range: want 0 to %v", s, MaxCPU)
		}
		return time.Duration(f * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q: want seconds (2.5) or a duration (500ms)", s)
	}
	return d, nil
}

// cpuValue is a flag.Value of a CPU time read by ParseCPU.
type cpuValue struct{ p *time.Duration }

func (v cpuValue) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.FormatFloat(v.p.Seconds(), 'g', -1, 64)
}

func (v cpuValue) Set(s string) error {
	d, err := ParseCPU(s)
	if err == nil {
		*v.p = d
	}
	return err
}

// CPUVar defines a CPU limit named name (-cpu, or -WHAT-cpu beside it in a command
// with several) into p: what the limit bounds, in seconds (2, 2.5) or as a duration
// (500ms).
func CPUVar(fs *flag.FlagSet, p *time.Duration, name string, def time.Duration, what string) {
	*p = def
	fs.Var(cpuValue{p}, name, "CPU limit, in `seconds` (2, 2.5) or a duration (500ms): "+what)
}

// CPU defines -cpu, the CPU limit per move or per position, into p.
func CPU(fs *flag.FlagSet, p *time.Duration, def time.Duration, what string) {
	CPUVar(fs, p, "cpu", def, what)
}

// Jobs defines -jobs, the number of independent tasks (games, positions, shards) run
// at once, into p.
func Jobs(fs *flag.FlagSet, p *int, def int, what string) {
	fs.IntVar(p, "jobs", def, "the `number` of independent tasks run at once: "+what)
}

// Threads defines -threads, the threads of one search, into p.
func Threads(fs *flag.FlagSet, p *int, def int, what string) {
	fs.IntVar(p, "threads", def, "the `number` of threads of one search: "+what)
}

// Output defines -o, the file (or folder) a command writes, into p.
func Output(fs *flag.FlagSet, p *string, def, what string) {
	fs.StringVar(p, "o", def, "output `file`: "+what)
}

// OutputDir defines -o as the folder a command writes into, into p.
func OutputDir(fs *flag.FlagSet, p *string, def, what string) {
	fs.StringVar(p, "o", def, "output `folder`: "+what)
}

// JSON defines -json, JSON on stdout instead of text, into p.
func JSON(fs *flag.FlagSet, p *bool, what string) {
	fs.BoolVar(p, "json", false, "JSON on stdout: "+what)
}

// Count defines -n, the number of items, into p.
func Count(fs *flag.FlagSet, p *int, def int, what string) {
	fs.IntVar(p, "n", def, "the `number` of "+what)
}

// Verbose defines -v into p.
func Verbose(fs *flag.FlagSet, p *bool, what string) { fs.BoolVar(p, "v", false, what) }

// Quiet defines -q into p.
func Quiet(fs *flag.FlagSet, p *bool, what string) { fs.BoolVar(p, "q", false, what) }

// renames holds, per flag set, the flags that were renamed: old name to new.
var renames sync.Map // *flag.FlagSet -> map[string]string

// Renamed records that fs's flags once had the names of old's keys, so that Parse,
// given an old name, says the new one ("-position-limit is now -cpu").
func Renamed(fs *flag.FlagSet, old map[string]string) { renames.Store(fs, old) }

// renamedHint returns " (-old is now -new)" when err is an undefined flag fs renamed.
func renamedHint(fs *flag.FlagSet, err error) string {
	m, ok := renames.Load(fs)
	if !ok {
		return ""
	}
	name, found := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !found {
		return ""
	}
	if n, ok := m.(map[string]string)[name]; ok {
		return fmt.Sprintf("; -%s is now -%s", name, n)
	}
	return ""
}
