package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/booktest"
	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
)

// play runs a session with the given flags and input lines and returns
// everything it wrote on stdout; the session must end well.
func play(t *testing.T, args []string, lines ...string) string {
	t.Helper()
	var out, errOut strings.Builder
	if code := run(args, strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, &errOut); code != 0 || errOut.Len() > 0 {
		t.Fatalf("run: exit %d, stderr %q\n%s", code, errOut.String(), out.String())
	}
	return out.String()
}

func expect(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestPlayAnswersBadInputWithReasons(t *testing.T) {
	out := play(t, []string{"-depth", "1", "-movetime", "0"},
		"help", "hello world", "b2", "b2b2", "a5a4", "a3a4", "b2b4", "moves", "quit")
	expect(t, out,
		"You play Black",
		"Commands: a move such as a2a3 (", "; undo (your last move and the engine's reply); ",
		`Unknown command "hello world"`,
		"Not played: invalid move notation",
		"from and to are the same square",
		"the piece on a5 is White's, but Black is to move",
		"no piece on a3",
		"not next to b2",
		"Legal moves: a2a3 a2b3 b2a3 ",
		"1  b   b   b   b   b   b", // rank 1 is on no circuit
		"2  b───b───b───b───b───b",
		"3  ·═══·═══·═══·═══·═══·",
	)
}

func TestPlayEngineCaptureUndoSaveLoad(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.txt")
	// Black (the engine) takes b2 round the a1 loop at once.
	out := play(t, []string{"-color", "white", "-depth", "2", "-movetime", "0", "-position", "w5/6/6/6/bw4/6 b"},
		"save "+file, "undo", "load "+file, "a6a5", "quit")
	expect(t, out,
		"You play White",
		"pvs,network plays a2xb2",
		"capture path on the inner circuit: a2 → a1 loop → b1 → b2",
		"Saved to "+file,
		"Loaded "+file+": 1 ply.",
		"Game over. The engine wins (you have no pieces left).\nType analyse (your mistakes, and puzzles of them), undo, load FILE, save FILE or quit.\n> ",
	)
}

// TestPlayLevel: -level below 10 plays that level, whose name the
// session gives.
func TestPlayLevel(t *testing.T) {
	out := play(t, []string{"-level", "2", "-color", "white"}, "moves", "quit")
	expect(t, out, "You play White against level2.", "level2 plays ", "(score ", "Legal moves: ")
	// -level 10 with -engine plays that engine.
	out = play(t, []string{"-level", "10", "-engine", "alphabeta,sixfactor", "-depth", "1", "-movetime", "0", "-color", "white"}, "quit")
	expect(t, out, "against alphabeta,sixfactor.", "alphabeta,sixfactor plays ")
}

// TestPlayHint: hint shows the full engine's move for the side to move
// with its capture path, and plays nothing, whatever the level.
func TestPlayHint(t *testing.T) {
	// Black's a2 takes b2 round the a1 loop and wins.
	out := play(t, []string{"-level", "1", "-depth", "2", "-movetime", "0", "-position", "w5/6/6/6/bw4/6 b"}, "hint", "moves", "quit")
	expect(t, out,
		"Hint: a2xb2 (score win in 3 plies for you, depth ",
		"capture path on the inner circuit: a2 → a1 loop → b1 → b2",
		"Legal moves: a2xb2 a2a1 a2b1 a2a3 a2b3\n",
	)
	if strings.Contains(out, " plays ") {
		t.Errorf("hint played a move:\n%s", out)
	}
	// After a2b2 and White's a6a5, b2 takes a5 round the a6 loop.
	out = play(t, []string{"-depth", "1", "-movetime", "0", "-position", "w5/6/6/6/bw4/6 b"}, "a2b2", "hint", "b2a5", "hint", "quit")
	expect(t, out,
		"pvs,network plays a6a5 (score win in 1 ply for you, depth 1)", // as the hint says
		"Hint: b2xa5 (score win in 1 ply for you, depth 1)",
		"capture path on the inner circuit: b2 → b3 → b4 → b5 → b6 → a6 loop → a5",
		"Game over. You win (the engine has no pieces left).\n",
		"No hint: the game is over.",
	)
}

func TestHelp(t *testing.T) {
	for _, arg := range []string{"-h", "-help", "--help"} {
		var out, errOut strings.Builder
		code := run([]string{arg}, strings.NewReader("b2b3\n"), &out, &errOut)
		if code != 0 || !strings.HasPrefix(out.String(), "usage: surakarta-play [flags]\n") || errOut.Len() > 0 {
			t.Errorf("play %s: exit %d, stdout %q, stderr %q; want exit 0 and the usage on stdout", arg, code, out.String(), errOut.String())
		}
		for _, want := range []string{"-color", "-engine", "-level", "-movetime", "-depth", "-position", "load FILE", "hint"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("play %s: the usage lacks %q", arg, want)
			}
		}
	}
}

