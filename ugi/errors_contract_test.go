package ugi

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/doccheck"
)

// TestErrorContract: every exported function and method of the package
// that returns an error (doccheck.ErrorFuncs) wraps a sentinel of the
// package when it fails, so that a caller tests it with errors.Is and
// never by its text: ErrInvalidCommand for a command the caller's
// arguments make unsendable, ErrRefused for one the engine refuses (here
// an engine that refuses every command), ErrProtocol for an engine that
// breaks the protocol, ErrInvalidOption for a value an option does not
// take, ErrInvalidEngine for an Engine Serve cannot serve. A function
// added without a case here fails the test.
func TestErrorContract(t *testing.T) {
	ctx := testContext(t)
	refuser := connect(t, func(line string, say func(...string)) bool {
		switch strings.Fields(line + " x")[0] {
		case cmdUGI, cmdIsReady, cmdQuit:
			return plain(line, say)
		case "go":
			say("bestmove ?!")
		default:
			say("info string error: refused")
		}
		return true
	})
	readies := 0
	isReadyBreaker := connect(t, func(line string, say func(...string)) bool {
		if line == cmdIsReady {
			if readies++; readies > 1 { // after the handshake's
				say("bestmove a2a3") // unasked
			}
		}
		return plain(line, say)
	})
	stopErr, ponderHitErr := deafDuringGo(t)
	noHandshake, w := engine(t, func(line string, say func(...string)) bool {
		switch line {
		case cmdUGI:
			say(ansUGIOK)
		case cmdIsReady:
			say("bestmove a2a3", ansReadyOK) // a bestmove unasked, before readyok
		}
		return true
	})
	spin := Option{Name: "Hash", Type: OptionSpin, Min: 1, Max: 64}
	cases := map[string]doccheck.ErrorCase{
		"Client.Go":        doccheck.Case(doccheck.Err2(refuser.Go(ctx, GoParams{Limits: surakarta.Limits{Depth: 1}}, nil)), ErrProtocol),
		"Client.IsReady":   doccheck.Case(isReadyBreaker.IsReady(ctx), ErrProtocol),
		"Client.NewGame":   doccheck.Case(refuser.NewGame(ctx), ErrRefused),
		"Client.PonderHit": doccheck.Case(ponderHitErr, ErrProtocol),
		"Client.Position":  doccheck.Case(refuser.Position(ctx, surakarta.NewPosition(), nil), ErrRefused),
		"Client.Query":     doccheck.Case(doccheck.Err2(refuser.Query(ctx, "two words")), ErrInvalidCommand),
		"Client.SetOption": doccheck.Case(refuser.SetOption(ctx, "Hash", "1\nquit"), ErrInvalidCommand),
		"Client.Stop":      doccheck.Case(stopErr, ErrProtocol),
		"Connect":          doccheck.Case(doccheck.Err2(Connect(ctx, noHandshake, w)), ErrProtocol),
		"Option.Validate":  doccheck.Case(doccheck.Err2(spin.Validate("65")), ErrInvalidOption),
		"Serve":            doccheck.Case(Serve(ctx, strings.NewReader(""), io.Discard, Engine{}), ErrInvalidEngine),
		// The system's error for a program that is not there.
		"Start": doccheck.Case(doccheck.Err2(Start(ctx, filepath.Join(t.TempDir(), "no-engine"))), fs.ErrNotExist),
	}
	doccheck.ErrorContract(t, ".", cases)
}

// deafDuringGo returns the errors of Stop and PonderHit sent to an engine
// that reads none of its input once it is searching: once the client's
// queue of writes is full, each waits process.Grace and fails. They are
// sent at once, so that the test waits process.Grace once.
func deafDuringGo(t *testing.T) (stopErr, ponderHitErr error) {
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	deaf := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(cmdR)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "go") {
				<-deaf // reads nothing more, says nothing more
				break
			}
			plain(sc.Text(), func(lines ...string) {
				for _, l := range lines {
					fmt.Fprintln(outW, l)
				}
			})
		}
		cmdR.Close()
		outW.Close()
	}()
	ctx := testContext(t)
	c, err := Connect(ctx, outR, cmdW)
	if err != nil {
		t.Fatal(err)
	}
	searching, cancel := context.WithCancel(ctx)
	gone := make(chan struct{})
	go func() {
		defer close(gone)
		c.Go(searching, GoParams{Infinite: true}, nil)
	}()
	defer func() {
		close(deaf)
		cancel()
		<-gone
		c.Close()
	}()
	for deadline := time.Now().Add(time.Minute); !c.searching.Load(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("Go did not start")
		}
	}
	ponderHit := make(chan error)
	go func() {
		var err error
		for err == nil {
			err = c.PonderHit()
		}
		ponderHit <- err
	}()
	for stopErr == nil {
		stopErr = c.Stop()
	}
	return stopErr, <-ponderHit
}
