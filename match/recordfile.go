package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/internal/atomicfile"
	"github.com/surakarta-go/surakarta/internal/errmark"
	"github.com/surakarta-go/surakarta/internal/regularfile"
)

// recordFile is the record file of a match, open and locked for the whole
// run, so that no other match writes it meanwhile (atomicfile.Lock). Merge
// reads shards' files through it too, with scan, opened read-only and not
// locked.
type recordFile struct {
	name    string
	f       *os.File // opened for reading and appending
	created bool     // this match created the file
}

// lockWait is how long openRecordFile tries again to lock a file whose
// lock another process holds: a process that this one is starting (an
// engine program) holds a copy of every open file, and with it the lock of
// a record file that a match of this process has just closed, until it
// runs its program.
const lockWait = 500 * time.Millisecond

// openRecordFile opens the record file, creating it if needed, and locks
// it. It fails when another process holds the lock for lockWait, and at
// once when the file is not a regular one (regularfile.OpenFile): a named
// pipe's reads would wait for the writer that the match itself is, and a
// device keeps no games.
func openRecordFile(name string) (*recordFile, error) {
	created := true
	f, err := regularfile.OpenFile(name, os.O_RDWR|os.O_APPEND|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		created = false
		f, err = regularfile.OpenFile(name, os.O_RDWR|os.O_APPEND, 0)
	}
	if err != nil {
		return nil, fmt.Errorf("match: record file: %w", err)
	}
	err = atomicfile.Lock(f)
	for wait := time.Now().Add(lockWait); errors.Is(err, atomicfile.ErrLocked) && time.Now().Before(wait); {
		time.Sleep(10 * time.Millisecond)
		err = atomicfile.Lock(f)
	}
	if err != nil {
		f.Close()
		if errors.Is(err, atomicfile.ErrLocked) {
			return nil, errmark.Errorf(ErrLocked, "match: %s is the record file of a match still running (another process holds its lock): wait for it to end, stop it, or use another file", name)
		}
		return nil, fmt.Errorf("match: locking %s: %w", name, err)
	}
	return &recordFile{name: name, f: f, created: created}, nil
}

// close releases the file and its lock. A file that this match created
// and left empty is removed: a match that recorded nothing leaves nothing.
func (rf *recordFile) close() error {
	if rf.created {
		if info, err := rf.f.Stat(); err == nil && info.Size() == 0 {
			os.Remove(rf.name)
		}
	}
	return rf.f.Close()
}

// append writes rec at the end of the file and waits until it is on disk.
func (rf *recordFile) append(rec *record.Record) error {
	if _, err := rec.WriteTo(rf.f); err != nil {
		return fmt.Errorf("match: writing %s: %w", rf.name, err)
	}
	if err := rf.f.Sync(); err != nil {
		return fmt.Errorf("match: writing %s: %w", rf.name, err)
	}
	return nil
}

// readRecords calls add for every record of the file, with its number in
// the file (from 1), and leaves the file ready for appending.
//
// A record cut short at the end of the file, as a crash or a full disk
// leaves the one being written, stops nothing: its bytes are appended to
// the file NAME.partial and cut from the file, and report says so; its
// round is then played again. A record that does not read anywhere else
// is an error that names its line, and the file is left as it is.
func (rf *recordFile) readRecords(add func(rec *record.Record, n int) error, report func(string)) error {
	end, cut, err := rf.scan("match: resuming from ", add)
	if err != nil {
		return err
	}
	if cut != nil {
		size, err := rf.setAside(end)
		if err != nil {
			return err
		}
		report(fmt.Sprintf("%s ends with a record cut short (%v): its %d bytes, from byte %d on, are moved to %s and its game will be played again",
			rf.name, cut, size, end, rf.name+".partial"))
	}
	return rf.endRecords()
}

// scan calls add for every record of the file from its start, with its
// number in the file (from 1), and returns add's first error. When the
// file goes on after the records that read with a record cut short at
// its end (see cutTail), scan returns where they end and, as cut, why
// that record does not read. A record that does not read anywhere else is
// an error, prefix followed by "NAME: line N: ...".
func (rf *recordFile) scan(prefix string, add func(rec *record.Record, n int) error) (end int64, cut, err error) {
	if _, err := rf.f.Seek(0, io.SeekStart); err != nil {
		return 0, nil, fmt.Errorf("match: reading %s: %w", rf.name, err)
	}
	sc := record.NewScanner(rf.f)
	n := 0
	for sc.Scan() {
		n++
		if err := add(sc.Record(), n); err != nil {
			return 0, nil, err
		}
	}
	end = sc.Offset() // where the records read end
	err = sc.Err()
	switch {
	case err == nil:
		return end, nil, nil
	case !errors.Is(err, record.ErrInvalid):
		return 0, nil, fmt.Errorf("match: reading %s: %w", rf.name, err)
	}
	isCut, err2 := rf.cutTail(end)
	switch {
	case err2 != nil:
		return 0, nil, err2
	case !isCut:
		return 0, nil, fmt.Errorf("%s%s: %w (damage a crash does not make, not a record cut short at the end: repair the file, or move it away)", prefix, rf.name, err)
	}
	return end, err, nil
}

