package eval

import "strings"

// What %save writes (package magic) and front ends save (TranscriptRange):
// the inputs of the history as a transcript.

// savedInput reports whether %save keeps an input: it completed, or failed
// at run time (an error is part of a transcript), and is not a magic that
// prints something else each time.
func savedInput(h *Input) bool {
	if !savable(h) {
		return false
	}
	typ, _, _ := strings.Cut(h.ErrorLine(), ":")
	return typ != "KeyboardInterrupt" && typ != "SyntaxError" && typ != "IndentationError"
}

// savable reports whether %save keeps an input.
func savable(h *Input) bool {
	if h.MagicName() == "" {
		return strings.TrimSpace(h.Source()) != ""
	}
	m := LookupMagic(h.MagicName())
	return m != nil && m.Save
}

// transcriptOf writes inputs as a transcript: ">>> " and "... " lines,
// then what they printed.
func transcriptOf(entries []*Input, compat Compat) string {
	var b strings.Builder
	b.WriteString(msgSaveHeader + "\n")
	if compat == CompatDocs {
		b.WriteString(">>> %compat docs\n")
	}
	for _, h := range entries {
		for i, l := range strings.Split(strings.TrimRight(h.Source(), "\n"), "\n") {
			if i == 0 {
				b.WriteString(">>> " + l + "\n")
			} else {
				b.WriteString("... " + l + "\n")
			}
		}
		b.Write(h.Output())
		if len(h.Output()) > 0 && !strings.HasSuffix(string(h.Output()), "\n") {
			b.WriteString("\n")
		}
		if h.ErrorLine() != "" {
			b.WriteString(h.ErrorLine() + "\n")
		}
	}
	return b.String()
}

// SavedInput reports whether %save keeps an input (see savedInput).
func SavedInput(h *Input) bool { return savedInput(h) }

// TranscriptOf writes inputs as a transcript, as %save does.
func TranscriptOf(entries []*Input, compat Compat) string { return transcriptOf(entries, compat) }
