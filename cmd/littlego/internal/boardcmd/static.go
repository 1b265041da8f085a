// static.go: board -static DIR, the board as a static site: the page and its handlers compiled to WebAssembly.

package boardcmd

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"littlego/web"
)

// wasmPackage is the board's handlers as a program for js/wasm.
const wasmPackage = "littlego/cmd/littlego/internal/boardcmd/boardwasm"

// BuildWasm compiles the board for js/wasm with the go command found on PATH, from the
// module's source around the working folder, and returns the program and the Go
// distribution's loader for it (GOROOT/lib/wasm/wasm_exec.js).
func BuildWasm(tmp string) (wasm, wasmExec []byte, err error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return nil, nil, fmt.Errorf("the static site is compiled by the go command, which is not on PATH: %v", err)
	}
	out := filepath.Join(tmp, web.SiteWasm)
	build := exec.Command(goTool, "build", "-trimpath", "-ldflags=-s -w", "-o", out, wasmPackage)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	build.Stderr = &stderr
	if err := build.Run(); err != nil {
		return nil, nil, fmt.Errorf("go build %s for js/wasm (run from inside littlego's source tree): %v\n%s", wasmPackage, err, stderr.String())
	}
	root, err := exec.Command(goTool, "env", "GOROOT").Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go env GOROOT: %v", err)
	}
	if wasm, err = os.ReadFile(out); err != nil {
		return nil, nil, err
	}
	if wasmExec, err = os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js")); err != nil {
		return nil, nil, fmt.Errorf("the Go distribution's WebAssembly loader: %v", err)
	}
	return wasm, wasmExec, nil
}

// writeSite writes the static site into dir (made if missing; files of an earlier site
// are replaced) and says on w what it wrote: its files, their size and gzipped size.
func writeSite(dir string, w io.Writer) error {
	tmp, err := os.MkdirTemp("", "littlego-site-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	wasm, wasmExec, err := BuildWasm(tmp)
	if err != nil {
		return err
	}
	files, err := web.Site(wasm, wasmExec)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	var size, zipped int
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
		size += len(files[name])
		zipped += gzipSize(files[name])
	}
	fmt.Fprintf(w, "board: wrote the static site to %s: %d files, %.2f MB (%.2f MB gzipped); serve the folder with any static file server\n",
		dir, len(names), float64(size)/1e6, float64(zipped)/1e6)
	return nil
}

// gzipSize returns the size of data gzipped at the best compression.
func gzipSize(data []byte) int {
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	_, _ = z.Write(data)
	_ = z.Close()
	return b.Len()
}
