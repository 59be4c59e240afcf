package surakartatest_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// mustParse parses a position text or fails the test.
func mustParse(t testing.TB, text string) surakarta.Position {
	t.Helper()
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkPosition fails the test unless p is valid: within the limits, and its
// text parses back to p.
func checkPosition(t testing.TB, p surakarta.Position) {
	t.Helper()
	for _, c := range []surakarta.Color{surakarta.Black, surakarta.White} {
		if n := p.Count(c); n > surakarta.MaxPieces {
			t.Fatalf("%v: %v has %d pieces", p, c, n)
		}
	}
	if q := p.QuietPlies(); q < 0 || q > surakarta.MaxCounter {
		t.Fatalf("%v: quiet plies %d out of range", p, q)
	}
	if n := p.MoveNumber(); n < 1 || n > surakarta.MaxCounter {
		t.Fatalf("%v: move number %d out of range", p, n)
	}
	if !p.SideToMove().Valid() {
		t.Fatalf("%v: side to move %v", p, p.SideToMove())
	}
	if q := mustParse(t, p.String()); q != p {
		t.Fatalf("%v parses back to a different position, %v", p, q)
	}
}

// checkRoundTrip fails the test unless EncodePosition(p) decodes to p.
func checkRoundTrip(t testing.TB, p surakarta.Position) {
	t.Helper()
	data := surakartatest.EncodePosition(p)
	if got := surakartatest.PositionFrom(data); got != p {
		t.Fatalf("PositionFrom(EncodePosition(%v)) = %v (bytes %v)", p, got, data)
	}
}

func TestPositionFromNil(t *testing.T) {
	for _, data := range [][]byte{nil, {}, {0}, {0, 0, 0}} {
		if p := surakartatest.PositionFrom(data); p != (surakarta.Position{}) {
			t.Errorf("PositionFrom(%v) = %v, want the zero Position", data, p)
		}
	}
}

func TestEncodePositionEdgeCases(t *testing.T) {
	full := func(side string, quiet, move int) string {
		return fmt.Sprintf("wwwwww/wwwwww/6/6/bbbbbb/bbbbbb %s %d %d", side, quiet, move)
	}
	texts := []string{
		"6/6/6/6/6/6 b 0 1", // the empty board, the zero Position
		"6/6/6/6/6/6 w 0 1",
		"6/6/6/6/6/6 b 999999999 999999999",
		surakarta.StartText,
		full("w", 0, 1),
		full("b", 999999999, 1),
		full("w", 0, 999999999),
		full("w", 999999999, 999999999),
		full("b", 143, 192), // the largest one-byte counters
		full("b", 144, 193), // the smallest that are not
		full("b", 49, 25), full("b", 50, 26), full("b", 101, 51),
		"bbbbbb/bbbbbb/wwwwww/wwwwww/6/6 w 7 8",    // 12 v 12 elsewhere
		"bwbwbw/wbwbwb/bwbwbw/wbwbwb/6/6 b 1 2",    // 12 v 12, interleaved
		"6/6/bbbbbb/bbbbbb/6/6 w 3 4",              // 12 v 0
		"6/6/6/6/6/5w b 0 1", "b5/6/6/6/6/6 w 0 1", // one piece in a corner
	}
	for _, text := range texts {
		checkRoundTrip(t, mustParse(t, text))
	}
	// 12 v 12 on the first 24 squares, alternating, built with Put.
	var p surakarta.Position
	for s := range surakarta.Square(24) {
		if err := p.Put(s, surakarta.Color(s%2)); err != nil {
			t.Fatal(err)
		}
	}
	checkRoundTrip(t, p)
	// The counters' escape codes, and the zero Position exactly.
	checkRoundTrip(t, surakarta.Position{})
	for _, n := range []int{0, 1, 144, 145, 254, 257, 12345, 123456789, surakarta.MaxCounter - 7, surakarta.MaxCounter} {
		q := surakarta.NewPosition()
		if err := q.SetQuietPlies(n); err != nil {
			t.Fatal(err)
		}
		if err := q.SetMoveNumber(max(n, 1)); err != nil {
			t.Fatal(err)
		}
		checkRoundTrip(t, q)
	}
}

// randomPosition returns a random position built with the Position builder,
// independently of the package under test: any number of pieces of each
// colour, any side, and counters spread evenly over their whole range or
// drawn from the edges.
func randomPosition(t testing.TB, r *rand.Rand) surakarta.Position {
	var p surakarta.Position
	black, white := r.IntN(surakarta.MaxPieces+1), r.IntN(surakarta.MaxPieces+1)
	for i, s := range r.Perm(surakarta.NumSquares)[:black+white] {
		c := surakarta.Black
		if i >= black {
			c = surakarta.White
		}
		if err := p.Put(surakarta.Square(s), c); err != nil {
			t.Fatal(err)
		}
	}
	counter := func(low int) int {
		switch r.IntN(3) {
		case 0:
			return low + r.IntN(200)
		case 1:
			return surakarta.MaxCounter - r.IntN(200)
		}
		return low + r.IntN(surakarta.MaxCounter+1-low)
	}
	for _, err := range []error{
		p.SetSideToMove(surakarta.Color(r.IntN(2))),
		p.SetQuietPlies(counter(0)),
		p.SetMoveNumber(counter(1)),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func TestEncodePositionRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 3))
	for range 10000 {
		checkRoundTrip(t, randomPosition(t, r))
		checkRoundTrip(t, surakartatest.RandomPosition(r))
	}
}

