package main

import (
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/doccheck"
)

// TestQuotedSessions: the UGI sessions that README.md and docs/engine.md
// quote are what the engine answers now, but for the speed and time of
// the searches (nps, time, hashfull), which no two runs share. Each
// session is replayed on a fresh engine, a command at a time.
func TestQuotedSessions(t *testing.T) {
	normalize := doccheck.Numbers("nps", "time", "hashfull")
	for _, q := range []struct{ page, name string }{
		{"README.md", "readme-ugi"},
		{"docs/engine.md", "ugi-session"},
		{"docs/engine.md", "ugi-multipv"},
	} {
		quote := doccheck.Quote(t, q.page, q.name)
		var commands []string
		for _, l := range quote {
			if cmd, ok := strings.CutPrefix(l, "> "); ok {
				commands = append(commands, cmd)
			}
		}
		doccheck.Match(t, q.page, q.name, withoutShell(quote), replaySession(t, commands), normalize)
	}
}

// withoutShell drops a quote's shell prompt lines ("$ surakarta").
func withoutShell(quote []string) []string {
	return slices.DeleteFunc(slices.Clone(quote), func(l string) bool { return strings.HasPrefix(l, "$ ") })
}

// replaySession sends commands to a fresh engine one at a time, each once the
// answer to the one before is complete, and returns the session as a
// page quotes it: "> command", then "< line" for each line of its answer.
func replaySession(t *testing.T, commands []string) []string {
	t.Helper()
	p := startEngine(t, "engine")
	var session []string
	add := func(lines []string) {
		for _, l := range lines {
			session = append(session, "< "+l)
		}
	}
	for _, cmd := range commands {
		session = append(session, "> "+cmd)
		switch word := strings.Fields(cmd)[0]; word {
		case "go":
			p.send(cmd)
			add(p.until(func(l string) bool { return strings.HasPrefix(l, "bestmove ") }))
		case "ugi", "isready":
			p.send(cmd)
			add(p.until(func(l string) bool { return l == "ugiok" || l == "readyok" }))
		case "quit":
			p.send(cmd)
			if err := p.wait(); err != nil {
				t.Errorf("quit: %v", err)
			}
		default:
			p.send(cmd, "isready")
			lines := p.until(func(l string) bool { return l == "readyok" })
			add(lines[:len(lines)-1])
		}
	}
	return session
}

// TestQuotedBench: the bench docs/engine.md quotes counts the nodes that
// bench counts now (its speed is the machine's).
func TestQuotedBench(t *testing.T) {
	out, err := exec.Command(binary, "bench").Output()
	if err != nil {
		t.Fatal(err)
	}
	speed := regexp.MustCompile(`\d+ nps$`)
	normalize := func(l string) string { return speed.ReplaceAllString(l, "N nps") }
	quote := doccheck.Quote(t, "docs/engine.md", "bench")
	doccheck.Match(t, "docs/engine.md", "bench", withoutShell(quote), strings.Split(strings.TrimSpace(string(out)), "\n"), normalize)
}
