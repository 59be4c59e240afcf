package ugi

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/surakarta-go/surakarta"
)

// TestClientPonder: with Limits.Ponder the client sends go ponder, and
// ponderhit once Ponder is closed; the server's search holds bestmove
// until then. PonderHit sends it too.
func TestClientPonder(t *testing.T) {
	ctx := testContext(t)
	c := startServer(t)
	start := surakarta.NewGame(surakarta.NewPosition())
	for _, explicit := range []bool{false, true} {
		hit := make(chan struct{})
		closed := false
		progress := func(in surakarta.Info) {
			if in.Depth == 2 && !closed {
				closed = true
				if explicit {
					if err := c.PonderHit(); err != nil {
						t.Error(err)
					}
				} else {
					close(hit)
				}
			}
		}
		res, err := c.Go(ctx, GoParams{Limits: surakarta.Limits{Depth: 4, Ponder: hit}}, progress)
		if err != nil || !closed {
			t.Fatalf("Go ponder: %v; ponder hit sent: %v", err, closed)
		}
		if !srchLegal(start, res.Move) || res.Depth != 4 || len(res.PV) < 2 {
			t.Errorf("Go ponder: %+v", res)
		}
	}
}

// srchLegal reports whether m's squares name a legal move of g.
func srchLegal(g *surakarta.Game, m surakarta.Move) bool {
	_, err := g.Position().Legal(m)
	return err == nil
}

// TestClientReadsTheNewWords: the client sends go mate and go ponder as
// asked, reads wdl and hashfull into the Info of progress, gives currmove
// lines to Limits.RootProgress, and takes bestmove's ponder move into the
// Result's PV when the info lines' PV did not have it.
func TestClientReadsTheNewWords(t *testing.T) {
	ctx := testContext(t)
	var mu sync.Mutex
	var gos []string
	c := connect(t, func(line string, say func(...string)) bool {
		if strings.HasPrefix(line, "go") {
			mu.Lock()
			gos = append(gos, line)
			mu.Unlock()
			say("info depth 12 currmove b2b3 currmovenumber 4",
				"info depth 12 seldepth 14 score cp 20 wdl 600 300 100 nodes 50 nps 50 hashfull 333 time 1000 pv a2a3",
				"bestmove a2a3 ponder f5f4")
			return true
		}
		if line == cmdPonderHit {
			return true
		}
		return plain(line, say)
	})
	var infos, roots []surakarta.Info
	lim := surakarta.Limits{Mate: 2, RootProgress: func(in surakarta.Info) { roots = append(roots, in) }}
	res, err := c.Go(ctx, GoParams{Limits: lim}, func(in surakarta.Info) { infos = append(infos, in) })
	if err != nil {
		t.Fatal(err)
	}
	f5f4 := surakarta.NewMove(surakarta.F5, surakarta.F4)
	if want := []surakarta.Move{a2a3, f5f4}; !slices.Equal(res.PV, want) {
		t.Errorf("PV %v, want %v", res.PV, want)
	}
	wantInfo := surakarta.Info{Depth: 12, SelDepth: 14, Score: 20, WDL: surakarta.WDL{Win: 600, Draw: 300, Loss: 100}, Nodes: 50, NodesPerSecond: 50, Hashfull: 333, Time: 1e9, PV: []surakarta.Move{a2a3}}
	if len(infos) != 1 || !cmp.Equal(infos[0], wantInfo) {
		t.Errorf("progress: %+v, want %+v", infos, wantInfo)
	}
	wantRoot := surakarta.Info{Depth: 12, CurrMove: surakarta.NewMove(surakarta.B2, surakarta.B3), CurrMoveNumber: 4}
	if len(roots) != 1 || !cmp.Equal(roots[0], wantRoot) {
		t.Errorf("RootProgress: %+v, want %+v", roots, wantRoot)
	}
	hit := make(chan struct{})
	close(hit)
	if _, err := c.Go(ctx, GoParams{Limits: surakarta.Limits{MoveTime: 5e6, Ponder: hit}}, nil); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"go mate 2", "go ponder movetime 5"}; !slices.Equal(gos, want) {
		t.Errorf("go commands %q, want %q", gos, want)
	}
}
