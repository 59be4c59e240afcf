package record_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta/record"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/surakarta-go/surakarta"
)

// recRandomGame plays random legal moves (seeded) from start under rules
// until the game is over or maxPlies have been played.
func recRandomGame(tb testing.TB, seed uint64, start string, rules surakarta.Rules, maxPlies int) *surakarta.Game {
	tb.Helper()
	g, err := surakarta.NewGameWithRules(mustParse(tb, start), rules)
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 0x7ec0_7d))
	for g.Ply() < maxPlies {
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		if err := g.Play(moves[r.IntN(len(moves))]); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// recView is what a record holds, in comparable form.
type recView struct {
	Headers        []record.Header
	Start          string
	Rules          surakarta.Rules
	Moves          string
	Comments       map[int]string
	Glyphs         map[int][]record.Glyph
	Variations     string // recVariations
	Result, Reason string
}

func recViewOf(r *record.Record) recView {
	return recView{
		Headers:    r.Headers,
		Start:      r.Game.StartPosition().String(),
		Rules:      r.Game.Rules(),
		Moves:      fmt.Sprint(r.Game.Moves()),
		Comments:   r.Comments,
		Glyphs:     r.Glyphs,
		Variations: recVariations(r.Variations),
		Result:     r.Result,
		Reason:     r.Reason,
	}
}

// recVariations writes variations as text to compare, each with its moves,
// comments, glyphs and variations, every map in the order of its keys
// (go-cmp takes time exponential in the depth of nested variations).
func recVariations(vs map[int][]record.Variation) string {
	var b strings.Builder
	var write func(vs map[int][]record.Variation)
	write = func(vs map[int][]record.Variation) {
		for _, k := range slices.Sorted(maps.Keys(vs)) {
			for _, v := range vs[k] {
				fmt.Fprintf(&b, "%d:(%v", k, v.Moves)
				for _, c := range slices.Sorted(maps.Keys(v.Comments)) {
					fmt.Fprintf(&b, " c%d=%q", c, v.Comments[c])
				}
				for _, g := range slices.Sorted(maps.Keys(v.Glyphs)) {
					fmt.Fprintf(&b, " g%d=%v", g, v.Glyphs[g])
				}
				write(v.Variations)
				b.WriteString(")")
			}
		}
	}
	write(vs)
	return b.String()
}

// recDiff returns the difference between two records, "" when they hold the
// same headers, start, rules, moves, comments, glyphs, variations, result
// and reason.
func recDiff(want, got *record.Record) string {
	if d := cmp.Diff(recViewOf(want), recViewOf(got), cmpopts.EquateEmpty()); d != "" {
		return d
	}
	if want.Game.StartPosition() != got.Game.StartPosition() {
		return fmt.Sprintf("start positions differ: %v vs %v", want.Game.StartPosition(), got.Game.StartPosition())
	}
	return ""
}

// recRoundTrip checks that r survives MarshalText and Parse exactly and
// returns its text.
func recRoundTrip(t *testing.T, r *record.Record) string {
	t.Helper()
	text, err := r.MarshalText()
	if err != nil {
		t.Fatalf("MarshalText: %v", err)
	}
	back, err := record.Parse(string(text))
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, text)
	}
	if d := recDiff(r, back); d != "" {
		t.Errorf("record changed in the round trip (-want +got):\n%s\n%s", d, text)
	}
	again, err := back.MarshalText()
	if err != nil {
		t.Fatalf("MarshalText of the parsed record: %v", err)
	}
	if string(again) != string(text) {
		t.Errorf("MarshalText differs after the round trip:\n%s\nthen\n%s", text, again)
	}
	for i, line := range strings.Split(string(text), "\n") {
		if len(line) > 80 && strings.Contains(line, " ") { // a longer word stands alone
			t.Errorf("line %d is %d bytes long: %q", i+1, len(line), line)
		}
	}
	return string(text)
}

var recPlayers = []record.Header{
	{Name: "Black", Value: "pvs,endgame"},
	{Name: "White", Value: "alphabeta,sixfactor"},
	{Name: "Date", Value: "2026-11-22"},
	{Name: "TimeControl", Value: "100ms/move"},
}

// recWhiteStart is a position with White to move at move 7.
const recWhiteStart = "ww1ww1/1w2w1/6/2b3/bb2b1/b4b w 3 7"

