package ugi

import (
	"errors"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/oneline"
)

func TestQueryRoundTrip(t *testing.T) {
	for _, q := range []string{QueryGameOver, QueryP1Turn, QueryResult} {
		cmd, args := words(queryCommand(q))
		got, err := parseQuery(args)
		if cmd != "query" || err != nil || got != q {
			t.Errorf("%q read back as %s %q, %v", queryCommand(q), cmd, got, err)
		}
	}
	for _, bad := range []string{"", "result now"} {
		if _, err := parseQuery(strings.Fields(bad)); err == nil {
			t.Errorf("query %s: no error", bad)
		}
	}
	for _, answer := range []string{"true", "false", "p1win", "p2win", "draw", "none"} {
		cmd, fields := words(responseLine(answer))
		got, err := parseResponse(fields)
		if cmd != "response" || err != nil || got != answer {
			t.Errorf("%q read back as %s %q, %v", responseLine(answer), cmd, got, err)
		}
	}
	for _, bad := range []string{"", "p1 win"} {
		if _, err := parseResponse(strings.Fields(bad)); err == nil {
			t.Errorf("response %s: no error", bad)
		}
	}
}

func TestRefusalRoundTrip(t *testing.T) {
	for _, reason := range []string{"unknown command \"x\"", "position: want startpos or fen", "a\nreason on\ttwo lines"} {
		line := errorLine(errors.New(reason))
		cmd, fields := words(line)
		got, ok := parseRefusal(fields)
		if cmd != "info" || !ok || got != oneline.Text(reason) {
			t.Errorf("%q read back as %q, %v", line, got, ok)
		}
		if _, ok := parseInfo(fields); ok {
			t.Errorf("%q read as an iteration", line)
		}
	}
	if got, ok := parseRefusal(strings.Fields("string error:")); !ok || got != "" {
		t.Errorf("an error line without a reason: %q, %v", got, ok)
	}
	for _, line := range []string{"string hello", "depth 3 pv a2a3", "string", "error: x", infoStringLine("the game is over")} {
		if _, ok := parseRefusal(strings.Fields(strings.TrimPrefix(line, "info "))); ok {
			t.Errorf("%q read as a refusal", line)
		}
	}
}
