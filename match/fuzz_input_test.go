package match

import "testing"

// This file fuzzes the parser of what comes from outside a match: a
// shard's text (package enginespec fuzzes the command line of an external
// program's spec, package ugi a program's info lines).

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
