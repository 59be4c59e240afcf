//go:build !unix

package tablebase

import "os"

// openFile opens the file name for reading. Outside Unix a file in a
// directory cannot be a named pipe that blocks the open; openTable still
// refuses anything but a regular file.
func openFile(name string) (*os.File, error) {
	return os.Open(name)
}
