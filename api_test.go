package surakarta_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/google/go-cmp/cmp"
	"github.com/surakarta-go/surakarta"
)

// TestPositionReceiverRule checks the rule of Position's methods: a value
// receiver for every method that only reads, a pointer receiver for exactly
// the methods that change the position.
func TestPositionReceiverRule(t *testing.T) {
	mutators := []string{"Play", "PlayUnchecked", "Put", "Remove", "SetMoveNumber", "SetQuietPlies", "SetSideToMove", "UnmarshalText"}
	value := reflect.TypeFor[surakarta.Position]()
	pointer := reflect.TypeFor[*surakarta.Position]()
	var pointerOnly []string
	for i := range pointer.NumMethod() {
		if name := pointer.Method(i).Name; !hasMethod(value, name) {
			pointerOnly = append(pointerOnly, name)
		}
	}
	if diff := cmp.Diff(mutators, pointerOnly); diff != "" {
		t.Errorf("methods with pointer receivers (-want +got):\n%s", diff)
	}
	// The queries work on values that are not addressable.
	g := surakarta.NewGame(surakarta.NewPosition())
	if n := g.Position().CountMoves(); n != 16 {
		t.Errorf("CountMoves = %d", n)
	}
	if _, err := g.Position().Legal(surakarta.NewMove(surakarta.B2, surakarta.B3)); err != nil {
		t.Error(err)
	}
	var buf [surakarta.MaxMoves]surakarta.Move
	if n := len(g.Position().AppendLegalMoves(buf[:0])); n != 16 {
		t.Errorf("AppendLegalMoves gave %d moves", n)
	}
}

func hasMethod(t reflect.Type, name string) bool {
	_, ok := t.MethodByName(name)
	return ok
}

// TestPositionBuilder builds positions square by square and checks them
// against the same positions parsed from text.
func TestPositionBuilder(t *testing.T) {
	var p surakarta.Position
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(p.Put(surakarta.A2, surakarta.Black))
	must(p.Put(surakarta.B2, surakarta.White))
	must(p.Put(surakarta.B5, surakarta.White))
	must(p.Put(surakarta.F6, surakarta.Black))
	must(p.Remove(surakarta.F6))
	must(p.Remove(surakarta.C3)) // already empty
	must(p.SetSideToMove(surakarta.White))
	must(p.SetQuietPlies(7))
	must(p.SetMoveNumber(12))
	want, _ := surakarta.ParsePosition("6/1w4/6/6/bw4/6 w 7 12")
	if p != want {
		t.Fatalf("built %v, want %v", p, want)
	}
	if p.Hash() != want.Hash() {
		t.Errorf("hash of the built position differs")
	}
	// Put replaces a piece of the other colour.
	must(p.Put(surakarta.B2, surakarta.Black))
	if c, ok := p.PieceAt(surakarta.B2); !ok || c != surakarta.Black || p.Count(surakarta.White) != 1 {
		t.Errorf("after Put(b2, Black): %v", p)
	}
	// The built position plays like the parsed one.
	q, _ := surakarta.ParsePosition(p.String())
	if !slices.Equal(p.LegalMoves(), q.LegalMoves()) {
		t.Errorf("moves differ: %v and %v", p.LegalMoves(), q.LegalMoves())
	}

	// Errors leave the position unchanged.
	full, _ := surakarta.ParsePosition(surakarta.StartText)
	before := full
	for name, err := range map[string]error{
		"thirteenth piece":    full.Put(surakarta.C3, surakarta.Black),
		"bad square":          full.Put(surakarta.Square(36), surakarta.Black),
		"bad colour":          full.Put(surakarta.C3, surakarta.Color(2)),
		"remove bad square":   full.Remove(surakarta.Square(99)),
		"quiet plies -1":      full.SetQuietPlies(-1),
		"quiet plies too big": full.SetQuietPlies(surakarta.MaxCounter + 1),
		"move number 0":       full.SetMoveNumber(0),
		"move number too big": full.SetMoveNumber(surakarta.MaxCounter + 1),
	} {
		if !errors.Is(err, surakarta.ErrInvalidPosition) {
			t.Errorf("%s: error %v, want ErrInvalidPosition", name, err)
		}
	}
	if err := full.SetSideToMove(surakarta.Color(7)); !errors.Is(err, surakarta.ErrInvalidColor) {
		t.Errorf("SetSideToMove(7) = %v, want ErrInvalidColor", err)
	}
	if full != before {
		t.Errorf("failed calls changed the position: %v", full)
	}
	// Moving a piece of a full side within the board is fine.
	if err := full.Put(surakarta.A1, surakarta.Black); err != nil {
		t.Errorf("Put on a square the colour holds already: %v", err)
	}
}