func TestEncodePositionLength(t *testing.T) {
	// Small counters take a byte each, and every piece a byte.
	p := mustParse(t, "6/1w4/6/6/bw4/6 w 12 30")
	if got := len(surakartatest.EncodePosition(p)); got != 3+3 {
		t.Errorf("EncodePosition(%v) has %d bytes, want 6", p, got)
	}
}

func TestPositionFromPieces(t *testing.T) {
	for _, tc := range []struct {
		data []byte
		want string
	}{
		{[]byte{0, 0, 0, 0}, "6/6/6/6/6/b5 b 0 1"},
		{[]byte{1, 0, 0, 35 + 36}, "5w/6/6/6/6/6 w 0 1"},
		{[]byte{0, 0, 0, 0, 36}, "6/6/6/6/6/w5 b 0 1"},            // a later piece replaces an earlier one
		{[]byte{0, 0, 0, 0 + 72, 1 + 252}, "6/6/6/6/6/bw4 b 0 1"}, // b/36 even is Black, odd White
		{[]byte{3, 64, 29}, "6/6/6/6/6/6 w 16 30"},
		{[]byte{0, 255, 0, 0, 1, 0, 255, 255, 255, 255, 255}, "6/6/6/6/6/6 b 256 294967295"},
		{[]byte{0, 192, 254}, "6/6/6/6/6/6 b 255 999999993"},
		{[]byte{0, 255}, "6/6/6/6/6/6 b 0 1"}, // the escape's missing bytes read as zeros
	} {
		if got := surakartatest.PositionFrom(tc.data).String(); got != tc.want {
			t.Errorf("PositionFrom(%v) = %q, want %q", tc.data, got, tc.want)
		}
	}
	// A colour's 13th piece is skipped.
	data := []byte{0, 0, 0}
	for s := range byte(13) {
		data = append(data, s)
	}
	data = append(data, 13+36)
	if got, want := surakartatest.PositionFrom(data).String(), "6/6/6/1w4/bbbbbb/bbbbbb b 0 1"; got != want {
		t.Errorf("PositionFrom with 13 black pieces = %q, want %q", got, want)
	}
}

