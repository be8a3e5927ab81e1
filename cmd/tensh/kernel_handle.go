//go:build !js

package main

import (
	"encoding/json"
	"fmt"

	"github.com/go-zeromq/zmq4"
)

// handle answers one request of the shell or control channel, between a
// busy and an idle status on IOPub (the protocol's rule).
func (k *kernel) handle(channel string, sock zmq4.Socket, m *message) {
	k.publish(m, "status", map[string]string{"execution_state": "busy"})
	defer k.publish(m, "status", map[string]string{"execution_state": "idle"})
	switch m.Header.MsgType {
	case "kernel_info_request":
		k.reply(sock, m, "kernel_info_reply", kernelInfo())
	case "execute_request":
		var req executeRequest
		if !k.content(m, &req) || req.Code == nil {
			k.reply(sock, m, "execute_reply", badRequest("code"))
			return
		}
		k.reply(sock, m, "execute_reply", k.exec.execute(m, req))
	case "complete_request":
		var req struct {
			Code      string `json:"code"`
			CursorPos *int   `json:"cursor_pos"`
		}
		if !k.content(m, &req) || req.CursorPos == nil {
			k.reply(sock, m, "complete_reply", badRequest("cursor_pos"))
			return
		}
		k.reply(sock, m, "complete_reply", k.exec.complete(req.Code, *req.CursorPos))
	case "inspect_request":
		var req struct {
			Code      string `json:"code"`
			CursorPos int    `json:"cursor_pos"`
		}
		if !k.content(m, &req) {
			k.reply(sock, m, "inspect_reply", badRequest("code"))
			return
		}
		k.reply(sock, m, "inspect_reply", k.exec.inspect(req.Code, req.CursorPos))
	case "is_complete_request":
		var req struct {
			Code *string `json:"code"`
		}
		if !k.content(m, &req) || req.Code == nil {
			k.reply(sock, m, "is_complete_reply", badRequest("code"))
			return
		}
		k.reply(sock, m, "is_complete_reply", isComplete(*req.Code))
	case "history_request":
		var req historyRequest
		if !k.content(m, &req) {
			k.reply(sock, m, "history_reply", badRequest("hist_access_type"))
			return
		}
		k.reply(sock, m, "history_reply", map[string]any{"status": "ok", "history": k.exec.history(req)})
	case "comm_info_request":
		k.reply(sock, m, "comm_info_reply", map[string]any{"status": "ok", "comms": map[string]any{}})
	case "interrupt_request":
		k.interrupt()
		k.reply(sock, m, "interrupt_reply", map[string]any{"status": "ok"})
	case "shutdown_request":
		var req struct {
			Restart bool `json:"restart"`
		}
		k.content(m, &req)
		k.interrupt()
		k.reply(sock, m, "shutdown_reply", map[string]any{"status": "ok", "restart": req.Restart})
		k.publish(m, "shutdown_reply", map[string]any{"status": "ok", "restart": req.Restart})
		// Jupyter restarts a kernel by starting a new process: this one
		// ends either way.
		select {
		case k.done <- exitOK:
		default:
		}
	default:
		fmt.Fprintf(k.log, msgKernelUnknown, m.Header.MsgType, channel)
	}
}

// content decodes a request's content; a malformed one is logged.
func (k *kernel) content(m *message, dst any) bool {
	if err := json.Unmarshal(m.Content, dst); err != nil {
		fmt.Fprintf(k.log, msgKernelRejected, m.Header.MsgType, err)
		return false
	}
	return true
}

// badRequest is the error reply to a request without a required field.
func badRequest(field string) map[string]any {
	return map[string]any{"status": "error", "ename": "ValueError",
		"evalue": fmt.Sprintf(msgKernelMissing, field), "traceback": []string{}}
}

const msgKernelMissing = "the request has no valid %q"

// kernelInfo is kernel_info_reply's content.
func kernelInfo() map[string]any {
	return map[string]any{
		"status":                 "ok",
		"protocol_version":       protocolVersion,
		"implementation":         "tensh",
		"implementation_version": versionLine(version, commit, buildInfo()),
		"language_info": map[string]any{
			"name":               "python",
			"version":            "3.11",
			"mimetype":           "text/x-python",
			"file_extension":     ".py",
			"pygments_lexer":     "ipython3",
			"codemirror_mode":    map[string]any{"name": "ipython", "version": 3},
			"nbconvert_exporter": "python",
		},
		"banner": versionLine(version, commit, buildInfo()) + ": Python with PyTorch's tensors",
		"help_links": []map[string]string{
			{"text": "tensh notebooks", "url": "https://github.com/tensh/tensh/blob/main/docs/notebooks.md"},
		},
	}
}
