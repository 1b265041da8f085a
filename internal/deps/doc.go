// Package deps holds no code: its test checks the module's layering, the packages each
// package may import, written as data in deps_test.go (as the Go repository's
// go/build/deps_test.go does). A new package is placed in the rules before it lands.
package deps
