//go:build darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd

package match

import (
	"errors"
	"os"
	"syscall"
)

// errLocked is lockFile's error when another process holds the lock.
var errLocked = errors.New("locked by another process")

// lockFile takes an exclusive lock on f (flock), held until f is closed or
// the process ends, however it ends. It fails with errLocked at once when
// another process holds it.
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLocked
		case errors.Is(err, syscall.EINTR):
			continue
		}
		return err
	}
}