func TestRecordRoundTrip(t *testing.T) {
	t.Run("full game from the start", func(t *testing.T) {
		g := recRandomGame(t, 1, surakarta.StartText, surakarta.OlympiadRules(), 10_000)
		if !g.Outcome().Over {
			t.Fatal("the random game did not end")
		}
		r := record.New(g, recPlayers...)
		if want := g.Outcome().Result(); r.Result != want || r.Reason != g.Outcome().Reason.String() {
			t.Fatalf("New: result %q reason %q, want %q %q", r.Result, r.Reason, want, g.Outcome().Reason)
		}
		text := recRoundTrip(t, r)
		for _, want := range []string{
			"[Black \"pvs,endgame\"]\n[White \"alphabeta,sixfactor\"]\n[Date \"2026-11-22\"]\n[TimeControl \"100ms/move\"]\n" +
				"[Rules \"quiet=50 repetition=2\"]\n[Position \"" + surakarta.StartText + "\"]\n[Result \"" + r.Result + "\"]\n" +
				"[Reason \"" + r.Reason + "\"]\n\n1. ",
			" " + r.Result + "\n\n",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("the text lacks %q:\n%s", want, text)
			}
		}
	})
	t.Run("long game wraps lines", func(t *testing.T) {
		g := recRandomGame(t, 2, surakarta.StartText, surakarta.Rules{}, 300)
		text := recRoundTrip(t, record.New(g))
		if n := strings.Count(text, "\n"); n < 20 {
			t.Errorf("300 plies on %d lines:\n%s", n, text)
		}
	})
	t.Run("White to move", func(t *testing.T) {
		g := recRandomGame(t, 3, recWhiteStart, surakarta.OlympiadRules(), 10_000)
		text := recRoundTrip(t, record.New(g, record.Header{Name: "Event", Value: "study"}))
		if !strings.Contains(text, "\n\n7... ") || !strings.Contains(text, " 8. ") {
			t.Errorf("want the moves to open with \"7... \" and go on with \" 8. \":\n%s", text)
		}
	})
	t.Run("custom rules", func(t *testing.T) {
		for i, rules := range []surakarta.Rules{
			{QuietPlyLimit: 20, RepetitionLimit: 0},
			{QuietPlyLimit: 0, RepetitionLimit: 3},
			{},
		} {
			g := recRandomGame(t, 4+uint64(i), surakarta.StartText, rules, 400)
			text := recRoundTrip(t, record.New(g))
			want := fmt.Sprintf("[Rules \"quiet=%d repetition=%d\"]\n", rules.QuietPlyLimit, rules.RepetitionLimit)
			if !strings.Contains(text, want) {
				t.Errorf("the text lacks %q:\n%s", want, text)
			}
		}
	})
	t.Run("unfinished", func(t *testing.T) {
		g := recRandomGame(t, 7, surakarta.StartText, surakarta.OlympiadRules(), 9)
		if g.Outcome().Over {
			t.Skip("the game ended within 9 plies")
		}
		r := record.New(g, recPlayers[:2]...)
		if r.Result != "*" || r.Reason != "" {
			t.Fatalf("New of a game in progress: %q %q, want \"*\" \"\"", r.Result, r.Reason)
		}
		text := recRoundTrip(t, r)
		if !strings.HasSuffix(text, " *\n\n") || strings.Contains(text, "[Reason") {
			t.Errorf("want the moves to end with \" *\" and no Reason header:\n%s", text)
		}
	})
	t.Run("no moves", func(t *testing.T) {
		text := recRoundTrip(t, record.New(surakarta.NewGame(surakarta.NewPosition())))
		if !strings.HasSuffix(text, "\"]\n\n*\n\n") {
			t.Errorf("want the moves to be just \"*\":\n%q", text)
		}
	})
	t.Run("stopped with a decided result", func(t *testing.T) {
		g := recRandomGame(t, 8, surakarta.StartText, surakarta.Rules{}, 30)
		r := record.New(g, recPlayers...)
		r.Result, r.Reason = "1-0", "adjudicated: move limit"
		recRoundTrip(t, r)
		r.Result = "1/2-1/2"
		recRoundTrip(t, r)
	})
	t.Run("unfinished with a reason", func(t *testing.T) {
		r := record.New(recRandomGame(t, 9, surakarta.StartText, surakarta.Rules{}, 5))
		r.Reason = "interrupted"
		recRoundTrip(t, r)
	})
	t.Run("headers with quotes and backslashes", func(t *testing.T) {
		g := recRandomGame(t, 10, recWhiteStart, surakarta.OlympiadRules(), 12)
		r := record.New(g,
			record.Header{Name: "Event", Value: `The "Big" \ Match`},
			record.Header{Name: "Site", Value: `\"`},
			record.Header{Name: "Annotator", Value: `"]`},
			record.Header{Name: "Empty", Value: ""},
			record.Header{Name: "Round_2", Value: "Surakarta · 蘇拉卡爾塔 \\\\"},
		)
		text := recRoundTrip(t, r)
		for _, want := range []string{
			`[Event "The \"Big\" \\ Match"]`, `[Site "\\\""]`, `[Annotator "\"]"]`, `[Empty ""]`,
		} {
			if !strings.Contains(text, want+"\n") {
				t.Errorf("the text lacks the line %s:\n%s", want, text)
			}
		}
	})
}

