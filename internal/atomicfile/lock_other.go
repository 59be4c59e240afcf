//go:build !(darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd)

package atomicfile

import (
	"errors"
	"os"
)

// HaveFlock says that Lock does nothing: RemoveStale goes by the files'
// times.
const HaveFlock = false

// ErrLocked is Lock's error when the lock is held elsewhere, which
// without flock it never is.
var ErrLocked = errors.New("locked by another process")

// Lock does nothing on this system: the standard library offers no flock
// here. RemoveStale then goes by the files' times alone (and on Windows
// cannot remove a file another process has open), and a record file of
// package match is not locked: two matches started on one file would
// both write it.
func Lock(*os.File) error { return nil }
