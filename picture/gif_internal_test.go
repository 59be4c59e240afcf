package picture

import (
	"bytes"
	"image"
	"image/draw"
	"math/rand/v2"
	"testing"
)

// TestOverWhite: overWhite gives, in place, the bytes that draw.Draw
// gives drawing the image over white, for every alpha and colour byte
// (premultiplied or not: the arithmetic is the same), on an image whose
// rectangle does not start at the origin.
func TestOverWhite(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	img := image.NewRGBA(image.Rect(3, 5, 3+256, 5+64))
	for i := range img.Pix {
		img.Pix[i] = uint8(r.IntN(256))
	}
	// Every alpha in the first row, with colours of 0, the alpha and 255.
	for x := range 256 {
		p := img.Pix[4*x : 4*x+4]
		p[0], p[1], p[2], p[3] = 0, uint8(x), 255, uint8(x)
	}
	want := image.NewRGBA(img.Bounds())
	draw.Draw(want, want.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(want, want.Bounds(), img, img.Bounds().Min, draw.Over)
	overWhite(img)
	if !bytes.Equal(img.Pix, want.Pix) {
		for i := range img.Pix {
			if img.Pix[i] != want.Pix[i] {
				t.Fatalf("byte %d (pixel %d): %d, want %d as draw.Draw gives", i, i/4, img.Pix[i], want.Pix[i])
			}
		}
	}
}
