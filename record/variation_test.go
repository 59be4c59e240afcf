package record_test

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/testkit"
	"github.com/surakarta-go/surakarta/record"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// mv parses moves written with a capture's x ("b2xe5"), as the reader
// keeps them: with the capture bit.
func mv(t testing.TB, texts ...string) []surakarta.Move {
	t.Helper()
	moves := make([]surakarta.Move, len(texts))
	for i, s := range texts {
		if err := moves[i].UnmarshalText([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	return moves
}

// recVariationText is the example of Record's documentation, "Variations
// and glyphs".
const recVariationText = "[Result \"*\"]\n\n{a study} 1. b2b3 e5e4 2. c2c3?! {loses time} (2. b3c4 {better}\n2... e4d3 (2... e4e3 3. d2d3) 3. c2c3) 2... f5f4 *\n"

// TestRecordVariations: the documentation's example reads as it says and
// writes back as MarshalText's canonical text (checked by eye: the
// variation in parentheses after the move it replaces, its comment, its
// own variation, and the number of White's move after it).
func TestRecordVariations(t *testing.T) {
	r, err := record.Parse(recVariationText)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][]record.Variation{3: {{
		Moves:      mv(t, "b3c4", "e4d3", "c2c3"),
		Comments:   map[int]string{1: "better"},
		Variations: map[int][]record.Variation{2: {{Moves: mv(t, "e4e3", "d2d3")}}},
	}}}
	if d := cmp.Diff(want, r.Variations, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("Variations (-want +got):\n%s", d)
	}
	if d := cmp.Diff(map[int][]record.Glyph{3: {record.GlyphDubious}}, r.Glyphs); d != "" {
		t.Errorf("Glyphs (-want +got):\n%s", d)
	}
	if d := cmp.Diff(map[int]string{0: "a study", 3: "loses time"}, r.Comments); d != "" {
		t.Errorf("Comments (-want +got):\n%s", d)
	}
	text := recRoundTrip(t, r)
	wantText := "[Rules \"quiet=50 repetition=2\"]\n[Position \"wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1\"]\n[Result \"*\"]\n\n" +
		"{a study} 1. b2b3 e5e4 2. c2c3?! {loses time} (2. b3c4 {better} 2... e4d3\n(2... e4e3 3. d2d3) 3. c2c3) 2... f5f4 *\n\n"
	if d := cmp.Diff(wantText, text); d != "" {
		t.Errorf("MarshalText (-want +got):\n%s", d)
	}
}

// TestRecordGlyphForms: every way of writing a glyph reads, and writes
// back in the one canonical way: the first glyph's sign against its move,
// every other glyph as $n.
func TestRecordGlyphForms(t *testing.T) {
	for _, tc := range []struct {
		movetext string
		want     map[int][]record.Glyph
		written  string
	}{
		{"1. b2b3! e5e4? 2. c2c3!! e4e3?? 3. d2d3!? f5f4?! *", map[int][]record.Glyph{1: {1}, 2: {2}, 3: {3}, 4: {4}, 5: {5}, 6: {6}},
			"1. b2b3! e5e4? 2. c2c3!! e4e3?? 3. d2d3!? f5f4?! *"},
		{"1. b2b3 ! e5e4 $4 2. c2c3$3 *", map[int][]record.Glyph{1: {1}, 2: {4}, 3: {3}}, "1. b2b3! e5e4?? 2. c2c3!! *"},
		{"1. b2b3 $0 $255 $1 e5e4?! $6 ?! *", map[int][]record.Glyph{1: {0, 255, 1}, 2: {6, 6, 6}}, "1. b2b3 $0 $255 $1 e5e4?! $6 $6 *"},
		{"1. b2b3 {a} $10 {b} e5e4 *", map[int][]record.Glyph{1: {10}}, "1. b2b3 $10 {a b} 1... e5e4 *"},
		{"1. b2-b3 (1. c2c3) ! *", map[int][]record.Glyph{1: {1}}, "1. b2b3! (1. c2c3) *"},
		{"1. b2b3 e5e4 (1... e5e4!? 2. a2a3 $7) *", map[int][]record.Glyph{}, "1. b2b3 e5e4 (1... e5e4!? 2. a2a3 $7) *"},
	} {
		r, err := record.Parse("[Result \"*\"]\n\n" + tc.movetext + "\n")
		if err != nil {
			t.Errorf("%s: %v", tc.movetext, err)
			continue
		}
		if d := cmp.Diff(tc.want, r.Glyphs, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("%s: Glyphs (-want +got):\n%s", tc.movetext, d)
		}
		text := recRoundTrip(t, r)
		if _, moves, _ := strings.Cut(text, "\n\n"); strings.TrimSpace(moves) != tc.written {
			t.Errorf("%s: written as %q, want %q", tc.movetext, strings.TrimSpace(moves), tc.written)
		}
	}
	for g, want := range map[record.Glyph]string{0: "$0", 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 7: "$7", 255: "$255"} {
		if got := g.String(); got != want {
			t.Errorf("Glyph(%d).String() = %q, want %q", g, got, want)
		}
	}
}

// TestRecordVariationLegality: a variation is played from the position
// before the move it replaces, under the record's rules, at any depth.
func TestRecordVariationLegality(t *testing.T) {
	// In a variation of White's first move, 1... e5e4 stands where e5e4
	// stood, and a second e5e4 within it is illegal (e5 is empty).
	for _, tc := range []struct{ name, text, err string }{
		{"replaces its move", "1. b2b3 e5e4 (1... f5f4 2. b3b4) *", ""},
		{"illegal in the variation", "1. b2b3 e5e4 (1... f5f4 2. f5f4) *", "line 3: the variation of ply 2: ply 3"},
		{"not after the game's move", "1. b2b3 e5e4 (1... e4e3) *", "line 3: the variation of ply 2: ply 2"},
		{"nested", "1. b2b3 e5e4 (1... f5f4 2. b3b4 (2. b1b2 f4f3 (2... a5a3)))\n*", "line 3: the variation of ply 4 at depth 3: ply 4"},
	} {
		_, err := record.Parse("[Result \"*\"]\n\n" + tc.text + "\n")
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, surakarta.ErrIllegalMove)):
			t.Errorf("%s: %v; want an error wrapping ErrIllegalMove saying %q", tc.name, err, tc.err)
		}
	}
	// The rules end a variation as they end a game: a repetition of its
	// own positions (from the position before the move it replaces, here
	// the start), and the quiet-ply limit, counted on from that position.
	for _, tc := range []struct{ text, err string }{
		{"[Result \"*\"]\n\n1. b2b3 (1. c2c3 e5e4 2. c3c2 e4e5 3. c2c3) *\n", "line 3: the variation of ply 1: ply 5"},
		{"[Rules \"quiet=4 repetition=0\"]\n[Result \"*\"]\n\n1. b2b3 e5e4 2. c2c3 (2. a2a3 f5f4 3. a3a4) *\n", "line 4: the variation of ply 3: ply 5"},
	} {
		_, err := record.Parse(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, surakarta.ErrGameOver) {
			t.Errorf("a move after the end in a variation: %v; want ErrGameOver saying %q", err, tc.err)
		}
	}
}

