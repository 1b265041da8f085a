package whole

// G is a generic type with a long method kept whole.
type G[T any] struct{ v T }

// Kept has 12 lines. It stays whole: the tests count such functions.
func (g G[T]) Kept() int {
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
