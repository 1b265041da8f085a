package version

import (
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	for _, c := range []struct {
		info debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{}, "devel"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, "v1.2.0"},
		{debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef"}}}, "devel-0123456789ab"},
		{debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "true"}}}, "devel-abc+dirty"},
	} {
		if got := fromBuildInfo(&c.info); got != c.want {
			t.Errorf("fromBuildInfo(%+v) = %q, want %q", c.info, got, c.want)
		}
	}
}

func TestStampWins(t *testing.T) {
	defer func(s string) { Stamp = s }(Stamp)
	Stamp = "v9"
	if got := String(); got != "v9" {
		t.Errorf("String() = %q with Stamp v9", got)
	}
}
