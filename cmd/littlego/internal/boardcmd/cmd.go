package boardcmd

import "littlego/cmd/littlego/internal/base"

// Cmd is "littlego board".
var Cmd = &base.Command{Name: "board", UsageLine: "littlego board", Short: "serve the board in a browser: play, analyse, review, watch", Main: run}