// TestPlayRejectsBadFlags: every bad flag is an error before the game
// starts: nothing is printed on stdout and no input is read.
func TestPlayRejectsBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-color", "green"}, `-color "green"`},
		{[]string{"-engine", "x"}, `-engine "x": want searcher[,evaluator]`},
		{[]string{"-engine", "pvs,endgame,bogus=1"}, `unknown option "bogus"`},
		{[]string{"-position", "bad"}, "invalid position"},
		{[]string{"-color", "white", "-depth", "-1"}, "Depth -1 is negative"},
		{[]string{"-movetime", "-1s"}, "MoveTime -1s is negative"},
		{[]string{"-movetime", "0"}, "give -movetime or -depth a limit"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-x"}, "flag provided but not defined: -x"},
		{[]string{"-level", "0"}, "-level 0: want 1 to 10"},
		{[]string{"-level", "11"}, "-level 11: want 1 to 10"},
		{[]string{"-level", "3", "-engine", "pvs,tuned"}, "give -engine only with -level 10"},
	} {
		var out, errOut strings.Builder
		in := strings.NewReader("b2b3\nquit\n")
		code := run(tc.args, in, &out, &errOut)
		if code != 2 || out.Len() > 0 || !strings.HasPrefix(errOut.String(), "surakarta-play: ") || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("play %q: exit %d, stdout %q, stderr %q; want exit 2 and an error saying %q", tc.args, code, out.String(), errOut.String(), tc.want)
		}
		if strings.Contains(errOut.String(), "match:") {
			t.Errorf("play %q: the error names a package: %q", tc.args, errOut.String())
		}
		if in.Len() != len("b2b3\nquit\n") {
			t.Errorf("play %q: the input was read", tc.args)
		}
	}
}

// broken is a searcher that cannot move.
type broken struct{}

func (broken) Search(context.Context, *surakarta.Game, surakarta.Limits) (surakarta.Result, error) {
	return surakarta.Result{}, errors.New("out of order")
}
func (broken) Clear() {}

// blunderer is a searcher that always proposes an illegal move.
type blunderer struct{ broken }

func (blunderer) Search(context.Context, *surakarta.Game, surakarta.Limits) (surakarta.Result, error) {
	return surakarta.Result{Move: surakarta.NewMove(surakarta.A1, surakarta.F6)}, nil
}

// TestPlayEndsWhenTheEngineCannotMove: when the engine fails, the session
// ends with the error; the user is not asked to move for the engine.
func TestPlayEndsWhenTheEngineCannotMove(t *testing.T) {
	for _, tc := range []struct {
		searcher surakarta.Searcher
		want     string
	}{
		{broken{}, "the engine cannot move"},
		{blunderer{}, "a1f6 was refused"},
	} {
		var out strings.Builder
		s := &session{
			out:      &out,
			game:     surakarta.NewGame(surakarta.NewPosition()),
			human:    surakarta.White,
			engine:   enginespec.Engine{Name: "broken"},
			searcher: tc.searcher,
			input:    bufio.NewReader(strings.NewReader("b2b3\nmoves\nquit\n")),
		}
		err := s.loop()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("loop: %v, want an error saying %q", err, tc.want)
		}
		if s.game.Ply() != 0 || strings.Contains(out.String(), ">") {
			t.Errorf("the user was asked to move for the engine (%d plies played):\n%s", s.game.Ply(), out.String())
		}
	}
}

