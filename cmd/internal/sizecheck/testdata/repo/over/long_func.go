package over

// LongFunc has 12 lines, over the tests' limit of 10.
func LongFunc() int {
	x := 0
	x++
	x++
	x++
	x++
	x++
	x++
	x++
	x++
	return x
}

// T has a long method kept whole.
type T struct{}

// Kept has 12 lines too. It stays whole: the tests need one such method.
func (*T) Kept() int {
	x := 0
	x++
	x++
	x++
	x++
	x++
	x++
	x++
	x++
	return x
}
