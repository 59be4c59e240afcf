package picture_test

import (
	"errors"
	"image/color"
	"io"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/doccheck"
	"github.com/surakarta-go/surakarta/picture"
)

// TestErrorContract: every exported function and method of the package
// that returns an error (doccheck.ErrorFuncs) wraps ErrOptions for bad
// input, so that a caller tests it with errors.Is and never by its text.
// A function added without a case here fails the test.
func TestErrorContract(t *testing.T) {
	p := surakarta.NewPosition()
	g := surakarta.NewGame(p)
	tiny := picture.Options{Size: picture.MinSize - 1}
	cases := map[string]error{
		"GIF":       err2(picture.GIF(g, picture.GIFOptions{Options: tiny})),
		"Image":     err2(picture.Image(p, tiny)),
		"MoveArrow": err2(picture.MoveArrow(p, surakarta.NewMove(surakarta.A1, surakarta.A6), color.NRGBA{})),
		"WriteGIF":  picture.WriteGIF(io.Discard, g, picture.GIFOptions{Options: tiny}),
		"WritePNG":  picture.WritePNG(io.Discard, p, tiny),
		"WriteSVG":  picture.WriteSVG(io.Discard, p, tiny),
	}
	for _, name := range doccheck.ErrorFuncs(t, ".") {
		err, ok := cases[name]
		if !ok {
			t.Errorf("%s returns an error but has no case here: add one with bad input", name)
			continue
		}
		delete(cases, name)
		if !errors.Is(err, picture.ErrOptions) {
			t.Errorf("%s: %v, want an error wrapping ErrOptions", name, err)
		}
	}
	for name := range cases {
		t.Errorf("the case %s is of no exported function that returns an error", name)
	}
}

// err2 returns the error of a call that returns a value and an error.
func err2[T any](_ T, err error) error { return err }
