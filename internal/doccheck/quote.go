package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A quoted output is a program's output that a page of the repository
// shows in a code block, so that a reader can compare it with what they
// get. One that the program gives the same on every machine (a search to
// a fixed depth, a match at a fixed depth, a count) is marked in the page
// by a comment on the line before the block, which Markdown does not
// show:
//
//	<!-- output: NAME -->
//	```
//	…the output…
//	```
//
// and the test of the package that makes it runs the program again and
// compares (Quote, Match), so that the page cannot drift from the
// program. TestQuotesChecked fails for a marker that no test reads. The
// quotes that are timings, which no machine gives twice, are not marked;
// docs/checking.md lists them.

// quoteMarker is the comment before a quoted output, with its name.
var quoteMarker = regexp.MustCompile(`(?m)^<!-- output: ([a-z0-9-]+) -->\n`)

// Root returns the module's root, the directory of go.mod above the
// test's directory, from which a page's path is given.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && strings.Contains(string(data), "module github.com/surakarta-go/surakarta\n") {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod of the module above the test's directory")
		}
		dir = parent
	}
}

// Quote returns the lines of the code block that follows the marker
// <!-- output: name --> in the page (a path from the module's root, such
// as "docs/engine.md"), without its fences. It fails t when the page has
// no such marker, or no block right after it.
func Quote(t testing.TB, page, name string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(Root(t), page))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, m := range quoteMarker.FindAllStringSubmatchIndex(text, -1) {
		if text[m[2]:m[3]] != name {
			continue
		}
		rest := text[m[1]:]
		fence, body, ok := strings.Cut(rest, "\n")
		if !ok || !strings.HasPrefix(fence, "```") {
			t.Fatalf("%s: the marker of %q is not followed by a code block", page, name)
		}
		body, _, ok = strings.Cut(body, "```")
		if !ok {
			t.Fatalf("%s: the code block of %q does not end", page, name)
		}
		return strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	}
	t.Fatalf("%s has no quoted output %q (<!-- output: %s -->)", page, name, name)
	return nil
}

// Elided is the line that stands for lines left out of a quote: it
// matches any number of lines of the output, none included.
const Elided = "…"

// Match fails t unless the quote of page's name matches got, the
// program's output now: line by line, after normalize (when not nil) has
// made each line of both comparable (blanked a time, say), a quote's line
// that is Elided, alone or after a prefix both share (such as "< "),
// standing for any lines.
func Match(t testing.TB, page, name string, quote, got []string, normalize func(string) string) {
	t.Helper()
	if normalize == nil {
		normalize = func(s string) string { return s }
	}
	norm := func(lines []string) []string {
		out := make([]string, len(lines))
		for i, l := range lines {
			out[i] = normalize(l)
		}
		return out
	}
	if !matchLines(norm(quote), norm(got)) {
		t.Errorf("%s, quoted output %q is not what the program writes now: update the page (or the program).\nquoted:\n%s\nnow:\n%s",
			page, name, strings.Join(quote, "\n"), strings.Join(got, "\n"))
	}
}

// matchLines reports whether got matches quote, whose elided lines match
// any lines.
func matchLines(quote, got []string) bool {
	if len(quote) == 0 {
		return len(got) == 0
	}
	if isElided(quote[0]) {
		for i := 0; i <= len(got); i++ {
			if matchLines(quote[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && quote[0] == got[0] && matchLines(quote[1:], got[1:])
}

// isElided reports whether a quote's line stands for lines left out:
// Elided alone, or after a prefix of a few characters such as "< ".
func isElided(line string) bool {
	before, ok := strings.CutSuffix(line, Elided)
	return ok && len(before) <= 2
}

// Numbers replaces the number after each of words in a line by N: the
// figures of an output that vary from run to run (Numbers("nps",
// "time") for a UGI info line).
func Numbers(words ...string) func(string) string {
	res := make([]*regexp.Regexp, len(words))
	for i, w := range words {
		res[i] = regexp.MustCompile(`\b` + regexp.QuoteMeta(w) + ` \d+(\.\d+)?`)
	}
	return func(line string) string {
		for i, re := range res {
			line = re.ReplaceAllString(line, words[i]+" N")
		}
		return line
	}
}
