package main

import (
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/doccheck"
)

// TestQuotedShow: what docs/book.md quotes of show on the page's book is
// what show prints now. Each quote starts with its command line, which
// the test runs (from the module's root, as the page does).
func TestQuotedShow(t *testing.T) {
	const page = "docs/book.md"
	for _, name := range []string{"book-show-position", "book-show-start"} {
		quote := doccheck.Quote(t, page, name)
		cmdLine, ok := strings.CutPrefix(quote[0], "$ go run ./cmd/surakarta-book ")
		if !ok {
			t.Fatalf("%s: %q does not start with the command", name, quote[0])
		}
		args := quotedArgs(cmdLine)
		for i, a := range args {
			if a == "web/static/book.bin" {
				args[i] = "../../web/static/book.bin"
			}
		}
		code, stdout, stderr := runBook(args...)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", name, code, stderr)
		}
		got := strings.Split(strings.TrimSpace(strings.ReplaceAll(stdout, "../../web/", "web/")), "\n")
		doccheck.Match(t, page, name, quote[1:], got, nil)
	}
}

// quotedArgs splits a command line as a shell does, with "…" quoting.
func quotedArgs(line string) []string {
	var args []string
	for i, part := range strings.Split(line, `"`) {
		if i%2 == 1 {
			args = append(args, part)
			continue
		}
		args = append(args, strings.Fields(part)...)
	}
	return args
}
