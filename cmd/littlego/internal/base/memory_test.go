// memory_test.go: the machine's memory read from /proc/meminfo's format.

package base

import (
	"strings"
	"testing"
)

func TestParseMemTotal(t *testing.T) {
	if n, ok := parseMemTotal(strings.NewReader("MemFree: 5 kB\nMemTotal:       24684096 kB\n")); !ok || n != 24684096<<10 {
		t.Errorf("parseMemTotal: %d, %v", n, ok)
	}
	if _, ok := parseMemTotal(strings.NewReader("MemTotal: lots\n")); ok {
		t.Error("parseMemTotal read a bad line")
	}
}
