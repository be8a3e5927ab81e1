//go:build !js

package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strconv"
	"sync"

	"github.com/go-zeromq/zmq4"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// tensh kernel: a Jupyter kernel (docs/notebooks.md). Jupyter starts it
// with a connection file that names five ports and a key; the kernel
// listens on those ports only, signs every message it sends with the key
// and handles only messages signed with it.

const kernelUsage = `usage: tensh kernel -f CONNECTION_FILE [--compat=current|docs] [--max-memory=SIZE] [--no-hints]
       tensh kernel install [--user | --prefix DIR]

runs tensh as a Jupyter kernel (docs/notebooks.md): Jupyter starts
"tensh kernel -f FILE" itself once the kernel is installed.
"tensh kernel install" writes the kernelspec (the folder kernels/tensh
with kernel.json and a logo) into Jupyter's data folder: the system's
(/usr/local/share/jupyter) by default, the user's with --user
(~/.local/share/jupyter), or DIR/share/jupyter with --prefix DIR.
`

// Messages of tensh kernel (not Python's).
const (
	msgKernelConnFile  = "tensh kernel: reading the connection file: %v\n"
	msgKernelNoKey     = "tensh kernel: the connection file has no key: tensh runs only signed messages\n"
	msgKernelScheme    = "tensh kernel: signature scheme %q is not supported (hmac-sha256 is)\n"
	msgKernelTransport = "tensh kernel: transport %q is not supported (tcp is)\n"
	msgKernelListen    = "tensh kernel: listening on %s: %v\n"
	msgKernelNeedsFile = "tensh kernel: -f CONNECTION_FILE is required\n"
)

// connInfo is a Jupyter connection file.
type connInfo struct {
	IP              string `json:"ip"`
	Transport       string `json:"transport"`
	ShellPort       int    `json:"shell_port"`
	IOPubPort       int    `json:"iopub_port"`
	StdinPort       int    `json:"stdin_port"`
	ControlPort     int    `json:"control_port"`
	HBPort          int    `json:"hb_port"`
	Key             string `json:"key"`
	SignatureScheme string `json:"signature_scheme"`
}

func (c connInfo) endpoint(port int) string {
	return c.Transport + "://" + net.JoinHostPort(c.IP, strconv.Itoa(port))
}

// readConnInfo reads and checks a connection file.
func readConnInfo(name string) (connInfo, string) {
	var c connInfo
	b, err := os.ReadFile(name)
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	switch {
	case err != nil:
		return c, fmt.Sprintf(msgKernelConnFile, err)
	case c.Key == "":
		return c, msgKernelNoKey
	case c.SignatureScheme != "" && c.SignatureScheme != "hmac-sha256":
		return c, fmt.Sprintf(msgKernelScheme, c.SignatureScheme)
	case c.Transport == "":
		c.Transport = "tcp"
	case c.Transport != "tcp":
		return c, fmt.Sprintf(msgKernelTransport, c.Transport)
	}
	if c.IP == "" {
		c.IP = "127.0.0.1"
	}
	return c, ""
}

// kernelCommand is `tensh kernel`.
func kernelCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "install" {
		return kernelInstall(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("tensh kernel", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	file := fs.String("f", "", "")
	compat := fs.String("compat", "current", "")
	maxMem := fs.String("max-memory", os.Getenv("TENSH_MAX_MEMORY"), "")
	noHints := fs.Bool("no-hints", false, "")
	help := fs.Bool("help", false, "")
	fs.BoolVar(help, "h", false, "")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "tensh kernel: %v\n%s", flagError(err, args), kernelUsage)
		return exitUsage
	}
	switch {
	case *help:
		io.WriteString(stdout, kernelUsage)
		return exitOK
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "tensh kernel: unexpected argument %q\n%s", fs.Arg(0), kernelUsage)
		return exitUsage
	case *file == "":
		fmt.Fprint(stderr, msgKernelNeedsFile+kernelUsage)
		return exitUsage
	}
	c, ok := eval.ParseCompat(*compat)
	if !ok {
		fmt.Fprintf(stderr, "tensh kernel: --compat must be docs or current, not %q\n", *compat)
		return exitUsage
	}
	if *maxMem != "" {
		n, err := parseSize(*maxMem)
		if err != nil {
			fmt.Fprintf(stderr, "tensh kernel: --max-memory: %v\n", err)
			return exitUsage
		}
		tensor.SetMemoryLimit(n)
	}
	conn, problem := readConnInfo(*file)
	if problem != "" {
		fmt.Fprint(stderr, problem)
		return exitUsage
	}
	k, err := startKernel(context.Background(), conn, eval.Options{Compat: c, Hints: !*noHints}, stderr)
	if err != nil {
		fmt.Fprint(stderr, err)
		return exitError
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)
	go func() {
		for range sigs {
			k.interrupt()
		}
	}()
	return k.wait()
}

