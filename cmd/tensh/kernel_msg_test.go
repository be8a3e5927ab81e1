//go:build !js

package main

import (
	"bytes"
	"crypto/hmac"
	"strings"
	"testing"
)

// FuzzKernelDecode: whatever frames arrive, decode does not panic, and a
// message it accepts carries the key's signature of its frames and a
// header with msg_id, msg_type and session.
func FuzzKernelDecode(f *testing.F) {
	sig := signer{[]byte("key")}
	good, _ := sig.encode(nil, newHeader("s", "execute_request"), nil, map[string]any{"code": "1"})
	f.Add(bytes.Join(good, []byte{0}))
	f.Add([]byte("<IDS|MSG>\x00\x00{}\x00{}\x00{}\x00{}"))
	f.Add([]byte("id\x00<IDS|MSG>\x00abc\x00{\"msg_id\":1}\x00null\x00[]\x00{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		frames := bytes.Split(data, []byte{0})
		// Half the inputs get a valid signature, so that the JSON checks
		// after it are reached.
		if len(data)%2 == 0 {
			for i, fr := range frames {
				if string(fr) == wireDelimiter && len(frames) >= i+6 {
					frames[i+1] = sig.sign(frames[i+2], frames[i+3], frames[i+4], frames[i+5])
					break
				}
			}
		}
		m, err := sig.decode(frames)
		if err != nil {
			return
		}
		i := len(m.ids)
		if !hmac.Equal(frames[i+1], sig.sign(frames[i+2], frames[i+3], frames[i+4], frames[i+5])) {
			t.Fatal("accepted a message whose signature is not the key's")
		}
		if m.Header.MsgID == "" || m.Header.MsgType == "" || m.Header.Session == "" {
			t.Fatalf("accepted a header without its fields: %+v", m.Header)
		}
	})
}

// Each malformed message is rejected with its reason.
func TestKernelDecodeRejects(t *testing.T) {
	sig := signer{[]byte("key")}
	signed := func(h, p, m, c string) [][]byte {
		return [][]byte{[]byte(wireDelimiter), sig.sign([]byte(h), []byte(p), []byte(m), []byte(c)), []byte(h), []byte(p), []byte(m), []byte(c)}
	}
	hdr := `{"msg_id":"1","msg_type":"execute_request","session":"s"}`
	for name, tc := range map[string]struct {
		frames [][]byte
		want   string
	}{
		"no delimiter":   {[][]byte{[]byte("x")}, "delimiter"},
		"short":          {[][]byte{[]byte(wireDelimiter), []byte("sig")}, "fewer than 5"},
		"unsigned":       {[][]byte{[]byte(wireDelimiter), nil, []byte(hdr), []byte("{}"), []byte("{}"), []byte("{}")}, "bad signature"},
		"other key":      {append([][]byte{[]byte(wireDelimiter), signer{[]byte("other")}.sign([]byte(hdr), []byte("{}"), []byte("{}"), []byte("{}"))}, []byte(hdr), []byte("{}"), []byte("{}"), []byte("{}")), "bad signature"},
		"header JSON":    {signed(`{"msg_id":`, "{}", "{}", "{}"), "header"},
		"no msg_type":    {signed(`{"msg_id":"1","session":"s"}`, "{}", "{}", "{}"), "required"},
		"content array":  {signed(hdr, "{}", "{}", "[1]"), "content: not a JSON object"},
		"content null":   {signed(hdr, "{}", "{}", "null"), "content: not a JSON object"},
		"parent garbage": {signed(hdr, "}{", "{}", "{}"), "parent_header"},
		"too many":       {make([][]byte, maxFrames+1), "more than"},
	} {
		_, err := sig.decode(tc.frames)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
	}
	if m, err := sig.decode(signed(hdr, "{}", "{}", `{"code":"1"}`)); err != nil || m.Header.MsgType != "execute_request" {
		t.Errorf("a good message: %v", err)
	}
}
