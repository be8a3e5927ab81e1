package torch

import "github.com/tensh/tensh/eval"

// torchReference writes the torch submodules' functions (torch.linalg.,
// ...) after the torch functions of docs/reference.md, then their
// sections.
func torchReference(w func(string), item func(prefix string, bl *eval.Builtin, also string)) {
	for _, sub := range eval.SortedKeys(submoduleFuncs) {
		for _, bl := range submoduleFuncs[sub] {
			item("torch."+sub+".", bl, "")
		}
	}
	w("")

	for _, sec := range referenceSections {
		w("## " + sec.prefix[:len(sec.prefix)-1])
		w("")
		for _, n := range eval.SortedKeys(sec.fns) {
			item(sec.prefix, sec.fns[n], "")
		}
		w("")
	}
}