// TestNewRecordSnapshot: a record keeps the game as New found it, so
// that its text does not change when the caller goes on playing, ends the
// game or takes moves back.
func TestNewRecordSnapshot(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range strings.Fields("a2a3 a5a4 a3a2") {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	r := record.New(g, recPlayers[:2]...)
	want, err := r.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	check := func(after string) {
		t.Helper()
		text, err := r.MarshalText()
		if err != nil {
			t.Fatalf("after %s: MarshalText: %v", after, err)
		}
		if d := cmp.Diff(string(want), string(text)); d != "" {
			t.Errorf("after %s: the text changed (-want +got):\n%s", after, d)
		}
		if r.Game.Ply() != 3 || r.Result != "*" {
			t.Errorf("after %s: the record holds %d plies, result %s; want 3, *", after, r.Game.Ply(), r.Result)
		}
	}
	// The fourth move repeats the start: the game g ends, the record's not.
	if err := g.PlayText("a4a5"); err != nil || !g.Outcome().Over {
		t.Fatalf("a4a5: %v, %v; want the game to end by repetition", err, g.Outcome())
	}
	check("a move that ends the game")
	if err := g.Resign(surakarta.White); err == nil {
		t.Fatal("Resign after the end")
	}
	for range 4 {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	check("taking the moves back")

	// A record of a game that has ended keeps its end.
	g = recRandomGame(t, 14, surakarta.StartText, surakarta.OlympiadRules(), 10_000)
	r = record.New(g)
	if want, err = r.MarshalText(); err != nil {
		t.Fatal(err)
	}
	plies := g.Ply()
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if text, err := r.MarshalText(); err != nil || string(text) != string(want) || r.Game.Ply() != plies {
		t.Errorf("after Undo of the game: %d plies, %v; want the text of %d plies", r.Game.Ply(), err, plies)
	}

	// The zero Game and no game.
	var zero surakarta.Game
	if text, err := record.New(&zero).MarshalText(); err != nil || !strings.HasSuffix(string(text), "\n\n*\n\n") {
		t.Errorf("a record of the zero Game: %q, %v", text, err)
	}
	if r := record.New(nil); r.Game != nil || r.Result != "*" {
		t.Errorf("New(nil): game %v, result %q", r.Game, r.Result)
	}
}

func TestRecordReadsLeniently(t *testing.T) {
	// Spaces, CRLF, extra blank lines, other move spellings, move numbers
	// joined to their moves, and "N..." before a later move of White.
	text := "\ufeff\r\n  [Event  \"x\" ] \r\n[Result \"*\"]\t\r\n\r\n\r\n1.B2-B3 1... e5e4\r\n  2. c2-c3\r\n*"
	r, err := record.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(r.Game.Moves()), "[b2b3 e5e4 c2c3]"; got != want {
		t.Errorf("moves %s, want %s", got, want)
	}
	if got, want := r.Game.Rules(), surakarta.OlympiadRules(); got != want {
		t.Errorf("rules %+v, want the default %+v", got, want)
	}
	if got := r.Game.StartPosition(); got != surakarta.NewPosition() {
		t.Errorf("start %v, want the standard start", got)
	}
	out, err := r.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	want := "[Event \"x\"]\n[Rules \"quiet=50 repetition=2\"]\n[Position \"wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1\"]\n" +
		"[Result \"*\"]\n\n1. b2b3 e5e4 2. c2c3 *\n\n"
	if d := cmp.Diff(want, string(out)); d != "" {
		t.Errorf("MarshalText (-want +got):\n%s", d)
	}
	// The Rules header takes its keys in either order.
	r, err = record.Parse("[Rules \"repetition=3  quiet=0\"]\n[Result \"*\"]\n\n*\n")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.Game.Rules(), (surakarta.Rules{RepetitionLimit: 3}); got != want {
		t.Errorf("rules %+v, want %+v", got, want)
	}
}

// TestRecordComments: comments before the first move and after moves are
// read, joined into their words, kept under their ply and written back
// after their moves, wrapped with them.
func TestRecordComments(t *testing.T) {
	t.Run("hand-written", func(t *testing.T) {
		text := "[Event \"annotated\"]\n[Result \"*\"]\n\n" +
			"{A short game,   with notes.} 1. b2b3 {the usual opening} e5e4{a reply}{in two\r\n" +
			"comments}\n" +
			"2. c2c3 { spans\n" +
			"   three\n" +
			"   lines } f5f4 {} 3. c3c4 {;{ are text, tabs\ttoo} *\n"
		r, err := record.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		want := map[int]string{
			0: "A short game, with notes.",
			1: "the usual opening",
			2: "a reply in two comments",
			3: "spans three lines",
			4: "",
			5: ";{ are text, tabs too",
		}
		if d := cmp.Diff(want, r.Comments); d != "" {
			t.Errorf("Comments (-want +got):\n%s", d)
		}
		out := recRoundTrip(t, r)
		wantText := "[Event \"annotated\"]\n[Rules \"quiet=50 repetition=2\"]\n[Position \"" + surakarta.StartText + "\"]\n[Result \"*\"]\n\n" +
			"{A short game, with notes.} 1. b2b3 {the usual opening} 1... e5e4 {a reply in\n" +
			"two comments} 2. c2c3 {spans three lines} 2... f5f4 {} 3. c3c4 {;{ are text,\n" +
			"tabs too} *\n\n"
		if d := cmp.Diff(wantText, out); d != "" {
			t.Errorf("MarshalText (-want +got):\n%s", d)
		}
	})
	t.Run("a finished game, the last comment before the result", func(t *testing.T) {
		text := "[Result \"1/2-1/2\"]\n[Reason \"repetition\"]\n\n" +
			"1. a2a3 a5a4 2. a3a2 {back} a4a5 {and the start is repeated: a draw} 1/2-1/2\n"
		r, err := record.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		want := map[int]string{3: "back", 4: "and the start is repeated: a draw"}
		if d := cmp.Diff(want, r.Comments); d != "" {
			t.Errorf("Comments (-want +got):\n%s", d)
		}
		if out := recRoundTrip(t, r); !strings.HasSuffix(out, "2. a3a2 {back} 2... a4a5 {and the start is repeated: a draw}\n1/2-1/2\n\n") {
			t.Errorf("MarshalText:\n%s", out)
		}
	})
	t.Run("no moves", func(t *testing.T) {
		r, err := record.Parse("[Result \"*\"]\n\n{nothing yet} *\n")
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(map[int]string{0: "nothing yet"}, r.Comments); d != "" {
			t.Errorf("Comments (-want +got):\n%s", d)
		}
		if out := recRoundTrip(t, r); !strings.HasSuffix(out, "\n\n{nothing yet} *\n\n") {
			t.Errorf("MarshalText:\n%s", out)
		}
	})
	t.Run("lines that look like other parts", func(t *testing.T) {
		// Within a comment, a line is text, whatever it starts with; only a
		// blank line ends it (and the record).
		text := "[Result \"*\"]\n\n1. b2b3 {see\n[Event \"x\"]\n2. c2c3 *\n1-0 ; %} *\n"
		r, err := record.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(map[int]string{1: `see [Event "x"] 2. c2c3 * 1-0 ; %`}, r.Comments); d != "" {
			t.Errorf("Comments (-want +got):\n%s", d)
		}
		recRoundTrip(t, r)
	})
	t.Run("no comments", func(t *testing.T) {
		r, err := record.Parse("[Result \"*\"]\n\n1. b2b3 *\n")
		if err != nil || r.Comments == nil || len(r.Comments) != 0 {
			t.Errorf("a record without comments: Comments %#v, %v; want an empty map", r.Comments, err)
		}
		if r := record.New(surakarta.NewGame(surakarta.NewPosition())); r.Comments == nil || len(r.Comments) != 0 {
			t.Errorf("New: Comments %#v; want an empty map", r.Comments)
		}
	})

	t.Run("at each position of a game", func(t *testing.T) {
		for _, g := range []*surakarta.Game{
			recRandomGame(t, 50, surakarta.StartText, surakarta.OlympiadRules(), 10_000),
			recRandomGame(t, 51, recWhiteStart, surakarta.OlympiadRules(), 40),
		} {
			for ply := 0; ply <= g.Ply(); ply++ {
				r := record.New(g)
				r.Comments = map[int]string{ply: fmt.Sprintf("note %d", ply)}
				text := recRoundTrip(t, r)
				if !strings.Contains(strings.ReplaceAll(text, "\n", " "), fmt.Sprintf("{note %d}", ply)) {
					t.Errorf("ply %d: the comment is not in the text:\n%s", ply, text)
				}
			}
			// And everywhere at once, some long enough to wrap.
			r := record.New(g)
			r.Comments = map[int]string{}
			for ply := 0; ply <= g.Ply(); ply++ {
				r.Comments[ply] = strings.Repeat(fmt.Sprintf("w%d ", ply), ply%7) + "end"
			}
			recRoundTrip(t, r)
		}
	})
	t.Run("long words", func(t *testing.T) {
		g := recRandomGame(t, 52, surakarta.StartText, surakarta.OlympiadRules(), 4)
		for _, n := range []int{81, record.MaxLineBytes - 2, record.MaxLineBytes - 1, record.MaxLineBytes} {
			word := strings.Repeat("é", n/2) + strings.Repeat("x", n%2)
			for _, comment := range []string{word, word + " " + word, "a " + word + " b"} {
				r := record.New(g)
				r.Comments = map[int]string{0: comment, 2: comment, g.Ply(): comment}
				recRoundTrip(t, r)
			}
		}
	})
}

// recThree returns three records and their concatenated text.
func recThree(t *testing.T) ([]*record.Record, string) {
	t.Helper()
	stopped := record.New(recRandomGame(t, 12, surakarta.StartText, surakarta.OlympiadRules(), 20),
		record.Header{Name: "Round", Value: "2"})
	if !stopped.Game.Outcome().Over {
		stopped.Result, stopped.Reason = "0-1", "adjudicated: move limit"
	}
	records := []*record.Record{
		record.New(recRandomGame(t, 11, surakarta.StartText, surakarta.OlympiadRules(), 10_000),
			record.Header{Name: "Round", Value: "1"}),
		stopped,
		record.New(recRandomGame(t, 13, recWhiteStart, surakarta.Rules{QuietPlyLimit: 30}, 10_000),
			record.Header{Name: "Round", Value: "3"}),
	}
	var sb strings.Builder
	for _, r := range records {
		if _, err := r.WriteTo(&sb); err != nil {
			t.Fatal(err)
		}
	}
	return records, sb.String()
}

// recCheckAll checks that got are the records want, in order.
func recCheckAll(t *testing.T, want, got []*record.Record) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d records, want %d", len(got), len(want))
	}
	for i := range want {
		if d := recDiff(want[i], got[i]); d != "" {
			t.Errorf("record %d (-want +got):\n%s", i+1, d)
		}
	}
}

