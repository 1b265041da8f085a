package trainpatterns

import "littlego/cmd/littlego/internal/base"

// Cmd is "littlego train-patterns".
var Cmd = &base.Command{Name: "train-patterns", UsageLine: "littlego train-patterns", Short: "generate games, fit and evaluate the pattern policy", Main: run}
