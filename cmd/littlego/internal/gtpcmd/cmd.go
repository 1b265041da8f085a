package gtpcmd

import "littlego/cmd/littlego/internal/base"

// Cmd is "littlego gtp".
var Cmd = &base.Command{Name: "gtp", UsageLine: "littlego gtp", Short: "the engine as a Go Text Protocol engine (Sabaki, GoGui, twogtp)", Main: run}