// TestBuiltPositionsRoundTrip: whatever the builder makes prints a text that
// parses back to it, and its hash equals that of the parsed position.
func TestBuiltPositionsRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var p surakarta.Position
		for range r.IntN(40) {
			s := surakarta.Square(r.IntN(38)) // a few invalid squares too
			switch r.IntN(3) {
			case 0:
				p.Remove(s)
			default:
				p.Put(s, surakarta.Color(r.IntN(2)))
			}
		}
		p.SetSideToMove(surakarta.Color(r.IntN(2)))
		p.SetQuietPlies(r.IntN(surakarta.MaxCounter + 2))
		p.SetMoveNumber(r.IntN(surakarta.MaxCounter + 2))
		q, err := surakarta.ParsePosition(p.String())
		if err != nil || q != p {
			t.Fatalf("%v does not round-trip: %v, %v", p, q, err)
		}
	}
}

// TestTextMarshaling: Color, Square and Move round-trip through JSON, and
// values that are not colours, squares or moves refuse to marshal.
func TestTextMarshaling(t *testing.T) {
	type state struct {
		Side  surakarta.Color
		From  surakarta.Square
		Moves []surakarta.Move
	}
	p, _ := surakarta.ParsePosition("6/1w4/6/6/bw4/6 b")
	in := state{Side: surakarta.White, From: surakarta.B2, Moves: append(p.LegalMoves(), surakarta.NoMove)}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"Side":"White","From":"b2","Moves":["a2xb2","a2a1","a2b1","a2a3","a2b3","none"]}`; string(data) != want {
		t.Errorf("JSON %s, want %s", data, want)
	}
	var out state
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, out); diff != "" {
		t.Errorf("JSON round trip (-want +got):\n%s", diff)
	}

	// A colour is written as String writes it.
	for _, c := range []surakarta.Color{surakarta.Black, surakarta.White} {
		if text, err := c.MarshalText(); err != nil || string(text) != c.String() {
			t.Errorf("%v.MarshalText() = %q, %v; want %q as String", c, text, err, c.String())
		}
	}
	for _, c := range []surakarta.Color{2, 255} {
		if _, err := c.MarshalText(); !errors.Is(err, surakarta.ErrInvalidColor) {
			t.Errorf("Color(%d).MarshalText error = %v", c, err)
		}
	}
	for _, s := range []surakarta.Square{36, 63, 255} {
		if _, err := s.MarshalText(); !errors.Is(err, surakarta.ErrInvalidSquare) {
			t.Errorf("Square(%d).MarshalText error = %v", s, err)
		}
	}
	for _, m := range []surakarta.Move{
		surakarta.NewMove(surakarta.A2, surakarta.A2), // from = to
		surakarta.NewMove(surakarta.Square(40), surakarta.A1),
		surakarta.NewMove(surakarta.A1, surakarta.A2) | 1<<13,
		surakarta.Move(1 << 12), // a capture bit alone
	} {
		if _, err := m.MarshalText(); !errors.Is(err, surakarta.ErrInvalidMove) {
			t.Errorf("Move(%d).MarshalText error = %v", uint16(m), err)
		}
	}
	for _, text := range []string{`"grey"`, `"B2"`, `""`} {
		var c surakarta.Color
		if err := json.Unmarshal([]byte(text), &c); err == nil && text != `"B2"` {
			t.Errorf("Color from %s: no error", text)
		}
	}
	var c surakarta.Color
	for text, want := range map[string]surakarta.Color{"black": surakarta.Black, "W": surakarta.White, "White": surakarta.White, "b": surakarta.Black} {
		if err := c.UnmarshalText([]byte(text)); err != nil || c != want {
			t.Errorf("Color from %q = %v, %v", text, c, err)
		}
	}
	sq := surakarta.C3
	if err := sq.UnmarshalText([]byte("c7")); !errors.Is(err, surakarta.ErrInvalidSquare) || sq != surakarta.C3 {
		t.Errorf("Square from c7: %v, %v (want an error and no change)", sq, err)
	}
}

// FuzzMoveText: every Move value either refuses to marshal or round-trips
// exactly.
func FuzzMoveText(f *testing.F) {
	for _, m := range []uint16{0, 839, 839 | 1<<12, 1 << 12, 1<<16 - 1, 6 | 6<<6} {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, bits uint16) {
		m := surakarta.Move(bits)
		text, err := m.MarshalText()
		if err != nil {
			if !errors.Is(err, surakarta.ErrInvalidMove) {
				t.Fatalf("Move(%d).MarshalText error %v does not wrap ErrInvalidMove", bits, err)
			}
			return
		}
		var back surakarta.Move
		if err := back.UnmarshalText(text); err != nil || back != m {
			t.Fatalf("Move(%d) → %q → %d, %v", bits, text, uint16(back), err)
		}
	})
}

// TestDeclaredEndings: resignation, agreement and time forfeit end a game,
// name the winner, refuse further moves, survive a record round trip, and
// Undo takes the declaration back.
func TestDeclaredEndings(t *testing.T) {
	for _, tc := range []struct {
		name    string
		declare func(*surakarta.Game) error
		want    surakarta.Outcome
		result  string
	}{
		{"Black resigns", func(g *surakarta.Game) error { return g.Resign(surakarta.Black) },
			surakarta.Outcome{Over: true, Winner: surakarta.White, Reason: surakarta.Resignation}, "0-1"},
		{"White resigns", func(g *surakarta.Game) error { return g.Resign(surakarta.White) },
			surakarta.Outcome{Over: true, Winner: surakarta.Black, Reason: surakarta.Resignation}, "1-0"},
		{"agreed draw", func(g *surakarta.Game) error { return g.AgreeDraw() },
			surakarta.Outcome{Over: true, Draw: true, Reason: surakarta.DrawAgreement}, "1/2-1/2"},
		{"White out of time", func(g *surakarta.Game) error { return g.ForfeitOnTime(surakarta.White) },
			surakarta.Outcome{Over: true, Winner: surakarta.Black, Reason: surakarta.TimeForfeit}, "1-0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := surakarta.NewGame(surakarta.NewPosition())
			if err := g.PlayText("b2b3"); err != nil {
				t.Fatal(err)
			}
			if err := tc.declare(g); err != nil {
				t.Fatal(err)
			}
			if got := g.Outcome(); got != tc.want {
				t.Errorf("Outcome = %v, want %v", got, tc.want)
			}
			if err := g.PlayText("e5e4"); !errors.Is(err, surakarta.ErrGameOver) {
				t.Errorf("a move after the end: %v, want ErrGameOver", err)
			}
			if len(g.LegalMoves()) != 0 {
				t.Errorf("legal moves after the end")
			}
			if err := tc.declare(g); !errors.Is(err, surakarta.ErrGameOver) {
				t.Errorf("declaring twice: %v, want ErrGameOver", err)
			}
			if _, err := surakarta.NewPVS(surakarta.NewSixFactor()).Search(context.Background(), g, surakarta.Limits{Depth: 1}); !errors.Is(err, surakarta.ErrGameOver) {
				t.Errorf("search after the end: %v, want ErrGameOver", err)
			}

			rec := record.New(g)
			if rec.Result != tc.result || rec.Reason != tc.want.Reason.String() {
				t.Errorf("record result %q reason %q, want %q %q", rec.Result, rec.Reason, tc.result, tc.want.Reason)
			}
			text, err := rec.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			back, err := record.Parse(string(text))
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			if got := back.Game.Outcome(); got != tc.want {
				t.Errorf("read back: Outcome = %v, want %v", got, tc.want)
			}

			if err := g.Undo(); err != nil {
				t.Fatal(err)
			}
			if o := g.Outcome(); o.Over || g.Ply() != 1 {
				t.Errorf("after Undo: %v at ply %d, want the game going on at ply 1", o, g.Ply())
			}
		})
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	if err := g.Resign(surakarta.Color(3)); !errors.Is(err, surakarta.ErrInvalidColor) {
		t.Errorf("Resign(Color(3)) = %v, want ErrInvalidColor", err)
	}
	// A game the rules have ended cannot be resigned.
	over := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"a2a3", "a5a4", "a3a2", "a4a5"} {
		over.PlayText(m)
	}
	if err := over.Resign(surakarta.Black); !errors.Is(err, surakarta.ErrGameOver) {
		t.Errorf("resigning a finished game: %v, want ErrGameOver", err)
	}
}

// TestDeclaredEndingRecordErrors: a record's declared reason must agree
// with its result and with the game.
func TestDeclaredEndingRecordErrors(t *testing.T) {
	for _, tc := range []struct{ text, says string }{
		{"[Result \"1/2-1/2\"]\n[Reason \"resignation\"]\n\n1. b2b3 1/2-1/2\n", "1-0 or 0-1"},
		{"[Result \"1-0\"]\n[Reason \"draw by agreement\"]\n\n1. b2b3 1-0\n", "1/2-1/2"},
		{"[Result \"*\"]\n[Reason \"time forfeit\"]\n\n1. b2b3 *\n", "1-0 or 0-1"},
		{"[Result \"0-1\"]\n[Reason \"resignation\"]\n\n1. a2a3 a5a4 2. a3a2 a4a5 0-1\n", "game over"},
	} {
		_, err := record.Parse(tc.text)
		if !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("record.Parse(%q) error = %v, want ErrInvalid saying %q", tc.text, err, tc.says)
		}
	}
}

// TestConcurrentUse backs the concurrency claims of the documentation under
// the race detector: one evaluator shared by searchers in several
// goroutines, and a Game read by several goroutines at once.
func TestConcurrentUse(t *testing.T) {
	evaluators := []surakarta.Evaluator{surakarta.NewSixFactor(), surakarta.NewEndgameAdjusted(), surakarta.NewPhased(nil), surakarta.NewTuned()}
	positions := middleGamePositions(t)
	g := surakarta.NewGame(positions[0])
	g.PlayText(g.LegalMoves()[0].String())
	var wg sync.WaitGroup
	for i := range 2 * len(evaluators) { // each evaluator shared by two goroutines
		e := evaluators[i%len(evaluators)]
		wg.Go(func() {
			s := surakarta.NewPVS(e)
			for _, p := range positions[i : i+3] {
				if _, err := s.Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Depth: 3}); err != nil {
					t.Error(err)
				}
				e.Evaluate(&p)
			}
		})
		wg.Go(func() {
			for range 20 {
				g.Outcome()
				g.LegalMoves()
				g.Position()
				g.Repetitions()
				g.Moves()
				g.Positions()
			}
		})
	}
	wg.Wait()
}