func TestReadAll(t *testing.T) {
	want, text := recThree(t)
	for name, text := range map[string]string{
		"as written":        text,
		"CRLF":              strings.ReplaceAll(text, "\n", "\r\n"),
		"extra blank lines": "\n\n" + strings.ReplaceAll(text, "\n\n[", "\n\n\n \n[") + "\n\n",
		"no final newline":  strings.TrimRight(text, "\n"),
	} {
		t.Run(name, func(t *testing.T) {
			got, err := record.ReadAll(strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			recCheckAll(t, want, got)
		})
	}
	t.Run("empty", func(t *testing.T) {
		got, err := record.ReadAll(strings.NewReader("\n \n"))
		if err != nil || len(got) != 0 {
			t.Errorf("ReadAll of blank text: %d records, %v; want none, no error", len(got), err)
		}
	})
	t.Run("error in the third record", func(t *testing.T) {
		lines := strings.Split(text, "\n")
		var third int // index of the third record's moves
		for i, records := 0, 0; i < len(lines); i++ {
			if i > 0 && lines[i-1] == "" && lines[i] != "" && !strings.HasPrefix(lines[i], "[") {
				if records++; records == 3 {
					third = i
					break
				}
			}
		}
		lines[third] = "7... a1a1 " + lines[third]
		got, err := record.ReadAll(strings.NewReader(strings.Join(lines, "\n")))
		if !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), fmt.Sprintf("line %d:", third+1)) {
			t.Errorf("got %v, want an ErrInvalid naming line %d", err, third+1)
		}
		if len(got) != 2 {
			t.Errorf("got %d records before the error, want 2", len(got))
		}
	})
	t.Run("Parse takes one", func(t *testing.T) {
		_, err := record.Parse(text)
		if !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), "ReadAll") {
			t.Errorf("Parse of three records: %v", err)
		}
	})
}

// recHeaders is a valid start of a record: the moves follow on line 4.
const recHeaders = "[Event \"test\"]\n[Result \"*\"]\n\n"

