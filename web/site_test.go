package web

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// The static site is the page marked for the worker, the WebAssembly and its loader, and a
// service worker that names the site's version and keeps every file but the version.
func TestSiteHoldsThePageForTheWorker(t *testing.T) {
	if _, err := Site(nil, []byte("loader")); err == nil {
		t.Error("a site without its WebAssembly was made")
	}
	files, err := Site([]byte("wasm"), []byte("loader"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "js/app.js", "js/transport.js", "js/worker.js", "style.css", "sw.js", SiteWasm, SiteWasmExec, "version.txt", ".nojekyll"} {
		if _, ok := files[name]; !ok {
			t.Errorf("the site has no %s", name)
		}
	}
	if n := bytes.Count(files["index.html"], []byte(workerMeta)); n != 1 {
		t.Errorf("index.html names the worker %d times; want once", n)
	}
	version := strings.TrimSpace(string(files["version.txt"]))
	sw := string(files["sw.js"])
	if !strings.Contains(sw, `const VERSION = "`+version+`";`) {
		t.Errorf("sw.js does not name the version %q", version)
	}
	m := regexp.MustCompile(`const FILES = (\[.*\]);`).FindStringSubmatch(sw)
	if m == nil {
		t.Fatal("sw.js lists no files")
	}
	var cached []string
	if err := json.Unmarshal([]byte(m[1]), &cached); err != nil {
		t.Fatal(err)
	}
	kept := map[string]bool{}
	for _, f := range cached {
		kept[f] = true
	}
	for name := range files {
		if want := name != "version.txt" && name != "sw.js" && name != ".nojekyll"; kept[name] != want {
			t.Errorf("the service worker keeps %s: %v; want %v", name, kept[name], want)
		}
	}
	if !kept["./"] {
		t.Error("the service worker does not keep the site's own address")
	}
	// The same inputs make the same site; another WebAssembly, another version.
	again, _ := Site([]byte("wasm"), []byte("loader"))
	other, _ := Site([]byte("wasm2"), []byte("loader"))
	if !bytes.Equal(again["sw.js"], files["sw.js"]) || bytes.Equal(other["version.txt"], files["version.txt"]) {
		t.Errorf("versions: %s, again %s, another WebAssembly %s", files["version.txt"], again["version.txt"], other["version.txt"])
	}
}
