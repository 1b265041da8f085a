package clitest

import (
	"strings"
	"sync"
)

// Buffer collects what a command running in another goroutine (a server, a ticker)
// writes, safe for it and the test to use at once.
type Buffer struct {
	mu sync.Mutex
	sb strings.Builder
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.Write(p)
}

// String returns what was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.String()
}
