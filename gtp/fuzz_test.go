// fuzz_test.go: arbitrary input never crashes a session, and every response is framed as GTP requires.

package gtp

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func FuzzSession(f *testing.F) {
	for _, seed := range []string{
		"protocol_version\nname\n",
		"1 boardsize 5\n2 clear_board\n3 play b c3\n4 genmove w\n5 final_score\n",
		"play\nplay b\nplay b zz\nplay q a1\ngenmove\nkomi\nboardsize x\n",
		"# comment\n\n\t\r\n  7   known_command   name  \n",
		"undo\nundo\nplay w a1\nplay w b1\nundo\nshowboard\n",
		"time_settings 10 5 2\ntime_left b 3 1\nkgs-time_settings byoyomi 1 1 1\ngenmove b\n",
		"littlego-rules area\nplay b a1\nplay w pass\nplay b pass\nfinal_score\n",
		"lz-analyze 1\nlz-genmove_analyze b 1\nlz-analyze w interval 1 maxmoves 2\n",
		"littlego-set_param c 0.3\nlittlego-get_param\nlittlego-set_param seed x\n",
		"99999999999999999999999 name\n12\n\x00\x01\x02\nquit\nname\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > 4096 || strings.Contains(input, "set_param") && strings.Contains(input, "playouts") {
			t.Skip("long inputs and CPU-budget searches are not what this test is about")
		}
		s := newServerWith(t, testOptions(20), Config{Rules: LittleGo})
		var out bytes.Buffer
		if err := s.Run(context.Background(), strings.NewReader(input), &out); err != nil {
			t.Fatalf("Run: %v", err)
		}
		rs := parseResponses(t, out.String())
		commands := 0
		for _, line := range strings.Split(input, "\n") {
			if Preprocess(line) != "" {
				commands++
			}
		}
		if len(rs) > commands {
			t.Fatalf("%d responses to %d commands", len(rs), commands)
		}
	})
}
