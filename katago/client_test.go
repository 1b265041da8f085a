// client_test.go: Serve in process behind the protocol's test client (package katagotest,
// written from KataGo's published description alone).

package katago

import (
	"context"
	"fmt"
	"io"
	"testing"
	"time"

	"littlego/katago/katagotest"
	"littlego/lib/clitest"
)

// The test client's names, as the tests use them.
type AnalysisClient = katagotest.AnalysisClient

var (
	NewAnalysisClient = katagotest.NewAnalysisClient
	Final             = katagotest.Final
	newQuery          = katagotest.NewQuery
	Moves             = katagotest.Moves
)

// testServer is Serve running in process behind a client.
type testServer struct {
	*AnalysisClient
	stdin  *io.PipeWriter
	result chan error
	stderr *clitest.Buffer
}

// startServer runs Serve with cfg behind a client; the test's end closes its input and
// waits for it.
func startServer(t *testing.T, cfg Config) *testServer {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &testServer{AnalysisClient: NewAnalysisClient(inW, outR), stdin: inW, result: make(chan error, 1), stderr: &clitest.Buffer{}}
	go func() {
		err := Serve(context.Background(), inR, outW, s.stderr, cfg)
		outW.Close()
		s.result <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-s.result:
		case <-time.After(30 * time.Second):
			t.Errorf("Serve did not end 30 s after its input closed")
		}
	})
	return s
}

// closeAndWait closes the server's input and returns Serve's result.
func (s *testServer) closeAndWait(timeout time.Duration) error {
	s.stdin.Close()
	select {
	case err := <-s.result:
		s.result <- err
		return err
	case <-time.After(timeout):
		return fmt.Errorf("Serve did not end within %v of its input closing", timeout)
	}
}