// TestPlayLongLine: a line too long to be a command is answered and
// dropped, and the session goes on.
func TestPlayLongLine(t *testing.T) {
	long := strings.Repeat("x", 100<<10)
	out := play(t, []string{"-depth", "1", "-movetime", "0"}, long, "b2b3"+strings.Repeat(" ", maxLine), "moves", "b2b3", "quit")
	expect(t, out, "Line too long (over 8192 bytes): ignored.", "Legal moves: ", "pvs,network plays")
	if n := strings.Count(out, "Line too long"); n != 2 {
		t.Errorf("%d lines refused, want 2:\n%s", n, out)
	}
	// A line of exactly maxLine bytes is read, and so is a last line
	// without a line ending.
	var stdout, stderr strings.Builder
	in := strings.NewReader("moves" + strings.Repeat(" ", maxLine-len("moves")) + "\r\nquit")
	if code := run([]string{"-depth", "1", "-movetime", "0"}, in, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	expect(t, stdout.String(), "Legal moves: ")
	if strings.Contains(stdout.String(), "too long") || strings.HasSuffix(stdout.String(), "> \n") {
		t.Errorf("the last lines were not read as commands:\n%s", stdout.String())
	}
}

// TestPlayLoadLimitsFileSize: load reads no more than a game record can
// need, and says why it refuses a larger file; a device, such as
// /dev/zero, it refuses unread.
func TestPlayLoadLimitsFileSize(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.txt")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(maxRecordFile + 1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	f.Close()
	lines := []string{"load " + big, "load " + filepath.Join(t.TempDir(), "none.txt")}
	if _, err := os.Stat("/dev/zero"); err == nil {
		lines = append(lines, "load /dev/zero")
	}
	out := play(t, []string{"-depth", "1", "-movetime", "0"}, append(lines, "moves", "quit")...)
	expect(t, out, "Not loaded: "+big+" is larger than 10 MiB", "Not loaded: open ", "Legal moves: ")
	if len(lines) == 3 {
		expect(t, out, "Not loaded: /dev/zero: not a regular file (a device)")
	}
}

// TestPlayScoresFromYourSide: the engine's scores and the hint's are both
// from the user's side, and say so; a player that searches nothing shows
// no score.
func TestPlayScoresFromYourSide(t *testing.T) {
	// Black, to move, takes b2 round the a1 loop, and White's a6 is taken
	// at Black's next move: a win in 3 plies for Black, so for the user a
	// win as Black; as White, once Black has played a2b2, a loss in 2.
	// The move that ends the game has no score ("loss in 0"): the result
	// follows.
	out := play(t, []string{"-color", "white", "-depth", "2", "-movetime", "0", "-position", "w5/6/6/6/bw4/6 b"}, "a6a5", "quit")
	expect(t, out, "pvs,network plays a2xb2 (score loss in 2 plies for you, depth ", "pvs,network plays b2xa5\n")
	out = play(t, []string{"-depth", "2", "-movetime", "0", "-position", "w5/6/6/6/bw4/6 b"}, "hint", "quit")
	expect(t, out, "Hint: a2xb2 (score win in 3 plies for you, depth ")
	// An evaluation: the engine's own score, negated.
	res, err := surakarta.NewPVS(surakarta.NewNetwork()).Search(context.Background(), surakarta.NewGame(surakarta.NewPosition()), surakarta.Limits{Depth: 2})
	if err != nil || res.Score == 0 || surakarta.IsWin(res.Score) || surakarta.IsLoss(res.Score) {
		t.Fatalf("the engine's search of the start: %+v, %v; want an evaluation other than 0", res, err)
	}
	out = play(t, []string{"-color", "white", "-depth", "2", "-movetime", "0"}, "quit")
	expect(t, out, fmt.Sprintf("pvs,network plays %v (score %s for you, depth 2)", res.Move, surakarta.FormatScore(-res.Score)))
	out = play(t, []string{"-engine", "random", "-depth", "1", "-movetime", "0", "-color", "white"}, "quit")
	expect(t, out, "random plays ")
	if strings.Contains(out, "(score") {
		t.Errorf("a player that searches nothing was given a score:\n%s", out)
	}
}

// TestPlayShowsMovesAsText: moves are listed as they are typed, a capture
// with an x, and a capture path as its points and the loops it goes round.
func TestPlayShowsMovesAsText(t *testing.T) {
	// c1 takes a3 round the outer loop at a1.
	out := play(t, []string{"-depth", "1", "-movetime", "0", "-position", "6/6/6/w5/6/2b3 b"}, "moves", "hint", "quit")
	expect(t, out,
		"Legal moves: c1xa3 c1b1 c1d1 c1b2 c1c2 c1d2\n",
		"Hint: c1xa3 (score win in 1 ply for you, depth 1)\n  capture path on the outer circuit: c1 → a1 loop → a3\n",
	)
	// c1 takes d1, its neighbour, round two loops, at a1 and f1.
	out = play(t, []string{"-depth", "1", "-movetime", "0", "-position", "6/6/6/6/6/2bw2 b"}, "hint", "quit")
	expect(t, out, "Hint: c1xd1 (score win in 1 ply for you, depth 1)\n  capture path on the outer circuit: c1 → a1 loop → a3 → b3 → c3 → d3 → e3 → f3 → f1 loop → d1\n")
}

// TestPlayFromYourSide: the board is drawn from the user's side, White's
// pieces at the bottom for White, and the move given as an example is
// one of the user's legal moves.
func TestPlayFromYourSide(t *testing.T) {
	out := play(t, []string{"-color", "white", "-depth", "1", "-movetime", "0", "-position", "w5/6/6/6/bw4/6 w"}, "help", "quit")
	board := "" +
		"1  ·   ·   ·   ·   ·   ·\n" +
		"       │   ║   ║   │    \n" +
		"2  ·───·───·───·───w───b\n" +
		"       │   ║   ║   │    \n" +
		"3  ·═══·═══·═══·═══·═══·\n" +
		"       │   ║   ║   │    \n" +
		"4  ·═══·═══·═══·═══·═══·\n" +
		"       │   ║   ║   │    \n" +
		"5  ·───·───·───·───·───·\n" +
		"       │   ║   ║   │    \n" +
		"6  ·   ·   ·   ·   ·   w\n" +
		"   f   e   d   c   b   a\n"
	expect(t, out,
		"You play White against pvs,network.\n"+board,
		"White to move (move 1).\nType a move such as b2a1, or help.\n> ",
		"Commands: a move such as b2a1 (from and to squares; b2-a1 also works",
	)
	// As Black, the board as before: rank 1 at the bottom, file a on the
	// left.
	out = play(t, []string{"-depth", "1", "-movetime", "0", "-position", "w5/6/6/6/bw4/6 b"}, "quit")
	expect(t, out, "You play Black against pvs,network.\n"+
		"6  w   ·   ·   ·   ·   ·\n"+
		"       │   ║   ║   │    \n"+
		"5  ·───·───·───·───·───·\n",
		"2  b───w───·───·───·───·\n"+
			"       │   ║   ║   │    \n"+
			"1  ·   ·   ·   ·   ·   ·\n"+
			"   a   b   c   d   e   f\n",
		"Type a move such as a2a1, or help.\n")
	// From the start as White, the example is one of White's moves after
	// the engine's first.
	out = play(t, []string{"-color", "white", "-engine", "random", "-depth", "1", "-movetime", "0"}, "quit")
	_, after, ok := strings.Cut(out, "Type a move such as ")
	example, _, _ := strings.Cut(after, ",")
	m, err := surakarta.ParseMove(example)
	if !ok || err != nil {
		t.Fatalf("no example move:\n%s", out)
	}
	_, first, _ := strings.Cut(out, "random plays ")
	g := surakarta.NewGame(surakarta.NewPosition())
	if err := g.PlayText(strings.Fields(first)[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Position().Legal(m); err != nil {
		t.Errorf("the example %s is not a move of White's: %v\n%s", m, err, out)
	}
}

// TestPlayUndo: undo takes back the user's last move and the engine's
// reply, and says so; before the user's first move it takes back nothing,
// and a move that ended the game is taken back alone.
func TestPlayUndo(t *testing.T) {
	limits := []string{"-depth", "1", "-movetime", "0"}
	out := play(t, limits, "undo", "b2b3", "undo", "undo", "quit")
	_, reply, _ := strings.Cut(out, "pvs,network plays ")
	reply = strings.Fields(reply)[0]
	expect(t, out,
		"> Nothing to undo: no move has been played.\n",
		"> Took back your b2b3 and the engine's "+reply+".\n",
		"> Nothing to undo: no move has been played.\n",
	)
	// The board is drawn again only when the game has changed: at the
	// start and after the undo that brings it back.
	if n := strings.Count(out, "Black to move (move 1)."); n != 2 {
		t.Errorf("the start shown %d times, want 2 (at the start and after the undo of b2b3):\n%s", n, out)
	}
	// As White: the engine's first move is not taken back, since the
	// engine would play again.
	out = play(t, append([]string{"-color", "white"}, limits...), "undo", "quit")
	expect(t, out, "> Nothing to undo: you have not moved yet.\n")
	if n := strings.Count(out, " plays "); n != 1 {
		t.Errorf("the engine played %d times, want once:\n%s", n, out)
	}
	// c1 takes White's last piece: the game is over after one ply, and
	// undo takes back that one.
	out = play(t, append(limits, "-position", "6/6/6/w5/6/2b3 b"), "c1a3", "undo", "quit")
	expect(t, out, "> Took back your c1xa3.\n")
	if n := strings.Count(out, "Black to move (move 1)."); n != 2 || strings.Contains(out, " plays ") {
		t.Errorf("after undo: want Black to move in the start, and no engine move:\n%s", out)
	}
	// A resignation in a loaded record is taken back on its own.
	g := surakarta.NewGame(surakarta.NewPosition())
	if err := g.PlayText("b2b3"); err != nil {
		t.Fatal(err)
	}
	if err := g.Resign(surakarta.Black); err != nil {
		t.Fatal(err)
	}
	text, err := record.New(g).MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "resigned.txt")
	if err := os.WriteFile(file, text, 0o644); err != nil {
		t.Fatal(err)
	}
	out = play(t, append([]string{"-color", "white"}, limits...), "load "+file, "undo", "quit")
	expect(t, out, "> Took back the resignation: the game goes on.\n")
	if n := strings.Count(out, " plays "); n != 1 {
		t.Errorf("the engine played %d times, want once (its first move; the record's b2b3 is not taken back):\n%s", n, out)
	}
}

// TestPlayResult: the end of the game is said from the user's side, with
// the reason, and the pieces that decided it when the rules count them.
func TestPlayResult(t *testing.T) {
	limits := []string{"-depth", "1", "-movetime", "0"}
	// b6 shuts White's a6 in: White cannot move, and Black has more pieces.
	out := play(t, append(limits, "-position", "w1b3/bb4/6/6/6/6 b"), "c6b6", "quit")
	expect(t, out, "Game over. You win (the engine has no legal move; more pieces win: you 3, the engine 1).\n")
	// The 50th ply without a capture, one piece each.
	out = play(t, append(limits, "-position", "w5/6/6/6/6/5b b 49 30"), "f1e1", "quit")
	expect(t, out, "Game over. Draw (50 plies without a capture; equal pieces draw: 1 each).\n")
	// As White, in the position given: the outcome the game has, or the
	// one given (a repetition, or an end a record declares).
	for _, tc := range []struct {
		position string
		o        surakarta.Outcome
		want     string
	}{
		{"6/6/6/6/b5/6 w", surakarta.Outcome{}, "The engine wins (you have no pieces left)."},
		{"6/6/6/6/6/6 w", surakarta.Outcome{}, "Draw (no pieces left on the board)."},
		{"wb4/bb4/6/6/6/6 w", surakarta.Outcome{}, "The engine wins (you have no legal move; more pieces win: you 1, the engine 3)."},
		{"w5/6/6/6/bb4/6 w", surakarta.Outcome{Over: true, Winner: surakarta.Black, Reason: surakarta.Repetition}, "The engine wins (the same position 2 times; more pieces win: you 1, the engine 2)."},
		{"w5/6/6/6/b5/6 w", surakarta.Outcome{Over: true, Draw: true, Reason: surakarta.Repetition}, "Draw (the same position 2 times; equal pieces draw: 1 each)."},
		{surakarta.StartText, surakarta.Outcome{Over: true, Winner: surakarta.White, Reason: surakarta.Resignation}, "You win (the engine resigned)."},
		{surakarta.StartText, surakarta.Outcome{Over: true, Winner: surakarta.Black, Reason: surakarta.Resignation}, "The engine wins (you resigned)."},
		{surakarta.StartText, surakarta.Outcome{Over: true, Winner: surakarta.Black, Reason: surakarta.TimeForfeit}, "The engine wins (you ran out of time)."},
		{surakarta.StartText, surakarta.Outcome{Over: true, Draw: true, Reason: surakarta.DrawAgreement}, "Draw (by agreement)."},
	} {
		p, err := surakarta.ParsePosition(tc.position)
		if err != nil {
			t.Fatal(err)
		}
		s := &session{game: surakarta.NewGame(p), human: surakarta.White}
		o := tc.o
		if !o.Over {
			o = s.game.Outcome()
		}
		if got := s.result(o); got != tc.want {
			t.Errorf("%s, %v: %q, want %q", tc.position, o, got, tc.want)
		}
	}
}

// TestPlaySession plays a whole session as White, the user's input fed
// as typed, and checks every line the terminal shows: the board from
// White's side, an example among White's moves, every score for the
// user, moves and capture paths as text, what undo took back (and that
// it takes back nothing before the user's first move), and the end said
// from the user's side.
func TestPlaySession(t *testing.T) {
	// Black (the engine) takes b2 round the a1 loop at once; White's a6
	// is lost whatever it does.
	out := play(t, []string{"-color", "white", "-depth", "2", "-movetime", "0", "-position", "w5/6/6/6/bw4/6 b"},
		"undo", "moves", "hint", "a6a5", "undo", "quit")
	// board draws a board from White's side with Black's piece on the
	// inner circuit's rank 2 or 5 (b2 or a5, at "e" or "a" in the row)
	// and White's a6 if it is still there.
	board := func(rank2, rank5, rank6 string) string {
		const lines = "       │   ║   ║   │    \n"
		return "1  ·   ·   ·   ·   ·   ·\n" + lines +
			"2  " + rank2 + "\n" + lines +
			"3  ·═══·═══·═══·═══·═══·\n" + lines +
			"4  ·═══·═══·═══·═══·═══·\n" + lines +
			"5  " + rank5 + "\n" + lines +
			"6  " + rank6 + "\n" +
			"   f   e   d   c   b   a\n" +
			"   ─ │ the inner circuit, ═ ║ the outer; captures travel along them\n" +
			"   loops: inner a1 (b1-a2) f1 (f2-e1) f6 (e6-f5) a6 (a5-b6); outer a1 (c1-a3) f1 (f3-d1) f6 (d6-f4) a6 (a4-c6)\n"
	}
	const (
		empty2or5 = "·───·───·───·───·───·"
		blackB2   = "·───·───·───·───b───·"
		blackA5   = "·───·───·───·───·───b"
		whiteA6   = "·   ·   ·   ·   ·   w"
		empty6    = "·   ·   ·   ·   ·   ·"
	)
	playing := board(blackB2, empty2or5, whiteA6) + "White to move (move 1).\n"
	want := "You play White against pvs,network.\n" +
		"pvs,network plays a2xb2 (score loss in 2 plies for you, depth 2)\n" +
		"  capture path on the inner circuit: a2 → a1 loop → b1 → b2\n" +
		playing +
		"Type a move such as a6a5, or help.\n" +
		"> Nothing to undo: you have not moved yet.\n" +
		"> Legal moves: a6a5 a6b5 a6b6\n" +
		"> Hint: a6a5 (score loss in 2 plies for you, depth 2)\n" +
		"> pvs,network plays b2xa5\n" +
		"  capture path on the inner circuit: b2 → b3 → b4 → b5 → b6 → a6 loop → a5\n" +
		board(empty2or5, blackA5, empty6) +
		"Game over. The engine wins (you have no pieces left).\n" +
		"Type analyse (your mistakes, and puzzles of them), undo, load FILE, save FILE or quit.\n" +
		"> Took back your a6a5 and the engine's b2xa5.\n" +
		playing +
		"> " // quit
	if out != want {
		t.Errorf("the session shows\n%s\nwant\n%s", out, want)
	}
}

// TestPlayLevelBoardHelp: level N changes the engine's strength in the
// game, board draws the board again, and help says how a game ends.
func TestPlayLevelBoardHelp(t *testing.T) {
	out := play(t, []string{"-depth", "1", "-movetime", "0"}, "help", "level 3", "level 11", "board", "b2b3", "level 10", "quit")
	expect(t, out,
		"A game ends when a side has no pieces left: it has lost.",
		"at the first\nrepetition of a position",
		"> You now play level3 (level 3).\n",
		"> level needs a strength from 1 (a beginner can win) to 10 (full strength): level 3\n",
		"level3 plays ",
		"> You now play pvs,network (level 10).\n",
	)
	// board draws the start again, and only board does before b2b3.
	if n := strings.Count(out, "Black to move (move 1)."); n != 2 {
		t.Errorf("the start drawn %d times, want 2 (at the start and for board):\n%s", n, out)
	}
}

// TestPlayBookMove: a move the engine plays from its book says so.
func TestPlayBookMove(t *testing.T) {
	bookFile := booktest.Write(t, 4, "1-0", "b2b3", "e5e4", "c2c3", "f5f4")
	out := play(t, []string{"-color", "white", "-depth", "1", "-movetime", "0", "-engine", "pvs,network,book=" + bookFile}, "quit")
	expect(t, out, " plays b2b3 (book move: 1 game, score 100%)\n")
}
