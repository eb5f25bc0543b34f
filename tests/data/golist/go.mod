module golist

go 1.19
