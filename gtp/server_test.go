package gtp

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/serve"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

func TestSession(t *testing.T) {
	var calls []string
	s := startSession(t, testEngine(&calls, 50*time.Millisecond), serve.Caps{})
	for _, tc := range []struct{ command, want string }{
		{"protocol_version", "= 2"},
		{"1 name", "=1 test engine"},
		{"version", "= 1.0"},
		{"known_command genmove", "= true"},
		{"known_command surakarta-position", "= true"},
		{"known_command fly", "= false"},
		{"known_command", "? syntax error"},
		{"boardsize 19", "? unacceptable size"},
		{"boardsize x", "? syntax error"},
		{"boardsize 6", "="},
		{"clear_board", "="},
		{"komi 6.5", "="},
		{"komi x", "? syntax error"},
		{"komi nan", "? syntax error"},
		{"komi -Inf", "? syntax error"},
		{"komi infinity", "? syntax error"},
		{"komi 1e400", "? syntax error"},
		{"komi -0.5", "="},
		{"play black b2b3", "="},
		{"play black a2a3", "? illegal move: it is White's turn"},
		{"play white a1a2", "? illegal move: a1a2: the piece on a1 is Black's, but White is to move"},
		{"play white zz", "? syntax error: invalid move notation: \"zz\": want from and to squares, such as \"a2a3\""},
		{"play purple a5a4", "? syntax error: invalid color \"purple\""},
		{"play w", "? syntax error: want play COLOR MOVE"},
		{"2 play W e5e4", "=2"},
		{"clear_cache", "="}, // the game stays: the position below
		{"known_command clear_cache", "= true"},
		{"surakarta-position", "= wwwwww/wwww1w/4w1/1b4/b1bbbb/bbbbbb b 2 2"},
		{"undo", "="},
		{"surakarta-position", "= wwwwww/wwwwww/6/1b4/b1bbbb/bbbbbb w 1 1"},
		{"final_score", "? cannot score: the game is not over"},
		{"genmove b", "? it is White's turn"},
		{"genmove", "? syntax error: want genmove COLOR"},
		{"genmove green", "? syntax error: invalid color \"green\""},
		{"surakarta-outcome", "= not over"},
		{"time_settings 10 x 0", "? syntax error"},
		{"time_settings 60 0 0", "="},
		{"time_left white 30 0", "="},
		{"time_left green 30 0", "? syntax error: invalid color \"green\""},
		{"time_left white 30", "? syntax error: want time_left COLOR TIME STONES"},
		{"surakarta-setoption Evaluator sixfactor", "="},
		{"surakarta-setoption Evaluator mcts", "? option Evaluator: want tuned or sixfactor"},
		{"surakarta-setoption MoveOverhead 0", "="},
		{"surakarta-setoption moveoverhead -1", "? option MoveOverhead: want a whole number from 0 to 10000, not \"-1\""},
		{"surakarta-setoption RepetitionLimit 1", "? option RepetitionLimit: 1 would end every game at once: want 0 (off) or 2 or more"},
		{"surakarta-setoption Hash", "? syntax error: want surakarta-setoption NAME VALUE"},
		{"surakarta-position 6/6/6/w5/6/2b3 b 0 1", "="},
		{"surakarta-legal_moves", "= c1a3 c1b1 c1d1 c1b2 c1c2 c1d2"},
		{"play b c1a3", "="},
		{"final_score", "= B+1"},
		{"surakarta-outcome", "= Black wins (no pieces left)"},
		{"genmove w", "? the game is over: Black wins (no pieces left)"},
		{"play w a5a4", "? illegal move: the game is over: Black wins (no pieces left)"},
		{"surakarta-legal_moves", "="},
		{"undo", "="},
		{"undo", "? cannot undo"},
		{"surakarta-position xx", "? position: invalid position: \"xx\": want 2 or 4 fields (ranks, side[, quiet plies, move number]), got 1"},
		{"surakarta-position moves b2b3", "? position: the position text is missing"},
		{"surakarta-position wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b moves b2b3 b2b3", "? position: move 2 (b2b3): illegal move: b2b3: no piece on b2"},
		{"surakarta-position wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b MOVES b2b3 e5e4", "="},
		{"surakarta-position", "= wwwwww/wwww1w/4w1/1b4/b1bbbb/bbbbbb b 2 2"},
		{"fly", "? unknown command"},
		{"3", "?3 missing command"},
	} {
		if got := strings.Join(s.answer(tc.command), "\n"); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.command, got, tc.want)
		}
	}
	if want := []string{"Evaluator=sixfactor"}; !slices.Equal(calls, want) {
		t.Errorf("SetOption calls %q, want %q", calls, want)
	}
	// Comments and empty lines get no answer.
	s.send("  # only a comment", "", "\t")
	lines := s.answer("list_commands")
	if !slices.Equal(lines, append([]string{"= " + commands[0]}, commands[1:]...)) {
		t.Errorf("list_commands: %q", lines)
	}
	s.answer("clear_board")
	s.answer("time_settings 0 1 0") // no limit: genmove thinks for MoveTime
	lines = s.answer("showboard")
	want := []string{"=", "6  w w w w w w", "5  w w w w w w", "4  . . . . . .", "3  . . . . . .", "2  b b b b b b", "1  b b b b b b", "   a b c d e f",
		"Black to move, move 1, 0 quiet plies; not over"}
	if !slices.Equal(lines, want) {
		t.Errorf("showboard:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	// genmove plays a legal move for the side to move.
	lines = s.answer("genmove b")
	m, ok := strings.CutPrefix(lines[0], "= ")
	g := surakarta.NewGame(surakarta.NewPosition())
	if !ok || g.PlayText(m) != nil {
		t.Fatalf("genmove b: %q", lines)
	}
	if got := s.answer("surakarta-position"); got[0] != "= "+g.Position().String() {
		t.Errorf("after genmove: %q, want %v", got, g.Position())
	}
	if got := s.answer("quit"); !slices.Equal(got, []string{"="}) {
		t.Errorf("quit: %q", got)
	}
	if err := s.wait(); err != nil {
		t.Errorf("quit: %v", err)
	}
	if rest := s.rest(); len(rest) != 0 {
		t.Errorf("after quit: %q", rest)
	}
}

// TestRules: the rules set by surakarta-setoption apply from the next
// game.
func TestRules(t *testing.T) {
	s := startSession(t, testEngine(nil, 10*time.Millisecond), serve.Caps{})
	for _, cmd := range []string{"surakarta-setoption QuietPlyLimit 4", "play b b2b3", "play w e5e4", "play b a2a3", "play w f5f4"} {
		s.answer(cmd)
	}
	if got := s.answer("surakarta-outcome"); got[0] != "= not over" {
		t.Errorf("QuietPlyLimit 4 before the game: %q", got)
	}
	for _, cmd := range []string{"clear_board", "play b b2b3", "play w e5e4", "play b a2a3", "play w f5f4"} {
		s.answer(cmd)
	}
	if got := s.answer("surakarta-outcome"); got[0] != "= draw (quiet-ply limit)" && !strings.HasPrefix(got[0], "= draw") {
		t.Errorf("QuietPlyLimit 4 after clear_board: %q", got)
	}
	if got := s.answer("final_score"); got[0] != "= 0" {
		t.Errorf("final_score: %q", got)
	}
}

// TestWholeGame: two servers play a game through GTP, a controller
// sending genmove to the side to move and play to the other, until
// genmove fails at the end; both then give the same final_score.
func TestWholeGame(t *testing.T) {
	var sessions [2]*session
	for i := range sessions {
		sessions[i] = startSession(t, testEngine(nil, 5*time.Millisecond), serve.Caps{Nodes: 3000})
		for _, cmd := range []string{"boardsize 6", "clear_board", "surakarta-setoption MoveOverhead 0", "time_settings 0 1 0"} {
			if got := sessions[i].answer(cmd); got[0] != "=" {
				t.Fatalf("%s: %q", cmd, got)
			}
		}
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	colors := [2]string{"b", "w"}
	for turn := 0; ; turn = 1 - turn {
		answer := sessions[turn].answer("genmove " + colors[turn])
		if strings.HasPrefix(answer[0], "? the game is over") {
			break
		}
		m, ok := strings.CutPrefix(answer[0], "= ")
		if !ok {
			t.Fatalf("genmove %s: %q", colors[turn], answer)
		}
		if err := g.PlayText(m); err != nil {
			t.Fatalf("genmove %s: %v", colors[turn], err)
		}
		if got := sessions[1-turn].answer("play " + colors[turn] + " " + m); got[0] != "=" {
			t.Fatalf("play %s %s: %q", colors[turn], m, got)
		}
		if g.Ply() > 1000 {
			t.Fatal("no end after 1000 plies")
		}
	}
	if !g.Outcome().Over {
		t.Fatalf("genmove says the game is over, the rules do not, after %v", g.Moves())
	}
	want, _ := finalScore(g)
	for i, s := range sessions {
		if got := s.answer("final_score"); got[0] != "= "+want {
			t.Errorf("server %d: final_score %q, want %q", i+1, got, want)
		}
	}
	t.Logf("%d plies, %v, %s", g.Ply(), g.Outcome(), want)
}

func TestClock(t *testing.T) {
	var k clock
	if lim := k.limits(surakarta.Black, time.Second); lim.MoveTime != time.Second || lim.Clock.IsSet() {
		t.Errorf("no time settings: %+v", lim)
	}
	// 10 s main time, then 5 s for 2 moves.
	k = newClock(10*time.Second, 5*time.Second, 2)
	k.spend(surakarta.Black, 4*time.Second)
	if k.left[surakarta.Black] != 6*time.Second || k.stones[surakarta.Black] != 0 {
		t.Errorf("after 4 s: %v, %d stones", k.left[surakarta.Black], k.stones[surakarta.Black])
	}
	k.spend(surakarta.Black, 7*time.Second) // 6 s of main time, 1 s of the first period
	if k.left[surakarta.Black] != 4*time.Second || k.stones[surakarta.Black] != 1 {
		t.Errorf("into byo-yomi: %v, %d stones", k.left[surakarta.Black], k.stones[surakarta.Black])
	}
	if lim := k.limits(surakarta.Black, time.Second); lim.Clock.Black != 4*time.Second || lim.Clock.MovesToGo != 1 {
		t.Errorf("in byo-yomi: %+v", lim)
	}
	k.spend(surakarta.Black, time.Second) // the period's last move: a new period
	if k.left[surakarta.Black] != 5*time.Second || k.stones[surakarta.Black] != 2 {
		t.Errorf("a new period: %v, %d stones", k.left[surakarta.Black], k.stones[surakarta.Black])
	}
	// White's clock is White's.
	if lim := k.limits(surakarta.White, time.Second); lim.Clock.White != 10*time.Second || lim.Clock.Black != 0 || lim.Clock.MovesToGo != 0 {
		t.Errorf("White: %+v", lim)
	}
	// The main time over with no period started: a period.
	k.left[surakarta.White] = 0
	if lim := k.limits(surakarta.White, time.Second); lim.Clock.White != 5*time.Second || lim.Clock.MovesToGo != 2 {
		t.Errorf("White out of main time: %+v", lim)
	}
	k.reset()
	if k.left != [2]time.Duration{10 * time.Second, 10 * time.Second} || k.stones != [2]int{} {
		t.Errorf("reset: %+v", k)
	}
	// Byo-yomi time with no stones: no time limit.
	if k = newClock(10*time.Second, 5*time.Second, 0); k.set {
		t.Errorf("time_settings 10 5 0: %+v", k)
	}
	// Absolute time, exhausted: move at once.
	k = newClock(time.Second, 0, 0)
	k.spend(surakarta.White, 2*time.Second)
	if lim := k.limits(surakarta.White, time.Second); lim.MoveTime != time.Millisecond {
		t.Errorf("no time left: %+v", lim)
	}
}

// limitsSeen searches with a PVS and keeps the limits of each search.
type limitsSeen struct {
	*surakarta.PVS
	mu   sync.Mutex
	seen []surakarta.Limits
}

func (l *limitsSeen) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	l.mu.Lock()
	l.seen = append(l.seen, lim)
	l.mu.Unlock()
	return l.PVS.Search(ctx, g, lim)
}

func (l *limitsSeen) limits() []surakarta.Limits {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.seen)
}