// TestPositionFromRandomBytes checks that random bytes of random length give
// the variety PositionFrom documents: every number of pieces, both sides to
// move, and mostly small counters that include the common limits.
func TestPositionFromRandomBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 5))
	var pieces [2][surakarta.MaxPieces + 1]int
	sides, small, quiet := 0, 0, map[int]int{}
	const n = 20000
	for range n {
		data := make([]byte, r.IntN(40))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		p := surakartatest.PositionFrom(data)
		checkPosition(t, p)
		pieces[0][p.Count(surakarta.Black)]++
		pieces[1][p.Count(surakarta.White)]++
		sides += int(p.SideToMove())
		if p.QuietPlies() <= 143 {
			small++
		}
		quiet[p.QuietPlies()]++
	}
	for c := range pieces {
		for count, times := range pieces[c] {
			if times == 0 {
				t.Errorf("no position with %d pieces of %v", count, surakarta.Color(c))
			}
		}
	}
	if sides < n/3 || sides > 2*n/3 {
		t.Errorf("White to move in %d of %d positions", sides, n)
	}
	if small < n*2/3 {
		t.Errorf("quiet plies at most 143 in %d of %d positions, want two thirds", small, n)
	}
	for _, q := range []int{0, 39, 40, 41, 49, 50, 51, 99, 100, 101, surakarta.MaxCounter} {
		if quiet[q] == 0 {
			t.Errorf("no position with %d quiet plies", q)
		}
	}
}

func FuzzPositionFrom(f *testing.F) {
	f.Add([]byte{})
	f.Add(surakartatest.EncodePosition(surakarta.NewPosition()))
	f.Add([]byte{1, 255, 59, 154, 201, 255, 254, 7, 8, 9, 50, 51})
	f.Add([]byte("any bytes at all, such as a fuzzer's"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := surakartatest.PositionFrom(data)
		checkPosition(t, p)
		checkRoundTrip(t, p)
		if got := surakartatest.Flip(surakartatest.Flip(p)); got != p {
			t.Fatalf("Flip(Flip(%v)) = %v", p, got)
		}
		checkPosition(t, surakartatest.Flip(p))
	})
}

// sameGame returns an error when a and b differ in start position, rules,
// moves, positions or outcome.
func sameGame(a, b *surakarta.Game) error {
	switch {
	case a.StartPosition() != b.StartPosition():
		return fmt.Errorf("start %v, want %v", a.StartPosition(), b.StartPosition())
	case a.Rules() != b.Rules():
		return fmt.Errorf("rules %+v, want %+v", a.Rules(), b.Rules())
	case !slices.Equal(a.Moves(), b.Moves()):
		return fmt.Errorf("moves %v, want %v", a.Moves(), b.Moves())
	case !slices.Equal(a.Positions(), b.Positions()):
		return fmt.Errorf("the positions differ")
	case a.Outcome() != b.Outcome():
		return fmt.Errorf("outcome %v, want %v", a.Outcome(), b.Outcome())
	}
	return nil
}

// checkGameRoundTrip fails the test unless EncodeGame(g) decodes to g.
func checkGameRoundTrip(t testing.TB, g *surakarta.Game) {
	t.Helper()
	data := surakartatest.EncodeGame(g)
	if err := sameGame(surakartatest.GameFrom(data), g); err != nil {
		t.Fatalf("GameFrom(EncodeGame(g)) differs from g, a game from %v under %+v with moves %v: %v", g.StartPosition(), g.Rules(), g.Moves(), err)
	}
}

func TestGameFromNil(t *testing.T) {
	if err := sameGame(surakartatest.GameFrom(nil), surakarta.NewGame(surakarta.NewPosition())); err != nil {
		t.Errorf("GameFrom(nil): %v", err)
	}
	if err := sameGame(surakartatest.GameFrom(nil), new(surakarta.Game)); err != nil {
		t.Errorf("GameFrom(nil) and the zero Game: %v", err)
	}
}

