//go:build !js

package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// The Jupyter messaging protocol's wire format (version 5.3): a message
// is the routing identities, the delimiter, the HMAC-SHA256 signature (in
// hex) of the next four frames, the header, the parent header, the
// metadata and the content (JSON objects), then binary buffers.

const (
	protocolVersion = "5.3"
	wireDelimiter   = "<IDS|MSG>"
	// maxFrames bounds the frames of one message (identities and buffers).
	maxFrames = 64
)

// msgHeader is a message's header.
type msgHeader struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// message is one Jupyter message, decoded.
type message struct {
	ids      [][]byte // the ROUTER socket's routing identities
	Header   msgHeader
	Parent   json.RawMessage // the parent header, "{}" when none
	Metadata json.RawMessage
	Content  json.RawMessage
	Buffers  [][]byte
}

// Errors of decoding, in the kernel's log (never Python's).
var (
	errNoDelimiter  = errors.New("no <IDS|MSG> delimiter")
	errShortMessage = errors.New("fewer than 5 frames after the delimiter")
	errTooManyFrame = fmt.Errorf("more than %d frames", maxFrames)
	errBadSignature = errors.New("bad signature")
)

// Messages of the kernel's log (stderr).
const (
	msgKernelRejected = "tensh kernel: rejected a message on %s: %v\n"
	msgKernelUnknown  = "tensh kernel: unknown message type %q on %s\n"
	msgKernelSendErr  = "tensh kernel: sending %s: %v\n"
	msgKernelRecvErr  = "tensh kernel: receiving on %s: %v\n"
)

// signer signs and verifies messages with the connection file's key.
type signer struct{ key []byte }

// sign is the hex HMAC-SHA256 of the four JSON frames.
func (s signer) sign(frames ...[]byte) []byte {
	mac := hmac.New(sha256.New, s.key)
	for _, f := range frames {
		mac.Write(f)
	}
	sum := mac.Sum(nil)
	out := make([]byte, hex.EncodedLen(len(sum)))
	hex.Encode(out, sum)
	return out
}

// decode checks a message's signature and decodes it. A message whose
// signature is not the key's, that is not JSON or lacks its header's
// msg_id, msg_type or session is an error: it is never handled.
func (s signer) decode(frames [][]byte) (*message, error) {
	if len(frames) > maxFrames {
		return nil, errTooManyFrame
	}
	i := 0
	for i < len(frames) && !bytes.Equal(frames[i], []byte(wireDelimiter)) {
		i++
	}
	if i == len(frames) {
		return nil, errNoDelimiter
	}
	rest := frames[i+1:]
	if len(rest) < 5 {
		return nil, errShortMessage
	}
	want := s.sign(rest[1], rest[2], rest[3], rest[4])
	if !hmac.Equal(want, rest[0]) {
		return nil, errBadSignature
	}
	m := &message{ids: frames[:i], Buffers: rest[5:]}
	if err := json.Unmarshal(rest[1], &m.Header); err != nil {
		return nil, fmt.Errorf("header: %v", err)
	}
	if m.Header.MsgID == "" || m.Header.MsgType == "" || m.Header.Session == "" {
		return nil, errors.New("header: msg_id, msg_type and session are required")
	}
	for _, f := range []struct {
		name string
		raw  []byte
		dst  *json.RawMessage
	}{{"parent_header", rest[2], &m.Parent}, {"metadata", rest[3], &m.Metadata}, {"content", rest[4], &m.Content}} {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(f.raw, &obj); err != nil || obj == nil {
			return nil, fmt.Errorf("%s: not a JSON object", f.name)
		}
		*f.dst = json.RawMessage(f.raw)
	}
	return m, nil
}

// encode is the frames of a message: identities, delimiter, signature,
// header, parent header, metadata, content.
func (s signer) encode(ids [][]byte, h msgHeader, parent json.RawMessage, content any) ([][]byte, error) {
	hb, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	if len(parent) == 0 {
		parent = json.RawMessage("{}")
	}
	cb, err := json.Marshal(content)
	if err != nil {
		return nil, err
	}
	meta := []byte("{}")
	frames := append([][]byte{}, ids...)
	frames = append(frames, []byte(wireDelimiter), s.sign(hb, parent, meta, cb), hb, parent, meta, cb)
	return frames, nil
}

// newHeader is the header of a message the kernel sends.
func newHeader(session, msgType string) msgHeader {
	return msgHeader{MsgID: newID(), Session: session, Username: "tensh",
		Date: time.Now().UTC().Format("2006-01-02T15:04:05.000000Z"), MsgType: msgType, Version: protocolVersion}
}

// newID is a random UUID (version 4).
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
