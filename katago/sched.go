// sched.go: the queue of turns to analyse (the highest priority first, then the earliest), the turns in progress, terminate, and the analysis of one turn.

package katago

import (
	"container/heap"
	"context"
	"sync"
	"time"

	"littlego/analysis"
)

// task is one turn of a query to analyse.
type task struct {
	q        *query
	index    int // into q.turns
	priority int
	seq      uint64 // arrival order, for ties
	ctx      context.Context
	cancel   context.CancelFunc
	slot     int // in the heap while queued
}

// taskHeap orders the queued tasks: higher priority first, then earlier.
type taskHeap []*task

func (h taskHeap) Len() int { return len(h) }
func (h taskHeap) Less(i, j int) bool {
	if h[i].priority != h[j].priority {
		return h[i].priority > h[j].priority
	}
	return h[i].seq < h[j].seq
}
func (h taskHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].slot, h[j].slot = i, j
}
func (h *taskHeap) Push(x any) {
	t := x.(*task)
	t.slot = len(*h)
	*h = append(*h, t)
}
func (h *taskHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	t.slot = -1
	return t
}

// scheduler holds the queued and the running tasks. It is safe for concurrent use.
type scheduler struct {
	ctx     context.Context // the server's: every task's context derives from it
	mu      sync.Mutex
	cond    *sync.Cond
	queue   taskHeap
	running map[*task]bool
	seq     uint64
	closed  bool
}

// init makes the scheduler ready, its tasks' contexts under ctx.
func (sc *scheduler) init(ctx context.Context) {
	sc.ctx = ctx
	sc.cond = sync.NewCond(&sc.mu)
	sc.running = map[*task]bool{}
}

// push queues t.
func (sc *scheduler) push(t *task) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	sc.seq++
	t.seq = sc.seq
	heap.Push(&sc.queue, t)
	sc.cond.Signal()
}

// pop waits for the next task and marks it running; nil once the scheduler is closed
// and empty.
func (sc *scheduler) pop() *task {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	for len(sc.queue) == 0 && !sc.closed {
		sc.cond.Wait()
	}
	if len(sc.queue) == 0 {
		return nil
	}
	t := heap.Pop(&sc.queue).(*task)
	t.ctx, t.cancel = context.WithCancel(sc.ctx)
	sc.running[t] = true
	return t
}

// finish marks t done.
func (sc *scheduler) finish(t *task) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	delete(sc.running, t)
	t.cancel()
}

// close says no task will be pushed any more: the workers end once the queue is empty.
func (sc *scheduler) close() {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	sc.closed = true
	sc.cond.Broadcast()
}

// terminate stops the running tasks match selects (each still answers with what it has)
// and takes the queued ones out of the queue, returning them: they were not analysed.
func (sc *scheduler) terminate(match func(*task) bool) []*task {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	for t := range sc.running {
		if match(t) {
			t.cancel()
		}
	}
	var removed []*task
	kept := sc.queue[:0]
	for _, t := range sc.queue {
		if match(t) {
			removed = append(removed, t)
		} else {
			kept = append(kept, t)
		}
	}
	for k := len(kept); k < len(sc.queue); k++ {
		sc.queue[k] = nil
	}
	sc.queue = kept
	for k, t := range sc.queue {
		t.slot = k
	}
	heap.Init(&sc.queue)
	return removed
}

// run analyses one turn with a, sending a response every reportDuringSearchEvery while
// it runs and the final one when it ends (its time, its visits, or a terminate).
func (s *server) run(a *analysis.Analyzer, t *task) {
	v := newView(t.q, t.index, s.cfg)
	if v.pos.Over {
		s.send(v.endResponse(a.Prover().Known))
		return
	}
	ctx, cancel := context.WithCancel(t.ctx)
	if t.q.maxTime > 0 {
		ctx, cancel = context.WithTimeout(t.ctx, t.q.maxTime)
	}
	defer cancel()
	cfg := analysis.Config{
		Search:        s.cfg.Search,
		Chunk:         s.cfg.Chunk,
		Turn:          min(analysis.DefaultTurn, s.cfg.Chunk),
		MoveLimit:     s.cfg.SolveLimit,
		Workers:       s.cfg.Threads,
		MaxIterations: t.q.maxVisits,
		MinIterations: t.q.maxVisits, // visits beside the proofs, as KataGo's clients expect
		BoundBySearch: true,          // the visits bound the work, as KataGo's do
		ExtraProof:    max(t.q.proofTime, s.cfg.ProofFloor),
	}
	last := time.Now()
	final := a.Run(ctx, v.pos, cfg, func(snap *analysis.Snapshot) error {
		if t.q.every > 0 && !snap.Done() && time.Since(last) >= t.q.every {
			s.send(v.response(snap))
			last = time.Now()
		}
		return nil
	})
	if final.End == analysis.Failed {
		s.diag("%s turn %d: the search failed: %v", t.q.id, v.turn, final.Err)
	}
	s.send(v.response(final))
}
