package arenacmd

import "littlego/cmd/littlego/internal/base"

// Cmd is "littlego arena".
var Cmd = &base.Command{Name: "arena", UsageLine: "littlego arena", Short: "play matches between two agents under the course host's rules", Main: run}
