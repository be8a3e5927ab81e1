//go:build !js

package main

import (
	"context"
	"encoding/json"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/tensh/tensh/eval"
)

// A client of the kernel over real ZeroMQ sockets, as Jupyter's is:
// DEALER sockets on shell and control, SUB on IOPub, REQ on heartbeat.
type testClient struct {
	t              *testing.T
	sig            signer
	shell, control zmq4.Socket
	iopub, hb      zmq4.Socket
	log            *kernelLog
	k              *kernel
	iopubCh        chan *message
}

// kernelLog is the kernel's log, written and read on two goroutines.
type kernelLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *kernelLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *kernelLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func startTestKernel(t *testing.T) *testClient {
	conn := connInfo{IP: "127.0.0.1", Transport: "tcp", Key: "a0436f6c-1916-498b-8eb9-e81ab9368e84", SignatureScheme: "hmac-sha256",
		ShellPort: freePort(t), IOPubPort: freePort(t), StdinPort: freePort(t), ControlPort: freePort(t), HBPort: freePort(t)}
	log := &kernelLog{}
	k, err := startKernel(context.Background(), conn, eval.Options{Hints: true}, log)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	c := &testClient{t: t, sig: signer{[]byte(conn.Key)}, log: log, k: k,
		shell: zmq4.NewDealer(ctx), control: zmq4.NewDealer(ctx), iopub: zmq4.NewSub(ctx), hb: zmq4.NewReq(ctx)}
	for _, s := range []struct {
		sock zmq4.Socket
		port int
	}{{c.shell, conn.ShellPort}, {c.control, conn.ControlPort}, {c.iopub, conn.IOPubPort}, {c.hb, conn.HBPort}} {
		if err := s.sock.Dial(conn.endpoint(s.port)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, s := range []zmq4.Socket{c.shell, c.control, c.iopub, c.hb} {
			s.Close()
		}
		k.close()
	})
	// Wait until IOPub is subscribed: kernel_info until a status comes.
	iopub := make(chan *message, 100)
	go func() {
		for {
			raw, err := c.iopub.Recv()
			if err != nil {
				close(iopub)
				return
			}
			m, err := c.sig.decode(raw.Frames)
			if err != nil {
				t.Errorf("the kernel sent a message that does not decode: %v", err)
				continue
			}
			iopub <- m
		}
	}()
	c.iopubCh = iopub
	for range 50 {
		c.request(c.shell, "kernel_info_request", map[string]any{})
		select {
		case <-iopub:
			c.drain()
			return c
		case <-time.After(100 * time.Millisecond):
		}
	}
	t.Fatal("no IOPub message after kernel_info_request")
	return nil
}

func (c *testClient) drain() {
	for {
		select {
		case <-c.iopubCh:
		case <-time.After(300 * time.Millisecond):
			return
		}
	}
}

// send sends a signed request and returns its msg_id.
func (c *testClient) send(sock zmq4.Socket, msgType string, content any) string {
	h := newHeader("test-session", msgType)
	frames, err := c.sig.encode(nil, h, nil, content)
	if err != nil {
		c.t.Fatal(err)
	}
	if err := sock.Send(zmq4.NewMsgFrom(frames...)); err != nil {
		c.t.Fatal(err)
	}
	return h.MsgID
}

// request sends a request and returns the reply's content.
func (c *testClient) request(sock zmq4.Socket, msgType string, content any) map[string]any {
	id := c.send(sock, msgType, content)
	return c.reply(sock, id)
}

func (c *testClient) reply(sock zmq4.Socket, id string) map[string]any {
	raw, err := sock.Recv()
	if err != nil {
		c.t.Fatal(err)
	}
	m, err := c.sig.decode(raw.Frames)
	if err != nil {
		c.t.Fatalf("reply: %v", err)
	}
	var parent msgHeader
	json.Unmarshal(m.Parent, &parent)
	if parent.MsgID != id {
		c.t.Fatalf("reply to %q, want to %q", parent.MsgID, id)
	}
	var out map[string]any
	json.Unmarshal(m.Content, &out)
	return out
}

