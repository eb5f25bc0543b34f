package golist

import "testing"

var sink int

func BenchmarkWork(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += Work(4)
	}
}
