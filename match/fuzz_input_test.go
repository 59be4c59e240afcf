package match

import (
	"strings"
	"testing"
)

// This file fuzzes the parsers of what comes from outside a match: the
// command line of an external program's spec, and a shard's text (package
// ugi fuzzes a program's info lines).

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

// FuzzParseShard: ParseShard accepts only valid shards, and a shard it
// accepts writes back as text it reads again to the same shard.
func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"0/4", "3/4", "4/4", "-1/2", "1/0", "x/y", " 2 / 3 ", "0/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err != nil {
			if len(err.Error()) > 300 { // 40 bytes of input quoted, 4 bytes each at worst
				t.Errorf("an error of %d bytes", len(err.Error()))
			}
			return
		}
		if err := sh.Validate(); err != nil {
			t.Errorf("%q: ParseShard accepted %v, which Validate refuses: %v", s, sh, err)
		}
		again, err := ParseShard(sh.String())
		if err != nil || again != sh {
			t.Errorf("%q → %v → %q → %v, %v", s, sh, sh.String(), again, err)
		}
	})
}
