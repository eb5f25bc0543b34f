// Package golist is the program of fg-top --list's test against
// go tool pprof -list: a recursion, an inlined helper, a loop.
package golist

// fib is recursive: a line of it is counted once per stack however
// deep the recursion goes.
func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

// square is inlined into sumSquares.
func square(x int) int { return x * x }

func sumSquares(xs []int) int {
	s := 0
	for _, x := range xs {
		s += square(x) % 7
	}
	return s
}

func fill(xs []int, k int) {
	for i := range xs {
		xs[i] = i*k + 1
	}
}

// Work spends its time on three kinds of work, line by line.
func Work(n int) int {
	xs := make([]int, 4096)
	t := 0
	for i := 0; i < n; i++ {
		fill(xs, i)
		t += sumSquares(xs)
		t += fib(18)
	}
	return t
}
