//go:build unix

package tablebase

import (
	"os"
	"syscall"
)

// openFile opens the file name for reading without waiting: a named pipe
// opens at once, with no writer, so that openTable can refuse it rather
// than block until some process writes to it. Reads of a regular file
// are not changed by the flag.
func openFile(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
