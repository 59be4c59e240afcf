package picture

import (
	"bufio"
	"bytes"
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

// MaxGIFPixels bounds the pixels of the frames that GIF returns, the
// frames times Size², which it keeps in memory at a byte a pixel: 256 Mi,
// as many as MaxFrames frames of DefaultSize take, or 16 frames of
// MaxSize. WriteGIF, which writes each frame as it is made and keeps
// none, is not bound by it.
const MaxGIFPixels = 1 << 28

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
// It returns an error wrapping ErrOptions for bad options, a game of
// more than MaxFrames−1 plies, and frames of more than MaxGIFPixels
// together: the frames are all in memory, so that a long game drawn large
// is better written with WriteGIF.
func GIF(g *surakarta.Game, o GIFOptions) (*gif.GIF, error) {
	a, err := newAnimation(g, o)
	if err != nil {
		return nil, err
	}
	if px := len(a.positions) * a.size * a.size; px > MaxGIFPixels {
		return nil, fmt.Errorf("%w: %d frames of %d×%d pixels, more than the %d pixels of frames that GIF keeps in memory (MaxGIFPixels): write them with WriteGIF, which keeps none, or give a smaller Size",
			ErrOptions, len(a.positions), a.size, a.size, MaxGIFPixels)
	}
	anim := &gif.GIF{LoopCount: 0}
	err = a.frames(func(frame *image.Paletted, delay int) error {
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, delay)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return anim, nil
}

// WriteGIF writes the game g drawn as an animated GIF (see GIF) to w,
// the same bytes as gif.EncodeAll of GIF's animation. It writes each
// frame as it is made, so that its memory is that of a few frames
// whatever the game's length, and it is not bound by MaxGIFPixels. It
// writes nothing when the options are bad or a frame cannot be drawn,
// and returns an error wrapping ErrOptions for a nil w.
func WriteGIF(w io.Writer, g *surakarta.Game, o GIFOptions) error {
	if w == nil {
		return errNoWriter
	}
	a, err := newAnimation(g, o)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	s := gifStream{w: bw, width: a.size, height: a.size, animated: len(a.positions) > 1}
	if err := a.frames(s.frame); err != nil {
		return err
	}
	if _, err := bw.Write([]byte{gifTrailer}); err != nil {
		return err
	}
	return bw.Flush()
}

// animation is a game checked for drawing as frames, with its options.
type animation struct {
	o          GIFOptions
	size       int
	hundredths int
	positions  []surakarta.Position
	moves      []surakarta.Move
}

// newAnimation checks the game g and the options o of GIF and WriteGIF.
func newAnimation(g *surakarta.Game, o GIFOptions) (*animation, error) {
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
	size, err := o.size()
	if err != nil {
		return nil, err
	}
	positions, moves := g.Positions(), g.Moves()
	if len(positions) > MaxFrames {
		return nil, fmt.Errorf("%w: %d plies: an animation has at most %d frames", ErrOptions, len(moves), MaxFrames)
	}
	return &animation{o: o, size: size, hundredths: int(delay / (10 * time.Millisecond)), positions: positions, moves: moves}, nil
}

// draw draws the position after ply i with its move, over white: a GIF's
// pixel is opaque or transparent, and the board's rounded corners are
// partly transparent.
func (a *animation) draw(i int) (*image.RGBA, error) {
	opt := a.o.Options
	if i > 0 {
		arrow, err := MoveArrow(a.positions[i-1], a.moves[i-1], PlayedColor)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %w", i, err)
		}
		opt.Arrows = []Arrow{arrow}
	}
	img, err := Image(a.positions[i], opt)
	if err != nil {
		return nil, err
	}
	overWhite(img)
	return img, nil
}

// overWhite puts img over white, in place: each pixel becomes what
// draw.Draw with draw.Over gives when it draws img onto white, to the bit
// (the arithmetic of image/draw for an *image.RGBA over one), without a
// second image of the same size.
func overWhite(img *image.RGBA) {
	const m = 1<<16 - 1
	// white[sa] is the white under a pixel of alpha sa, as image/draw
	// scales a destination byte of 255.
	var white [256]uint32
	for sa := range white {
		white[sa] = 255 * ((m - uint32(sa)*0x101) * 0x101) / m
	}
	pix := img.Pix
	for y := range img.Rect.Dy() {
		row := pix[y*img.Stride : y*img.Stride+4*img.Rect.Dx()]
		for i := 0; i < len(row); i += 4 {
			p := row[i : i+4 : i+4]
			w := white[p[3]]
			p[0] = uint8((w + uint32(p[0])*0x101) >> 8)
			p[1] = uint8((w + uint32(p[1])*0x101) >> 8)
			p[2] = uint8((w + uint32(p[2])*0x101) >> 8)
			p[3] = uint8((w + uint32(p[3])*0x101) >> 8)
		}
	}
}

// frames draws the frames and passes each to emit, in order, with its
// delay in hundredths of a second: the first whole, the others as the
// part that changed. The frames are drawn twice, to count their colours
// and then to paint them in the palette, rather than kept between the
// two: a long game's frames at MaxSize would take gigabytes. Since the
// first drawing draws every frame, a frame that cannot be drawn fails
// frames before emit is called.
func (a *animation) frames(emit func(frame *image.Paletted, delay int) error) error {
	counts := make(map[color.RGBA]int)
	for i := range a.positions {
		img, err := a.draw(i)
		if err != nil {
			return err
		}
		countColors(counts, img)
	}
	pal := sharedPalette(counts)
	var previous *image.Paletted
	for i := range a.positions {
		img, err := a.draw(i)
		if err != nil {
			return err
		}
		full := paletted(img, pal)
		d := a.hundredths
		if i == len(a.positions)-1 {
			d *= 3
		}
		if err := emit(changed(full, previous), d); err != nil {
			return err
		}
		previous = full
	}
	return nil
}

// The parts of a GIF stream that gifStream writes itself.
const (
	// gifHeaderSize is the length of the header that gif.EncodeAll
	// writes without a global colour table: "GIF89a", the logical
	// screen's width and height, its flags, background and aspect.
	gifHeaderSize = 13
	// gifTrailer ends a GIF stream.
	gifTrailer = 0x3b
)

// gifLoop is the application extension that makes an animation loop for
// ever (a loop count of 0), as gif.EncodeAll writes it after the header
// of an animation of more than one frame.
var gifLoop = []byte{0x21, 0xff, 0x0b, 'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0', 0x03, 0x01, 0, 0, 0x00}

// gifStream writes an animation a frame at a time, the bytes that
// gif.EncodeAll writes for all its frames at once: each frame is encoded
// by gif.EncodeAll as a GIF of its own, on a logical screen of the
// animation's size, and its image block (its graphic control extension,
// image descriptor, colour table and pixels) goes to w; the header, from
// the first frame's GIF, and the loop extension come before the first.
// image/gif has no encoder of a frame at a time, and every frame in
// memory would take gigabytes.
type gifStream struct {
	w             io.Writer
	width, height int
	animated      bool
	buf           bytes.Buffer
	started       bool
}

// frame writes the image block of frame, shown for delay hundredths of
// a second.
func (s *gifStream) frame(frame *image.Paletted, delay int) error {
	s.buf.Reset()
	one := &gif.GIF{Image: []*image.Paletted{frame}, Delay: []int{delay}, Config: image.Config{Width: s.width, Height: s.height}}
	if err := gif.EncodeAll(&s.buf, one); err != nil {
		return err
	}
	b := s.buf.Bytes()
	// Without a global colour table (flags 0) the header is 13 bytes,
	// and the image block runs from there to the trailer.
	if len(b) < gifHeaderSize+1 || string(b[:6]) != "GIF89a" || b[10] != 0 || b[len(b)-1] != gifTrailer {
		return fmt.Errorf("picture: a frame that image/gif encodes as % x…, not as a GIF89a of one image without a global colour table", b[:min(len(b), gifHeaderSize)])
	}
	if !s.started {
		s.started = true
		if _, err := s.w.Write(b[:gifHeaderSize]); err != nil {
			return err
		}
		if s.animated {
			if _, err := s.w.Write(gifLoop); err != nil {
				return err
			}
		}
	}
	_, err := s.w.Write(b[gifHeaderSize : len(b)-1])
	return err
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