// TestGenMoveOnTheClock: genmove plans its time on the clock of
// time_settings and time_left, and takes it off: the searcher is given
// the time left to the side to move, less after each of its moves, and a
// move at once when there is none. That the moves keep within the clock
// on the real clock is checked with SURAKARTA_REALTIME=1.
func TestGenMoveOnTheClock(t *testing.T) {
	e := testEngine(nil, time.Minute)
	searcher := &limitsSeen{PVS: surakarta.NewPVS(surakarta.NewTuned())}
	e.Searcher = func() surakarta.Searcher { return searcher }
	s := startSession(t, e, serve.Caps{})
	s.answer("time_settings 1 0 0")
	var spent [2]time.Duration
	for i := range 6 {
		begin := time.Now()
		if got := s.answer("genmove " + []string{"b", "w"}[i%2]); !strings.HasPrefix(got[0], "= ") {
			t.Fatalf("genmove: %q", got)
		}
		spent[i%2] += time.Since(begin)
	}
	// On a loaded machine a side may use up its second: then it moves
	// at once (MoveTime 1ms) from there on.
	seen := searcher.limits()
	if len(seen) != 6 {
		t.Fatalf("6 genmoves, %d searches", len(seen))
	}
	atOnce := func(lim surakarta.Limits) bool {
		return lim.MoveTime == time.Millisecond && lim.Clock == surakarta.Clock{}
	}
	left := [2]time.Duration{time.Second, time.Second} // 0: used up
	for i, lim := range seen {
		side := surakarta.Color(i % 2)
		mine, _ := lim.Clock.Left(side)
		theirs, _ := lim.Clock.Left(side.Other())
		switch {
		case atOnce(lim) && i >= 2:
			left[side] = 0
		case lim.MoveTime == 0 && mine > 0 && theirs == 0 && lim.Clock.MovesToGo == 0 &&
			(i < 2 && mine == time.Second || i >= 2 && mine < left[side]):
			left[side] = mine
		default:
			t.Errorf("genmove %d (%v) on a clock of 1 s: limits %+v, after %v left", i+1, side, lim, left[side])
		}
	}
	testsize.RealTimeWithin(t, "three moves of Black on a clock of 1 s", spent[0], time.Second)
	testsize.RealTimeWithin(t, "three moves of White on a clock of 1 s", spent[1], time.Second)
	// No time left: a move at once.
	s.answer("time_left b 0 0")
	begin := time.Now()
	s.answer("genmove b")
	if seen := searcher.limits(); len(seen) != 7 || !atOnce(seen[6]) {
		t.Errorf("genmove with no time: limits %+v, want MoveTime 1ms", seen[len(seen)-1])
	}
	testsize.RealTimeWithin(t, "genmove with no time", time.Since(begin), 500*time.Millisecond)
}