func TestEncodeGameRoundTrip(t *testing.T) {
	newGame := func(text string, rules surakarta.Rules) *surakarta.Game {
		g, err := surakarta.NewGameWithRules(mustParse(t, text), rules)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	play := func(g *surakarta.Game, moves ...string) *surakarta.Game {
		for _, m := range moves {
			if err := g.PlayText(m); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}
	checkGameRoundTrip(t, new(surakarta.Game))
	checkGameRoundTrip(t, play(new(surakarta.Game), "b2b3", "e5e4"))
	checkGameRoundTrip(t, newGame(surakarta.StartText, surakarta.Rules{}))
	checkGameRoundTrip(t, newGame(surakarta.StartText, surakarta.Rules{QuietPlyLimit: 77, RepetitionLimit: 9}))
	checkGameRoundTrip(t, newGame(surakarta.StartText, surakarta.Rules{QuietPlyLimit: surakarta.MaxCounter, RepetitionLimit: surakarta.MaxCounter}))
	checkGameRoundTrip(t, newGame("6/6/6/6/6/6 b 0 1", surakarta.OlympiadRules()))
	checkGameRoundTrip(t, newGame("6/1w4/6/6/bw4/6 b 999999999 999999999", surakarta.Rules{QuietPlyLimit: surakarta.MaxCounter}))
	checkGameRoundTrip(t, newGame("6/1w4/6/6/bw4/6 b 999999990 5", surakarta.Rules{QuietPlyLimit: 3}))
	checkGameRoundTrip(t, play(newGame("6/1w4/6/6/bw4/6 w 40 5", surakarta.Rules{QuietPlyLimit: 49, RepetitionLimit: 3}), "b5b4", "a2a3", "b4b5", "a3a2", "b5b4", "a2a3", "b4b5", "a3a2"))
	// A game ended by each rule and by each declaration.
	rep := play(newGame("6/1w4/6/6/bw4/6 w 0 1", surakarta.OlympiadRules()), "b5b4", "a2a3", "b4b5", "a3a2")
	if o := rep.Outcome(); o.Reason != surakarta.Repetition {
		t.Fatalf("outcome %v, want a repetition", o)
	}
	checkGameRoundTrip(t, rep)
	for i := range 5 {
		g := play(new(surakarta.Game), "b2b3")
		var err error
		switch i {
		case 0:
			err = g.Resign(surakarta.Black)
		case 1:
			err = g.Resign(surakarta.White)
		case 2:
			err = g.AgreeDraw()
		case 3:
			err = g.ForfeitOnTime(surakarta.Black)
		case 4:
			err = g.ForfeitOnTime(surakarta.White)
		}
		if err != nil {
			t.Fatal(err)
		}
		checkGameRoundTrip(t, g)
	}
	r := rand.New(rand.NewPCG(6, 7))
	n := 1000
	if testing.Short() {
		n = 200
	}
	for i := range n {
		g := surakartatest.RandomGame(r, r.IntN(120))
		checkGameRoundTrip(t, g)
		// The same game under other rules, from a position built
		// independently of the package.
		if i%3 == 0 {
			rules := surakarta.Rules{QuietPlyLimit: r.IntN(surakarta.MaxCounter + 1), RepetitionLimit: r.IntN(surakarta.MaxCounter + 1)}
			if rules.RepetitionLimit == 1 {
				rules.RepetitionLimit = 0
			}
			h, err := surakarta.NewGameWithRules(randomPosition(t, r), rules)
			if err != nil {
				t.Fatal(err)
			}
			for range r.IntN(40) {
				moves := h.LegalMoves()
				if len(moves) == 0 {
					break
				}
				if err := h.Play(moves[r.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
			checkGameRoundTrip(t, h)
		}
	}
}

// checkGame fails the test unless g replays move by move from its start
// position under its rules, each move legal in the position before it and
// no move played after the end, and unless its outcome is the one the rules
// give its last position, or an end the players declared while the rules had
// not ended it.
func checkGame(t testing.TB, g *surakarta.Game) {
	t.Helper()
	if err := g.Rules().Validate(); err != nil {
		t.Fatalf("rules %+v: %v", g.Rules(), err)
	}
	replay, err := surakarta.NewGameWithRules(g.StartPosition(), g.Rules())
	if err != nil {
		t.Fatal(err)
	}
	positions := g.Positions()
	checkPosition(t, positions[0])
	for i, m := range g.Moves() {
		if legal, err := positions[i].Legal(m); err != nil || legal != m {
			t.Fatalf("ply %d: %v is not legal in %v: %v", i+1, m, positions[i], err)
		}
		if err := replay.Play(m); err != nil {
			t.Fatalf("ply %d: replaying %v: %v", i+1, m, err)
		}
		if replay.Position() != positions[i+1] {
			t.Fatalf("ply %d: %v in %v gives %v, but the game has %v", i+1, m, positions[i], replay.Position(), positions[i+1])
		}
		checkPosition(t, positions[i+1])
	}
	got, byRules := g.Outcome(), replay.Outcome()
	if want := outcome(positions, g.Moves(), g.Rules()); byRules != want {
		t.Fatalf("the rules end %v with %v, but an independent reckoning gives %v", g.Position(), byRules, want)
	}
	switch got.Reason {
	case surakarta.Resignation, surakarta.TimeForfeit, surakarta.DrawAgreement:
		if byRules.Over {
			t.Fatalf("the game ended by %v after the rules ended it: %v", got.Reason, byRules)
		}
		if got.Draw != (got.Reason == surakarta.DrawAgreement) || !got.Over {
			t.Fatalf("declared outcome %+v", got)
		}
	default:
		if got != byRules {
			t.Fatalf("outcome %v, but the replayed game's is %v", got, byRules)
		}
	}
}

// outcome works out the outcome of a game by the rules alone, from its
// positions and moves, without Game.
func outcome(positions []surakarta.Position, moves []surakarta.Move, rules surakarta.Rules) surakarta.Outcome {
	p := positions[len(positions)-1]
	us, them := p.SideToMove(), p.SideToMove().Other()
	// Repetitions since the last capture, or since the start.
	first := 0
	for i, m := range moves {
		if m.IsCapture() {
			first = i + 1
		}
	}
	repetitions := 0
	for _, q := range positions[first:] {
		if q.Pieces(surakarta.Black) == p.Pieces(surakarta.Black) && q.Pieces(surakarta.White) == p.Pieces(surakarta.White) && q.SideToMove() == p.SideToMove() {
			repetitions++
		}
	}
	switch {
	case p.Count(us) == 0 && p.Count(them) == 0:
		return surakarta.Outcome{Over: true, Draw: true, Reason: surakarta.NoPieces}
	case p.Count(us) == 0:
		return surakarta.Outcome{Over: true, Winner: them, Reason: surakarta.NoPieces}
	case p.Count(them) == 0:
		return surakarta.Outcome{Over: true, Winner: us, Reason: surakarta.NoPieces}
	case len(p.LegalMoves()) == 0:
		return surakarta.Adjudicate(p, surakarta.Blocked)
	case rules.QuietPlyLimit > 0 && p.QuietPlies() >= rules.QuietPlyLimit:
		return surakarta.Adjudicate(p, surakarta.QuietPlyRule)
	case rules.RepetitionLimit > 0 && repetitions >= rules.RepetitionLimit:
		return surakarta.Adjudicate(p, surakarta.Repetition)
	}
	return surakarta.Outcome{}
}

func FuzzGameFrom(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{7, 0, 0, 0, 0, 5, 41, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add(surakartatest.EncodeGame(surakartatest.RandomGame(rand.New(rand.NewPCG(1, 2)), 60)))
	f.Fuzz(func(t *testing.T, data []byte) {
		g := surakartatest.GameFrom(data)
		checkGame(t, g)
		checkGameRoundTrip(t, g)
		// A record of the game reads back as the same game.
		text, err := record.New(g).MarshalText()
		if err != nil {
			t.Fatalf("record of the game: %v", err)
		}
		rec, err := record.Parse(string(text))
		if err != nil {
			t.Fatalf("reading the record back: %v\n%s", err, text)
		}
		if err := sameGame(rec.Game, g); err != nil {
			t.Fatalf("the record reads back as another game: %v\n%s", err, text)
		}
		// Nothing more can be played in a game that is over.
		if g.Outcome().Over {
			if err := g.Clone().Play(surakarta.NewMove(surakarta.A1, surakarta.A2)); !errors.Is(err, surakarta.ErrGameOver) {
				t.Fatalf("Play after %v: %v, want ErrGameOver", g.Outcome(), err)
			}
		}
	})
}
