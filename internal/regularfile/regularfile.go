// Package regularfile opens the files a user names for reading (endgame
// tables, network weights, a match's record file) without the risks of a
// path that is not a regular file: a named pipe with no writer would block
// the open, or the reads, and a device or directory would be read as data.
package regularfile

import (
	"errors"
	"fmt"
	"os"
)

// ErrNotRegular is wrapped by the error of a path that is not a regular
// file, for errors.Is.
var ErrNotRegular = errors.New("not a regular file")

// Open opens the file name for reading and returns it when it is a
// regular file (a symbolic link is followed); anything else is refused
// with an error wrapping ErrNotRegular that names its type, such as "not
// a regular file (a named pipe)", without waiting for a writer.
func Open(name string) (*os.File, error) {
	return OpenFile(name, os.O_RDONLY, 0)
}

// OpenFile is Open for a file opened as os.OpenFile opens it, with flag
// and perm: for a file read and then written, such as a record file that
// a match resumes from and appends to, made when missing with O_CREATE.
// A named pipe opened for reading and writing would never end: its reads
// would wait for the writer that the program itself is. (Opened for
// writing alone, a named pipe without a reader fails at once, with the
// system's error.)
func OpenFile(name string, flag int, perm os.FileMode) (*os.File, error) {
	f, err := openNonblocking(name, flag, perm)
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
		return nil, fmt.Errorf("%s: %w (%s)", name, ErrNotRegular, fileType(info.Mode()))
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