// TestBadInput: a failed command changes nothing; odd input is answered
// in valid UTF-8; the server goes on.
func TestBadInput(t *testing.T) {
	s := startSession(t, testEngine(nil, 10*time.Millisecond), serve.Caps{})
	s.answer("play b b2b3")
	before := s.answer("showboard")
	for _, bad := range []string{
		"play b a2a3", "play w a1a2", "play w", "play", "genmove b", "genmove", "boardsize 7", "komi", "time_settings 1 2",
		"time_left b x 0", "surakarta-position xx", "surakarta-position wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b moves a1a1",
		"surakarta-setoption QuietPlyLimit -1", "surakarta-setoption Evaluator mcts", "surakarta-setoption Bogus 1",
		"\x00name\x00x", "play\x00 b", strings.Repeat("é", 100), "\xff\xfe", "final_score",
	} {
		lines := s.answer(bad)
		if len(lines) != 1 || !strings.HasPrefix(lines[0], "?") {
			t.Errorf("%.40q: %q, want one error", bad, lines)
		}
		if !utf8.ValidString(lines[0]) {
			t.Errorf("%.40q: the answer %q is not UTF-8", bad, lines[0])
		}
	}
	if after := s.answer("showboard"); !slices.Equal(after, before) {
		t.Errorf("the game changed:\n%s\nthen\n%s", strings.Join(before, "\n"), strings.Join(after, "\n"))
	}
	// A line too long is refused, a line with NUL bytes cleaned of them.
	s.send(strings.Repeat("x", 2<<20))
	if lines := s.answer("name\x00"); !slices.Equal(lines, []string{"? a line longer than 1048576 bytes"}) {
		t.Errorf("a line of 2 MiB: %q", lines)
	}
	if lines := s.answer("\x00"); !slices.Equal(lines, []string{"= test engine"}) {
		t.Errorf("name with a NUL byte, then a line of a NUL byte: %q", lines)
	}
}

