// Package deps holds no code: its test checks the module's layering, the packages each
// package may import, written as one text of rules with the reason beside each in
// deps_test.go (in the manner of the Go repository's go/build/deps_test.go), against
// every import of the module, its tests' included. A new package is placed in the rules
// before it lands.
package deps
