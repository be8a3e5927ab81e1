//go:build !js

package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// fakeBuilt stands for what scripts/build-web makes.
func fakeBuilt(t *testing.T, wasm []byte) fstest.MapFS {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(wasm)
	zw.Close()
	return fstest.MapFS{
		"tensh.wasm.gz": {Data: gz.Bytes()},
		"wasm_exec.js":  {Data: []byte("// wasm_exec.js\n")},
		"lessons.json":  {Data: []byte("[]\n")},
	}
}

func TestServe(t *testing.T) {
	wasm := []byte("\x00asm\x01\x00\x00\x00 a stand-in for tensh.wasm")
	h, err := NewHandler(fakeBuilt(t, wasm))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	get := func(path string, hdr ...string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		tr := &http.Transport{DisableCompression: true}
		resp, err := tr.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	isolated := func(path string, resp *http.Response) {
		t.Helper()
		if resp.Header.Get("Cross-Origin-Opener-Policy") != "same-origin" || resp.Header.Get("Cross-Origin-Embedder-Policy") != "require-corp" {
			t.Errorf("%s: not cross-origin isolated: %v", path, resp.Header)
		}
	}
	resp, b := get("/")
	index, _ := pageFS.ReadFile("index.html")
	if resp.StatusCode != 200 || !bytes.Equal(b, index) || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("/: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	isolated("/", resp)
	for _, name := range PageFiles {
		resp, b := get("/" + name)
		want, _ := pageFS.ReadFile(name)
		if resp.StatusCode != 200 || !bytes.Equal(b, want) {
			t.Errorf("/%s: %d, %d bytes", name, resp.StatusCode, len(b))
		}
		isolated("/"+name, resp)
	}
	resp, b = get("/tensh.wasm", "Accept-Encoding", "gzip, deflate, br")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("tensh.wasm (gzip): %d %v", resp.StatusCode, resp.Header)
	} else if zr, err := gzip.NewReader(bytes.NewReader(b)); err != nil {
		t.Error(err)
	} else if got, _ := io.ReadAll(zr); !bytes.Equal(got, wasm) {
		t.Errorf("tensh.wasm (gzip): %q", got)
	}
	isolated("/tensh.wasm", resp)
	for _, enc := range []string{"", "identity", "gzip;q=0"} {
		resp, b = get("/tensh.wasm", "Accept-Encoding", enc)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(b, wasm) {
			t.Errorf("tensh.wasm (Accept-Encoding %q): %d %v %q", enc, resp.StatusCode, resp.Header, b)
		}
	}
	for _, path := range []string{"/nope", "/tensh.wasm.gz", "/../serve.go", "/serve.go"} {
		if resp, _ := get(path); resp.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", path, resp.StatusCode)
		}
	}
	req, _ := http.NewRequest("POST", srv.URL+"/", strings.NewReader("x"))
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %v %v", resp, err)
	}
	if _, err := NewHandler(fstest.MapFS{}); err == nil || !strings.Contains(err.Error(), "tensh.wasm.gz") {
		t.Errorf("no built files: %v", err)
	}
}

// TestPageAsksNothingElse: the page's files name no other server (no
// http:// or https:// URL but XML namespaces, no protocol-relative //host).
func TestPageAsksNothingElse(t *testing.T) {
	url := regexp.MustCompile(`(https?:)?//[A-Za-z0-9.-]+\.[a-z]{2,}`)
	for _, name := range PageFiles {
		b, _ := pageFS.ReadFile(name)
		for _, m := range url.FindAllString(string(b), -1) {
			if m != "http://www.w3.org" {
				t.Errorf("%s names %s", name, m)
			}
		}
	}
}

func TestHandlerNotBuilt(t *testing.T) {
	if built != nil {
		t.Skip("built with -tags tensh_web")
	}
	if _, err := Handler(); err != ErrNotBuilt {
		t.Errorf("Handler() = %v, want ErrNotBuilt", err)
	}
}

// TestServeEmbedded: in a tensh built with -tags tensh_web after
// scripts/build-web (as .ci/run and scripts/release do), Handler serves
// the real tensh.wasm.
func TestServeEmbedded(t *testing.T) {
	if built == nil {
		t.Skip("built without -tags tensh_web")
	}
	h, err := Handler()
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/tensh.wasm", nil))
	if rec.Code != 200 || !bytes.HasPrefix(rec.Body.Bytes(), []byte("\x00asm")) {
		t.Errorf("tensh.wasm: %d, %d bytes", rec.Code, rec.Body.Len())
	}
}

// TestServeCSP: every answer carries a Content-Security-Policy that lets
// the page run its worker and WebAssembly and nothing from other hosts,
// and lets no other site frame it (issue 27).
func TestServeCSP(t *testing.T) {
	h, err := NewHandler(fakeBuilt(t, []byte("\x00asm\x01\x00\x00\x00")))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	for _, p := range []string{"/", "/main.js", "/worker.js", "/tensh.wasm", "/nothing"} {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		csp := resp.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "'wasm-unsafe-eval'", "worker-src 'self'", "frame-ancestors 'self'", "object-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: Content-Security-Policy %q lacks %s", p, csp, want)
			}
		}
		if strings.Contains(csp, "http") || strings.Contains(csp, "*") || strings.Contains(csp, "'unsafe-eval'") {
			t.Errorf("%s: Content-Security-Policy %q allows more than the page's own files", p, csp)
		}
	}
}
