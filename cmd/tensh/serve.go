//go:build !js

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/tensh/tensh/web"
)

const serveUsage = `usage: tensh serve [--addr HOST:PORT]

serves tensh's browser version (docs/web.md) from the files embedded in
this tensh, for a classroom on a local network: open http://HOST:PORT/
(default 127.0.0.1:8080; --addr 0.0.0.0:8080 listens on every network
interface, and tensh serve then prints this machine's addresses). The page asks nothing of the network but this server, and
runs tensh in the browser: the server only hands out its files.
Ctrl-C stops it.
`

// serveCommand is `tensh serve`; ready, when not nil, gets the address
// it listens on (tests).
func serveCommand(args []string, stdout, stderr io.Writer, ready func(addr string)) int {
	fs := flag.NewFlagSet("tensh serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", "127.0.0.1:8080", "")
	help := fs.Bool("help", false, "")
	fs.BoolVar(help, "h", false, "")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "tensh serve: %v\n%s", flagError(err, args), serveUsage)
		return exitUsage
	}
	if *help {
		io.WriteString(stdout, serveUsage)
		return exitOK
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tensh serve: unexpected argument %q\n%s", fs.Arg(0), serveUsage)
		return exitUsage
	}
	h, err := web.Handler()
	if err != nil {
		fmt.Fprintf(stderr, "tensh serve: %v\n", err)
		return exitUsage
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "tensh serve: %v\n", err)
		return exitError
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && tcp.IP.IsUnspecified() {
		// Every interface: hand out this machine's addresses, not [::].
		port := fmt.Sprint(tcp.Port)
		fmt.Fprintf(stdout, msgServeAll, net.JoinHostPort("127.0.0.1", port))
		lan := lanAddrs()
		for _, a := range lan {
			fmt.Fprintf(stdout, msgServeLAN, net.JoinHostPort(a, port))
		}
		if len(lan) == 0 {
			fmt.Fprint(stdout, msgServeNoLAN)
		}
	} else {
		fmt.Fprintf(stdout, msgServeOn, ln.Addr())
	}
	if ready != nil {
		ready(ln.Addr().String())
	}
	if err := serveHTTP(ln, h); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "tensh serve: %v\n", err)
		return exitError
	}
	return exitOK
}

// Messages of tensh serve.
const (
	msgServeOn    = "tensh serve: the browser version is on http://%s/ (Ctrl-C stops)\n"
	msgServeAll   = "tensh serve: the browser version is on every network interface (Ctrl-C stops): http://%s/ on this machine\n"
	msgServeLAN   = "  on the local network: http://%s/\n"
	msgServeNoLAN = "  (this machine has no address on a local network)\n"
)

// The server's limits (issue 27): a request's headers and body must come
// within serveReadTimeout, its answer (the 10 MB wasm on a slow classroom
// network too) go within serveWriteTimeout; an idle keep-alive connection
// is closed after serveIdleTimeout, and at most serveMaxConns connections
// are open at once (the next wait to be accepted), far under the usual
// descriptor limits.
var (
	serveReadTimeout  = 30 * time.Second
	serveWriteTimeout = 5 * time.Minute
	serveIdleTimeout  = 60 * time.Second
	serveMaxConns     = 256
)

// serveHTTP serves h on ln within the server's limits.
func serveHTTP(ln net.Listener, h http.Handler) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: serveReadTimeout,
		WriteTimeout: serveWriteTimeout, IdleTimeout: serveIdleTimeout}
	return srv.Serve(limitListener(ln, serveMaxConns))
}

// limitListener accepts at most n connections at a time.
func limitListener(ln net.Listener, n int) net.Listener {
	return &limitedListener{Listener: ln, sem: make(chan struct{}, n)}
}

type limitedListener struct {
	net.Listener
	sem chan struct{}
}

func (l *limitedListener) Accept() (net.Conn, error) {
	l.sem <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &limitedConn{Conn: c, release: func() { <-l.sem }}, nil
}

type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// lanAddrs are this machine's addresses on its networks (not loopback nor
// link-local), for the participants' browsers.
func lanAddrs() []string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range addrs {
		ipn, ok := a.(*net.IPNet)
		if !ok || ipn.IP.IsLoopback() || ipn.IP.IsLinkLocalUnicast() || !ipn.IP.IsGlobalUnicast() {
			continue
		}
		out = append(out, ipn.IP.String())
	}
	return out
}
