package puzzle_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
	"github.com/surakarta-go/surakarta/puzzle"
	"github.com/surakarta-go/surakarta/tablebase"
)

// scripted is a searcher that plays a puzzle's solution: in each position
// of it, its move, with a second line a piece and more below, so that the
// search side of Verify agrees with the solution and only the tables
// judge it. Elsewhere it plays the first legal step.
type scripted struct{ p puzzle.Puzzle }

func (s scripted) Search(_ context.Context, g *surakarta.Game, _ surakarta.Limits) (surakarta.Result, error) {
	pos := g.Position()
	moves := pos.LegalMoves()
	move := moves[0]
	for _, m := range moves {
		if !m.IsCapture() {
			move = m
			break
		}
	}
	replay := s.p.Game()
	for _, m := range s.p.Solution {
		if replay.Position() == pos {
			move = m
			break
		}
		if err := replay.Play(m); err != nil {
			return surakarta.Result{}, err
		}
	}
	lines := []surakarta.Line{{Score: 300, PV: []surakarta.Move{move}}}
	for _, m := range moves {
		if m.From() != move.From() || m.To() != move.To() {
			lines = append(lines, surakarta.Line{Score: -300, PV: []surakarta.Move{m}})
			break
		}
	}
	return surakarta.Result{Move: move, Score: 300, Depth: 1, PV: []surakarta.Move{move}, Lines: lines}, nil
}

func (scripted) Clear() {}

// tableResult returns the result for p's side to move of playing m, by the
// tables.
func tableResult(t *testing.T, tables *tablebase.Tables, p surakarta.Position, m surakarta.Move) surakarta.TableResult {
	t.Helper()
	after := p
	if err := after.Play(m); err != nil {
		t.Fatal(err)
	}
	if after.Count(after.SideToMove()) == 0 {
		return surakarta.TableWin
	}
	v, err := tables.Value(after)
	if err != nil {
		t.Fatal(err)
	}
	return -v.Result
}

func TestVerifyByTheTables(t *testing.T) {
	testsize.Sequential(t)
	dir := t.TempDir()
	if err := tablebase.Generate(context.Background(), dir, tablebase.Options{Pieces: 4, QuietPlyLimit: 50}); err != nil {
		t.Fatal(err)
	}
	tables, err := tablebase.Open(dir, surakarta.OlympiadRules())
	if err != nil {
		t.Fatal(err)
	}
	defer tables.Close()
	// Two against two, Black to move with a capture: a puzzle that wins a
	// piece, judged by the tables. Its capture is the only move that gets
	// the position's value (accepted), gets less than it (rejected), or
	// gets it as another move does (rejected).
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[string]int{}
	for tries := 0; tries < 20000 && (seen["only"] == 0 || seen["worse"] == 0 || seen["shared"] == 0); tries++ {
		var pos surakarta.Position
		for pos.Count(surakarta.Black)+pos.Count(surakarta.White) < 4 {
			c := surakarta.Black
			if pos.Count(surakarta.Black) == 2 {
				c = surakarta.White
			}
			_ = pos.Put(surakarta.Square(r.IntN(36)), c)
		}
		value, err := tables.Value(pos)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range pos.LegalMoves() {
			if !m.IsCapture() {
				continue
			}
			mine, same := tableResult(t, tables, pos, m), 0
			for _, other := range pos.LegalMoves() {
				if other != m && tableResult(t, tables, pos, other) == mine {
					same++
				}
			}
			var kind, want string
			switch {
			case mine < value.Result:
				kind, want = "worse", "the tables"
			case same > 0:
				kind, want = "shared", "another move"
			default:
				kind = "only"
			}
			seen[kind]++
			p := puzzle.Puzzle{Position: pos, Solution: []surakarta.Move{m}, Kind: puzzle.WinsMaterial, Gain: 1}
			err := puzzle.Verify(context.Background(), p, scripted{p}, puzzle.VerifyOptions{Limits: surakarta.Limits{Depth: 1}, Tables: tables})
			if kind == "only" && err != nil {
				t.Errorf("%v (%v, the only move): %v", p, mine, err)
			}
			if kind != "only" && (!errors.Is(err, puzzle.ErrRejected) || !strings.Contains(err.Error(), want)) {
				t.Errorf("%v (%v, %s): %v, want a rejection saying %q", p, mine, kind, err, want)
			}
			if err := puzzle.Verify(context.Background(), p, scripted{p}, puzzle.VerifyOptions{Limits: surakarta.Limits{Depth: 1}}); err != nil {
				t.Errorf("%v without the tables: %v", p, err)
			}
		}
	}
	for _, kind := range []string{"only", "worse", "shared"} {
		if seen[kind] == 0 {
			t.Errorf("no capture of the kind %q was tried", kind)
		}
	}
	t.Logf("captures tried: %v", seen)

	capture := tablebase.Options{Pieces: 2}
	other := t.TempDir()
	if err := tablebase.Generate(context.Background(), other, capture); err != nil {
		t.Fatal(err)
	}
	all, err := tablebase.Open(other, surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	defer all.Close()
	p, err := puzzle.Parse(wonPiece)
	if err != nil {
		t.Fatal(err)
	}
	if err := puzzle.Verify(context.Background(), p, scripted{p}, puzzle.VerifyOptions{Tables: all}); !errors.Is(err, puzzle.ErrInvalidOptions) {
		t.Errorf("Verify with capture-all tables: %v, want ErrInvalidOptions", err)
	}
}
