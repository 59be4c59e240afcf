package gtp

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/surakartatest"
)

func TestParseCommand(t *testing.T) {
	for _, tc := range []struct {
		line, id, name string
		args           []string
		ok             bool
	}{
		{"name", "", "name", nil, true},
		{"1 name", "1", "name", nil, true},
		{"play\tb b2b3  # a comment", "", "play", []string{"b", "b2b3"}, true},
		{"na\x01me\r", "", "name", nil, true},
		{"# only a comment", "", "", nil, false},
		{"   ", "", "", nil, false},
		{"12", "12", "", nil, true},
		{"10 boardsize 6 #\tsix", "10", "boardsize", []string{"6"}, true},
	} {
		id, name, args, ok := parseCommand(tc.line)
		if id != tc.id || name != tc.name || !slices.Equal(args, tc.args) || ok != tc.ok {
			t.Errorf("parseCommand(%q) = %q, %q, %q, %v", tc.line, id, name, args, ok)
		}
	}
	if _, name, args, _ := parseCommand(commandLine(cmdPlay, "b", "b2b3")); name != cmdPlay || !slices.Equal(args, []string{"b", "b2b3"}) {
		t.Errorf("commandLine read back as %q %q", name, args)
	}
}

func TestAnswerRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		id, result string
		err        error
		lines      []string
	}{
		{"", "2", nil, []string{"= 2", ""}},
		{"7", "", nil, []string{"=7", ""}},
		{"", "a\n\nb\n", nil, []string{"= a", "b", ""}},
		{"", "\n6  w w\n1  b b\n", nil, []string{"=", "6  w w", "1  b b", ""}},
		{"3", "", errors.New("illegal move:\n a2a3"), []string{"?3 illegal move: a2a3", ""}},
	} {
		lines := answerLines(tc.id, tc.result, tc.err)
		if !slices.Equal(lines, tc.lines) {
			t.Errorf("answerLines(%q, %q, %v) = %q, want %q", tc.id, tc.result, tc.err, lines, tc.lines)
			continue
		}
		got, err := parseAnswer(lines[:len(lines)-1])
		switch {
		case tc.err != nil && !errors.Is(err, ErrRefused):
			t.Errorf("%q read back: %v, want a refusal", lines, err)
		case tc.err == nil && (err != nil || got != strings.TrimSpace(strings.ReplaceAll(tc.result, "\n\n", "\n"))):
			t.Errorf("%q read back: %q, %v", lines, got, err)
		}
	}
	for _, bad := range [][]string{nil, {""}, {"ok"}} {
		if _, err := parseAnswer(bad); err == nil || errors.Is(err, ErrRefused) {
			t.Errorf("parseAnswer(%q): %v, want an error that is no refusal", bad, err)
		}
	}
}

func TestColors(t *testing.T) {
	for _, c := range []surakarta.Color{surakarta.Black, surakarta.White} {
		if got, err := parseColor(colorArg(c)); err != nil || got != c {
			t.Errorf("%v read back as %v, %v", c, got, err)
		}
	}
	for _, s := range []string{"BLACK", "White", "W"} {
		if _, err := parseColor(s); err != nil {
			t.Errorf("parseColor(%q): %v", s, err)
		}
	}
	// The error is answered "? syntax error: invalid color …", GTP's own
	// text, which controllers match.
	if _, err := parseColor("purple"); !errors.Is(err, errSyntax) || !strings.Contains(err.Error(), "invalid color") {
		t.Errorf("parseColor(purple): %v", err)
	}
}

func TestTimeArgsRoundTrip(t *testing.T) {
	main, byo, stones, err := parseTimeSettings(timeSettingsArgs(90*time.Second+500*time.Millisecond, 5*time.Second, 2))
	if err != nil || main != 90*time.Second || byo != 5*time.Second || stones != 2 {
		t.Errorf("time_settings read back as %v %v %d %v", main, byo, stones, err)
	}
	c, left, stones, err := parseTimeLeft(timeLeftArgs(surakarta.White, 2999*time.Millisecond, 0))
	if err != nil || c != surakarta.White || left != 2*time.Second || stones != 0 {
		t.Errorf("time_left read back as %v %v %d %v", c, left, stones, err)
	}
	for _, bad := range [][]string{{"10", "x", "0"}, {"-1", "0", "0"}, {"1", "2"}, {"1000001", "0", "0"}} {
		if _, _, _, err := parseTimeSettings(bad); err == nil {
			t.Errorf("time_settings %q: no error", bad)
		}
	}
	if _, _, _, err := parseTimeLeft([]string{"green", "30", "0"}); !errors.Is(err, errSyntax) || !strings.Contains(err.Error(), "invalid color") {
		t.Errorf("time_left green: %v", err)
	}
}

