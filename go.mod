module littlego

go 1.26
