package tune

import "littlego/cmd/littlego/internal/base"

// Cmd is "littlego tune".
var Cmd = &base.Command{Name: "tune", UsageLine: "littlego tune", Short: "tune engine options by SPSA, then verify by SPRT", Main: run}
