//go:build !unix

package regularfile

import "os"

// openNonblocking opens the file name as os.OpenFile does. Outside Unix
// a file cannot be a named pipe that blocks the open; OpenFile still
// refuses anything but a regular file.
func openNonblocking(name string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(name, flag, perm)
}
