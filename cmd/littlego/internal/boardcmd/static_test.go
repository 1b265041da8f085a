package boardcmd

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"littlego/web"
)

// board -static DIR writes the site: the page marked for the worker, the board compiled
// for js/wasm (a WebAssembly module), its loader and the service worker; and it serves
// nothing. It compiles the board, so -short skips it.
func TestStaticWritesTheSite(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the board for js/wasm")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	dir := filepath.Join(t.TempDir(), "site")
	var stdout, stderr bytes.Buffer
	if status := run([]string{"-static", dir}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	if !strings.Contains(stdout.String(), "wrote the static site to "+dir) || !strings.Contains(stdout.String(), "gzipped") {
		t.Errorf("stdout %q; want what was written and its size", stdout.String())
	}
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	if wasm := read(web.SiteWasm); !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Errorf("%s is not WebAssembly: %q", web.SiteWasm, wasm[:min(8, len(wasm))])
	}
	if !bytes.Contains(read("index.html"), []byte(`content="worker"`)) {
		t.Error("index.html does not name the worker transport")
	}
	if !bytes.Contains(read(web.SiteWasmExec), []byte("globalThis.Go = class")) {
		t.Error("wasm_exec.js is not the Go distribution's loader")
	}
	for _, name := range []string{"sw.js", "js/worker.js", "js/transport.js", "version.txt"} {
		read(name)
	}
}
