// Command boardwasm is the board's handlers (package web) compiled for js/wasm, for the
// static site of "littlego board -static": run in a Web Worker by the page's
// js/worker.js, it answers the page's requests as the server does, over messages
// instead of HTTP. Go's WebAssembly has one thread: the analyses, games and reviews
// take turns, each stream giving way after every event it sends.
//
// The worker calls littlego.request(id, method, target, contentType, body) and
// littlego.cancel(id); the answers come back as messages {id, type: "head", status,
// headers}, {id, type: "chunk", data} (a Uint8Array) and {id, type: "end"}. Once ready
// it calls littlegoReady().
//
//go:build js && wasm

package main

import (
	"context"
	"net/http"
	"sync"
	"syscall/js"
	"time"

	"littlego/cmd/littlego/internal/boardcmd/inmemory"
	"littlego/web"
)

// The board's limits in a browser: an analysis stops on its own after analysisTime,
// one move's proof after the server's CPU limit, and the games and waiting requests a
// person makes in one tab are few.
const (
	analysisTime = 30 * time.Second
	maxSessions  = 4
	maxWaiting   = 8
	// pause is how long a stream sleeps after each event: the worker's own events (a
	// new request, a cancel) are handled then.
	pause = time.Millisecond
)

func main() {
	cfg := web.DefaultConfig()
	cfg.AnalysisTime, cfg.MaxSessions, cfg.MaxWaiting = analysisTime, maxSessions, maxWaiting
	srv := web.New(cfg)
	var mu sync.Mutex
	cancels := map[int]context.CancelFunc{}
	post := js.Global().Get("postMessage")
	request := js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) < 5 {
			return nil
		}
		id := args[0].Int()
		req := inmemory.Request{Method: args[1].String(), Target: args[2].String(), ContentType: args[3].String()}
		if b := args[4]; b.Type() == js.TypeString {
			req.Body = []byte(b.String())
		}
		ctx, cancel := context.WithCancel(context.Background())
		mu.Lock()
		cancels[id] = cancel
		mu.Unlock()
		go func() {
			inmemory.Serve(ctx, srv, req, sink{id: id, post: post}, func() { time.Sleep(pause) })
			mu.Lock()
			delete(cancels, id)
			mu.Unlock()
			cancel()
		}()
		return nil
	})
	cancel := js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) < 1 {
			return nil
		}
		mu.Lock()
		c := cancels[args[0].Int()]
		mu.Unlock()
		if c != nil {
			c()
		}
		return nil
	})
	js.Global().Set("littlego", js.ValueOf(map[string]any{"request": request, "cancel": cancel}))
	if ready := js.Global().Get("littlegoReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// sink posts one request's answer to the page.
type sink struct {
	id   int
	post js.Value
}

func (s sink) Head(status int, header http.Header) {
	h := map[string]any{}
	for k := range header {
		h[k] = header.Get(k)
	}
	s.post.Invoke(map[string]any{"id": s.id, "type": "head", "status": status, "headers": h})
}

func (s sink) Chunk(data []byte) {
	a := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(a, data)
	s.post.Invoke(map[string]any{"id": s.id, "type": "chunk", "data": a})
}

func (s sink) End() { s.post.Invoke(map[string]any{"id": s.id, "type": "end"}) }
