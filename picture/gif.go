package picture

import (
	"bufio"
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"io"
	"slices"
	"time"

	"github.com/surakarta-go/surakarta"
)

// DefaultDelay is the time a frame of an animation shows when
// GIFOptions.Delay is 0.
const DefaultDelay = time.Second

// MaxFrames bounds the frames of an animation, and so the time to draw
// one.
const MaxFrames = 1000

// GIFOptions say how to draw a game as an animation.
type GIFOptions struct {
	// Options draw every frame. Their Arrows and Paths must be empty:
	// each frame draws its own move. Their Highlights are drawn on every
	// frame; their Title is not drawn.
	Options
	// Delay is the time each frame shows, from a hundredth of a second to
	// a minute; 0 means DefaultDelay. The last frame shows three times as
	// long before the animation starts again.
	Delay time.Duration
}

// GIF returns the game g drawn as an animated GIF that loops for ever: the
// start position, then one frame per ply, the position after the move with
// the move in PlayedColor, straight for a step, along its capture path for
// a capture. The board's rounded corners are on white. The frames share
// one palette of at most 256 colours, those the frames use most (the
// anti-aliased edges take the nearest of them), and each frame after the
// first holds only the pixels that changed.
// It returns an error wrapping ErrOptions for bad options and a game of
// more than MaxFrames−1 plies.
func GIF(g *surakarta.Game, o GIFOptions) (*gif.GIF, error) {
	if g == nil {
		return nil, fmt.Errorf("%w: no game (nil)", ErrOptions)
	}
	if len(o.Arrows) > 0 || len(o.Paths) > 0 {
		return nil, fmt.Errorf("%w: an animation draws each move itself: give no Arrows or Paths", ErrOptions)
	}
	delay := o.Delay
	if delay == 0 {
		delay = DefaultDelay
	}
	if delay < 10*time.Millisecond || delay > time.Minute {
		return nil, fmt.Errorf("%w: delay %v: give 10ms to 1m, or 0 for %v", ErrOptions, o.Delay, DefaultDelay)
	}
	positions, moves := g.Positions(), g.Moves()
	if len(positions) > MaxFrames {
		return nil, fmt.Errorf("%w: %d plies: an animation has at most %d frames", ErrOptions, len(moves), MaxFrames)
	}
	// frame draws the position after ply i with its move, over white: a
	// GIF's pixel is opaque or transparent, and the board's rounded
	// corners are partly transparent.
	frame := func(i int) (*image.RGBA, error) {
		opt := o.Options
		if i > 0 {
			a, err := MoveArrow(positions[i-1], moves[i-1], PlayedColor)
			if err != nil {
				return nil, fmt.Errorf("ply %d: %w", i, err)
			}
			opt.Arrows = []Arrow{a}
		}
		img, err := Image(positions[i], opt)
		if err != nil {
			return nil, err
		}
		out := image.NewRGBA(img.Bounds())
		draw.Draw(out, img.Bounds(), image.White, image.Point{}, draw.Src)
		draw.Draw(out, img.Bounds(), img, image.Point{}, draw.Over)
		return out, nil
	}
	// The frames are drawn twice, to count their colours and then to
	// paint them in the palette, rather than kept: a long game's frames
	// would take a gigabyte.
	counts := make(map[color.RGBA]int)
	for i := range positions {
		img, err := frame(i)
		if err != nil {
			return nil, err
		}
		countColors(counts, img)
	}
	pal := sharedPalette(counts)
	anim := &gif.GIF{LoopCount: 0}
	hundredths := int(delay / (10 * time.Millisecond))
	var previous *image.Paletted
	for i := range positions {
		img, err := frame(i)
		if err != nil {
			return nil, err
		}
		full := paletted(img, pal)
		anim.Image = append(anim.Image, changed(full, previous))
		previous = full
		d := hundredths
		if i == len(positions)-1 {
			d *= 3
		}
		anim.Delay = append(anim.Delay, d)
	}
	return anim, nil
}

// WriteGIF writes the game g drawn as an animated GIF (see GIF) to w.
func WriteGIF(w io.Writer, g *surakarta.Game, o GIFOptions) error {
	anim, err := GIF(g, o)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if err := gif.EncodeAll(bw, anim); err != nil {
		return err
	}
	return bw.Flush()
}

// countColors adds the pixels of img to the counts of their colours.
// Fully transparent pixels all count as one transparent colour.
func countColors(counts map[color.RGBA]int, img *image.RGBA) {
	for i := 0; i < len(img.Pix); i += 4 {
		counts[pixel(img.Pix[i:i+4])]++
	}
}

// sharedPalette returns the commonest colours of the counts, at most 256,
// the commonest first (ties by colour value, so that the same frames
// always give the same palette).
func sharedPalette(counts map[color.RGBA]int) color.Palette {
	type entry struct {
		c color.RGBA
		n int
	}
	entries := make([]entry, 0, len(counts))
	for c, n := range counts {
		entries = append(entries, entry{c, n})
	}
	slices.SortFunc(entries, func(a, b entry) int {
		if a.n != b.n {
			return cmp.Compare(b.n, a.n)
		}
		return cmp.Compare(rgbaKey(a.c), rgbaKey(b.c))
	})
	pal := make(color.Palette, 0, 256)
	for _, e := range entries[:min(len(entries), 256)] {
		pal = append(pal, e.c)
	}
	return pal
}

// pixel returns the colour of a pixel's four bytes; a transparent pixel
// is the zero colour.
func pixel(b []byte) color.RGBA {
	if b[3] == 0 {
		return color.RGBA{}
	}
	return color.RGBA{b[0], b[1], b[2], b[3]}
}

func rgbaKey(c color.RGBA) uint32 {
	return uint32(c.R)<<24 | uint32(c.G)<<16 | uint32(c.B)<<8 | uint32(c.A)
}

// changed returns a copy of the part of frame that differs from the
// previous one (frame itself when there is none), for a smaller file and
// less memory: a GIF frame is drawn over the one before it. A frame the
// same as the previous one gives its first pixel.
func changed(frame, previous *image.Paletted) *image.Paletted {
	if previous == nil {
		return frame
	}
	r := image.Rectangle{}
	b := frame.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row, prev := frame.Pix[frame.PixOffset(b.Min.X, y):][:b.Dx()], previous.Pix[previous.PixOffset(b.Min.X, y):][:b.Dx()]
		for x := range row {
			if row[x] != prev[x] {
				r = r.Union(image.Rect(b.Min.X+x, y, b.Min.X+x+1, y+1))
			}
		}
	}
	if r.Empty() {
		r = image.Rect(b.Min.X, b.Min.Y, b.Min.X+1, b.Min.Y+1)
	}
	part := image.NewPaletted(r, frame.Palette)
	draw.Draw(part, r, frame, r.Min, draw.Src)
	return part
}

// paletted returns img in the palette pal: each pixel the nearest colour.
func paletted(img *image.RGBA, pal color.Palette) *image.Paletted {
	out := image.NewPaletted(img.Bounds(), pal)
	nearest := make(map[color.RGBA]uint8)
	for i, j := 0, 0; i < len(img.Pix); i, j = i+4, j+1 {
		c := pixel(img.Pix[i : i+4])
		k, ok := nearest[c]
		if !ok {
			k = uint8(pal.Index(c))
			nearest[c] = k
		}
		out.Pix[j] = k
	}
	return out
}
