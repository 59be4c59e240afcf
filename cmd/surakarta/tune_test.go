package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// benchNodes sends bench 8 and returns its node count.
func benchNodes(t *testing.T, p *process) string {
	t.Helper()
	p.send("bench 8")
	_, line := p.untilPrefix("") // bench answers one line
	nodes, _, ok := strings.Cut(line, " nodes ")
	if !ok {
		t.Fatalf("bench 8: %q", line)
	}
	return nodes
}

// TestUGITune: with -tune the answer to ugi lists the search parameters
// as spin options after the usual ones, and setting one changes the
// search; without it they are not options.
func TestUGITune(t *testing.T) {
	p := startEngine(t, "engine -tune", "-tune")
	p.send("ugi")
	lines, _ := p.untilPrefix("ugiok")
	params := surakarta.PVSParamList()
	var want []string
	for _, q := range params {
		want = append(want, fmt.Sprintf("option name %s type spin default %d min %d max %d", q.Name, q.Default, q.Min, q.Max))
	}
	if len(lines) < len(want)+1 || lines[len(lines)-len(want)-1] != "option name BookByScore type check default false" ||
		!slices.Equal(lines[len(lines)-len(want):], want) {
		t.Errorf("ugi with -tune:\n%s\nwant the usual options, then\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if !slices.Contains(want, "option name SearchRFPMargin type spin default 35 min 1 max 400") {
		t.Errorf("no SearchRFPMargin of default 35 in %q", want)
	}
	base := benchNodes(t, p)
	p.send("setoption name SearchRFPMargin value 10", "isready")
	p.expect("readyok") // no error line before it
	if n := benchNodes(t, p); n == base {
		t.Errorf("bench 8 with SearchRFPMargin 10: %s nodes, as with the default", n)
	}
	p.send("setoption name searchrfpmargin value 35", "isready")
	p.expect("readyok")
	if n := benchNodes(t, p); n != base {
		t.Errorf("bench 8 with SearchRFPMargin back at 35: %s nodes, want %s", n, base)
	}
	for _, bad := range []string{"SearchRFPMargin value 0", "SearchRFPMargin value 401", "SearchRFPMargin value x", "SearchNothing value 1"} {
		p.send("setoption name "+bad, "isready")
		lines, _ := p.untilPrefix("readyok")
		if len(lines) != 1 || !strings.HasPrefix(lines[0], "info string error: ") {
			t.Errorf("setoption name %s: got %q, want one error line", bad, lines)
		}
	}
	if n := benchNodes(t, p); n != base {
		t.Errorf("bench 8 after refused values: %s nodes, want %s", n, base)
	}
	p.send("quit")
	if err := p.wait(); err != nil {
		t.Errorf("quit: exit %v", err)
	}

	// Without -tune they are no options.
	plain := startEngine(t, "engine")
	plain.send("setoption name SearchRFPMargin value 10", "isready")
	lines, _ = plain.untilPrefix("readyok")
	if len(lines) != 1 || !strings.Contains(lines[0], `unknown option "SearchRFPMargin"`) {
		t.Errorf("SearchRFPMargin without -tune: %q", lines)
	}
}
