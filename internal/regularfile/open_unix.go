//go:build unix

package regularfile

import (
	"os"
	"syscall"
)

// openNonblocking opens the file name as os.OpenFile does, without
// waiting: a named pipe opens at once, with no writer, so that OpenFile
// can refuse it rather than block until some process writes to it. Reads
// and writes of a regular file are not changed by the flag.
func openNonblocking(name string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(name, flag|syscall.O_NONBLOCK, perm)
}
