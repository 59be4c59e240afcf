//go:build unix

package regularfile

import (
	"os"
	"syscall"
)

// openNonblocking opens the file name for reading without waiting: a
// named pipe opens at once, with no writer, so that Open can refuse it
// rather than block until some process writes to it. Reads of a regular
// file are not changed by the flag.
func openNonblocking(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