// TestRecordVariationErrors: malformed variations and glyphs, each refused
// with its line and why.
func TestRecordVariationErrors(t *testing.T) {
	for _, tc := range []struct{ name, movetext, err string }{
		{"unterminated", "1. b2b3 (1. c2c3\n", "line 3: unterminated variation"},
		{"result in it", "1. b2b3 (1. c2c3\n*", "line 4: the result * within the variation of ply 1, opened on line 3"},
		{"unterminated at the end", "1. b2b3 e5e4\n(1... f5f4 (1... a5a4)", "line 4: unterminated variation"},
		{"empty", "1. b2b3 () *", "line 3: the variation of ply 1: no moves"},
		{"only a comment", "1. b2b3 ({x}) *", "line 3: the variation of ply 1: no moves"},
		{"close without open", "1. b2b3) *", "line 3: ')' without a '('"},
		{"before the first move", "(1. b2b3) 1. c2c3 *", "line 3: a variation before the first move"},
		{"first in a variation", "1. b2b3 ((1. c2c3)) *", "line 3: the variation of ply 1: a variation before the first move"},
		{"after the result", "1. b2b3 * (1. c2c3)", "line 3: a variation after the result"},
		{"after a number", "1. b2b3 1... (1. c2c3) *", "line 3: bad move number \"1...\": a variation follows it"},
		{"number then close", "1. b2b3 (1. c2c3 1...) *", "line 3: bad move number \"1...\": no move follows it"},
		{"result inside", "1. b2b3 (1. c2c3 *)", "line 3: the result * within the variation of ply 1, opened on line 3"},
		{"no number", "1. b2b3 (c2c3) *", "line 3: the variation of ply 1: missing move number"},
		{"no number of White", "1. b2b3 e5e4 (f5f4) *", "line 3: the variation of ply 2: missing move number"},
		{"wrong number", "1. b2b3 e5e4 (2. f5f4) *", "line 3: the variation of ply 2: bad move number \"2.\": this is move 1"},
		{"glyph first", "$1 1. b2b3 *", "line 3: glyph \"$1\" before the first move"},
		{"glyph first in a variation", "1. b2b3 (?! 1. c2c3) *", "line 3: the variation of ply 1: glyph \"?!\" before the first move"},
		{"glyph after a number", "1. ! b2b3 *", "line 3: bad move number \"1.\": a glyph follows it"},
		{"big glyph", "1. b2b3 $256 *", "line 3: bad glyph \"$256\""},
		{"glyph without number", "1. b2b3 $ *", "line 3: bad glyph \"$\""},
		{"glyph not decimal", "1. b2b3 $x1 *", "line 3: bad glyph \"$x1\""},
		{"three signs", "1. b2b3!!! *", "line 3: bad glyph \"b2b3!!!\""},
		{"unknown sign", "1. b2b3 ?!? *", "line 3: bad glyph \"?!?\""},
		{"sign alone after a number", "1.!? *", "line 3: malformed move \"!?\""},
		{"illegal", "1. b2b3 (1. b2b4) *", "line 3: the variation of ply 1: ply 1: b2b4: illegal move"},
		{"a header inside", "1. b2b3 (1. c2c3\n[Result \"*\"]\n\n*", "line 4: missing blank line"},
		{"too deep", "1. b2b3 e5e4" + strings.Repeat(" (1... f5f4", record.MaxVariationDepth+1), fmt.Sprintf("variations nested deeper than %d", record.MaxVariationDepth)},
	} {
		_, err := record.Parse("[Result \"*\"]\n\n" + tc.movetext + "\n")
		if err == nil || !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), tc.err) || len(err.Error()) > maxErrorLen {
			t.Errorf("%s: %v; want a short error wrapping ErrInvalid saying %q", tc.name, err, tc.err)
		}
	}
	// As deep as a record may nest them, variations read.
	deep := "1. b2b3 e5e4" + strings.Repeat(" (1... f5f4", record.MaxVariationDepth) + strings.Repeat(")", record.MaxVariationDepth) + " *"
	r, err := record.Parse("[Result \"*\"]\n\n" + deep + "\n")
	if err != nil {
		t.Fatalf("variations %d deep: %v", record.MaxVariationDepth, err)
	}
	recRoundTrip(t, r)
}

