package profile

import "littlego/cmd/littlego/internal/base"

// Cmd is "littlego profile".
var Cmd = &base.Command{Name: "profile", UsageLine: "littlego profile", Short: "profile the fixed search workload", Main: run}
