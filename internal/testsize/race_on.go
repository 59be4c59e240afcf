//go:build race

package testsize

// Race is true when the tests were built with the race detector (-race).
const Race = true
