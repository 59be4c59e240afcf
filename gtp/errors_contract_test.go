package gtp

import (
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
	cases := map[string]doccheck.ErrorCase{
		"Client.ClearBoard":   doccheck.Case(refuser.ClearBoard(ctx), ErrRefused),
		"Client.ClearCache":   doccheck.Case(refuser.ClearCache(ctx), ErrRefused),
		"Client.Command":      doccheck.Case(doccheck.Err2(refuser.Command(ctx, "two words")), ErrInvalidCommand),
		"Client.FinalScore":   doccheck.Case(err3(refuser.FinalScore(ctx)), ErrRefused),
		"Client.GenMove":      doccheck.Case(doccheck.Err2(refuser.GenMove(ctx, surakarta.Black)), ErrRefused),
		"Client.Name":         doccheck.Case(doccheck.Err2(refuser.Name(ctx)), ErrRefused),
		"Client.Play":         doccheck.Case(refuser.Play(ctx, surakarta.Black, a2a3), ErrRefused),
		"Client.SetOption":    doccheck.Case(refuser.SetOption(ctx, "Move Overhead", "8"), ErrInvalidCommand),
		"Client.SetPosition":  doccheck.Case(refuser.SetPosition(ctx, surakarta.NewPosition()), ErrRefused),
		"Client.TimeLeft":     doccheck.Case(refuser.TimeLeft(ctx, surakarta.Black, 0, 0), ErrRefused),
		"Client.TimeSettings": doccheck.Case(refuser.TimeSettings(ctx, 0, 0, 0), ErrRefused),
		"Client.Version":      doccheck.Case(doccheck.Err2(refuser.Version(ctx)), ErrRefused),
		"Connect":             doccheck.Case(doccheck.Err2(Connect(ctx, version1, w)), ErrProtocol),
		"Serve":               doccheck.Case(Serve(ctx, strings.NewReader(""), io.Discard, Engine{}), ErrInvalidEngine),
		// The system's error for a program that is not there.
		"Start": doccheck.Case(doccheck.Err2(Start(ctx, filepath.Join(t.TempDir(), "no-engine"))), fs.ErrNotExist),
	}
	doccheck.ErrorContract(t, ".", cases)
}

// err3 returns the error of a call that returns two values and an error.
func err3[T, U any](_ T, _ U, err error) error { return err }