// cutTail reports whether the file's bytes from offset end on, which do
// not read as a record, are the start of one cut short (cutShort).
func (rf *recordFile) cutTail(end int64) (bool, error) {
	if _, err := rf.f.Seek(end, io.SeekStart); err != nil {
		return false, fmt.Errorf("match: reading %s: %w", rf.name, err)
	}
	cut, err := cutShort(bufio.NewReader(rf.f))
	if err != nil {
		return false, fmt.Errorf("match: reading %s: %w", rf.name, err)
	}
	return cut, nil
}

// cutShort reports whether the bytes of r are the start of a record cut
// short: at most one record's worth (a block of header lines, then
// perhaps a block of moves) without the blank line that ends a complete
// record, and no line longer than a record's line may be
// (record.MaxLineBytes, and a '\r'). Anything more, or a complete
// record that does not read, is damage, not a cut. It stops at the first
// line too long and at a third block, so that an input without a line
// break, such as a device of zero bytes that never ends, is answered
// after a line's worth of it.
func cutShort(r io.ByteReader) (bool, error) {
	var (
		blocks   int  // blocks of non-blank lines
		inBlock  bool // the last complete line was not blank
		nonBlank bool // the current line has a character other than a space, tab or '\r'
		blanks   int  // blank lines at the end, the current one included when blank
		length   int  // the bytes of the current line so far
	)
	for {
		c, err := r.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return false, err
		}
		if c != '\n' {
			if length++; length > record.MaxLineBytes+1 {
				return false, nil
			}
		}
		switch c {
		case '\n':
			if nonBlank {
				if !inBlock {
					blocks++
				}
				inBlock, blanks = true, 0
			} else {
				inBlock = false
				blanks++
			}
			nonBlank, length = false, 0
			if blocks > 2 {
				return false, nil
			}
		case ' ', '\t', '\r':
		default:
			nonBlank = true
		}
	}
	if nonBlank {
		if !inBlock {
			blocks++
		}
		blanks = 0
	} else {
		blanks++
	}
	complete := blanks >= 2 // the last non-blank line is followed by a blank one
	return blocks == 1 || blocks == 2 && !complete, nil
}

// setAside appends the file's bytes from offset end on to NAME.partial,
// then cuts them from the file, and returns how many there were.
func (rf *recordFile) setAside(end int64) (int64, error) {
	bad := func(err error) (int64, error) {
		return 0, fmt.Errorf("match: setting aside the end of %s: %w", rf.name, err)
	}
	partial, err := os.OpenFile(rf.name+".partial", os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return bad(err)
	}
	size, err := io.Copy(partial, io.NewSectionReader(rf.f, end, 1<<62))
	if err == nil {
		err = partial.Sync()
	}
	if err2 := partial.Close(); err == nil {
		err = err2
	}
	if err != nil {
		return bad(err)
	}
	if err := rf.f.Truncate(end); err != nil {
		return bad(err)
	}
	if err := rf.f.Sync(); err != nil {
		return bad(err)
	}
	return size, nil
}

// endRecords makes the file end with a blank line after its last record
// (a crash may have cut it off), so that the next record starts cleanly.
func (rf *recordFile) endRecords() error {
	info, err := rf.f.Stat()
	if err != nil || info.Size() == 0 {
		return err
	}
	var last [2]byte
	n, err := rf.f.ReadAt(last[:], max(info.Size()-2, 0))
	if err != nil && err != io.EOF {
		return fmt.Errorf("match: reading %s: %w", rf.name, err)
	}
	var missing string
	switch {
	case n == 2 && last == [2]byte{'\n', '\n'}:
		return nil
	case last[n-1] == '\n':
		missing = "\n"
	default:
		missing = "\n\n"
	}
	if _, err := rf.f.WriteString(missing); err != nil {
		return fmt.Errorf("match: writing %s: %w", rf.name, err)
	}
	return nil
}
