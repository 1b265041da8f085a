// inproc_test.go: the command run in process (its real flag parsing and Serve) behind the
// protocol's test client, for the client replays.

package katagocmd

import (
	"io"
	"testing"
	"time"

	"littlego/katago/katagotest"
	"littlego/lib/clitest"
)

// inproc is the command running in a goroutine of the test, behind a client.
type inproc struct {
	*katagotest.AnalysisClient
	stdin  *io.PipeWriter
	status chan int
	stderr *clitest.Buffer
}

// startIn runs "littlego analysis ARGS" in process; the test's end closes its stdin.
func startIn(t *testing.T, args ...string) *inproc {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &inproc{AnalysisClient: katagotest.NewAnalysisClient(inW, outR), stdin: inW, status: make(chan int, 1), stderr: &clitest.Buffer{}}
	go func() {
		code := run(args, inR, outW, p.stderr)
		outW.Close()
		inR.Close()
		p.status <- code
	}()
	t.Cleanup(func() {
		_ = p.Send(map[string]any{"id": "cleanup", "action": "terminate_all"})
		p.close(t)
	})
	return p
}

// close closes stdin and returns the exit status.
func (p *inproc) close(t *testing.T) int {
	t.Helper()
	p.stdin.Close()
	select {
	case code := <-p.status:
		p.status <- code
		return code
	case <-time.After(2 * time.Minute):
		t.Fatal("the command did not end two minutes after stdin closed")
	}
	return -1
}

// next returns the next response but warnings, failing the test when none comes.
func (p *inproc) next(t *testing.T) map[string]any {
	t.Helper()
	for {
		r, _, err := p.Next(time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if _, warn := r["warning"]; !warn {
			return r
		}
	}
}

// final returns the final response of the one turn of query id, failing the test on
// anything else but warnings (returned too).
func (p *inproc) final(t *testing.T, id string) (map[string]any, []map[string]any) {
	t.Helper()
	finals, others, err := p.Collect(id, 1, 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range others {
		if _, warn := o["warning"]; !warn && o["id"] != id {
			t.Errorf("query %s: an unexpected response %v", id, o)
		}
	}
	for _, r := range finals {
		return r, others
	}
	return nil, others
}

// infos returns a response's moveInfos.
func infos(r map[string]any) []map[string]any {
	list, _ := r["moveInfos"].([]any)
	out := make([]map[string]any, 0, len(list))
	for _, x := range list {
		m, _ := x.(map[string]any)
		out = append(out, m)
	}
	return out
}

// strs returns a JSON list of strings.
func strs(x any) []string {
	list, _ := x.([]any)
	out := make([]string, 0, len(list))
	for _, v := range list {
		s, _ := v.(string)
		out = append(out, s)
	}
	return out
}