// kernel is a running Jupyter kernel.
type kernel struct {
	sig     signer
	session string // this kernel's session id, in its messages' headers
	log     io.Writer
	ctx     context.Context
	cancel  context.CancelFunc

	shell, control, stdin, iopub, hb zmq4.Socket

	sendMu sync.Mutex // sockets are sent on from several goroutines
	done   chan int   // the exit status, after shutdown_request
	exec   *executor  // the tensh session (kernel_exec.go)
}

// startKernel listens on the connection's five ports and serves them
// until shutdown_request.
func startKernel(parent context.Context, conn connInfo, opts eval.Options, log io.Writer) (*kernel, error) {
	ctx, cancel := context.WithCancel(parent)
	k := &kernel{sig: signer{[]byte(conn.Key)}, session: newID(), log: log, ctx: ctx, cancel: cancel, done: make(chan int, 1)}
	k.shell = zmq4.NewRouter(ctx, zmq4.WithID(zmq4.SocketIdentity(k.session)))
	k.control = zmq4.NewRouter(ctx, zmq4.WithID(zmq4.SocketIdentity(k.session)))
	k.stdin = zmq4.NewRouter(ctx, zmq4.WithID(zmq4.SocketIdentity(k.session)))
	k.iopub = zmq4.NewPub(ctx)
	k.hb = zmq4.NewRep(ctx)
	for _, s := range []struct {
		sock zmq4.Socket
		port int
	}{{k.shell, conn.ShellPort}, {k.control, conn.ControlPort}, {k.stdin, conn.StdinPort}, {k.iopub, conn.IOPubPort}, {k.hb, conn.HBPort}} {
		if err := s.sock.Listen(conn.endpoint(s.port)); err != nil {
			k.close()
			return nil, fmt.Errorf(msgKernelListen, conn.endpoint(s.port), err)
		}
	}
	k.exec = newExecutor(k, opts)
	go k.heartbeat()
	go k.serve("shell", k.shell)
	go k.serve("control", k.control)
	go k.drainStdin()
	k.publish(nil, "status", map[string]string{"execution_state": "starting"})
	return k, nil
}

// wait blocks until shutdown and returns the exit status.
func (k *kernel) wait() int {
	status := <-k.done
	k.close()
	return status
}

func (k *kernel) close() {
	k.cancel()
	for _, s := range []zmq4.Socket{k.shell, k.control, k.stdin, k.iopub, k.hb} {
		if s != nil {
			s.Close()
		}
	}
}

// heartbeat echoes every ping.
func (k *kernel) heartbeat() {
	for {
		m, err := k.hb.Recv()
		if err != nil {
			if k.ctx.Err() == nil {
				fmt.Fprintf(k.log, msgKernelRecvErr, "heartbeat", err)
			}
			return
		}
		if err := k.hb.Send(m); err != nil && k.ctx.Err() == nil {
			fmt.Fprintf(k.log, msgKernelSendErr, "heartbeat", err)
		}
	}
}

// serve handles the requests of a ROUTER channel (shell or control) one
// at a time; the two channels run side by side, so that an interrupt or
// a shutdown on control reaches a kernel busy with a cell.
func (k *kernel) serve(channel string, sock zmq4.Socket) {
	for {
		raw, err := sock.Recv()
		if err != nil {
			if k.ctx.Err() == nil && !errors.Is(err, context.Canceled) {
				fmt.Fprintf(k.log, msgKernelRecvErr, channel, err)
				continue
			}
			return
		}
		m, err := k.sig.decode(raw.Frames)
		if err != nil {
			fmt.Fprintf(k.log, msgKernelRejected, channel, err)
			continue
		}
		k.handle(channel, sock, m)
	}
}

// drainStdin reads the stdin channel between input requests (replies
// that come late are dropped there; executor.ask reads its own).
func (k *kernel) drainStdin() {
	for {
		raw, err := k.stdin.Recv()
		if err != nil {
			return
		}
		m, err := k.sig.decode(raw.Frames)
		if err != nil {
			fmt.Fprintf(k.log, msgKernelRejected, "stdin", err)
			continue
		}
		k.exec.stdinReply(m)
	}
}

// send signs and sends a message on a socket.
func (k *kernel) send(sock zmq4.Socket, ids [][]byte, msgType string, parent *message, content any) {
	var ph json.RawMessage
	if parent != nil {
		ph, _ = json.Marshal(parent.Header)
	}
	frames, err := k.sig.encode(ids, newHeader(k.session, msgType), ph, content)
	if err == nil {
		k.sendMu.Lock()
		err = sock.Send(zmq4.NewMsgFrom(frames...))
		k.sendMu.Unlock()
	}
	if err != nil && k.ctx.Err() == nil {
		fmt.Fprintf(k.log, msgKernelSendErr, msgType, err)
	}
}

// reply answers a request on its own channel.
func (k *kernel) reply(sock zmq4.Socket, req *message, msgType string, content any) {
	k.send(sock, req.ids, msgType, req, content)
}

// publish broadcasts on IOPub, with req as the parent.
func (k *kernel) publish(req *message, msgType string, content any) {
	k.send(k.iopub, [][]byte{[]byte(msgType)}, msgType, req, content)
}

// interrupt stops the running cell (SIGINT, interrupt_request).
func (k *kernel) interrupt() { interrupt() }
