package main

import (
	"bufio"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/book"
	"github.com/surakarta-go/surakarta/internal/atomicfile"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/internal/regularfile"
)

const buildUsage = `usage: surakarta-book build -out FILE [-plies N] [-min-count N] RECORDS...

Build reads the games of the record files RECORDS (each plain text or
gzipped, as the match tool's records are kept) and writes the book of
their first -plies plies to -out: for each position, the moves played
from it, with the wins, draws and losses of the side that played them.
A game without a result ("*") adds nothing. A ply is counted from the
position's move number, so a game that starts from an opening of its own
adds its moves from that opening's ply. It prints one line:

  FILE: G games (S skipped), P positions, M moves, B bytes

The book is written to a temporary file beside FILE, synced, then
renamed to FILE, with the mode of the book it replaces, or for a new
one the mode a plain create gives (0666 less the umask). A temporary
file that a killed run left for FILE is removed, with a line on
standard error. A symbolic link is written through: the file it leads
to is replaced so, and the link kept. A FILE that is not a regular file
(a device such as /dev/null, a named pipe) is written directly, never
replaced: -out /dev/null is a dry run.

`

// runBuild runs surakarta-book build.
func runBuild(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("surakarta-book build", flag.ContinueOnError)
	out := outFlag(fs)
	plies := fs.Int("plies", book.DefaultPlies, fmt.Sprintf("the plies from the start the book covers, 1 to %d", book.MaxPlies))
	minCount := minCountFlag(fs)
	if status, ok := cmdflag.Parse(fs, args, buildUsage, stdout, stderr); !ok {
		return status
	}
	switch {
	case *out == "":
		return cmdflag.BadArgs(fs, stderr, errors.New("give -out, the book file to write"))
	case fs.NArg() == 0:
		return cmdflag.BadArgs(fs, stderr, errors.New("give the record files to read"))
	case *plies < 1 || *plies > book.MaxPlies:
		return cmdflag.BadArgs(fs, stderr, fmt.Errorf("-plies %d: want 1 to %d", *plies, book.MaxPlies))
	case *minCount < 1:
		return cmdflag.BadArgs(fs, stderr, fmt.Errorf("-min-count %d: want 1 or more", *minCount))
	}
	b, err := book.NewBuilder(*plies)
	if err != nil {
		return cmdflag.BadArgs(fs, stderr, err)
	}
	for _, name := range fs.Args() {
		if err := addRecords(b, name); err != nil {
			return fail(stderr, fs.Name(), err)
		}
	}
	result := b.Book().MinCount(*minCount)
	if err := write(result, *out, stdout, stderr, fs.Name(), fmt.Sprintf(" (%d skipped)", b.Skipped())); err != nil {
		return fail(stderr, fs.Name(), err)
	}
	return 0
}

// outFlag and minCountFlag define the flags build and merge share.
func outFlag(fs *flag.FlagSet) *string {
	return fs.String("out", "", "the book `file` to write (required)")
}

func minCountFlag(fs *flag.FlagSet) *int {
	return fs.Int("min-count", 1, "keep only the moves played at least this many times")
}

// addRecords adds the records of the file name, plain or gzipped, to b.
func addRecords(b *book.Builder, name string) error {
	f, err := regularfile.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	in := bufio.NewReader(f)
	var r io.Reader = in
	if head, _ := in.Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		z, err := gzip.NewReader(in)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		defer z.Close()
		r = z
	}
	sc := record.NewScanner(r)
	for sc.Scan() {
		if _, err := b.Add(sc.Record()); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// write writes b to the file name (atomicfile.WriteFile): through a
// temporary file renamed into place, so that a failure leaves no
// half-written book, with the mode of the book it replaces or that of a
// new file. It tells stderr of each temporary file of name that a run
// killed while writing it left, and removed, and prints its line with
// note after the games.
func write(b *book.Book, name string, stdout, stderr io.Writer, cmd, note string) error {
	data, err := b.MarshalBinary()
	if err != nil {
		return err
	}
	err = atomicfile.WriteFile(name, data, func(file string, err error) {
		if err != nil {
			fmt.Fprintf(stderr, "%s: could not remove %s, left by a run that was stopped while writing it: %v\n", cmd, file, err)
			return
		}
		fmt.Fprintf(stderr, "%s: removed %s, left by a run that was stopped while writing it\n", cmd, file)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d games%s, %d positions, %d moves, %d bytes\n", name, b.Games(), note, b.Positions(), b.Entries(), len(data))
	return nil
}