// TestRecordVariationWriteErrors: MarshalText refuses variations and glyphs
// that would not read back the same, naming where.
func TestRecordVariationWriteErrors(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2b3", "e5e4", "c2c3"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	nested := func(depth int) record.Variation {
		v := record.Variation{Moves: mv(t, "f5f4")}
		for range depth - 1 {
			v = record.Variation{Moves: mv(t, "f5f4"), Variations: map[int][]record.Variation{1: {v}}}
		}
		return v
	}
	for _, tc := range []struct {
		name       string
		glyphs     map[int][]record.Glyph
		variations map[int][]record.Variation
		err        string
	}{
		{"glyph at 0", map[int][]record.Glyph{0: {1}}, nil, "glyphs at move 0"},
		{"glyph after the end", map[int][]record.Glyph{4: {1}}, nil, "glyphs at move 4 of the game"},
		{"variation at 0", nil, map[int][]record.Variation{0: {{Moves: mv(t, "b2b3")}}}, "variations at move 0 of the game"},
		{"empty variation", nil, map[int][]record.Variation{2: {{}}}, "the variation of ply 2 has no moves"},
		{"illegal", nil, map[int][]record.Variation{2: {{Moves: mv(t, "f5f4")}, {Moves: mv(t, "e5e4", "e5e4")}}}, "the variation of ply 2 (2 of 2): ply 3"},
		{"glyph in a variation", nil, map[int][]record.Variation{2: {{Moves: mv(t, "f5f4"), Glyphs: map[int][]record.Glyph{2: {1}}}}}, "glyphs at move 2 of the variation of ply 2"},
		{"comment in a variation", nil, map[int][]record.Variation{2: {{Moves: mv(t, "f5f4"), Comments: map[int]string{2: "x"}}}}, "a comment at move 2 of the variation of ply 2"},
		{"bad comment", nil, map[int][]record.Variation{2: {{Moves: mv(t, "f5f4"), Comments: map[int]string{0: "a}"}}}}, "the variation of ply 2"},
		{"too deep", nil, map[int][]record.Variation{2: {nested(record.MaxVariationDepth + 1)}}, fmt.Sprintf("nested deeper than %d variations", record.MaxVariationDepth)},
	} {
		r := record.New(g)
		r.Glyphs, r.Variations = tc.glyphs, tc.variations
		_, err := r.MarshalText()
		if err == nil || !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: %v; want an error wrapping ErrInvalid saying %q", tc.name, err, tc.err)
		}
	}
	r := record.New(g)
	r.Variations = map[int][]record.Variation{2: {nested(record.MaxVariationDepth)}}
	recRoundTrip(t, r)
}

