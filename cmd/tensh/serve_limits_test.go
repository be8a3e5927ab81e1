//go:build !js

package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServeLimits: an idle keep-alive connection is closed after the idle
// timeout, and past the connection cap a new client waits until one closes
// (issue 27: 1,990 idle connections locked everyone out).
func TestServeLimits(t *testing.T) {
	defer func(idle time.Duration, n int) { serveIdleTimeout, serveMaxConns = idle, n }(serveIdleTimeout, serveMaxConns)
	serveIdleTimeout, serveMaxConns = 300*time.Millisecond, 2
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go serveHTTP(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }))
	get := func(c net.Conn) error {
		if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			return err
		}
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err == nil {
			io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		return err
	}
	var conns []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if err := get(c); err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	// Both kept alive: a third client is not served until the idle
	// timeout closes them.
	start := time.Now()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := get(c); err != nil {
		t.Fatalf("the third client: %v", err)
	}
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Errorf("the third client was served at once (%v) past a cap of 2", d)
	}
	conns[0].SetReadDeadline(time.Now().Add(2 * time.Second))
	if _, err := conns[0].Read(make([]byte, 1)); err == nil || strings.Contains(err.Error(), "timeout") {
		t.Errorf("an idle connection was not closed by the server: %v", err)
	}
}
