package gtp

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta/internal/serve"
)

// fuzzSessions, one command a line, start the fuzz corpus.
var fuzzSessions = []string{
	"1 protocol_version\nboardsize 6\nclear_board\nplay b b2b3\ngenmove w\nundo\nshowboard\nfinal_score",
	"time_settings 10 0 0\ntime_left b 5 0\ngenmove b\nsurakarta-position 6/6/6/w5/6/2b3 b\nplay b c1a3\nfinal_score",
	"surakarta-setoption RepetitionLimit 1\nplay x a1\nkomi z\nkomi nan\nkomi inf\n# c\nquit",
	"surakarta-setoption QuietPlyLimit 2\nclear_board\nplay b b2b3\nplay w e5e4\nsurakarta-outcome\ngenmove b\nfinal_score",
	"surakarta-position wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b moves b2b3 e5e4\nsurakarta-legal_moves\nundo\nundo\nundo",
	"known_command play\nlist_commands\nsurakarta-setoption Evaluator sixfactor\ntime_settings 0 1 1\ngenmove b\ngenmove w",
}

// fuzzState is what a failed command must not change.
func fuzzState(s *server, calls *[]string) string {
	g, _ := s.Game()
	return fmt.Sprintf("%v|%v|%v|%v|%+v|%+v|%q", g.StartPosition(), g.Moves(), g.Rules(), g.Outcome(), s.Settings, s.clock, *calls)
}

// answerLine is the form of the first line of every answer.
var answerLine = regexp.MustCompile(`^[=?]\d*( .*)?$`)

// FuzzServe: no input panics or hangs the server, it answers each
// command once, and a failed command changes nothing.
func FuzzServe(f *testing.F) {
	for _, s := range fuzzSessions {
		f.Add(s)
	}
	caps := serve.Caps{Nodes: 2000, Depth: 3}
	f.Fuzz(func(t *testing.T, input string) {
		watchdog := time.AfterFunc(30*time.Second, func() {
			buf := make([]byte, 1<<20)
			panic(fmt.Sprintf("hung on %q\n%s", input, buf[:runtime.Stack(buf, true)]))
		})
		defer watchdog.Stop()
		lines := strings.Split(input, "\n")
		if len(lines) > 50 {
			lines = lines[:50]
		}
		var calls []string
		s, err := newServer(&syncBuffer{}, testEngine(&calls, time.Millisecond), caps)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range lines {
			before := fuzzState(s, &calls)
			quit, err := s.handle(context.Background(), line)
			if quit {
				break
			}
			if err != nil {
				if after := fuzzState(s, &calls); after != before {
					t.Fatalf("%q failed (%v) but changed the server:\n%s\n%s", line, err, before, after)
				}
			}
		}

		// The whole input through Serve: every answer reads.
		var out syncBuffer
		if err := serveCapped(context.Background(), strings.NewReader(strings.Join(lines, "\n")), &out, testEngine(nil, time.Millisecond), caps); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		text := out.String()
		if !utf8.ValidString(text) {
			t.Fatalf("the output is not UTF-8: %q", text)
		}
		for _, answer := range strings.Split(strings.TrimSuffix(text, "\n\n"), "\n\n") {
			if answer == "" {
				continue
			}
			answerLines := strings.Split(answer, "\n")
			if !answerLine.MatchString(answerLines[0]) {
				t.Fatalf("answer %q starts with neither = nor ?", answer)
			}
			if _, err := parseAnswer(answerLines); err != nil && answerLines[0][0] == '=' {
				t.Fatalf("answer %q does not read: %v", answer, err)
			}
		}
	})
}
