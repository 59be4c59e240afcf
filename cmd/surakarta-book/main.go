// Command surakarta-book builds opening books from game records and
// explores them in the terminal (package book):
//
//	go install github.com/surakarta-go/surakarta/cmd/surakarta-book@latest
//	surakarta-book build -out book.bin games.txt more-games.txt.gz
//	surakarta-book merge -out all.bin -min-count 2 a.bin b.bin
//	surakarta-book show -book book.bin -moves "b2b3 e5e4"
//
// The engine plays from a book with its options Book, BookPlies,
// BookVariety and BookByScore (docs/engine.md); docs/book.md tells the
// format and how the page's book was made.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/surakarta-go/surakarta/internal/cmdflag"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usage = `usage: surakarta-book build|merge|show [flags]

Surakarta-book makes opening books and reads them:

  surakarta-book build   make a book from record files (plain or gzipped)
  surakarta-book merge   merge books into one
  surakarta-book show    print a position's book moves: how often each
                         was played and how it scored

Run surakarta-book build -h, surakarta-book merge -h or surakarta-book show -h
for their flags.
`

// run runs the command with the given arguments and returns its exit
// status: 0 on success and for -h, 2 for bad arguments, 1 when the work
// fails.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return cmdflag.BadCommand(stderr, "surakarta-book", errors.New("want a command: build, merge or show"))
	}
	switch args[0] {
	case "build":
		return runBuild(args[1:], stdout, stderr)
	case "merge":
		return runMerge(args[1:], stdout, stderr)
	case "show":
		return runShow(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	return cmdflag.BadCommand(stderr, "surakarta-book", fmt.Errorf("unknown command %q: want build, merge or show", args[0]))
}

// fail reports a failure of the work and returns the exit status 1.
func fail(stderr io.Writer, name string, err error) int {
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	return 1
}
