package picture_test

import (
	"bytes"
	"errors"
	"image/gif"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
	"github.com/surakarta-go/surakarta/picture"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// TestWriteGIFIsEncodeAll: WriteGIF, which writes a frame at a time,
// writes the bytes of gif.EncodeAll of GIF's animation, for random games
// of every kind and for a game of no ply, whose one frame has no loop.
func TestWriteGIFIsEncodeAll(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	games := []*surakarta.Game{surakarta.NewGame(surakarta.NewPosition())}
	for range 8 {
		games = append(games, surakartatest.RandomGame(r, r.IntN(12)))
	}
	for _, g := range games {
		o := picture.GIFOptions{Options: picture.Options{Size: picture.MinSize + r.IntN(100), Flipped: r.IntN(2) == 0}}
		anim, err := picture.GIF(g, o)
		if err != nil {
			t.Fatalf("%v: %v", g.Moves(), err)
		}
		var want, got bytes.Buffer
		if err := gif.EncodeAll(&want, anim); err != nil {
			t.Fatal(err)
		}
		if err := picture.WriteGIF(&got, g, o); err != nil {
			t.Fatalf("%v: %v", g.Moves(), err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%v, size %d: WriteGIF wrote %d bytes, not the %d of gif.EncodeAll", g.Moves(), o.Size, got.Len(), want.Len())
		}
	}
}

// peakWriter is a writer that measures the live heap at each write: it
// collects the garbage, so that what is left is what the writing code
// keeps, and records the most.
type peakWriter struct{ peak uint64 }

func (w *peakWriter) Write(p []byte) (int, error) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	w.peak = max(w.peak, m.HeapAlloc)
	return len(p), nil
}

// TestWriteGIFMemory: the memory that WriteGIF keeps while it writes does
// not grow with the frames. A game of 40 plies and its first 10, at 256
// pixels: the live heap at the writes of the longer differs from the
// shorter's by less than one frame's pixels (65,536 bytes). With the
// frames all kept, as gif.EncodeAll needs them, the 30 frames more add
// the parts of them that changed, about three frames' pixels.
func TestWriteGIFMemory(t *testing.T) {
	testsize.Sequential(t)
	const size = 256
	r := rand.New(rand.NewPCG(31, 32))
	g := surakarta.NewGame(surakarta.NewPosition())
	for g.Ply() < 40 {
		if g.Outcome().Over {
			t.Fatalf("the game ends after %d plies: want 40", g.Ply())
		}
		legal := g.Position().LegalMoves()
		if err := g.Play(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	short := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range g.Moves()[:10] {
		if err := short.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	peak := func(g *surakarta.Game) uint64 {
		w := &peakWriter{}
		if err := picture.WriteGIF(w, g, picture.GIFOptions{Options: picture.Options{Size: size}}); err != nil {
			t.Fatal(err)
		}
		return w.peak
	}
	peak(surakarta.NewGame(surakarta.NewPosition())) // the first run's allocations that stay
	p10, p40 := peak(short), peak(g)
	t.Logf("live heap at the writes: %d bytes for 10 plies, %d for 40", p10, p40)
	if p40 > p10+size*size {
		t.Errorf("live heap at the writes: %d bytes for 40 plies, %d for 10: it grows with the frames by more than a frame of %d bytes", p40, p10, size*size)
	}
}

// TestGIFBound: GIF, which keeps every frame, refuses frames of more
// than MaxGIFPixels together, before it draws any of them.
func TestGIFBound(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for range 16 {
		if err := g.Play(g.Position().LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	// 17 frames of MaxSize: 17·4096² pixels, above 2²⁸.
	_, err := picture.GIF(g, picture.GIFOptions{Options: picture.Options{Size: picture.MaxSize}})
	if !errors.Is(err, picture.ErrOptions) {
		t.Errorf("GIF of 17 frames of MaxSize: %v, want an error wrapping ErrOptions", err)
	}
}
