package ugi

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
)

// FuzzClient feeds a Client any output of an engine, lines of any text
// and length, bad bytes and floods included, and drives it through every
// method: none may panic or hang, every error wraps ErrExited,
// ErrProtocol or ErrRefused and quotes little, and what Go returns stays
// within the library's bounds.
func FuzzClient(f *testing.F) {
	hello := "id name fuzz\nid author nobody\noption name Hash type spin default 1 min 1 max 8\nugiok\nreadyok\n"
	for _, s := range []string{
		hello + "readyok\nreadyok\nreadyok\ninfo depth 1 seldepth 2 score cp 3 nodes 9 pv a2a3\nbestmove a2a3\nreadyok\nresponse true\nreadyok\nreadyok\n",
		hello + "info string error: no\nreadyok\nreadyok\nbestmove a2a3\nbestmove a2a3\nreadyok\nreadyok\nreadyok\n",
		hello + "readyok\nreadyok\nreadyok\ninfo depth 99999999999 score mate -3 pv zz\nreadyok\nbestmove 0000 ponder x\nresponse\n",
		hello + "readyok\nreadyok\nreadyok\ninfo depth 2 multipv 1 score cp 3 pv a2a3\ninfo depth 2 multipv 2 score cp 1 pv b2b3\nbestmove a2a3\nreadyok\n",
		"Engine 1.0\r\nugiok\r\nreadyok\r\n" + strings.Repeat("info depth 1 pv a2a3\n", 300) + "bestmove b2b3",
		"ugiok\nreadyok\n" + strings.Repeat("x", 5000) + "\nreadyok\n\xff\x00\x01bestmove\nreadyok\n",
		"ugiok\nreadyok\nid name x\nugiok\noption name y\nreadyok\n",
		hello + "readyok\nreadyok\nreadyok\ninfo depth 4 currmove a2a3 currmovenumber 9\ninfo depth 4 score cp 3 wdl 500 400 100 hashfull 77 pv a2a3\nbestmove a2a3 ponder f5f4\nreadyok\nresponse false\nreadyok\nreadyok\ninfo depth 1 currmove zz currmovenumber -5 wdl 1 2\nbestmove b2b3 ponder\nreadyok\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, output []byte) {
		// The bounds catch a hang, not a slow machine: the output is all
		// there, ended, and the context's end would fail check.
		ctx, cancel := context.WithTimeout(context.Background(), waitTimeout)
		defer cancel()
		begin := time.Now()
		check := func(what string, err error) {
			t.Helper()
			if err == nil {
				return
			}
			if !errors.Is(err, ErrExited) && !errors.Is(err, ErrProtocol) && !errors.Is(err, ErrRefused) {
				t.Fatalf("%s: %v, which wraps none of the client's errors", what, err)
			}
			if len(err.Error()) > 500 {
				t.Fatalf("%s: an error of %d bytes", what, len(err.Error()))
			}
		}
		c, err := Connect(ctx, bytes.NewReader(output), io.Discard)
		check("Connect", err)
		if err != nil {
			return
		}
		check("SetOption", c.SetOption(ctx, "Hash", "2"))
		check("NewGame", c.NewGame(ctx))
		check("Position", c.Position(ctx, surakarta.NewPosition(), []surakarta.Move{surakarta.NewMove(surakarta.B2, surakarta.B3)}))
		inBounds := func(depth, score int, pv []surakarta.Move) {
			t.Helper()
			if depth < 0 || depth > surakarta.MaxDepth || score > surakarta.Win || score < -surakarta.Win {
				t.Fatalf("depth %d, score %d", depth, score)
			}
			for _, m := range pv {
				if _, err := surakarta.ParseMove(m.String()); err != nil {
					t.Fatalf("PV move %v: %v", m, err)
				}
			}
		}
		newWordsInBounds := func(in surakarta.Info) {
			t.Helper()
			w := in.WDL
			if w != (surakarta.WDL{}) && (w.Win < 0 || w.Draw < 0 || w.Loss < 0 || w.Win+w.Draw+w.Loss != 1000) ||
				in.Hashfull < 0 || in.Hashfull > 1000 || in.CurrMoveNumber < 0 || in.CurrMoveNumber > surakarta.MaxMoves {
				t.Fatalf("info %+v", in)
			}
		}
		hit := make(chan struct{})
		close(hit)
		lim := surakarta.Limits{Depth: 2, Ponder: hit, RootProgress: newWordsInBounds}
		res, err := c.Go(ctx, GoParams{Limits: lim}, func(in surakarta.Info) {
			inBounds(in.Depth, in.Score, in.PV)
			newWordsInBounds(in)
			if in.MultiPV < 0 || in.MultiPV > surakarta.MaxMoves {
				t.Fatalf("multipv %d", in.MultiPV)
			}
		})
		check("Go", err)
		if err == nil {
			inBounds(res.Depth, res.Score, append(res.PV, res.Move))
			if len(res.Lines) > surakarta.MaxMoves {
				t.Fatalf("%d lines", len(res.Lines))
			}
			for _, l := range res.Lines {
				inBounds(res.Depth, l.Score, l.PV)
			}
		}
		_, err = c.Query(ctx, QueryGameOver)
		check("Query", err)
		check("IsReady", c.IsReady(ctx))
		c.Close()
		if d := time.Since(begin); d > waitTimeout {
			t.Fatalf("took %v", d)
		}
	})
}
