// Package inmemory serves HTTP requests without a network: an http.Handler answers a
// request into a ResponseWriter that hands its bytes, flush by flush, to a Sink. The
// board compiled to WebAssembly (package boardwasm) answers the page's requests so, in a
// Web Worker, with the same handlers the server runs; a stream of server-sent events
// arrives event by event, as each is flushed.
package inmemory

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Request is one request: its method, its target ("/api/analyse?moves=2,2"), the type
// of its body and the body.
type Request struct {
	Method      string
	Target      string
	ContentType string
	Body        []byte
}

// Sink takes an answer: its head once, then its body in chunks (one per flush, and what
// is left at the end), then its end.
type Sink interface {
	Head(status int, header http.Header)
	Chunk(data []byte)
	End()
}

// Serve answers req with h into sink, until h returns; ctx ending is the client going
// away (the request's context is done). yield, if not nil, is called after every flush:
// where goroutines share one thread it lets the others (and the host's events) run.
func Serve(ctx context.Context, h http.Handler, req Request, sink Sink, yield func()) {
	r, err := http.NewRequestWithContext(ctx, req.Method, req.Target, bytes.NewReader(req.Body))
	if err != nil {
		sink.Head(http.StatusBadRequest, http.Header{})
		sink.Chunk([]byte(fmt.Sprintf(`{"error":%q}`, err.Error())))
		sink.End()
		return
	}
	r.RequestURI = req.Target
	if req.ContentType != "" {
		r.Header.Set("Content-Type", req.ContentType)
	}
	w := &writer{ctx: ctx, header: http.Header{}, sink: sink, yield: yield}
	defer func() {
		// A handler's panic answers 500, as the server would, and leaves the others running.
		if p := recover(); p != nil && w.status == 0 {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprintf(w, `{"error":%q}`, fmt.Sprint("internal error: ", p))
		}
		w.end()
	}()
	if !strings.HasPrefix(req.Target, "/") {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"error":"a request's target starts with /"}`)
		return
	}
	h.ServeHTTP(w, r)
}

// writer is the ResponseWriter of one request: it keeps what is written until a flush.
type writer struct {
	ctx    context.Context
	header http.Header
	sink   Sink
	yield  func()
	status int
	buf    bytes.Buffer
}

func (w *writer) Header() http.Header { return w.header }

func (w *writer) WriteHeader(status int) {
	if w.status != 0 {
		return
	}
	w.status = status
	w.sink.Head(status, w.header.Clone())
}

// Write keeps p for the next flush; once the client has gone it fails, as a write to a
// closed connection does.
func (w *writer) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if err := w.ctx.Err(); err != nil {
		return 0, err
	}
	return w.buf.Write(p)
}

// Flush hands what was written to the sink (http.Flusher, as the server's streams need).
func (w *writer) Flush() { _ = w.FlushError() }

// FlushError is Flush, failing once the client has gone (http.ResponseController reads it).
func (w *writer) FlushError() error {
	defer func() {
		if w.yield != nil {
			w.yield()
		}
	}()
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.buf.Len() > 0 {
		w.sink.Chunk(bytes.Clone(w.buf.Bytes()))
		w.buf.Reset()
	}
	return w.ctx.Err()
}

// end flushes what is left and ends the answer.
func (w *writer) end() {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.buf.Len() > 0 {
		w.sink.Chunk(bytes.Clone(w.buf.Bytes()))
	}
	w.sink.End()
}
