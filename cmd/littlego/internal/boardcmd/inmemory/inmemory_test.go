package inmemory

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"littlego/web"
)

// recorder is a Sink that keeps what it is given, and says when the answer has ended.
type recorder struct {
	status  int
	header  http.Header
	chunks  []string
	ended   chan struct{}
	onChunk func(string)
}

func newRecorder() *recorder { return &recorder{ended: make(chan struct{})} }

func (r *recorder) Head(status int, h http.Header) { r.status, r.header = status, h }

func (r *recorder) Chunk(data []byte) {
	r.chunks = append(r.chunks, string(data))
	if r.onChunk != nil {
		r.onChunk(string(data))
	}
}

func (r *recorder) End() { close(r.ended) }

// The board's JSON answers arrive whole, with the handlers' status and headers.
func TestServeAnswersAsTheServer(t *testing.T) {
	srv := web.New(web.Config{})
	rec := newRecorder()
	Serve(context.Background(), srv, Request{Method: "GET", Target: "/api/position?moves=2,2;1,1"}, rec, nil)
	<-rec.ended
	body := strings.Join(rec.chunks, "")
	if rec.status != 200 || !strings.HasPrefix(rec.header.Get("Content-Type"), "application/json") || !strings.Contains(body, `"2,2"`) {
		t.Errorf("the position: status %d, %v, %s", rec.status, rec.header, body)
	}
	rec = newRecorder()
	Serve(context.Background(), srv, Request{Method: "POST", Target: "/api/game", ContentType: "application/json", Body: []byte(`{"color":"purple","budget":0.1}`)}, rec, nil)
	if rec.status != 400 || !strings.Contains(strings.Join(rec.chunks, ""), "purple") {
		t.Errorf("a bad new game: status %d, %q", rec.status, rec.chunks)
	}
	rec = newRecorder()
	Serve(context.Background(), srv, Request{Method: "GET", Target: "api/position"}, rec, nil)
	if rec.status != 400 {
		t.Errorf("a target without its slash: status %d, %q", rec.status, rec.chunks)
	}
}

// A stream of server-sent events arrives event by event, each flush a chunk with yield
// called after it, and a client that goes away stops it.
func TestServeStreamsAndStops(t *testing.T) {
	srv := web.New(web.Config{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := newRecorder()
	yields := 0
	searched := false
	rec.onChunk = func(c string) {
		if strings.Contains(c, "event: search") && !searched {
			searched = true
			cancel() // the client goes away once the search has spoken
		}
	}
	done := make(chan struct{})
	go func() {
		Serve(ctx, srv, Request{Method: "GET", Target: "/api/analyse?moves=0,0;4,4;0,4;4,0;1,1"}, rec, func() { yields++ })
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Minute): // bounds a hang only
		t.Fatal("the analysis did not stop when its client went away")
	}
	if rec.status != 200 || rec.header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("status %d, %v", rec.status, rec.header)
	}
	if !strings.HasPrefix(rec.chunks[0], "event: verdicts\n") || !strings.HasSuffix(rec.chunks[0], "\n\n") {
		t.Errorf("the first chunk is %q; want one whole verdicts event", rec.chunks[0])
	}
	if !searched || yields < len(rec.chunks)-1 {
		t.Errorf("%d chunks, %d yields, a search event: %v", len(rec.chunks), yields, searched)
	}
	if last := rec.chunks[len(rec.chunks)-1]; !strings.Contains(last, "event: search") {
		t.Errorf("the last chunk is %q; want nothing after the search event its client left at", last)
	}
}
