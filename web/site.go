// site.go: the board as a static site: the same page, told to reach the handlers compiled to WebAssembly in a Web Worker instead of a server.

package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// The files of the static site beside the page's own.
const (
	// SiteWasm is the board's handlers compiled for js/wasm.
	SiteWasm = "littlego.wasm"
	// SiteWasmExec is the Go distribution's loader of SiteWasm (lib/wasm/wasm_exec.js).
	SiteWasmExec = "wasm_exec.js"
	// siteVersion holds the site's version, the hash of its files: the page asks for it
	// past the service worker's cache to tell whether it is online.
	siteVersion = "version.txt"
	// transportMark is where index.html gets the meta element that names the transport.
	transportMark = `<meta charset="utf-8">`
	// workerMeta tells transport.js to talk to the Web Worker.
	workerMeta = `<meta name="littlego-transport" content="worker">`
)

// Site returns the files of the board as a static site, by path: the page of the
// server, its index.html marked to reach the board's handlers in a Web Worker
// (js/transport.js reads the mark), wasm (the board compiled for js/wasm, SiteWasm),
// wasmExec (SiteWasmExec, the Go distribution's loader), the service worker that keeps
// every file for use offline (sw.js, given the site's version and its file list), the
// version itself, and .nojekyll for GitHub Pages. The same inputs give the same files.
func Site(wasm, wasmExec []byte) (map[string][]byte, error) {
	if len(wasm) == 0 || len(wasmExec) == 0 {
		return nil, fmt.Errorf("site: the WebAssembly (%d bytes) and its loader (%d bytes) must both be given", len(wasm), len(wasmExec))
	}
	files := map[string][]byte{SiteWasm: wasm, SiteWasmExec: wasmExec, ".nojekyll": {}}
	static, _ := fs.Sub(staticFiles, "static")
	err := fs.WalkDir(static, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(static, path)
		files[path] = data
		return err
	})
	if err != nil {
		return nil, err
	}
	index := files["index.html"]
	if !bytes.Contains(index, []byte(transportMark)) {
		return nil, fmt.Errorf("site: index.html has no %s to put the transport after", transportMark)
	}
	files["index.html"] = bytes.Replace(index, []byte(transportMark), []byte(transportMark+"\n"+workerMeta), 1)

	// The version hashes every file the service worker keeps; sw.js then names it, so a
	// new site is a new service worker, which replaces the old one's cache.
	var names []string
	for name := range files {
		if name != "sw.js" && name != ".nojekyll" {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	h := sha256.New()
	for _, name := range names {
		fmt.Fprintf(h, "%s %d\n", name, len(files[name]))
		h.Write(files[name])
	}
	version := hex.EncodeToString(h.Sum(nil))[:16]
	cached := append([]string{"./"}, names...)
	list, _ := json.Marshal(cached)
	sw := string(files["sw.js"])
	for _, r := range []struct{ from, to string }{{`const VERSION = "";`, `const VERSION = "` + version + `";`}, {`const FILES = [];`, `const FILES = ` + string(list) + `;`}} {
		if !strings.Contains(sw, r.from) {
			return nil, fmt.Errorf("site: sw.js has no %s", r.from)
		}
		sw = strings.Replace(sw, r.from, r.to, 1)
	}
	files["sw.js"] = []byte(sw)
	files[siteVersion] = []byte(version + "\n")
	return files, nil
}
