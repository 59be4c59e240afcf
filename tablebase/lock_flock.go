//go:build darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd

package tablebase

import (
	"errors"
	"os"
	"syscall"
)

// haveFlock says that lockFile locks: removeStale goes by the locks
// alone.
const haveFlock = true

// errLocked is lockFile's error when another process, or another open
// file in this one, holds the lock.
var errLocked = errors.New("locked by another process")

// lockFile takes an exclusive lock on f (flock), held until f is closed
// or the process ends, however it ends: a generator holds one on the
// temporary file it writes, so that another generator's cleaning knows
// the file is not stale. It fails with errLocked at once when the lock
// is held elsewhere.
func lockFile(f *os.File) error {
	conn, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var lockErr error
	err = conn.Control(func(fd uintptr) {
		for {
			lockErr = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB)
			if !errors.Is(lockErr, syscall.EINTR) {
				return
			}
		}
	})
	switch {
	case err != nil:
		return err
	case errors.Is(lockErr, syscall.EWOULDBLOCK):
		return errLocked
	}
	return lockErr
}
