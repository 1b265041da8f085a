// memory.go: the -tt bound: the solvers' tables must fit in half the machine's memory (MemTotal in /proc/meminfo on Linux).

package base

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// tableEntryBytes is the size of a transposition-table entry, as solver.New states it.
const tableEntryBytes = 16

// MemTotal returns the machine's memory in bytes, or false where it cannot be read;
// tests replace it.
var MemTotal = func() (int64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	return parseMemTotal(f)
}

// parseMemTotal reads the MemTotal line ("MemTotal: 24684096 kB") of a
// /proc/meminfo.
func parseMemTotal(r io.Reader) (int64, bool) {
	sc := bufio.NewScanner(io.LimitReader(r, 1<<16))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && f[0] == "MemTotal:" && f[2] == "kB" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			return kb << 10, err == nil && kb > 0
		}
	}
	return 0, false
}

// CheckTableMemory returns a usage error when tables transposition tables of 2^ttBits
// entries need more than half the machine's memory: a table that does not fit would
// be paged or killed rather than proving anything. Where the memory cannot be read,
// nothing is checked.
func CheckTableMemory(ttBits, tables int) error {
	total, ok := MemTotal()
	if !ok {
		return nil
	}
	need := int64(tables) * tableEntryBytes << ttBits
	if need <= total/2 {
		return nil
	}
	most := ttBits
	for most > 10 && int64(tables)*tableEntryBytes<<most > total/2 {
		most--
	}
	what := "the table needs"
	if tables > 1 {
		what = fmt.Sprintf("the %d tables (one per -jobs) need", tables)
	}
	return Usagef("-tt %d: %s %s, more than half of this machine's %s of memory; use -tt %d or less",
		ttBits, what, formatBytes(need), formatBytes(total), most)
}

// formatBytes prints n in GiB or MiB.
func formatBytes(n int64) string {
	if n >= 1<<30 {
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	}
	return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20))
}
