package cmdflag

import (
	"bytes"
	"context"
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestParseEngine: an engine spec's error names the flag, not package
// enginespec.
func TestParseEngine(t *testing.T) {
	if e, err := ParseEngine(DefaultEngine); err != nil || e.Name != "pvs,network" || e.New() == nil {
		t.Errorf("ParseEngine(%q) = %+v, %v", DefaultEngine, e, err)
	}
	_, err := ParseEngine("pvs,material")
	if err == nil || !strings.HasPrefix(err.Error(), `-engine "pvs,material": `) {
		t.Errorf("ParseEngine(pvs,material): %v", err)
	}
}

// TestEngines: -engine given several times keeps the specs in order.
func TestEngines(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	specs := Engines(fs)
	if err := fs.Parse([]string{"-engine", "pvs,tuned", "-engine", "alphabeta,sixfactor"}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"pvs,tuned", "alphabeta,sixfactor"}; !slices.Equal(*specs, want) {
		t.Errorf("-engine twice: %q, want %q", *specs, want)
	}
}

// closer is a searcher that holds something to release.
type closer struct{ closed bool }

func (c *closer) Search(context.Context, *surakarta.Game, surakarta.Limits) (surakarta.Result, error) {
	return surakarta.Result{}, nil
}
func (c *closer) Clear()       {}
func (c *closer) Close() error { c.closed = true; return nil }

func TestClose(t *testing.T) {
	c := &closer{}
	Close(c)
	Close(surakarta.NewPVS(surakarta.NewTuned())) // not a Closer: nothing to do
	if !c.closed {
		t.Error("Close did not close an io.Closer")
	}
}

func TestParseAll(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		status     int
		ok         bool
		stdout     string
		stderrLine string
	}{
		{[]string{"-n", "3"}, 0, true, "", ""},
		{[]string{"-n", "3", "extra"}, 2, false, "", `tool: unexpected argument "extra" (every setting is a flag)`},
		{[]string{"-bogus"}, 2, false, "", "tool: flag provided but not defined: -bogus"},
		{[]string{"-h"}, 0, false, "usage: tool\n", ""},
	} {
		fs := flag.NewFlagSet("tool", flag.ContinueOnError)
		fs.Int("n", 0, "a number")
		var stdout, stderr bytes.Buffer
		status, ok := ParseAll(fs, tc.args, "usage: tool\n", &stdout, &stderr)
		if status != tc.status || ok != tc.ok || !strings.HasPrefix(stdout.String(), tc.stdout) ||
			(tc.stderrLine == "") != (stderr.Len() == 0) || !strings.HasPrefix(stderr.String(), tc.stderrLine+"\n") && tc.stderrLine != "" {
			t.Errorf("%q: status %d, %v, stdout %q, stderr %q", tc.args, status, ok, stdout.String(), stderr.String())
		}
		if tc.stderrLine != "" && !strings.HasSuffix(stderr.String(), "Run tool -h for help.\n") {
			t.Errorf("%q: stderr %q, want the help hint", tc.args, stderr.String())
		}
	}
}

// TestConcurrency: -concurrency says that it counts games (those of a
// match or of surakarta-tune gen), and defaults to all cores.
func TestConcurrency(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	if n := Concurrency(fs); *n != 0 {
		t.Errorf("-concurrency defaults to %d, want 0", *n)
	}
	if f := fs.Lookup("concurrency"); f == nil || f.Usage != "games played at once (0 = all cores)" {
		t.Errorf("-concurrency: %+v, want the usage %q", f, "games played at once (0 = all cores)")
	}
}

// TestShardOf: -shard i/N gives part i of N, refused with the flag's name
// unless 0 ≤ i < N; neither flag gives the zero Part, the whole work.
func TestShardOf(t *testing.T) {
	none := func(string) string { return "" }
	for text, want := range map[string]Part{"0/4": {0, 4}, " 3 / 4 ": {3, 4}, "0/1": {0, 1}} {
		if got, err := ShardOf(text, 0, none); err != nil || got != want || got.String() != strings.ReplaceAll(strings.TrimSpace(text), " ", "") {
			t.Errorf("ShardOf(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for text, want := range map[string]string{
		"x":    `-shard "x": want i/N`,
		"1/":   "want i/N",
		"0/0":  `-shard "0/0": want at least 1 shard`,
		"1/-2": "want at least 1 shard",
		"4/4":  `-shard "4/4": index 4`,
		"-1/4": "index -1",
	} {
		if got, err := ShardOf(text, 0, none); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ShardOf(%q) = %v, %v; want an error saying %q", text, got, err, want)
		}
	}
	if got, err := ShardOf("", 0, none); err != nil || got != (Part{}) {
		t.Errorf("no shard: %v, %v; want the zero Part", got, err)
	}
	job := func(name string) string {
		if name == EnvJobIndex {
			return "2"
		}
		return ""
	}
	if got, err := ShardOf("", 3, job); err != nil || got != (Part{2, 3}) {
		t.Errorf("-shards 3 with %s=2: %v, %v; want 2/3", EnvJobIndex, got, err)
	}
}
