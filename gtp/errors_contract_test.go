package gtp

import (
	"errors"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/doccheck"
)

// TestErrorContract: every exported function and method of the package
// that returns an error (doccheck.ErrorFuncs) wraps a sentinel of the
// package when it fails, so that a caller tests it with errors.Is and
// never by its text: ErrInvalidCommand for a command the caller's
// arguments make unsendable, ErrRefused for one the engine refuses (here
// an engine that refuses every command), ErrProtocol for an engine that
// breaks the protocol, ErrInvalidEngine for an Engine Serve cannot serve.
// A function added without a case here fails the test.
func TestErrorContract(t *testing.T) {
	ctx := testContext(t)
	refuser := connect(t, func(line string, say func(...string)) bool {
		switch strings.Fields(line + " x")[0] {
		case cmdProtocolVersion:
			say("= 2", "")
		case cmdQuit:
			say("=", "")
			return false
		default:
			say("? no", "")
		}
		return true
	})
	version1, w := engine(t, func(line string, say func(...string)) bool {
		say("= 1", "")
		return true
	})
	cases := map[string]struct {
		err  error
		want error
	}{
		"Client.ClearBoard":   {refuser.ClearBoard(ctx), ErrRefused},
		"Client.ClearCache":   {refuser.ClearCache(ctx), ErrRefused},
		"Client.Command":      {err2(refuser.Command(ctx, "two words")), ErrInvalidCommand},
		"Client.FinalScore":   {err3(refuser.FinalScore(ctx)), ErrRefused},
		"Client.GenMove":      {err2(refuser.GenMove(ctx, surakarta.Black)), ErrRefused},
		"Client.Name":         {err2(refuser.Name(ctx)), ErrRefused},
		"Client.Play":         {refuser.Play(ctx, surakarta.Black, a2a3), ErrRefused},
		"Client.SetOption":    {refuser.SetOption(ctx, "Move Overhead", "8"), ErrInvalidCommand},
		"Client.SetPosition":  {refuser.SetPosition(ctx, surakarta.NewPosition()), ErrRefused},
		"Client.TimeLeft":     {refuser.TimeLeft(ctx, surakarta.Black, 0, 0), ErrRefused},
		"Client.TimeSettings": {refuser.TimeSettings(ctx, 0, 0, 0), ErrRefused},
		"Client.Version":      {err2(refuser.Version(ctx)), ErrRefused},
		"Connect":             {err2(Connect(ctx, version1, w)), ErrProtocol},
		"Serve":               {Serve(ctx, strings.NewReader(""), io.Discard, Engine{}), ErrInvalidEngine},
		// The system's error for a program that is not there.
		"Start": {err2(Start(ctx, filepath.Join(t.TempDir(), "no-engine"))), fs.ErrNotExist},
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

// err3 returns the error of a call that returns two values and an error.
func err3[T, U any](_ T, _ U, err error) error { return err }