// recRepetition is a game drawn by repetition after 4 plies.
const recRepetition = "1. a2a3 a5a4 2. a3a2 a4a5"

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       string // in the message
		also       error  // also wrapped, if not nil
	}{
		{"empty", "", "no record", nil},
		{"blank", "\n\n  \n", "no record", nil},
		{"no headers", "1. b2b3 *\n", "line 1: want a header line", nil},
		{"bad header line", "[Event x]\n[Result \"*\"]\n\n*\n", "line 1: bad header line", nil},
		{"header name with a digit first", "[Result \"*\"]\n[1st \"x\"]\n\n*\n", "line 2: bad header line", nil},
		{"header name with a dash", "[Result \"*\"]\n[Time-Control \"x\"]\n\n*\n", "line 2: bad header line", nil},
		{"no space before the value", "[Event\"x\"]\n[Result \"*\"]\n\n*\n", "line 1: bad header line", nil},
		{"unterminated quote", "[Result \"*\"]\n[Event \"abc]\n\n*\n", "line 2: unterminated quote", nil},
		{"unterminated by an escape", "[Result \"*\"]\n[Event \"abc\\\"]\n\n*\n", "line 2: unterminated quote", nil},
		{"unknown escape", "[Result \"*\"]\n[Event \"a\\nb\"]\n\n*\n", "line 2: unknown escape", nil},
		{"text after the value", "[Event \"a\" b]\n[Result \"*\"]\n\n*\n", "line 1: bad header line: want ]", nil},
		{"no closing bracket", "[Event \"a\"\n[Result \"*\"]\n\n*\n", "line 1: bad header line: want ]", nil},
		{"control character", "[Event \"a\x01b\"]\n[Result \"*\"]\n\n*\n", "line 1: the value of Event holds the control character", nil},
		{"invalid UTF-8", "[Event \"a\xffb\"]\n[Result \"*\"]\n\n*\n", "line 1: the value of Event is not valid UTF-8", nil},
		{"header twice", "[Event \"a\"]\n[Result \"*\"]\n[Event \"b\"]\n\n*\n", "line 3: header Event occurs twice", nil},
		{"derived header in another case", "[result \"*\"]\n\n*\n", "line 1: bad header line: name result", nil},
		{"no Result", "[Event \"a\"]\n\n*\n", "line 2: the headers end without a Result header", nil},
		{"bad Result", "[Result \"2-0\"]\n\n2-0\n", "line 1: Result \"2-0\" is not", nil},
		{"bad Position", "[Position \"6/6/6 b\"]\n[Result \"*\"]\n\n*\n", "line 1: Position:", surakarta.ErrInvalidPosition},
		{"bad Rules", "[Result \"*\"]\n[Rules \"quiet=50\"]\n\n*\n", "line 2: Rules:", nil},
		{"bad Rules number", "[Result \"*\"]\n[Rules \"quiet=-1 repetition=2\"]\n\n*\n", "line 2: Rules:", nil},
		{"Rules key twice", "[Result \"*\"]\n[Rules \"quiet=1 quiet=2 repetition=2\"]\n\n*\n", "line 2: Rules:", nil},
		{"Rules that do not validate", "[Result \"*\"]\n[Rules \"quiet=50 repetition=1\"]\n\n*\n", "line 2: Rules:", surakarta.ErrInvalidRules},
		{"missing blank line after the headers", "[Result \"*\"]\n1. b2b3 *\n", "line 2: missing blank line", nil},
		{"headers only", "[Result \"*\"]\n", "line 2: the text ends before the moves", nil},
		{"headers only, no newline", "[Result \"*\"]", "line 1: the text ends after the headers", nil},
		{"headers then headers", "[Result \"*\"]\n\n[Event \"x\"]\n\n*\n", "line 3: want the moves", nil},
		{"missing blank line after the moves", recHeaders + "1. b2b3 *\n[Result \"*\"]\n\n*\n", "line 5: missing blank line", nil},
		{"second record", recHeaders + "*\n\n" + recHeaders + "*\n", "line 6: a second record", nil},
		{"missing move number", recHeaders + "b2b3 *\n", "line 4: missing move number", nil},
		{"missing move number on a later line", recHeaders + "1. b2b3 e5e4\nb3b4 *\n", "line 5: missing move number", nil},
		{"missing White's first number", "[Position \"" + recWhiteStart + "\"]\n[Result \"*\"]\n\nf6f5 *\n", "line 4: missing move number", nil},
		{"wrong move number", recHeaders + "2. b2b3 *\n", "line 4: bad move number \"2.\": this is move 1", nil},
		{"dots for White before Black", recHeaders + "1... b2b3 *\n", "line 4: bad move number \"1...\": Black is to move", nil},
		{"dot for Black before White", recHeaders + "1. b2b3 1. e5e4 *\n", "line 4: bad move number \"1.\": White is to move", nil},
		{"two dots", recHeaders + "1.. b2b3 *\n", "line 4: bad move number", nil},
		{"no dot", recHeaders + "1 b2b3 *\n", "line 4: bad move number", nil},
		{"huge move number", recHeaders + "99999999999999999999. b2b3 *\n", "line 4: bad move number", nil},
		{"two numbers", recHeaders + "1. 1. b2b3 *\n", "line 4: bad move number", nil},
		{"number without a move", recHeaders + "1. b2b3 e5e4 2. *\n", "line 4: bad move number \"2.\": no move follows it", nil},
		{"number at the end", recHeaders + "1.\n", "line 4: bad move number \"1.\": no move follows it", nil},
		{"malformed move", recHeaders + "1. b2b3 e5e4\n2. b3b9 *\n", "line 5: malformed move \"b3b9\"", surakarta.ErrInvalidMove},
		{"not a move", recHeaders + "1. b2b3 &? *\n", "line 4: malformed move \"&?\"", surakarta.ErrInvalidMove},
		{"illegal move", recHeaders + "1. b2b3 e5e4\n2. b3b5 *\n", "line 5: ply 3: b3b5: illegal move", surakarta.ErrIllegalMove},
		{"illegal first move of White", "[Position \"" + recWhiteStart + "\"]\n[Result \"*\"]\n\n7... c1c2 *\n", "line 4: ply 1: c1c2: illegal move", surakarta.ErrIllegalMove},
		{"move after the end", "[Result \"1/2-1/2\"]\n[Reason \"repetition\"]\n\n" + recRepetition + " 3. b2b3 1/2-1/2\n", "line 4: ply 5: b2b3: game over", surakarta.ErrGameOver},
		{"no result", recHeaders + "1. b2b3 e5e4\n2. b3b4\n", "line 5: the moves do not end with the result *", nil},
		{"result differs from the header", recHeaders + "1. b2b3 1-0\n", "line 4: the moves end with 1-0", nil},
		{"text after the result", recHeaders + "1. b2b3 * e5e4\n", "line 4: \"e5e4\" after the result", nil},
		{"wrong result", "[Event \"x\"]\n[Result \"1-0\"]\n[Reason \"repetition\"]\n\n" + recRepetition + " 1-0\n", "line 2: result 1-0 does not match", nil},
		{"unfinished result of a finished game", "[Result \"*\"]\n\n" + recRepetition + " *\n", "line 1: result * does not match", nil},
		{"wrong reason", "[Result \"1/2-1/2\"]\n[Reason \"no pieces left\"]\n\n" + recRepetition + " 1/2-1/2\n", "line 2: reason \"no pieces left\" does not match", nil},
		{"missing reason of a finished game", "[Result \"1/2-1/2\"]\n\n" + recRepetition + " 1/2-1/2\n", "line 1: reason \"\" does not match", nil},
		{"rule reason of a game in progress", "[Result \"1-0\"]\n[Reason \"repetition\"]\n\n1. b2b3 1-0\n", "line 2: reason \"repetition\" does not match", nil},
		{"decided result without a reason", "[Result \"0-1\"]\n\n1. b2b3 0-1\n", "line 1: result 0-1", nil},
		{"unterminated comment", recHeaders + "1. b2b3 {good e5e4 *\n", "line 4: unterminated comment", nil},
		{"unterminated comment on several lines", recHeaders + "1. b2b3 {good\ne5e4 *\n\n" + recHeaders + "*\n", "line 4: unterminated comment \"{good\"", nil},
		{"'}' alone", recHeaders + "1. b2b3 } *\n", "line 4: '}' without a '{'", nil},
		{"'}' after a comment", recHeaders + "1. b2b3 {good}} *\n", "line 4: '}' without a '{'", nil},
		{"'}' after a move", recHeaders + "1. b2b3}\n*\n", "line 4: '}' without a '{'", nil},
		{"comment in the headers", "[Event \"x\"]\n{note}\n[Result \"*\"]\n\n*\n", "line 2: a comment in the headers", nil},
		{"comment after the headers without a blank line", "[Result \"*\"]\n{note} *\n", "line 2: a comment in the headers", nil},
		{"comment before the headers", "{note}\n[Result \"*\"]\n\n*\n", "line 1: a comment before the headers", nil},
		{"comment on a header line", "[Event \"x\"] {note}\n[Result \"*\"]\n\n*\n", "line 1: bad header line: want ]", nil},
		{"comment after the result", recHeaders + "1. b2b3 * {late}\n", "line 4: a comment after the result, \"{late}\"", nil},
		{"comment after the result on the next line", recHeaders + "1. b2b3 *\n{late}\n", "line 5: a comment after the result", nil},
		{"comment between a number and its move", recHeaders + "1. {why} b2b3 *\n", "line 4: bad move number \"1.\"", nil},
		{"semicolon comment", recHeaders + "1. b2b3 ; good\n*\n", "line 4: \"; good\"", nil},
		{"semicolon after a move", recHeaders + "1. b2b3; good\n*\n", "line 4: \"; good\": comments from ';'", nil},
		{"control character in a comment", recHeaders + "1. b2b3 {a\x01b} *\n", "line 4: the comment \"{a\\x01b} *\" holds the control character U+0001", nil},
		{"control character on a later line of a comment", recHeaders + "1. b2b3 {a\nb\x7f} *\n", "line 5: the comment \"{a\" holds the control character U+007F", nil},
		{"carriage return in a comment", recHeaders + "1. b2b3 {a\rb} *\n", "line 4: the comment \"{a\\rb} *\" holds the control character U+000D", nil},
		{"invalid UTF-8 in a comment", recHeaders + "1. b2b3 {a\xffb} *\n", "line 4: the comment \"{a\\xffb} *\" is not valid UTF-8", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := record.Parse(tc.text)
			if err == nil {
				t.Fatalf("Parse accepted it: %+v", r)
			}
			if !errors.Is(err, record.ErrInvalid) {
				t.Errorf("error %q does not wrap ErrInvalid", err)
			}
			if tc.also != nil && !errors.Is(err, tc.also) {
				t.Errorf("error %q does not wrap %q", err, tc.also)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}

func TestRecordMarshalErrors(t *testing.T) {
	inProgress := recRandomGame(t, 20, surakarta.StartText, surakarta.Rules{}, 6)
	drawn := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range strings.Fields("a2a3 a5a4 a3a2 a4a5") {
		if err := drawn.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	commented := func(comments map[int]string) *record.Record {
		r := record.New(inProgress)
		r.Comments = comments
		return r
	}
	words := strings.TrimSuffix(strings.Repeat(strings.Repeat("x", 99)+" ", 2000), " ") // 200,000 bytes
	tooMuch := map[int]string{0: words, 1: words, 2: words, 3: words, 4: words, 5: words, 6: words}
	for _, tc := range []struct {
		name   string
		record *record.Record
		want   string
	}{
		{"nil record", nil, "no game"},
		{"no game", &record.Record{Result: "*"}, "no game"},
		{"derived header", record.New(inProgress, record.Header{Name: "Result", Value: "*"}), "header 1: Result comes from"},
		{"derived header in another case", record.New(inProgress, record.Header{Name: "POSITION", Value: "x"}), "case-sensitive"},
		{"header twice", record.New(inProgress, record.Header{Name: "A", Value: "1"}, record.Header{Name: "A", Value: "2"}), "header 2: A occurs twice"},
		{"empty name", record.New(inProgress, record.Header{Value: "1"}), "header 1: the name is empty"},
		{"bad name", record.New(inProgress, record.Header{Name: "Time Control", Value: "1"}), "header 1: name \"Time Control\""},
		{"newline in a value", record.New(inProgress, record.Header{Name: "A", Value: "1\n2"}), "control character"},
		{"invalid UTF-8", record.New(inProgress, record.Header{Name: "A", Value: "\xff"}), "not valid UTF-8"},
		{"newline in the reason", &record.Record{Game: inProgress, Result: "1-0", Reason: "a\nb"}, "control character"},
		{"no result", &record.Record{Game: inProgress}, "result \"\" is not"},
		{"bad result", &record.Record{Game: inProgress, Result: "1-1"}, "result \"1-1\" is not"},
		{"wrong result", &record.Record{Game: drawn, Result: "0-1", Reason: "repetition"}, "result 0-1 does not match"},
		{"wrong reason", &record.Record{Game: drawn, Result: "1/2-1/2", Reason: "adjudicated"}, "reason \"adjudicated\" does not match"},
		{"unfinished result of a finished game", &record.Record{Game: drawn, Result: "*"}, "result * does not match"},
		{"decided result without a reason", &record.Record{Game: inProgress, Result: "1-0"}, "needs a Reason"},
		{"rule reason of a game in progress", &record.Record{Game: inProgress, Result: "1-0", Reason: "no legal move"}, "it has not ended that way"},
		{"comment before the start", commented(map[int]string{-1: "x"}), "a comment at ply -1"},
		{"comment after the end", commented(map[int]string{0: "a", 7: "x"}), "a comment at ply 7"},
		{"'}' in a comment", commented(map[int]string{2: "a}b"}), "the comment after ply 2"},
		{"line break in a comment", commented(map[int]string{0: "a\nb"}), "U+000A"},
		{"tab in a comment", commented(map[int]string{1: "a\tb"}), "holds the control character U+0009"},
		{"invalid UTF-8 in a comment", commented(map[int]string{1: "a\xff"}), "not valid UTF-8"},
		{"two spaces in a comment", commented(map[int]string{3: "a  b"}), "the comment after ply 3"},
		{"space first in a comment", commented(map[int]string{3: " a"}), "has a space at an end"},
		{"space last in a comment", commented(map[int]string{3: "a "}), "has a space at an end"},
		{"a space for a comment", commented(map[int]string{3: " "}), "has a space at an end"},
		{"word too long", commented(map[int]string{4: "a " + strings.Repeat("b", record.MaxLineBytes+1)}), "MaxLineBytes"},
		{"comments too long", commented(tooMuch), "MaxCommentBytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text, err := tc.record.MarshalText()
			if err == nil {
				t.Fatalf("MarshalText wrote it:\n%s", text)
			}
			if !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q: want an ErrInvalid that says %q", err, tc.want)
			}
			var sb strings.Builder
			if n, err := tc.record.WriteTo(&sb); err == nil || n != 0 || sb.Len() != 0 {
				t.Errorf("WriteTo wrote %d bytes, error %v; want nothing and an error", n, err)
			}
		})
	}
}

func TestRecordHeader(t *testing.T) {
	g := recRandomGame(t, 21, recWhiteStart, surakarta.Rules{QuietPlyLimit: 10}, 4)
	r := record.New(g, recPlayers...)
	r.Result, r.Reason = "1-0", "adjudicated: move limit"
	for _, tc := range []struct {
		name, want string
		ok         bool
	}{
		{"White", "alphabeta,sixfactor", true},
		{"TimeControl", "100ms/move", true},
		{"white", "", false},
		{"Event", "", false},
		{"Position", recWhiteStart, true},
		{"Rules", "quiet=10 repetition=0", true},
		{"Result", "1-0", true},
		{"Reason", "adjudicated: move limit", true},
	} {
		if got, ok := r.Header(tc.name); got != tc.want || ok != tc.ok {
			t.Errorf("Header(%q) = %q, %v; want %q, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
	if _, ok := record.New(g).Header("Reason"); ok {
		t.Error("Header(\"Reason\") of a game in progress reports a reason")
	}
}

func TestOutcomeResult(t *testing.T) {
	for _, tc := range []struct {
		outcome surakarta.Outcome
		want    string
	}{
		{surakarta.Outcome{}, "*"},
		{surakarta.Outcome{Over: true, Winner: surakarta.Black, Reason: surakarta.NoPieces}, "1-0"},
		{surakarta.Outcome{Over: true, Winner: surakarta.White, Reason: surakarta.Blocked}, "0-1"},
		{surakarta.Outcome{Over: true, Draw: true, Reason: surakarta.Repetition}, "1/2-1/2"},
	} {
		if got := tc.outcome.Result(); got != tc.want {
			t.Errorf("%v: Result() = %q, want %q", tc.outcome, got, tc.want)
		}
	}
}

func TestRecordUnmarshalText(t *testing.T) {
	records, text := recThree(t)
	first := text[:strings.Index(text, "\n\n[")+2]
	var r record.Record
	if err := r.UnmarshalText([]byte(first)); err != nil {
		t.Fatal(err)
	}
	if d := recDiff(records[0], &r); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if err := r.UnmarshalText([]byte("[Result \"*\"]\n")); !errors.Is(err, record.ErrInvalid) {
		t.Errorf("UnmarshalText of a bad record: %v", err)
	}
	if d := recDiff(records[0], &r); d != "" {
		t.Errorf("a failed UnmarshalText changed the record (-want +got):\n%s", d)
	}
}

func FuzzRecord(f *testing.F) {
	for i, g := range []*surakarta.Game{
		recRandomGame(f, 31, surakarta.StartText, surakarta.OlympiadRules(), 10_000),
		recRandomGame(f, 32, recWhiteStart, surakarta.OlympiadRules(), 10_000),
		recRandomGame(f, 33, surakarta.StartText, surakarta.Rules{QuietPlyLimit: 12}, 10_000),
		recRandomGame(f, 34, "6/2w3/6/6/1b4/6 b 0 40", surakarta.Rules{RepetitionLimit: 3}, 10_000),
		recRandomGame(f, 35, surakarta.StartText, surakarta.OlympiadRules(), 7),
	} {
		r := record.New(g, record.Header{Name: "Event", Value: `fuzz "seed" \ ` + fmt.Sprint(i)})
		text, err := r.MarshalText()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(text))
		// Near misses: a move cut short, a result changed, a line lost.
		f.Add(strings.Replace(string(text), "4", "", 1))
		f.Add(strings.Replace(string(text), "\"*\"", "\"1-0\"", 1))
		f.Add(strings.Replace(string(text), "\n\n", "\n", 1))
		f.Add(string(text[:len(text)/2]))
	}
	f.Add("[Result \"1-0\"]\n[Reason \"adjudicated: move limit\"]\n\n1. b2b3 e5e4 1-0\n\n[Result \"*\"]\n\n*\n")
	f.Add("[Position \"" + recWhiteStart + "\"]\n[Result \"*\"]\n\n7... b6b5 8. c3c4 *\n")
	f.Add("[Rules \"repetition=0 quiet=0\"]\n[Result \"*\"]\n\n1.b2-b3 1... E5xE4 *\n")
	f.Add("[A \"\\\\\\\"\"]\n[Result \"1/2-1/2\"]\n[Reason \"repetition\"]\n\n" + recRepetition + " 1/2-1/2")
	f.Add("[A \"\\q\"]\n")
	// Comments, and near misses.
	f.Add("[Result \"*\"]\n\n{a study} 1. b2b3 {good}{ and  more\n on a line } e5e4 {} 2. c2c3 {;{ text} *\n")
	f.Add("[Position \"" + recWhiteStart + "\"]\n[Result \"*\"]\n\n{white} 7... b6b5 {x} 8. c3c4 {y} 8... b5b4 *\n")
	f.Add("[Result \"1/2-1/2\"]\n[Reason \"repetition\"]\n\n" + recRepetition + " {the end} 1/2-1/2")
	f.Add("[Result \"*\"]\n\n1. b2b3 {open\n\n*\n")
	f.Add("[Result \"*\"]\n\n1. {x} b2b3 } * {y}\n")
	f.Add("[Result \"*\"]\n{x}\n\n1. b2b3 ; z\n*\n")
	// Variations and glyphs, and near misses.
	f.Add(recVariationText)
	f.Add("[Result \"*\"]\n\n1. b2b3! $10 {a} (1. c2c3?! {b} 1... e5e4 (1... f5f4 $255)) (1. a2a3) {c} e5e4 ?? *\n")
	f.Add("[Result \"*\"]\n\n1. b2b3 (1. c2c3\ne5e4) (1. b2b3 e5e4 2. b3b2 (2. b3b4)) 1... e5e4!? *\n")
	f.Add("[Result \"*\"]\n\n1. b2b3 ((1. c2c3)) *\n")
	f.Add("[Result \"*\"]\n\n1. b2b3 (1. c2c3 *)\n")
	f.Add("[Result \"*\"]\n\n1. b2b3 () $256 !!! ) *\n")
	f.Fuzz(func(t *testing.T, text string) {
		// ReadAll must not panic either, and agree with Parse on
		// its first record.
		records, readErr := record.ReadAll(strings.NewReader(text))
		if readErr != nil && !errors.Is(readErr, record.ErrInvalid) {
			t.Fatalf("ReadAll: %v does not wrap ErrInvalid", readErr)
		}
		r, err := record.Parse(text)
		if err != nil {
			if !errors.Is(err, record.ErrInvalid) {
				t.Fatalf("Parse: %v does not wrap ErrInvalid", err)
			}
			if len(err.Error()) > maxErrorLen {
				t.Fatalf("Parse: an error of %d bytes: %q", len(err.Error()), err)
			}
			if readErr != nil && len(readErr.Error()) > maxErrorLen {
				t.Fatalf("ReadAll: an error of %d bytes: %q", len(readErr.Error()), readErr)
			}
			return
		}
		if readErr != nil || len(records) != 1 {
			t.Fatalf("Parse accepted one record, ReadAll read %d (error %v)", len(records), readErr)
		}
		if d := recDiff(records[0], r); d != "" {
			t.Fatalf("Parse and ReadAll differ (-read +parsed):\n%s", d)
		}
		text1, err := r.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText of a parsed record: %v", err)
		}
		back, err := record.Parse(string(text1))
		if err != nil {
			t.Fatalf("Parse of MarshalText: %v\n%s", err, text1)
		}
		if d := recDiff(r, back); d != "" {
			t.Fatalf("round trip (-want +got):\n%s", d)
		}
		text2, err := back.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if string(text1) != string(text2) {
			t.Fatalf("MarshalText not stable:\n%s\nthen\n%s", text1, text2)
		}
		// The game replays legally, to the outcome the record states.
		g, err := surakarta.NewGameWithRules(r.Game.StartPosition(), r.Game.Rules())
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range r.Game.Moves() {
			if err := g.Play(m); err != nil {
				t.Fatalf("ply %d: %v: %v", i+1, m, err)
			}
		}
		if o := g.Outcome(); o.Over && (r.Result != o.Result() || r.Reason != o.Reason.String()) {
			t.Fatalf("the game ended %v, the record says %s (%s)", o, r.Result, r.Reason)
		}
	})
}

// FuzzRecordComment: whatever a comment holds, at whatever ply, MarshalText
// either refuses it or writes a text that reads back to the same comments;
// it refuses exactly the comments that are not words separated by single
// spaces, without control characters or '}', none longer than a line.
func FuzzRecordComment(f *testing.F) {
	g := recRandomGame(f, 70, surakarta.StartText, surakarta.OlympiadRules(), 10_000)
	for _, c := range []string{"", "good", "a b", "a  b", " a", "a ", "}", "{", "a;b", "1-0", "*", "1.", "[Event \"x\"]", "é\u00a0ü", "a\tb", "a\nb", "\xff", strings.Repeat("long ", 40) + "end"} {
		f.Add(uint16(0), c, "")
		f.Add(uint16(7), c, "x")
		f.Add(uint16(g.Ply()), "x", c)
	}
	f.Fuzz(func(t *testing.T, at uint16, comment, next string) {
		r := record.New(g)
		ply := int(at) % (g.Ply() + 1)
		r.Comments = map[int]string{ply: comment}
		if ply < g.Ply() {
			r.Comments[ply+1] = next
		}
		err := recWriteBack(t, r)
		if want := recCanWrite(comment) && (ply == g.Ply() || recCanWrite(next)); (err == nil) != want {
			t.Fatalf("comments %q and %q at ply %d: MarshalText gave %v", comment, next, ply, err)
		}
	})
}

// recCanWrite reports whether MarshalText writes the comment c: words
// separated by single spaces, without control characters or '}', none
// longer than a line.
func recCanWrite(c string) bool {
	if !utf8.ValidString(c) || strings.ContainsRune(c, '}') || strings.ContainsFunc(c, unicode.IsControl) {
		return false
	}
	words := strings.Split(c, " ")
	for _, w := range words {
		if len(w) > record.MaxLineBytes || w == "" && len(words) > 1 {
			return false
		}
	}
	return true
}

// recWriteBack writes r and reads it back, and fails t unless the record
// read back is r and writes the same text again. It returns MarshalText's
// error, which must be short and wrap ErrInvalid.
func recWriteBack(t *testing.T, r *record.Record) error {
	t.Helper()
	text, err := r.MarshalText()
	if err != nil {
		if !errors.Is(err, record.ErrInvalid) || len(err.Error()) > maxErrorLen {
			t.Fatalf("MarshalText: %q", err)
		}
		return err
	}
	back, err := record.Parse(string(text))
	if err != nil {
		t.Fatalf("Parse of MarshalText: %v\n%s", err, text)
	}
	if d := recDiff(r, back); d != "" {
		t.Fatalf("round trip (-want +got):\n%s\n%s", d, text)
	}
	if again, err := back.MarshalText(); err != nil || string(again) != string(text) {
		t.Fatalf("MarshalText not stable (%v):\n%s\nthen\n%s", err, text, again)
	}
	return nil
}

func ExampleNew() {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2b3", "e5e4", "b3b2", "e4e5"} {
		if err := g.PlayText(m); err != nil {
			fmt.Println(err)
		}
	}
	r := record.New(g,
		record.Header{Name: "Black", Value: "pvs,endgame"},
		record.Header{Name: "White", Value: "alphabeta,sixfactor"},
		record.Header{Name: "Event", Value: `The "Friday" match`},
	)
	text, err := r.MarshalText()
	if err != nil {
		fmt.Println(err)
	}
	fmt.Print(string(text))

	back, err := record.Parse(string(text))
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(back.Game.Ply(), "plies:", back.Game.Outcome())
	// Output:
	// [Black "pvs,endgame"]
	// [White "alphabeta,sixfactor"]
	// [Event "The \"Friday\" match"]
	// [Rules "quiet=50 repetition=2"]
	// [Position "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1"]
	// [Result "1/2-1/2"]
	// [Reason "repetition"]
	//
	// 1. b2b3 e5e4 2. b3b2 e4e5 1/2-1/2
	//
	// 4 plies: draw (repetition)
}

func ExampleRecord_UnmarshalText() {
	// A Record is text, so it goes into JSON (or any encoding of text) as
	// its record's text: a game with its headers and comments.
	type saved struct {
		Player string
		Game   *record.Record
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	if err := g.PlayText("b2b3"); err != nil {
		fmt.Println(err)
	}
	data, err := json.Marshal(saved{Player: "Ann", Game: record.New(g)})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(string(data))

	var back saved
	if err := json.Unmarshal(data, &back); err != nil {
		fmt.Println(err)
	}
	fmt.Println(back.Player, back.Game.Game.Moves())
	// Output:
	// {"Player":"Ann","Game":"[Rules \"quiet=50 repetition=2\"]\n[Position \"wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1\"]\n[Result \"*\"]\n\n1. b2b3 *\n\n"}
	// Ann [b2b3]
}

func ExampleRecord_comments() {
	r, err := record.Parse(`[Result "*"]

{A study} 1. b2b3 {the usual
opening} e5e4 2. c2c3 *
`)
	if err != nil {
		fmt.Println(err)
	}
	for ply := 0; ply <= r.Game.Ply(); ply++ {
		if comment, ok := r.Comments[ply]; ok {
			fmt.Printf("after %d plies: %s\n", ply, comment)
		}
	}

	// An analysis adds its own, after the last move.
	r.Comments[r.Game.Ply()] = "+0.35 at depth 12"
	text, err := r.MarshalText()
	if err != nil {
		fmt.Println(err)
	}
	fmt.Print(string(text))
	// Output:
	// after 0 plies: A study
	// after 1 plies: the usual opening
	// [Rules "quiet=50 repetition=2"]
	// [Position "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1"]
	// [Result "*"]
	//
	// {A study} 1. b2b3 {the usual opening} 1... e5e4 2. c2c3 {+0.35 at depth 12} *
}

// TestMarshalRefusesWhatCannotBeRead: a record that the reader would
// refuse (too many headers, a header line too long) is refused by the
// writer, with ErrInvalid, rather than written.
func TestMarshalRefusesWhatCannotBeRead(t *testing.T) {
	many := record.New(surakarta.NewGame(surakarta.NewPosition()))
	for i := range record.MaxHeaders - 3 {
		many.Headers = append(many.Headers, record.Header{Name: fmt.Sprintf("H%d", i), Value: "v"})
	}
	text, err := many.MarshalText()
	if err != nil {
		t.Fatalf("%d headers and the 3 derived: %v", len(many.Headers), err)
	}
	if _, err := record.Parse(string(text)); err != nil {
		t.Fatalf("%d headers and the 3 derived, read back: %v", len(many.Headers), err)
	}
	many.Headers = append(many.Headers, record.Header{Name: "One", Value: "more"})
	if _, err := many.MarshalText(); !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), "MaxHeaders") {
		t.Errorf("%d headers and the 3 derived: %v, want ErrInvalid naming MaxHeaders", len(many.Headers), err)
	}
	for _, long := range []string{
		strings.Repeat("x", record.MaxLineBytes),
		strings.Repeat(`"`, record.MaxLineBytes/2), // each escaped
	} {
		r := record.New(surakarta.NewGame(surakarta.NewPosition()))
		r.Headers = []record.Header{{Name: "Event", Value: long}}
		if _, err := r.MarshalText(); !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), "MaxLineBytes") {
			t.Errorf("a header value of %d bytes: %v, want ErrInvalid naming MaxLineBytes", len(long), err)
		}
	}
	r := record.New(surakarta.NewGame(surakarta.NewPosition()))
	r.Headers = []record.Header{{Name: "Event", Value: strings.Repeat("x", record.MaxLineBytes-len(`[Event ""]`))}}
	text, err = r.MarshalText()
	if err != nil {
		t.Fatalf("a header line of MaxLineBytes: %v", err)
	}
	if _, err := record.Parse(string(text)); err != nil {
		t.Errorf("a header line of MaxLineBytes, read back: %v", err)
	}
}
