package doccheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestQuotesChecked: every quoted output a page marks is read by a test,
// which runs its program again (Quote's name appears, quoted, in a test
// file of the repository), so that no marked quote goes unchecked.
func TestQuotesChecked(t *testing.T) {
	root := Root(t)
	var tests strings.Builder
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, "_test.go") && p != filepath.Join(root, "internal", "doccheck", "quote_test.go") {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			tests.Write(data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, page := range Pages(t) {
		data, err := os.ReadFile(filepath.Join(root, page))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range quoteMarker.FindAllStringSubmatch(string(data), -1) {
			n++
			if !strings.Contains(tests.String(), strconv.Quote(m[1])) {
				t.Errorf("%s: the quoted output %q is read by no test (doccheck.Quote)", page, m[1])
			}
		}
	}
	if n == 0 {
		t.Error("no page marks a quoted output")
	}
}

// TestMatchLines: a quote matches the output line by line, an elided line
// any lines, none included.
func TestMatchLines(t *testing.T) {
	for _, tc := range []struct {
		quote, got string
		want       bool
	}{
		{"a\nb", "a\nb", true},
		{"a\nb", "a\nc", false},
		{"a\n…\nd", "a\nb\nc\nd", true},
		{"a\n…\nd", "a\nd", true},
		{"a\n< …\nd", "a\nx\nd", true},
		{"a\n…", "a", true},
		{"a\n…\nd", "a\nb\nc", false},
		{"a", "a\nb", false},
	} {
		if got := matchLines(strings.Split(tc.quote, "\n"), strings.Split(tc.got, "\n")); got != tc.want {
			t.Errorf("%q against %q: %v, want %v", tc.quote, tc.got, got, tc.want)
		}
	}
	if got := Numbers("nps", "time")("info nodes 5 nps 123 time 4 pv a2a3"); got != "info nodes 5 nps N time N pv a2a3" {
		t.Errorf("Numbers: %q", got)
	}
}
