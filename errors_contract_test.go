package surakarta_test

import (
	"context"
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
	cases := map[string]doccheck.ErrorCase{
		"ParseColor":             doccheck.Case(doccheck.Err2(surakarta.ParseColor("green")), surakarta.ErrInvalidColor),
		"Color.UnmarshalText":    doccheck.Case(color.UnmarshalText([]byte("green")), surakarta.ErrInvalidColor),
		"ParseSquare":            doccheck.Case(doccheck.Err2(surakarta.ParseSquare("g7")), surakarta.ErrInvalidSquare),
		"Square.UnmarshalText":   doccheck.Case(square.UnmarshalText([]byte("a0")), surakarta.ErrInvalidSquare),
		"ParseMove":              doccheck.Case(doccheck.Err2(surakarta.ParseMove("a2a9")), surakarta.ErrInvalidMove),
		"Move.UnmarshalText":     doccheck.Case(move.UnmarshalText([]byte("x")), surakarta.ErrInvalidMove),
		"ParsePosition":          doccheck.Case(doccheck.Err2(surakarta.ParsePosition("wwwwww b")), surakarta.ErrInvalidPosition),
		"Position.UnmarshalText": doccheck.Case(pos.UnmarshalText([]byte("7/6/6/6/6/6 b")), surakarta.ErrInvalidPosition),
		"NewPositionFromSets":    doccheck.Case(doccheck.Err2(surakarta.NewPositionFromSets(1, 1, surakarta.Black)), surakarta.ErrInvalidPosition),
		"Position.Put":           doccheck.Case(pos.Put(surakarta.Square(99), surakarta.Black), surakarta.ErrInvalidPosition),
		"Position.Remove":        doccheck.Case(pos.Remove(surakarta.Square(99)), surakarta.ErrInvalidPosition),
		"Position.SetSideToMove": doccheck.Case(pos.SetSideToMove(surakarta.Color(7)), surakarta.ErrInvalidColor),
		"Position.SetQuietPlies": doccheck.Case(pos.SetQuietPlies(-1), surakarta.ErrInvalidPosition),
		"Position.SetMoveNumber": doccheck.Case(pos.SetMoveNumber(0), surakarta.ErrInvalidPosition),
		"Position.Legal":         doccheck.Case(doccheck.Err2(surakarta.NewPosition().Legal(surakarta.NewMove(surakarta.A1, surakarta.A6))), surakarta.ErrIllegalMove),
		"Position.Play":          doccheck.Case(playOn(surakarta.NewPosition(), surakarta.NewMove(surakarta.A1, surakarta.A6)), surakarta.ErrIllegalMove),
		"Position.CapturePath":   doccheck.Case(doccheck.Err2(surakarta.NewPosition().CapturePath(surakarta.NewMove(surakarta.A2, surakarta.A3))), surakarta.ErrIllegalMove),
		"ParseRules":             doccheck.Case(doccheck.Err2(surakarta.ParseRules("quiet=50")), surakarta.ErrInvalidRules),
		"Rules.Validate":         doccheck.Case(surakarta.Rules{QuietPlyLimit: -1}.Validate(), surakarta.ErrInvalidRules),
		"NewGameWithRules":       doccheck.Case(doccheck.Err2(surakarta.NewGameWithRules(surakarta.NewPosition(), surakarta.Rules{RepetitionLimit: 1})), surakarta.ErrInvalidRules),
		"Game.Play":              doccheck.Case(start.Clone().Play(surakarta.NewMove(surakarta.A1, surakarta.A6)), surakarta.ErrIllegalMove),
		"Game.PlayText":          doccheck.Case(start.Clone().PlayText("a2"), surakarta.ErrInvalidMove),
		"Game.Resign":            doccheck.Case(over.Clone().Resign(surakarta.Black), surakarta.ErrGameOver),
		"Game.AgreeDraw":         doccheck.Case(over.Clone().AgreeDraw(), surakarta.ErrGameOver),
		"Game.ForfeitOnTime":     doccheck.Case(over.Clone().ForfeitOnTime(surakarta.Black), surakarta.ErrGameOver),
		"Game.Undo":              doccheck.Case(start.Clone().Undo(), surakarta.ErrNoMoveToUndo),
		"Limits.Validate":        doccheck.Case(surakarta.Limits{Depth: -1}.Validate(), surakarta.ErrInvalidLimits),
		"CheckSearch":            doccheck.Case(surakarta.CheckSearch(context.Background(), nil, surakarta.Limits{}), surakarta.ErrInvalidSearch),
		"AlphaBeta.Search":       doccheck.Case(doccheck.Err2(surakarta.NewAlphaBeta(nil).Search(context.Background(), start, surakarta.Limits{Depth: 1})), surakarta.ErrNoEvaluator),
		"PVS.Search":             doccheck.Case(doccheck.Err2(surakarta.NewPVS(surakarta.NewTuned()).Search(context.Background(), nil, surakarta.Limits{})), surakarta.ErrInvalidSearch),
		"MCTS.Search":            doccheck.Case(doccheck.Err2(surakarta.NewMCTS(surakarta.NewTuned()).Search(context.Background(), start, surakarta.Limits{Nodes: -1})), surakarta.ErrInvalidLimits),
		"PVSParams.Validate":     doccheck.Case(surakarta.PVSParams{}.Validate(), surakarta.ErrInvalidSearch),
		"PVSParams.Set":          doccheck.Case(new(surakarta.PVSParams).Set("nothing", 1), surakarta.ErrInvalidSearch),
		"ReadNetwork":            doccheck.Case(doccheck.Err2(surakarta.ReadNetwork(strings.NewReader("not weights"))), surakarta.ErrInvalidNetwork),
	}
	doccheck.ErrorContract(t, ".", cases)
}

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
