package picture_test

import (
	"io"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/picture"
)

// BenchmarkImage draws the start position at the default size.
func BenchmarkImage(b *testing.B) {
	p := surakarta.NewPosition()
	for b.Loop() {
		if _, err := picture.Image(p, picture.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteSVG writes the start position as SVG.
func BenchmarkWriteSVG(b *testing.B) {
	p := surakarta.NewPosition()
	for b.Loop() {
		if err := picture.WriteSVG(io.Discard, p, picture.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
