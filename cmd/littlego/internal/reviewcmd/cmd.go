package reviewcmd

import "littlego/cmd/littlego/internal/base"

// Cmd is "littlego review".
var Cmd = &base.Command{Name: "review", UsageLine: "littlego review", Short: "find where games were won and lost, with the exact solver", Main: run}
