//go:build !(darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd)

package tablebase

import (
	"errors"
	"os"
)

// lockFile does nothing on this system: the standard library offers no
// flock here. A generator's cleaning then goes by the files' times alone
// (and on Windows cannot remove a file another process has open).
func lockFile(*os.File) error { return nil }

// haveFlock says that lockFile does nothing: removeStale goes by the
// files' times.
const haveFlock = false

// errLocked is lockFile's error when the lock is held elsewhere, which
// without flock it never is.
var errLocked = errors.New("locked by another process")
