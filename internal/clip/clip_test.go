package clip

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTo(t *testing.T) {
	for _, tc := range []struct {
		in   string
		most int
		want string
	}{
		{"", 4, ""},
		{"abcd", 4, "abcd"},
		{"abcde", 4, "abcd…"},
		{"ab€d", 4, "ab…"}, // € is 3 bytes: cutting after 4 would split it
		{"ab€d", 5, "ab€…"},
		{"abc", 0, "…"},
		{"abc", -1, "…"},
	} {
		if got := To(tc.in, tc.most); got != tc.want {
			t.Errorf("To(%q, %d) = %q, want %q", tc.in, tc.most, got, tc.want)
		}
	}
	if got := Text(strings.Repeat("x", 100)); got != strings.Repeat("x", Quote)+"…" {
		t.Errorf("Text of 100 bytes = %q", got)
	}
}

// FuzzTo checks that a cut is a prefix of the input, no longer than asked
// (plus the ellipsis), and valid UTF-8 when the input is.
func FuzzTo(f *testing.F) {
	f.Add("ab€d", 4)
	f.Add("\xff\xfe\xfd", 2)
	f.Fuzz(func(t *testing.T, s string, most int) {
		most %= 200
		got := To(s, most)
		if got == s {
			return
		}
		cut := strings.TrimSuffix(got, "…")
		if !strings.HasPrefix(s, cut) || len(cut) > max(most, 0) {
			t.Fatalf("To(%q, %d) = %q: not a prefix of at most %d bytes", s, most, got, most)
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("To(%q, %d) = %q: not UTF-8", s, most, got)
		}
	})
}
