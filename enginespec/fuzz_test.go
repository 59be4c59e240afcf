package enginespec

import (
	"strings"
	"testing"
)

// FuzzSplitCommand: a command line splits into words without a panic;
// a line without quotes splits at its spaces and tabs (and nowhere else:
// not at a newline, as strings.Fields would), and an error
// quotes at most a short excerpt (its length does not grow with the
// input).
func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{"/tmp/surakarta -gtp", `'/path with space/engine' --x "a b"`, `"unclosed`, "", "  \t "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := splitCommand(s)
		if err != nil {
			if len(err.Error()) > 300 { // 40 bytes of input quoted, 4 bytes each at worst
				t.Errorf("an error of %d bytes", len(err.Error()))
			}
			return
		}
		if !strings.ContainsAny(s, `'"`) {
			want := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' })
			if strings.Join(words, "\x00") != strings.Join(want, "\x00") {
				t.Errorf("%q: words %q, want %q", s, words, want)
			}
		}
	})
}
