package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/record"
	"github.com/surakarta-go/surakarta/tablebase"
)

// TestGenTablesLabel: with -tb the positions the endgame tables hold are
// labelled with the tables' exact result for the side to move, and no
// search score, whatever the game's result; the others keep the game's.
func TestGenTablesLabel(t *testing.T) {
	dir := t.TempDir()
	tb := filepath.Join(dir, "tb")
	if err := tablebase.Generate(context.Background(), tb, tablebase.Options{Pieces: 4, QuietPlyLimit: 50}); err != nil {
		t.Fatal(err)
	}
	tables, err := tablebase.Open(tb, surakarta.OlympiadRules())
	if err != nil {
		t.Fatal(err)
	}
	defer tables.Close()
	// A game of 10 pieces played down to 3: its positions of at most 4
	// pieces are the tables', the others the game's.
	start, err := surakarta.ParsePosition("6/1ww3/w4w/6/bb3b/bb4 b 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g := surakarta.NewGame(start)
	pieces := func() int { p := g.Position(); return p.Count(surakarta.Black) + p.Count(surakarta.White) }
	for !g.Outcome().Over && pieces() > 3 {
		res, err := surakarta.NewPVS(surakarta.NewTuned()).Search(context.Background(), g, surakarta.Limits{Depth: 3})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(res.Move); err != nil {
			t.Fatal(err)
		}
	}
	if g.Outcome().Over {
		t.Fatalf("the game ended at %v before it came down to 3 pieces", g.Position())
	}
	// An adjudicated result against the tables' verdict of the last
	// position, so that the tables' labels differ from the game's.
	v, ok := tables.Probe(g.Position())
	if !ok {
		t.Fatalf("the tables do not hold %v", g.Position())
	}
	rec := record.New(g)
	rec.Result, rec.Reason = "1-0", "adjudicated: test"
	if winner := g.Position().SideToMove(); v.Result == surakarta.TableWin && winner == surakarta.Black || v.Result == surakarta.TableLoss && winner == surakarta.White {
		rec.Result = "0-1"
	}
	text, err := rec.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	games := filepath.Join(dir, "games.txt")
	if err := os.WriteFile(games, text, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "data.txt")
	code, _, errOut := runCmd("gen", "-from", games, "-out", out, "-tb", tb)
	if code != 0 || !strings.Contains(errOut, "labelled by the endgame tables") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	blackWon := rec.Result == "1-0"
	exact, other := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		fields := strings.Split(line, ";")
		p, err := surakarta.ParsePosition(fields[0])
		if err != nil {
			t.Fatal(err)
		}
		want := map[bool]string{true: "1", false: "0"}[blackWon == (p.SideToMove() == surakarta.Black)] // the game's
		if v, held := tables.Probe(p); held {
			exact++
			want = map[surakarta.TableResult]string{surakarta.TableWin: "1", surakarta.TableLoss: "0", surakarta.TableDraw: "0.5"}[v.Result]
			if len(fields) != 2 {
				t.Errorf("%q: held by the tables, with a search score", line)
			}
		} else {
			other++
		}
		if fields[1] != want {
			t.Errorf("%q: want the label %s", line, want)
		}
	}
	if exact == 0 || other == 0 {
		t.Errorf("%d positions labelled by the tables, %d by the game: want some of each", exact, other)
	}
}
