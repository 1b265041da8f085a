module littlego/games

go 1.26.0

require littlego v0.0.0

replace littlego => ../
