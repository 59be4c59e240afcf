package picture_test

import (
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
	cases := map[string]doccheck.ErrorCase{
		"GIF":       doccheck.Case(doccheck.Err2(picture.GIF(g, picture.GIFOptions{Options: tiny})), picture.ErrOptions),
		"Image":     doccheck.Case(doccheck.Err2(picture.Image(p, tiny)), picture.ErrOptions),
		"MoveArrow": doccheck.Case(doccheck.Err2(picture.MoveArrow(p, surakarta.NewMove(surakarta.A1, surakarta.A6), color.NRGBA{})), picture.ErrOptions),
		"WriteGIF":  doccheck.Case(picture.WriteGIF(io.Discard, g, picture.GIFOptions{Options: tiny}), picture.ErrOptions),
		"WritePNG":  doccheck.Case(picture.WritePNG(io.Discard, p, tiny), picture.ErrOptions),
		"WriteSVG":  doccheck.Case(picture.WriteSVG(io.Discard, p, tiny), picture.ErrOptions),
	}
	doccheck.ErrorContract(t, ".", cases)
}
