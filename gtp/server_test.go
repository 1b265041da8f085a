// server_test.go: sessions over pipes and readers: the end of input, cancellation, vanished clients and long lines.

package gtp

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// requiredCommands are the commands GTP version 2 requires, those of time control and analysis that
// Sabaki and GoGui use, and the engine's own.
var requiredCommands = []string{"protocol_version", "name", "version", "known_command", "list_commands",
	"quit", "boardsize", "clear_board", "komi", "play", "genmove", "undo", "showboard", "final_score",
	"time_settings", "time_left", "kgs-time_settings", "cputime", "lz-analyze", "lz-genmove_analyze", "kata-analyze", "kata-genmove_analyze",
	"littlego-set_param", "littlego-get_param", "littlego-rules", "kata-get-rules", "kata-set-rules", "kata-list-params",
	"kata-get-param", "kata-set-param", "stop", "clear_cache", "get_komi", "final_status_list", "printsgf"}

func TestEndOfInputEndsSession(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 100)
	rs := session(t, s, "name\nprotocol_version") // no final newline, no quit
	if len(rs) != 2 || rs[0].text != "littlego" || rs[1].text != "2" {
		t.Fatalf("responses %+v", rs)
	}
}

func TestLongLineIsRejectedNotFatal(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 100)
	long := "play b " + strings.Repeat("a", 3*maxLine)
	rs := session(t, s, long+"\nname\n")
	if len(rs) != 2 || rs[0].ok || rs[1].text != "littlego" {
		t.Fatalf("responses %+v", rs)
	}
}

func TestRunEndsWithItsContext(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 20)
	inR, inW := io.Pipe() // an input that never ends
	defer inW.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, inR, io.Discard) }()
	inW.Write([]byte("name\n"))
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Run returned %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not end with its context")
	}
}

func TestIllegalMoveReasonGoesToTheLog(t *testing.T) {
	// White on Black's C3 is occupied; Black in the corner A5 between White's A4 and
	// B5 is suicide.
	s, log := newTestServer(t, LittleGo, 20)
	rs := session(t, s, "play b c3\nplay w c3\nplay w a4\nplay w b5\nplay b a5\n")
	for i, want := range []bool{true, false, true, true, false} {
		if rs[i].ok != want {
			t.Fatalf("response %d %q, want ok=%v", i, rs[i].raw, want)
		}
	}
	for _, reason := range []string{"play W C3: the point is occupied", "play B A5: it is suicide"} {
		if !strings.Contains(log.String(), reason) {
			t.Errorf("log %q does not say %q", log.String(), reason)
		}
	}
}