func TestFinalScoreRoundTrip(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	if _, err := finalScore(g); err == nil {
		t.Error("final_score of a game going on: no error")
	}
	p, err := surakarta.ParsePosition("6/6/6/w5/6/2b3 b 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g = surakarta.NewGame(p)
	if err := g.PlayText("c1a3"); err != nil {
		t.Fatal(err)
	}
	score, err := finalScore(g)
	if score != "B+1" || err != nil {
		t.Fatalf("final_score = %q, %v; want B+1", score, err)
	}
	if winner, draw, err := parseFinalScore(score); winner != surakarta.Black || draw || err != nil {
		t.Errorf("%q read back as %v %v %v", score, winner, draw, err)
	}
	if _, draw, err := parseFinalScore("0"); !draw || err != nil {
		t.Errorf("0 read back as %v %v", draw, err)
	}
	if _, _, err := parseFinalScore("B"); err == nil {
		t.Error("final_score B: no error")
	}
}

// FuzzWire feeds any line to the readers: none may panic, and a command
// line written back from what parseCommand read reads the same.
func FuzzWire(f *testing.F) {
	for _, s := range []string{"1 play b b2b3", "time_left w 30 0 # x", "=3 ok", "? no", "time_settings 1 2 3", "\x00\t#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		// A command whose name is a number reads as an id: no command of
		// GTP is named so.
		if _, name, args, ok := parseCommand(line); ok && name != "" && strings.Trim(name, "0123456789") != "" {
			_, name2, args2, ok2 := parseCommand(commandLine(name, args...))
			if !ok2 || name2 != name || !slices.Equal(args, args2) {
				t.Fatalf("%q read as %q %q, written back as %q", line, name, args, commandLine(name, args...))
			}
			parseTimeSettings(args)
			parseTimeLeft(args)
		}
		parseAnswer(strings.Split(line, "\n"))
		parseFinalScore(line)
		lines := answerLines("", line, nil)
		if slices.Contains(lines[:len(lines)-1], "") {
			t.Fatalf("answer %q holds an empty line before its end: %q", line, lines)
		}
	})
}

func TestPositionArgsRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		g := surakartatest.RandomGame(r, r.IntN(40))
		args := positionArgs(g.StartPosition(), g.Moves())
		_, name, read, ok := parseCommand(commandLine(cmdPosition, args...))
		if !ok || name != cmdPosition {
			t.Fatalf("game %d: %q", i, args)
		}
		start, moves, err := parsePositionArgs(read)
		if err != nil || start != g.StartPosition() || len(moves) != len(g.Moves()) {
			t.Fatalf("game %d: %q read back as %v %v %v", i, args, start, moves, err)
		}
		for j, m := range moves {
			if m.From() != g.Moves()[j].From() || m.To() != g.Moves()[j].To() {
				t.Fatalf("game %d: move %d read back as %v, want %v", i, j+1, m, g.Moves()[j])
			}
		}
	}
	if got := positionArgs(surakarta.NewPosition(), nil); strings.Join(got, " ") != surakarta.StartText {
		t.Errorf("the start: %q", got)
	}
	for _, bad := range []string{"", "moves a2a3", "xx", "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b moves a2a9"} {
		if _, _, err := parsePositionArgs(strings.Fields(bad)); err == nil {
			t.Errorf("parsePositionArgs(%q): no error", bad)
		}
	}
}

func TestShowBoard(t *testing.T) {
	lines := answerLines("", showBoard(surakarta.NewGame(surakarta.NewPosition())), nil)
	want := []string{"=", "6  w w w w w w", "5  w w w w w w", "4  . . . . . .", "3  . . . . . .", "2  b b b b b b", "1  b b b b b b", "   a b c d e f",
		"Black to move, move 1, 0 quiet plies; not over", ""}
	if !slices.Equal(lines, want) {
		t.Errorf("showboard:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}
