//go:build darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd

package atomicfile

import (
	"errors"
	"os"
	"syscall"
)

// HaveFlock says that Lock locks: RemoveStale goes by the locks alone.
const HaveFlock = true

// ErrLocked is Lock's error when another process, or another open file
// in this one, holds the lock.
var ErrLocked = errors.New("locked by another process")

// Lock takes an exclusive lock on f (flock), held until f is closed or
// the process ends, however it ends: a writer holds one on the temporary
// file it writes, so that another writer's RemoveStale knows the file is
// not stale, and a match on its record file, so that no other match
// writes it. It fails with ErrLocked at once when the lock is held
// elsewhere.
func Lock(f *os.File) error {
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
		return ErrLocked
	}
	return lockErr
}
