// Package version is the version littlego's commands say they are: the one stamped at
// build time (go build -ldflags "-X littlego/cmd/internal/version.Stamp=v1.2.0"), else
// the module's version or VCS revision the go command recorded, else "devel".
package version

import "runtime/debug"

// Stamp is set at build time with -ldflags -X; empty when it was not.
var Stamp string

// String returns the version: Stamp, the module version, the VCS revision (with
// "+dirty" for a modified tree), or "devel".
func String() string {
	if Stamp != "" {
		return Stamp
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return fromBuildInfo(info)
}

// fromBuildInfo is String's choice among what info records.
func fromBuildInfo(info *debug.BuildInfo) string {
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch {
		case s.Key == "vcs.revision":
			rev = s.Value
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = "+dirty"
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	return "devel-" + rev + dirty
}