// recRandomLine returns a random line of up to n legal moves from p under
// rules, stopping where the game ends, with random glyphs, comments and
// variations of its own down to depth more levels.
func recRandomLine(rng *rand.Rand, p surakarta.Position, rules surakarta.Rules, n, depth int) record.Variation {
	g, err := surakarta.NewGameWithRules(p, rules)
	if err != nil {
		panic(err)
	}
	var v record.Variation
	for range n {
		moves := g.LegalMoves()
		if g.Outcome().Over || len(moves) == 0 {
			break
		}
		before := g.Position()
		if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
			panic(err)
		}
		k := g.Ply()
		v.Moves = append(v.Moves, g.Moves()[k-1])
		if rng.IntN(4) == 0 {
			if v.Glyphs == nil {
				v.Glyphs = map[int][]record.Glyph{}
			}
			for range 1 + rng.IntN(3) {
				v.Glyphs[k] = append(v.Glyphs[k], record.Glyph(rng.IntN(12)))
			}
		}
		if rng.IntN(5) == 0 {
			if v.Comments == nil {
				v.Comments = map[int]string{}
			}
			v.Comments[k] = fmt.Sprintf("note %d", rng.IntN(100))
		}
		if depth > 0 && rng.IntN(4) == 0 {
			if v.Variations == nil {
				v.Variations = map[int][]record.Variation{}
			}
			for range 1 + rng.IntN(2) {
				if alt := recRandomLine(rng, before, rules, 1+rng.IntN(8), depth-1); len(alt.Moves) > 0 {
					v.Variations[k] = append(v.Variations[k], alt)
				}
			}
		}
	}
	if rng.IntN(6) == 0 {
		if v.Comments == nil {
			v.Comments = map[int]string{}
		}
		v.Comments[0] = "start"
	}
	return v
}

