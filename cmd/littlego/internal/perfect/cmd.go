package perfect

import "littlego/cmd/littlego/internal/base"

// Cmd is "littlego perfect".
var Cmd = &base.Command{Name: "perfect", UsageLine: "littlego perfect", Short: "measure how often the engine's moves keep the proved result", Main: run}
