//go:build !js

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
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
	fmt.Fprintf(stdout, "tensh serve: the browser version is on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && tcp.IP.IsUnspecified() {
		for _, a := range lanAddrs() {
			fmt.Fprintf(stdout, "  on the local network: http://%s/\n", net.JoinHostPort(a, fmt.Sprint(tcp.Port)))
		}
	}
	if ready != nil {
		ready(ln.Addr().String())
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "tensh serve: %v\n", err)
		return exitError
	}
	return exitOK
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
