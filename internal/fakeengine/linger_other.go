//go:build !unix

package fakeengine

import "errors"

// startLingering fails: the test that uses it is for Linux.
func startLingering(string) error { return errors.New("no sessions on this system") }
