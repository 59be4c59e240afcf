package pipetest

import (
	"errors"
	"os"
	"syscall"
)

// mknodNull makes the device node path with the device number of
// /dev/null, a character device readable and writable by all.
func mknodNull(path string) error {
	var st syscall.Stat_t
	if err := syscall.Stat(os.DevNull, &st); err != nil {
		return err
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFCHR {
		return errors.New(os.DevNull + " is not a character device")
	}
	return syscall.Mknod(path, syscall.S_IFCHR|0o666, int(st.Rdev))
}
