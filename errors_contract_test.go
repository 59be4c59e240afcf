package surakarta_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/doccheck"
)

// TestErrorContract: every exported function and method of the package
// that returns an error (doccheck.ErrorFuncs) wraps the package's sentinel
// for bad input, as doc.go promises, so that a caller tests it with
// errors.Is and never by its text. A function added without a case here
// fails the test.
func TestErrorContract(t *testing.T) {
	over := surakarta.NewGame(mustPosition(t, "6/6/6/6/6/b5 w 0 1")) // White has no pieces: over
	start := surakarta.NewGame(surakarta.NewPosition())
	var color surakarta.Color
	var square surakarta.Square
	var move surakarta.Move
	var pos surakarta.Position
	cases := map[string]struct {
		err  error
		want error
	}{
		"ParseColor":             {err2(surakarta.ParseColor("green")), surakarta.ErrInvalidColor},
		"Color.UnmarshalText":    {color.UnmarshalText([]byte("green")), surakarta.ErrInvalidColor},
		"ParseSquare":            {err2(surakarta.ParseSquare("g7")), surakarta.ErrInvalidSquare},
		"Square.UnmarshalText":   {square.UnmarshalText([]byte("a0")), surakarta.ErrInvalidSquare},
		"ParseMove":              {err2(surakarta.ParseMove("a2a9")), surakarta.ErrInvalidMove},
		"Move.UnmarshalText":     {move.UnmarshalText([]byte("x")), surakarta.ErrInvalidMove},
		"ParsePosition":          {err2(surakarta.ParsePosition("wwwwww b")), surakarta.ErrInvalidPosition},
		"Position.UnmarshalText": {pos.UnmarshalText([]byte("7/6/6/6/6/6 b")), surakarta.ErrInvalidPosition},
		"NewPositionFromSets":    {err2(surakarta.NewPositionFromSets(1, 1, surakarta.Black)), surakarta.ErrInvalidPosition},
		"Position.Put":           {pos.Put(surakarta.Square(99), surakarta.Black), surakarta.ErrInvalidPosition},
		"Position.Remove":        {pos.Remove(surakarta.Square(99)), surakarta.ErrInvalidPosition},
		"Position.SetSideToMove": {pos.SetSideToMove(surakarta.Color(7)), surakarta.ErrInvalidColor},
		"Position.SetQuietPlies": {pos.SetQuietPlies(-1), surakarta.ErrInvalidPosition},
		"Position.SetMoveNumber": {pos.SetMoveNumber(0), surakarta.ErrInvalidPosition},
		"Position.Legal":         {err2(surakarta.NewPosition().Legal(surakarta.NewMove(surakarta.A1, surakarta.A6))), surakarta.ErrIllegalMove},
		"Position.Play":          {playOn(surakarta.NewPosition(), surakarta.NewMove(surakarta.A1, surakarta.A6)), surakarta.ErrIllegalMove},
		"Position.CapturePath":   {err2(surakarta.NewPosition().CapturePath(surakarta.NewMove(surakarta.A2, surakarta.A3))), surakarta.ErrIllegalMove},
		"ParseRules":             {err2(surakarta.ParseRules("quiet=50")), surakarta.ErrInvalidRules},
		"Rules.Validate":         {surakarta.Rules{QuietPlyLimit: -1}.Validate(), surakarta.ErrInvalidRules},
		"NewGameWithRules":       {err2(surakarta.NewGameWithRules(surakarta.NewPosition(), surakarta.Rules{RepetitionLimit: 1})), surakarta.ErrInvalidRules},
		"Game.Play":              {start.Clone().Play(surakarta.NewMove(surakarta.A1, surakarta.A6)), surakarta.ErrIllegalMove},
		"Game.PlayText":          {start.Clone().PlayText("a2"), surakarta.ErrInvalidMove},
		"Game.Resign":            {over.Clone().Resign(surakarta.Black), surakarta.ErrGameOver},
		"Game.AgreeDraw":         {over.Clone().AgreeDraw(), surakarta.ErrGameOver},
		"Game.ForfeitOnTime":     {over.Clone().ForfeitOnTime(surakarta.Black), surakarta.ErrGameOver},
		"Game.Undo":              {start.Clone().Undo(), surakarta.ErrNoMoveToUndo},
		"Limits.Validate":        {surakarta.Limits{Depth: -1}.Validate(), surakarta.ErrInvalidLimits},
		"CheckSearch":            {surakarta.CheckSearch(context.Background(), nil, surakarta.Limits{}), surakarta.ErrInvalidSearch},
		"AlphaBeta.Search":       {err2(surakarta.NewAlphaBeta(nil).Search(context.Background(), start, surakarta.Limits{Depth: 1})), surakarta.ErrNoEvaluator},
		"PVS.Search":             {err2(surakarta.NewPVS(surakarta.NewTuned()).Search(context.Background(), nil, surakarta.Limits{})), surakarta.ErrInvalidSearch},
		"MCTS.Search":            {err2(surakarta.NewMCTS(surakarta.NewTuned()).Search(context.Background(), start, surakarta.Limits{Nodes: -1})), surakarta.ErrInvalidLimits},
		"PVSParams.Validate":     {surakarta.PVSParams{}.Validate(), surakarta.ErrInvalidSearch},
		"PVSParams.Set":          {new(surakarta.PVSParams).Set("nothing", 1), surakarta.ErrInvalidSearch},
		"ReadNetwork":            {err2(surakarta.ReadNetwork(strings.NewReader("not weights"))), surakarta.ErrInvalidNetwork},
	}
	for _, name := range doccheck.ErrorFuncs(t, ".") {
		c, ok := cases[name]
		if !ok {
			t.Errorf("%s returns an error but has no case here: add one with bad input and the sentinel it wraps", name)
			continue
		}
		delete(cases, name)
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v, want an error wrapping %q", name, c.err, c.want)
		}
	}
	for name := range cases {
		t.Errorf("the case %s is of no exported function that returns an error", name)
	}
}

// err2 returns the error of a call that returns a value and an error.
func err2[T any](_ T, err error) error { return err }

// playOn plays m on p and returns the error.
func playOn(p surakarta.Position, m surakarta.Move) error { return p.Play(m) }

// mustPosition parses text.
func mustPosition(t *testing.T, text string) surakarta.Position {
	t.Helper()
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