// recRandomAnnotated returns a record of a random game with random glyphs,
// comments and variations.
func recRandomAnnotated(rng *rand.Rand, start string, rules surakarta.Rules, plies, depth int) *record.Record {
	p, err := surakarta.ParsePosition(start)
	if err != nil {
		panic(err)
	}
	line := recRandomLine(rng, p, rules, plies, depth)
	g, err := surakarta.NewGameWithRules(p, rules)
	if err != nil {
		panic(err)
	}
	for _, m := range line.Moves {
		if err := g.Play(m); err != nil {
			panic(err)
		}
	}
	r := record.New(g)
	for k, c := range line.Comments {
		r.Comments[k] = c
	}
	for k, gs := range line.Glyphs {
		r.Glyphs[k] = gs
	}
	for k, vs := range line.Variations {
		r.Variations[k] = vs
	}
	return r
}

// TestRecordVariationsRoundTrip: random games with glyphs, comments and
// variations nested up to four deep write and read back exactly, and
// their text is stable.
func TestRecordVariationsRoundTrip(t *testing.T) {
	testsize.Sequential(t)
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 200 {
		start := surakarta.StartText
		if i%3 == 1 {
			start = recWhiteStart
		}
		r := recRandomAnnotated(rng, start, surakarta.Rules{QuietPlyLimit: 12 * (i % 2), RepetitionLimit: 2}, rng.IntN(120), 4)
		text := recRoundTrip(t, r)
		back, err := record.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		again, err := back.MarshalText()
		if err != nil || string(again) != text {
			t.Fatalf("game %d: the text of the record read back differs (%v):\n%s\nthen\n%s", i, err, text, again)
		}
		for _, line := range strings.Split(text, "\n") {
			if len(line) > 80 && !strings.HasPrefix(line, "[") {
				t.Fatalf("game %d: a line of %d bytes: %q", i, len(line), line)
			}
		}
	}
}

// TestRecordClone: a clone shares nothing with its record.
func TestRecordClone(t *testing.T) {
	r, err := record.Parse(recVariationText)
	if err != nil {
		t.Fatal(err)
	}
	c := r.Clone()
	if d := recDiff(r, c); d != "" {
		t.Fatalf("the clone differs (-record +clone):\n%s", d)
	}
	want, _ := r.MarshalText()
	c.Variations[3][0].Moves[0] = mv(t, "a2a3")[0]
	c.Variations[3][0].Variations[2][0].Comments = map[int]string{1: "x"}
	c.Glyphs[3][0] = record.GlyphBlunder
	c.Comments[0] = "changed"
	c.Headers = append(c.Headers, record.Header{Name: "Event", Value: "x"})
	if err := c.Game.Undo(); err != nil {
		t.Fatal(err)
	}
	if got, _ := r.MarshalText(); string(got) != string(want) {
		t.Errorf("changing the clone changed the record:\n%s", got)
	}
	if (*record.Record)(nil).Clone() != nil {
		t.Error("the clone of nil is not nil")
	}
}

