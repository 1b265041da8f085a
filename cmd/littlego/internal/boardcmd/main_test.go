package boardcmd

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"littlego/lib/clitest"
	"littlego/web"
)

func TestFlags(t *testing.T) {
	cases := []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"-h"}, 0, "usage: littlego board"},
		{[]string{"-nope"}, 2, "-nope"},
		{[]string{"now"}, 2, "unexpected argument"},
		{[]string{"-jobs", "0"}, 2, "-jobs 0 out of range"},
		{[]string{"-cpu", "0"}, 2, "must be positive"},
		{[]string{"-addr", "256.0.0.1:x"}, 1, "littlego board:"},
	}
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	cases = append(cases, struct {
		args   []string
		status int
		want   string
	}{[]string{"-addr", busy.Addr().String()}, 1, "choose another with -addr"})
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		if st := run(c.args, strings.NewReader(""), &stdout, &stderr); st != c.status || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", c.args, st, stderr.String(), c.status, c.want)
		}
		if stdout.Len() != 0 {
			t.Errorf("%v: stdout %q, want nothing", c.args, stdout.String())
		}
	}
}

func TestOnlyLoopbackIsQuiet(t *testing.T) {
	for _, c := range []struct {
		addr string
		want bool
	}{{"127.0.0.1:8561", true}, {"[::1]:8561", true}, {"0.0.0.0:8561", false}, {"[::]:8561", false}, {"192.168.1.2:80", false}} {
		a, err := net.ResolveTCPAddr("tcp", c.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := loopback(a); got != c.want {
			t.Errorf("loopback(%s) = %v, want %v", c.addr, got, c.want)
		}
	}
}

func TestServesAndShutsDownGracefully(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr clitest.Buffer
	done := make(chan int, 1)
	go func() { done <- serve(ctx, ln, web.New(web.Config{}), &stdout, &stderr) }()
	url := "http://" + ln.Addr().String() + "/"
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(page), "<svg id=\"board\"") {
		t.Fatalf("GET /: status %d, page %.80q", res.StatusCode, page)
	}
	// A live analysis is in flight when the signal comes: shutdown must not wait for it.
	areq, _ := http.NewRequest("GET", url+"api/analyse?moves=0,0", nil)
	ares, err := http.DefaultClient.Do(areq)
	if err != nil {
		t.Fatal(err)
	}
	defer ares.Body.Close()
	cancel()
	select {
	case st := <-done:
		if st != 0 {
			t.Errorf("status %d after shutdown, stderr %q", st, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no shutdown within 10 s")
	}
	if !strings.Contains(stdout.String(), url) {
		t.Errorf("stdout %q does not give the URL %s", stdout.String(), url)
	}
}
