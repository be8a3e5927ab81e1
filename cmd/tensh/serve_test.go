//go:build !js

package main

import (
	"bytes"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/tensh/tensh/web"
)

// TestServeNotBuilt: a tensh built without -tags tensh_web (a plain go
// build in a fresh clone) says how to build the browser version into it.
func TestServeNotBuilt(t *testing.T) {
	if _, err := web.Handler(); err == nil {
		t.Skip("this test binary has the browser version embedded (-tags tensh_web)")
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"serve", "--addr", "127.0.0.1:0"}, nil, &stdout, &stderr); status != exitUsage {
		t.Errorf("status %d, want %d", status, exitUsage)
	}
	want := "tensh serve: this tensh was built without the browser version: run scripts/build-web, then go build -tags tensh_web ./cmd/tensh (scripts/release does both)\n"
	if stderr.String() != want || stdout.Len() != 0 {
		t.Errorf("stdout %q, stderr %q; want stderr %q", stdout.String(), stderr.String(), want)
	}
	if !strings.Contains(usage, "tensh serve [--addr HOST:PORT]") {
		t.Error("tensh --help does not show serve")
	}
}

// TestServeListens: with the browser version embedded (-tags tensh_web
// after scripts/build-web, as .ci/run builds it), tensh serve answers on
// its address with the page.
func TestServeListens(t *testing.T) {
	if _, err := web.Handler(); err != nil {
		t.Skip("built without the browser version (-tags tensh_web)")
	}
	addr := make(chan string, 1)
	var stdout, stderr bytes.Buffer
	go serveCommand([]string{"--addr", "0.0.0.0:0"}, &stdout, &stderr, func(a string) { addr <- a })
	_, port, _ := net.SplitHostPort(<-addr)
	resp, err := http.Get("http://127.0.0.1:" + port + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Cross-Origin-Opener-Policy") != "same-origin" {
		t.Errorf("GET /: %d %v", resp.StatusCode, resp.Header)
	}
	// On every interface it hands out addresses one can open, not [::].
	if out := stdout.String(); strings.Contains(out, "[::]") || strings.Contains(out, "0.0.0.0") || !strings.Contains(out, "http://127.0.0.1:"+port+"/") {
		t.Errorf("tensh serve --addr 0.0.0.0:0 printed:\n%s", out)
	}
}