// TestRecordVariationLimits: a record may hold MaxVariationMoves
// moves in its variations and MaxGlyphs glyphs, not one more.
func TestRecordVariationLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a million moves and a million glyphs")
	}
	rules := surakarta.Rules{RepetitionLimit: surakarta.MaxCounter}
	g, err := surakarta.NewGameWithRules(surakarta.NewPosition(), rules)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText("a2a3"); err != nil {
		t.Fatal(err)
	}
	r := record.New(g)
	r.Variations[1] = []record.Variation{{Moves: testkit.Shuffle(record.MaxVariationMoves)}}
	text, err := r.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.Parse(string(text))
	if err != nil || len(back.Variations[1][0].Moves) != record.MaxVariationMoves {
		t.Fatalf("a record of MaxVariationMoves moves in a variation: %v", err)
	}
	more := strings.Replace(string(text), " *\n", " (1. b2b3) *\n", 1)
	_, err = record.Parse(more)
	if want := "MaxVariationMoves"; !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), want) {
		t.Errorf("one variation move more: %v; want an error saying %q", err, want)
	}
	r.Variations[1] = append(r.Variations[1], record.Variation{Moves: mv(t, "b2b3")})
	if _, err := r.MarshalText(); !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), "MaxVariationMoves") {
		t.Errorf("writing one variation move more: %v; want ErrInvalid naming MaxVariationMoves", err)
	}

	glyphs := "[Result \"*\"]\n\n1. a2a3" + strings.Repeat(" $1 $2 $3 $4\n", record.MaxGlyphs/4) + " *\n"
	r, err = record.Parse(glyphs)
	if err != nil || len(r.Glyphs[1]) != record.MaxGlyphs {
		t.Fatalf("a record of MaxGlyphs glyphs: %v", err)
	}
	_, err = record.Parse(strings.Replace(glyphs, " *", " ! *", 1))
	if want := "MaxGlyphs"; !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), want) {
		t.Errorf("one glyph more: %v; want an error saying %q", err, want)
	}
	r.Glyphs[1] = append(r.Glyphs[1], 1)
	if _, err := r.MarshalText(); !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), "MaxGlyphs") {
		t.Errorf("writing one glyph more: %v; want ErrInvalid naming MaxGlyphs", err)
	}
}

// FuzzRecordVariations: random records with glyphs, comments and
// variations, one comment of a variation the fuzzer's text: MarshalText
// refuses exactly the comments FuzzRecordComment's refuses, and writes the
// others in a text that reads back to the same record, and the same text
// again.
func FuzzRecordVariations(f *testing.F) {
	for _, c := range []string{"good", "", "a b", "a  b", "}", "(", ")", "1-0", "$1", "!?", "(1. b2b3)"} {
		f.Add(uint64(1), c)
		f.Add(uint64(2), c)
	}
	f.Fuzz(func(t *testing.T, seed uint64, comment string) {
		rng := rand.New(rand.NewPCG(seed, 0))
		r := recRandomAnnotated(rng, surakarta.StartText, surakarta.OlympiadRules(), 1+rng.IntN(60), 3)
		if len(r.Variations) == 0 {
			r.Comments[r.Game.Ply()] = comment
		} else {
			v := &r.Variations[slices.Min(slices.Collect(maps.Keys(r.Variations)))][0]
			v.Comments = map[int]string{len(v.Moves): comment}
		}
		if err := recWriteBack(t, r); (err == nil) != recCanWrite(comment) {
			t.Fatalf("the comment %q: MarshalText gave %v", comment, err)
		}
	})
}

// ExampleRecord_variations reads a record with a glyph and a variation,
// and writes it back.
func ExampleRecord_variations() {
	r, err := record.Parse(`[Result "*"]

1. b2b3 e5e4 2. c2c3 $6 {slow} (2. b3c4 e4d3) 2... f5f4 *
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Glyphs[3], r.Comments[3], r.Variations[3][0].Moves)
	r.Glyphs[4] = []record.Glyph{record.GlyphGood}
	text, _ := r.MarshalText()
	fmt.Print(string(text))
	// Output:
	// [?!] slow [b3c4 e4d3]
	// [Rules "quiet=50 repetition=2"]
	// [Position "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1"]
	// [Result "*"]
	//
	// 1. b2b3 e5e4 2. c2c3?! {slow} (2. b3c4 e4d3) 2... f5f4! *
}
