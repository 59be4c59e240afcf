package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/surakarta-go/surakarta/book"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
)

const mergeUsage = `usage: surakarta-book merge -out FILE [-min-count N] BOOKS...

Merge writes to -out the book of all the moves of the books BOOKS, the
counts of a move that several hold added, and prints one line:

  FILE: G games, P positions, M moves, B bytes

The merged book covers as many plies as the longest of them. FILE is
written as build writes it (surakarta-book build -h), so it may be one
of BOOKS.

`

// runMerge runs surakarta-book merge.
func runMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("surakarta-book merge", flag.ContinueOnError)
	out := outFlag(fs)
	minCount := minCountFlag(fs)
	if status, ok := cmdflag.Parse(fs, args, mergeUsage, stdout, stderr); !ok {
		return status
	}
	switch {
	case *out == "":
		return cmdflag.BadArgs(fs, stderr, errors.New("give -out, the book file to write"))
	case fs.NArg() == 0:
		return cmdflag.BadArgs(fs, stderr, errors.New("give the book files to merge"))
	case *minCount < 1:
		return cmdflag.BadArgs(fs, stderr, fmt.Errorf("-min-count %d: want 1 or more", *minCount))
	}
	var books []*book.Book
	for _, name := range fs.Args() {
		b, err := book.ReadFile(name)
		if err != nil {
			return fail(stderr, fs.Name(), err)
		}
		books = append(books, b)
	}
	merged, err := book.Merge(books...)
	if err != nil {
		return fail(stderr, fs.Name(), err)
	}
	if err := write(merged.MinCount(*minCount), *out, stdout, stderr, fs.Name(), ""); err != nil {
		return fail(stderr, fs.Name(), err)
	}
	return 0
}