// TestEndOfInput: genmove sent just before the end of the input is
// answered.
func TestEndOfInput(t *testing.T) {
	s := startSession(t, testEngine(nil, 100*time.Millisecond), serve.Caps{})
	s.send("genmove b")
	s.in.Close()
	if err := s.wait(); err != nil {
		t.Errorf("Serve: %v", err)
	}
	rest := s.rest()
	if len(rest) != 2 || !strings.HasPrefix(rest[0], "= ") || rest[1] != "" {
		t.Errorf("genmove, then the end of the input: %q", rest)
	}
}

func TestServeErrors(t *testing.T) {
	e := testEngine(nil, 10*time.Millisecond)
	if err := Serve(context.Background(), strings.NewReader("name\n"), io.Discard, Engine{Name: "x"}); err == nil {
		t.Error("no searcher: no error")
	}
	boom := errors.New("boom")
	var out strings.Builder
	if err := Serve(context.Background(), io.MultiReader(strings.NewReader("name\n"), iotest.ErrReader(boom)), &out, e); err != boom || out.String() != "= test engine\n\n" {
		t.Errorf("a read error: %v, wrote %q", err, out.String())
	}
	if err := Serve(context.Background(), strings.NewReader("name\nname\n"), errWriter{boom}, e); err != boom {
		t.Errorf("a write error: %v", err)
	}
	// ctx done: while waiting for input, and during a genmove, whose
	// search it ends. A Serve that missed the end of its context would
	// return after a minute's search, or never.
	e.MoveTime = time.Minute
	for _, input := range []string{"", "genmove b\n"} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		r, w := io.Pipe()
		go io.WriteString(w, input)
		served := make(chan error, 1)
		go func() { served <- Serve(ctx, r, io.Discard, e) }()
		select {
		case err := <-served:
			if err != context.DeadlineExceeded {
				t.Errorf("%q, ctx done: %v", input, err)
			}
		case <-time.After(waitTimeout): // a hang, not a slow machine
			t.Fatalf("%q, ctx done: Serve still running after %v", input, waitTimeout)
		}
		cancel()
		w.Close()
	}
	// quit and the end of the input: nil. Nothing is read after quit.
	out.Reset()
	if err := Serve(context.Background(), strings.NewReader("quit\nname\n"), &out, e); err != nil || out.String() != "=\n\n" {
		t.Errorf("quit: %v, wrote %q", err, out.String())
	}
	if err := Serve(context.Background(), strings.NewReader("name"), io.Discard, e); err != nil {
		t.Errorf("the end of the input: %v", err)
	}
	// An engine without options: the server's own only.
	e.SetOption = nil
	out.Reset()
	if err := Serve(context.Background(), strings.NewReader("surakarta-setoption Hash 2\nsurakarta-setoption QuietPlyLimit 2\n"), &out, e); err != nil ||
		out.String() != "? unknown option \"Hash\" (options: MoveOverhead, QuietPlyLimit, RepetitionLimit, MultiPV)\n\n=\n\n" {
		t.Errorf("no engine options: %v, wrote %q", err, out.String())
	}
}

// errWriter fails every write.
type errWriter struct{ err error }

func (w errWriter) Write([]byte) (int, error) { return 0, w.err }
