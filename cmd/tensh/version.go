package main

import (
	"regexp"
	"runtime/debug"
	"strings"
)

// Stamped at release time (scripts/release):
//
//	go build -ldflags "-X main.version=0.2.0 -X main.commit=abc1234" ./cmd/tensh
//
// A plain go build leaves them empty; versionLine then reads the commit
// from the build information that go build records from a clone.
var (
	version string
	commit  string
)

// semantics names the PyTorch version whose printing tensh follows.
const semantics = "PyTorch 1.13.1 semantics"

// versionLine is what tensh --version prints: "tensh 0.2.0 (abc1234,
// PyTorch 1.13.1 semantics)". Without a stamped version it is the tag that
// go build recorded when the commit is tagged, else "devel"; without a
// stamped commit it is the first 7 characters of the vcs.revision that go
// build recorded, with "+dirty" when the work tree had changes, and no
// commit at all when there is none (a go test binary, a build outside a
// clone).
func versionLine(version, commit string, bi *debug.BuildInfo) string {
	if version == "" {
		version = "devel"
		if bi != nil && isRelease(bi.Main.Version) {
			version = strings.TrimPrefix(strings.TrimSuffix(bi.Main.Version, "+dirty"), "v")
		}
	}
	if commit == "" && bi != nil {
		modified := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if len(commit) > 7 {
			commit = commit[:7]
		}
		if commit != "" && modified {
			commit += "+dirty"
		}
	}
	if commit == "" {
		return "tensh " + version + " (" + semantics + ")"
	}
	return "tensh " + version + " (" + commit + ", " + semantics + ")"
}

// pseudoVersion matches the time and commit of a pseudo-version
// (v0.0.0-20261125210353-bbc026d72a07), which go build (1.24 and later)
// records for an untagged commit.
var pseudoVersion = regexp.MustCompile(`[-.]\d{14}-[0-9a-f]{12}(\+dirty)?$`)

// isRelease tells whether a module version names a tagged release rather
// than "(devel)" or a pseudo-version.
func isRelease(v string) bool {
	return v != "" && v != "(devel)" && !pseudoVersion.MatchString(v)
}

// buildInfo is this binary's build information, or nil.
func buildInfo() *debug.BuildInfo {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return nil
	}
	return bi
}
