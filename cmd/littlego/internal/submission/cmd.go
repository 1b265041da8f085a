package submission

import "littlego/cmd/littlego/internal/base"

// Cmd is "littlego submission".
var Cmd = &base.Command{Name: "submission", UsageLine: "littlego submission", Short: "build the course submission folder around my_player", Main: run}
