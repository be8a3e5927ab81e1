package main

import (
	"runtime/debug"
	"testing"
)

func TestVersionLine(t *testing.T) {
	vcs := func(mainVersion, rev, modified string) *debug.BuildInfo {
		bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/tensh/tensh", Version: mainVersion}}
		if rev != "" {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: "vcs.revision", Value: rev})
		}
		if modified != "" {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: "vcs.modified", Value: modified})
		}
		return bi
	}
	const rev = "bbc026d72a07e9e981246d9f79f49797afa05a48"
	for _, tc := range []struct {
		name, version, commit string
		bi                    *debug.BuildInfo
		want                  string
	}{
		{"stamped", "0.2.0", "abc1234", vcs("(devel)", rev, "false"),
			"tensh 0.2.0 (abc1234, PyTorch 1.13.1 semantics)"},
		{"clone", "", "", vcs("(devel)", rev, "false"),
			"tensh devel (bbc026d, PyTorch 1.13.1 semantics)"},
		{"clone with changes", "", "", vcs("v0.0.0-20261125210353-bbc026d72a07+dirty", rev, "true"),
			"tensh devel (bbc026d+dirty, PyTorch 1.13.1 semantics)"},
		{"pseudo-version after a tag", "", "", vcs("v0.2.1-0.20261125210353-bbc026d72a07", rev, "false"),
			"tensh devel (bbc026d, PyTorch 1.13.1 semantics)"},
		{"tagged commit", "", "", vcs("v0.2.0", rev, "false"),
			"tensh 0.2.0 (bbc026d, PyTorch 1.13.1 semantics)"},
		{"no vcs", "", "", vcs("(devel)", "", ""),
			"tensh devel (PyTorch 1.13.1 semantics)"},
		{"no build info", "", "", nil,
			"tensh devel (PyTorch 1.13.1 semantics)"},
		{"stamped version only", "0.2.0", "", vcs("(devel)", rev, "false"),
			"tensh 0.2.0 (bbc026d, PyTorch 1.13.1 semantics)"},
	} {
		if got := versionLine(tc.version, tc.commit, tc.bi); got != tc.want {
			t.Errorf("%s: versionLine = %q, want %q", tc.name, got, tc.want)
		}
	}
}
