// Package regularfile opens the files a user names for reading (endgame
// tables, network weights) without the risks of a path that is not a
// regular file: a named pipe with no writer would block the open, and a
// device or directory would be read as data.
package regularfile

import (
	"fmt"
	"os"
)

// Open opens the file name for reading and returns it when it is a
// regular file (a symbolic link is followed); anything else is refused
// with an error that names its type, such as "not a regular file (a named
// pipe)", without waiting for a writer.
func Open(name string) (*os.File, error) {
	f, err := openNonblocking(name)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s: not a regular file (%s)", name, fileType(info.Mode()))
	}
	return f, nil
}

// fileType names the type of a file that is not a regular one.
func fileType(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}
