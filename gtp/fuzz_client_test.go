package gtp

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
// method: none may panic or hang, and every error wraps ErrExited,
// ErrProtocol or ErrRefused and quotes little.
func FuzzClient(f *testing.F) {
	for _, s := range []string{
		"= 2\n\n=\n\n= a2a3\n\n= 2\n\n=\n\n= surakarta\n\n= 2\n\n= B+3\n\n= 2\n\n=\n\n",
		"= 2\n\n?1 illegal move\n\n= b2b3\n\n= a2a3\n\n= 2\n\n= 0\n\n= 2\n\n",
		"=1 2\r\n\r\n\n\n=2\n\n= pass\n\n= 2\n\n= W+\n\n= 2\n\n",
		"= 2\n\n" + strings.Repeat("= flood\n", 300) + "\n",
		"= 2\n\n=" + strings.Repeat("x", 5000) + "\n\xff\x00\n\n",
		"garbage\n\n",
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
		check("ClearBoard", c.ClearBoard(ctx))
		m, err := c.GenMove(ctx, surakarta.Black)
		check("GenMove", err)
		if err == nil {
			if _, err := surakarta.ParseMove(m.String()); err != nil {
				t.Fatalf("GenMove = %v, which does not read back: %v", m, err)
			}
		}
		check("Play", c.Play(ctx, surakarta.White, surakarta.NewMove(surakarta.E5, surakarta.E4)))
		_, err = c.Name(ctx)
		check("Name", err)
		_, _, err = c.FinalScore(ctx)
		check("FinalScore", err)
		check("TimeLeft", c.TimeLeft(ctx, surakarta.Black, time.Minute, 0))
		_, err = c.Command(ctx, cmdShowBoard)
		check("showboard", err)
		c.Close()
		if d := time.Since(begin); d > waitTimeout {
			t.Fatalf("took %v", d)
		}
	})
}
