// Package atomicfile writes files through temporary files renamed into
// place, so that a program killed while writing leaves no partial file
// under the file's name, and removes the temporary files such a program
// left: the endgame tables' generator and the book tool write their
// files with it. A
// writer holds an exclusive lock (flock) on its temporary file from its
// creation to its rename, so that writers sharing a directory never
// remove each other's. Package match takes the same lock (Lock) on the
// record file of a match while it runs, so that two matches never write
// one file.
package atomicfile

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/surakarta-go/surakarta/internal/errmark"
	"github.com/surakarta-go/surakarta/internal/regularfile"
)

// WriteFile writes data to the file name through a temporary file in its
// directory (CreateTemp), synced and renamed into place (Commit), so that
// a failure, a kill or a power loss leaves the file as it was, never part
// written. The file has the mode of the file it replaces, or when new
// the mode a plain create gives (0666 less the umask), so that a file
// made for others to read (a web directory, another user's program)
// stays readable by them. It first removes the temporary files of name
// that a writer killed while writing it left (RemoveStale, telling
// removed of each); a directory it cannot list is still written.
//
// Nothing but a regular file is renamed over, as a shell's redirection
// replaces nothing but a file's contents: a symbolic link is written
// through, the file it leads to replaced as above and the link kept (a
// link to nothing makes the file it names); a name that is not a regular
// file, such as a device (/dev/null) or a named pipe, is opened and
// written directly, a named pipe waiting for its reader; a directory is
// an error.
func WriteFile(name string, data []byte, removed func(file string, err error)) error {
	name, old, err := target(name)
	if err != nil {
		return err
	}
	if old != nil && !old.Mode().IsRegular() {
		return writeInto(name, data)
	}
	// The directory without links or "..", so that the paths joined to
	// it below, which filepath.Join cleans, are where the system puts
	// them.
	dir, base := filepath.Split(name)
	dir, err = filepath.EvalSymlinks(dir + ".")
	if err != nil {
		return err
	}
	name = filepath.Join(dir, base)
	perm := os.FileMode(0o666)
	if old != nil {
		perm = old.Mode().Perm()
	}
	RemoveStale(dir, func(file string) bool { return IsTemp(file, base) }, time.Now(), removed)
	f, err := CreateTemp(dir, base, perm)
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	if _, err := f.Write(data); err != nil {
		return err
	}
	if old != nil {
		// The umask took bits of perm off the new file.
		if err := f.Chmod(perm); err != nil {
			return err
		}
	}
	return Commit(f, name)
}

// maxLinks is the most symbolic links target follows, as Linux does.
const maxLinks = 40

// target returns the file that writing name writes: name itself, or the
// file its symbolic links lead to, each link's target read from the
// link's directory, with its information, nil when it does not exist.
// More than maxLinks links are an error wrapping syscall.ELOOP, the
// system's error for them.
// The paths are joined, not cleaned, so that ".." after a link to a
// directory means what it means to the system.
func target(name string) (string, os.FileInfo, error) {
	file := name
	for range maxLinks {
		info, err := os.Lstat(file)
		switch {
		case errors.Is(err, os.ErrNotExist):
			return file, nil, nil
		case err != nil:
			return "", nil, err
		case info.Mode()&os.ModeSymlink == 0:
			return file, info, nil
		}
		to, err := os.Readlink(file)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(to) {
			dir, _ := filepath.Split(file)
			to = dir + to
		}
		file = to
	}
	return "", nil, errmark.Errorf(syscall.ELOOP, "%s: more than %d symbolic links", name, maxLinks)
}

// writeInto writes data to the file name, not a regular one, opened for
// writing: a device, or a named pipe, whose open waits for a reader.
func writeInto(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err2 := f.Close(); err == nil {
		err = err2
	}
	return err
}

// CreateTemp creates a temporary file in dir for the file name, named
// name, ".tmp" and a random number (as os.CreateTemp names them), with
// the permissions perm less the umask, locked (Lock) for as long as it
// is open. A file that another writer's RemoveStale took between its
// creation and its lock (and removed) is left for a new one.
func CreateTemp(dir, name string, perm os.FileMode) (*os.File, error) {
	for range 100 {
		f, err := create(dir, name, perm)
		if err != nil {
			return nil, err
		}
		if err := Lock(f); err != nil {
			f.Close()
			if errors.Is(err, ErrLocked) {
				continue
			}
			os.Remove(f.Name())
			return nil, err
		}
		mine, err := f.Stat()
		if err != nil {
			f.Close()
			os.Remove(f.Name())
			return nil, err
		}
		if now, err := os.Lstat(f.Name()); err == nil && os.SameFile(mine, now) {
			return f, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("%s: no temporary file for %s stayed in place", dir, name)
}

// create creates a new file in dir named as CreateTemp says, with perm:
// os.CreateTemp would give it 0600 whatever perm.
func create(dir, name string, perm os.FileMode) (*os.File, error) {
	for range 10000 {
		path := filepath.Join(dir, name+".tmp"+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("%s: no free name for a temporary file for %s", dir, name)
}

// Commit makes f, a temporary file of CreateTemp fully written, the file
// name: it syncs f, so that a power loss cannot leave a partial file
// under name, renames it to name and closes it. The file is renamed
// still open, so still locked: another writer's RemoveStale never sees
// it unlocked under its temporary name. Windows renames no open file: it
// is closed first there.
func Commit(f *os.File, name string) error {
	if err := f.Sync(); err != nil {
		return err
	}
	if runtime.GOOS == "windows" {
		if err := f.Close(); err != nil {
			return err
		}
	}
	if err := os.Rename(f.Name(), name); err != nil {
		return err
	}
	return f.Close()
}

// IsTemp reports whether file is the name of a temporary file that
// CreateTemp makes for name: name, ".tmp" and digits.
func IsTemp(file, name string) bool {
	digits, ok := strings.CutPrefix(file, name+".tmp")
	if !ok || digits == "" {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// staleAge is, where there is no flock (HaveFlock), how long before a
// writer started a temporary file must have been last written for its
// RemoveStale to take it for a killed writer's: a file another writer
// has just created and is writing is not. Where there is flock the lock
// alone decides: a file another writer has just created, and not yet
// locked, may be removed, and CreateTemp then makes a new one.
const staleAge = time.Minute

// RemoveStale removes the temporary files that a writer killed while
// writing left in dir: the regular files whose names isTemp accepts and
// that no writer holds locked, however recently they were written, so
// that a killed program started again at once removes its own. It calls
// removed (when not nil) with the name of each and the error of its
// removal. Where there is no flock (Windows, which removes no open file)
// the time alone decides: the files last written staleAge or more before
// start (when the writer calling it started).
func RemoveStale(dir string, isTemp func(file string) bool, start time.Time, removed func(file string, err error)) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !e.Type().IsRegular() || !isTemp(e.Name()) {
			continue
		}
		name := filepath.Join(dir, e.Name())
		if !HaveFlock {
			if info, err := e.Info(); err != nil || info.ModTime().After(start.Add(-staleAge)) {
				continue
			}
		}
		f, err := regularfile.Open(name)
		if err != nil {
			continue
		}
		if Lock(f) == nil {
			// Removed under the lock, and only if the name is still the
			// file locked.
			mine, err1 := f.Stat()
			now, err2 := os.Lstat(name)
			if err1 == nil && err2 == nil && os.SameFile(mine, now) {
				err := os.Remove(name)
				if removed != nil {
					removed(e.Name(), err)
				}
			}
		}
		f.Close()
	}
	return nil
}