// outputs collects the IOPub messages of request id until its idle status.
func (c *testClient) outputs(id string) []*message {
	var out []*message
	deadline := time.After(20 * time.Second)
	for {
		select {
		case m := <-c.iopubCh:
			var parent msgHeader
			json.Unmarshal(m.Parent, &parent)
			if parent.MsgID != id {
				continue
			}
			if m.Header.MsgType == "status" && strings.Contains(string(m.Content), "idle") {
				return out
			}
			out = append(out, m)
		case <-deadline:
			c.t.Fatalf("no idle status for %s", id)
		}
	}
}

// execute runs code and returns the reply and the IOPub messages as
// "type: content" lines.
func (c *testClient) execute(code string) (map[string]any, []string) {
	id := c.send(c.shell, "execute_request", map[string]any{"code": code, "silent": false, "store_history": true,
		"user_expressions": map[string]any{}, "allow_stdin": false})
	rep := c.reply(c.shell, id)
	var lines []string
	for _, m := range c.outputs(id) {
		lines = append(lines, m.Header.MsgType+": "+string(m.Content))
	}
	return rep, lines
}

func TestKernelExecute(t *testing.T) {
	c := startTestKernel(t)
	info := c.request(c.shell, "kernel_info_request", map[string]any{})
	if info["protocol_version"] != protocolVersion || info["implementation"] != "tensh" {
		t.Errorf("kernel_info_reply = %v", info)
	}
	// IPython's rule: only the last expression of a cell is shown.
	rep, out := c.execute("import torch\nx = torch.arange(3)\nx * 10\nprint('hi')\nx + 1")
	if rep["status"] != "ok" || rep["execution_count"] != 1.0 {
		t.Errorf("reply = %v", rep)
	}
	got := strings.Join(out, "\n")
	for _, want := range []string{`stream: {"name":"stdout","text":"hi\n"}`, `"text/plain":"tensor([1, 2, 3])"`, `"execution_count":1`} {
		if !strings.Contains(got, want) {
			t.Errorf("IOPub lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "tensor([ 0, 10, 20])") {
		t.Errorf("a value that is not the cell's last was shown:\n%s", got)
	}
	// An error: ename, evalue, traceback; the variables stay.
	rep, out = c.execute("y = 5\nx + torch.ones(2)")
	if rep["status"] != "error" || rep["ename"] != "RuntimeError" || !strings.Contains(rep["evalue"].(string), "must match the size") {
		t.Errorf("error reply = %v", rep)
	}
	if got := strings.Join(out, "\n"); !strings.Contains(got, `error: {"ename":"RuntimeError"`) {
		t.Errorf("no error on IOPub:\n%s", got)
	}
	_, out = c.execute("y")
	if got := strings.Join(out, "\n"); !strings.Contains(got, `"text/plain":"5"`) {
		t.Errorf("y after an error:\n%s", got)
	}
	// A cell that does not compile runs nothing.
	c.execute("z = 1\nw = [1, 2")
	rep, _ = c.execute("z")
	if rep["status"] != "error" || rep["ename"] != "NameError" {
		t.Errorf("z ran though its cell did not compile: %v", rep)
	}
	// %explain: its text, then its picture.
	_, out = c.execute("%explain torch.ones(2, 3) + torch.ones(3)")
	if got := strings.Join(out, "\n"); !strings.Contains(got, "display_data: ") || !strings.Contains(got, `image/svg+xml`) {
		t.Errorf("no picture:\n%s", got)
	}
	// silent: nothing on IOPub but status.
	id := c.send(c.shell, "execute_request", map[string]any{"code": "print('quiet')\n7", "silent": true})
	if rep := c.reply(c.shell, id); rep["status"] != "ok" {
		t.Errorf("silent reply = %v", rep)
	}
	if out := c.outputs(id); len(out) != 1 || out[0].Header.MsgType != "status" {
		t.Errorf("silent execution published %d messages", len(out))
	}
	hist := c.request(c.shell, "history_request", map[string]any{"hist_access_type": "tail", "n": 1, "output": false, "raw": true})
	if h, _ := json.Marshal(hist["history"]); string(h) != `[[0,6,"%explain torch.ones(2, 3) + torch.ones(3)"]]` {
		t.Errorf("history = %s", h)
	}
}

func TestKernelCompleteInspect(t *testing.T) {
	c := startTestKernel(t)
	c.execute("import torch\nweights = torch.ones(2)")
	rep := c.request(c.shell, "complete_request", map[string]any{"code": "y = torch.zer", "cursor_pos": 13})
	if m, _ := json.Marshal(rep["matches"]); !strings.Contains(string(m), `"zeros("`) || rep["cursor_start"] != 10.0 || rep["cursor_end"] != 13.0 {
		t.Errorf("complete_reply = %v", rep)
	}
	rep = c.request(c.shell, "complete_request", map[string]any{"code": "wei", "cursor_pos": 3})
	if m, _ := json.Marshal(rep["matches"]); string(m) != `["weights"]` {
		t.Errorf("complete_reply = %v", rep)
	}
	rep = c.request(c.shell, "inspect_request", map[string]any{"code": "torch.add(x)", "cursor_pos": 8, "detail_level": 0})
	if rep["found"] != true || !strings.Contains(rep["data"].(map[string]any)["text/plain"].(string), "add") {
		t.Errorf("inspect_reply = %v", rep)
	}
	for code, want := range map[string]string{"def f():": "incomplete", "x = [1,": "incomplete", "x = 1": "complete", "x = )": "invalid", "for i in range(3):\n    print(i)\n\n": "complete"} {
		rep := c.request(c.shell, "is_complete_request", map[string]any{"code": code})
		if rep["status"] != want {
			t.Errorf("is_complete(%q) = %v, want %s", code, rep, want)
		}
	}
	if rep := c.request(c.shell, "is_complete_request", map[string]any{"code": "def f():"}); rep["indent"] != "    " {
		t.Errorf("indent = %q", rep["indent"])
	}
}

func TestKernelInterruptShutdown(t *testing.T) {
	c := startTestKernel(t)
	c.execute("n = 42")
	id := c.send(c.shell, "execute_request", map[string]any{"code": "while True:\n    n = n\n", "silent": false})
	time.Sleep(300 * time.Millisecond)
	if rep := c.request(c.control, "interrupt_request", map[string]any{}); rep["status"] != "ok" {
		t.Errorf("interrupt_reply = %v", rep)
	}
	if rep := c.reply(c.shell, id); rep["ename"] != "KeyboardInterrupt" {
		t.Errorf("interrupted cell's reply = %v", rep)
	}
	c.outputs(id)
	if _, out := c.execute("n"); !strings.Contains(strings.Join(out, "\n"), `"text/plain":"42"`) {
		t.Errorf("n after the interrupt:\n%s", out)
	}
	// The heartbeat echoes.
	if err := c.hb.Send(zmq4.NewMsgString("ping")); err != nil {
		t.Fatal(err)
	}
	if m, err := c.hb.Recv(); err != nil || string(m.Bytes()) != "ping" {
		t.Errorf("heartbeat: %q, %v", m.Bytes(), err)
	}
	if rep := c.request(c.control, "shutdown_request", map[string]any{"restart": false}); rep["status"] != "ok" {
		t.Errorf("shutdown_reply = %v", rep)
	}
	select {
	case status := <-c.k.done:
		if status != exitOK {
			t.Errorf("exit status %d", status)
		}
	case <-time.After(5 * time.Second):
		t.Error("the kernel did not stop after shutdown_request")
	}
}

// Unsigned and badly signed messages are logged and never run.
func TestKernelRejectsUnsigned(t *testing.T) {
	c := startTestKernel(t)
	h := newHeader("evil", "execute_request")
	hb, _ := json.Marshal(h)
	content := []byte(`{"code": "rejected = 1", "silent": false}`)
	for _, sig := range [][]byte{nil, []byte("00"), c.sig.sign(hb, []byte("{}"), []byte("{}"), []byte(`{"code": "other"}`))} {
		c.shell.Send(zmq4.NewMsgFrom([]byte(wireDelimiter), sig, hb, []byte("{}"), []byte("{}"), content))
	}
	c.shell.Send(zmq4.NewMsgFrom([]byte("no delimiter")))
	rep, _ := c.execute("rejected")
	if rep["ename"] != "NameError" {
		t.Errorf("an unsigned cell ran: %v", rep)
	}
	if n := strings.Count(c.log.String(), "rejected a message on shell"); n != 4 {
		t.Errorf("%d rejections logged, want 4:\n%s", n, c.log.String())
	}
}
