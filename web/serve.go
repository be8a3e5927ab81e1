//go:build !js

package web

import (
	"bytes"
	"compress/gzip"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// The page's own files, in the repository (for `tensh serve`).
//
//go:embed index.html main.js worker.js
var pageFS embed.FS

// PageFiles are the page's files that are sources (embedded in every
// build); BuiltFiles are those that scripts/build-web makes. `tensh serve`
// serves both; the second set is embedded only in a tensh built with
// -tags tensh_web (assets_web.go) after scripts/build-web.
var (
	PageFiles  = []string{"index.html", "main.js", "worker.js"}
	BuiltFiles = []string{"tensh.wasm.gz", "wasm_exec.js", "lessons.json"}
)

// built holds BuiltFiles when they are embedded (assets_web.go).
var built fs.FS

// ErrNotBuilt is Handler's error in a tensh built without the browser
// version.
var ErrNotBuilt = errors.New(msgNotBuilt)

// Messages of `tensh serve`.
const (
	msgNotBuilt = "this tensh was built without the browser version: run scripts/build-web, " +
		"then go build -tags tensh_web ./cmd/tensh (scripts/release does both)"
	msgMissingBuilt = "the browser version lacks %s: %v"
)

// Handler serves the page from the files embedded in the binary:
// ErrNotBuilt when they are not.
func Handler() (http.Handler, error) {
	if built == nil {
		return nil, ErrNotBuilt
	}
	return NewHandler(built)
}

// NewHandler serves the page: its sources from the binary, and the files
// that scripts/build-web makes (BuiltFiles) from b. Every response
// carries the headers that make the page cross-origin isolated (so that
// it can share memory with its Web Worker, which lets the Interrupt
// button stop a cell without losing the session), and tensh.wasm goes
// out compressed to the browsers that take gzip (all of them).
func NewHandler(b fs.FS) (http.Handler, error) {
	files := map[string][]byte{}
	for _, name := range PageFiles {
		data, err := pageFS.ReadFile(name)
		if err != nil {
			return nil, err
		}
		files[name] = data
	}
	for _, name := range BuiltFiles {
		data, err := fs.ReadFile(b, name)
		if err != nil {
			return nil, fmt.Errorf(msgMissingBuilt, name, err)
		}
		files[name] = data
	}
	start := time.Now()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Embedder-Policy", "require-corp")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", ContentSecurityPolicy)
		h.Set("Cache-Control", "no-cache")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		if name == "tensh.wasm" {
			serveWasm(w, r, files["tensh.wasm.gz"], start)
			return
		}
		data, ok := files[name]
		if !ok || name == "tensh.wasm.gz" {
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, name, start, bytes.NewReader(data))
	}), nil
}

// ContentSecurityPolicy lets the page load only its own files: its
// script and worker, the WebAssembly they compile ('wasm-unsafe-eval'),
// its inline style and pictures; nothing from other hosts, and no other
// site may frame it.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'self'"

// serveWasm sends tensh.wasm from its gzip'ed bytes: as they are to a
// browser that accepts gzip, decompressed to one that does not.
func serveWasm(w http.ResponseWriter, r *http.Request, gz []byte, mod time.Time) {
	h := w.Header()
	h.Set("Content-Type", "application/wasm")
	h.Add("Vary", "Accept-Encoding")
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		http.ServeContent(w, r, "tensh.wasm", mod, bytes.NewReader(gz))
		return
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer zr.Close()
	if r.Method == http.MethodHead {
		return
	}
	io.Copy(w, zr)
}

// acceptsGzip reports whether an Accept-Encoding header takes gzip (listed,
// or "*", without q=0).
func acceptsGzip(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		enc, params, _ := strings.Cut(part, ";")
		enc = strings.TrimSpace(enc)
		if !strings.EqualFold(enc, "gzip") && enc != "*" {
			continue
		}
		q, ok := strings.CutPrefix(strings.TrimSpace(params), "q=")
		if !ok {
			return true
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(q), 64)
		return err == nil && v > 0
	}
	return false
}
