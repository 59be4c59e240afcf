package match

import (
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// This file fuzzes the parsers of what comes from outside a match: an
// external program's info lines, the command line of its spec, and a
// shard's text.

// FuzzParseUGIInfo: any info line an engine program writes is read
// without a panic, and what is read stays within the library's bounds.
func FuzzParseUGIInfo(f *testing.F) {
	for _, line := range []string{
		"depth 8 seldepth 27 score cp 10 nodes 51178 nps 539555 time 94 pv e2d3 b5c4",
		"depth 3 score mate 2 pv a2b3",
		"depth 3 score mate -1",
		"depth 3 score mate 700",
		"depth -5 score cp 99999999999 nodes x time -3 pv zz",
		"string error: something",
		"depth 99999999999999999999 score",
		"score cp",
	} {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		info, ok := parseUGIInfo(strings.Fields(line))
		if !ok {
			return
		}
		if info.Depth < 0 || info.Depth > surakarta.MaxDepth {
			t.Errorf("%q: depth %d", line, info.Depth)
		}
		if info.Time < 0 || info.SelDepth < 0 {
			t.Errorf("%q: time %v, seldepth %d", line, info.Time, info.SelDepth)
		}
		if info.Score > surakarta.Win || info.Score < -surakarta.Win {
			t.Errorf("%q: score %d beyond ±Win", line, info.Score)
		}
		if _, ok := surakarta.PliesToEnd(info.Score); !ok && (info.Score > surakarta.MaxEvaluation || info.Score < -surakarta.MaxEvaluation) {
			t.Errorf("%q: score %d is neither an evaluation nor a win or loss", line, info.Score)
		}
		for _, m := range info.PV {
			if _, err := surakarta.ParseMove(m.String()); err != nil {
				t.Errorf("%q: PV move %v does not read back: %v", line, m, err)
			}
		}
	})
}

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
