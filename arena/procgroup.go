// procgroup.go: the process groups of external agents, killed after every move and on every way out, and their stderr kept in unlinked files.

package arena

import (
	"io"
	"os"
	"sync"
	"syscall"
)

// liveGroups holds the process groups of the external agents started and not yet
// killed, so that a match that ends in any way (an interrupt, a signal, an error) can
// kill them all: an agent's children that keep running, or keep its output open, are
// killed with it.
var liveGroups = struct {
	sync.Mutex
	pgids map[int]struct{}
}{pgids: map[int]struct{}{}}

// addGroup notes the process group pgid (the agent's pid, started with Setpgid).
func addGroup(pgid int) {
	liveGroups.Lock()
	liveGroups.pgids[pgid] = struct{}{}
	liveGroups.Unlock()
}

// killGroup kills every process of group pgid and forgets the group. The group's id
// cannot be reused while any of its processes lives, so killing it after its leader
// was waited for reaches only its own left-over children.
func killGroup(pgid int) {
	liveGroups.Lock()
	delete(liveGroups.pgids, pgid)
	liveGroups.Unlock()
	syscall.Kill(-pgid, syscall.SIGKILL)
}

// KillAgents kills the process groups of every external agent still running. littlego arena
// calls it on every way out of a match (an interrupt included); programs that drive
// Run themselves should too.
func KillAgents() {
	liveGroups.Lock()
	pgids := make([]int, 0, len(liveGroups.pgids))
	for g := range liveGroups.pgids {
		pgids = append(pgids, g)
	}
	liveGroups.Unlock()
	for _, g := range pgids {
		killGroup(g)
	}
}

// liveAgents returns how many agent process groups are not yet killed.
func liveAgents() int {
	liveGroups.Lock()
	defer liveGroups.Unlock()
	return len(liveGroups.pgids)
}

// stderrFile returns an unlinked temporary file to take an agent's stderr. A file, not
// a pipe: Wait then returns as soon as the agent exits, whatever its children still
// hold open (with a pipe, Wait waits for every writer to close it).
func stderrFile() (*os.File, error) {
	f, err := os.CreateTemp("", "arena-stderr-")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name())
	return f, nil
}

// tailOf returns the last max bytes of f, read from its start whatever has been
// written since.
func tailOf(f *os.File, max int) *tailBuffer {
	t := &tailBuffer{max: max}
	if fi, err := f.Stat(); err == nil && fi.Size() > int64(max) {
		f.Seek(fi.Size()-int64(max), io.SeekStart)
	} else {
		f.Seek(0, io.SeekStart)
	}
	io.Copy(t, io.LimitReader(f, int64(max)))
	return t
}
