package picture

import (
	"errors"
	"fmt"
	"image/color"

	"github.com/surakarta-go/surakarta"
)

// The sizes a picture may have, in pixels of its side.
const (
	// DefaultSize is the side of a picture whose Options.Size is 0.
	DefaultSize = 480
	// MinSize is the smallest side: below it the board is a blur.
	MinSize = 32
	// MaxSize is the largest side: 4096 pixels make an RGBA image of
	// 64 MiB, already more than any screen or page shows.
	MaxSize = 4096
	// MaxMarks bounds the highlights, paths and arrows of one picture
	// together, so that the time to draw it stays bounded whatever the
	// options a program passes on.
	MaxMarks = 256
)

// The colours of the marks, as the browser page draws them.
var (
	// BetterColor is the green of the engine's better move and of a hint,
	// and the colour of an Arrow whose Color is zero.
	BetterColor = color.NRGBA{0x1e, 0x9e, 0x4a, 0xff}
	// PlayedColor is the gold of the last move played.
	PlayedColor = color.NRGBA{0xf0, 0xb4, 0x00, 0xff}
	// MistakeColor is a red, for a move that the engine finds poor.
	MistakeColor = color.NRGBA{0xd2, 0x22, 0x22, 0xff}
)

// ErrOptions is wrapped by every error of the drawing functions about their
// options or their position: errors.Is(err, ErrOptions) tells a bad request
// from a failure to write.
var ErrOptions = errors.New("picture: invalid options")

// errNoWriter is the error of WriteSVG, WritePNG and WriteGIF given no
// writer: a bad request, as bad options are, not a failure to write.
var errNoWriter = fmt.Errorf("%w: no writer (nil) to write the picture to", ErrOptions)

// Options say how to draw a position. The zero Options draw the board at
// DefaultSize pixels, Black at the bottom, with the coordinates and
// nothing else but the pieces.
type Options struct {
	// Size is the side of the picture in pixels, MinSize to MaxSize; 0
	// means DefaultSize. An SVG picture has it as its width and height
	// (its drawing is in units of its own, 1000 to the side).
	Size int
	// Flipped turns the board round, as White sees it: a1 at the top
	// right, f6 at the bottom left.
	Flipped bool
	// NoCoordinates leaves out the files a–f and the ranks 1–6 round the
	// board.
	NoCoordinates bool
	// Highlights are squares drawn with a yellow square under their point,
	// such as the squares a move left and reached.
	Highlights []surakarta.Square
	// Paths are captures of the position drawn, each drawn as the route
	// it travels along its circuit, round its loops, dashed red with a
	// ring round the piece it takes, as the browser page shows the
	// captures of a piece picked up. Each must be a legal capture of the
	// position.
	Paths []surakarta.Move
	// Arrows are moves drawn over the pieces: MoveArrow makes one of a
	// move.
	Arrows []Arrow
	// Title is the picture's title: an SVG's <title>, which a browser
	// shows as its tooltip. The PNG and GIF pictures do not show it.
	Title string
}

// Arrow is a move drawn over the board: a straight arrow from From to To,
// or, when Path has points, its capture path, with a ring round the piece
// it takes.
type Arrow struct {
	From, To surakarta.Square
	// Path, when it has points, is the route the arrow follows: the
	// CapturePath of a capture from From to To, in the position it is
	// played in (which need not be the one drawn: the last move is drawn
	// on the position after it).
	Path surakarta.CapturePath
	// Color is the arrow's colour; the zero Color means BetterColor.
	Color color.NRGBA
}

// MoveArrow returns the arrow of the move m, legal in p, in the colour c
// (the zero colour for BetterColor): straight for a step, along its
// capture path for a capture. It returns an error wrapping ErrOptions and
// surakarta.ErrIllegalMove when m is not legal in p.
func MoveArrow(p surakarta.Position, m surakarta.Move, c color.NRGBA) (Arrow, error) {
	legal, err := p.Legal(m)
	if err != nil {
		return Arrow{}, fmt.Errorf("%w: arrow %v: %w", ErrOptions, m, err)
	}
	a := Arrow{From: legal.From(), To: legal.To(), Color: c}
	if legal.IsCapture() {
		if a.Path, err = p.CapturePath(legal); err != nil {
			return Arrow{}, fmt.Errorf("%w: arrow %v: %w", ErrOptions, m, err)
		}
	}
	return a, nil
}

// size returns the side of the picture in pixels, checked.
func (o *Options) size() (int, error) {
	switch {
	case o.Size == 0:
		return DefaultSize, nil
	case o.Size < MinSize || o.Size > MaxSize:
		return 0, fmt.Errorf("%w: size %d pixels: give %d to %d, or 0 for %d", ErrOptions, o.Size, MinSize, MaxSize, DefaultSize)
	}
	return o.Size, nil
}

// check checks the options against the position p they draw, and returns
// the capture paths of o.Paths.
func (o *Options) check(p surakarta.Position) ([]surakarta.CapturePath, error) {
	if _, err := o.size(); err != nil {
		return nil, err
	}
	if n := len(o.Highlights) + len(o.Paths) + len(o.Arrows); n > MaxMarks {
		return nil, fmt.Errorf("%w: %d highlights, paths and arrows: at most %d", ErrOptions, n, MaxMarks)
	}
	for i, s := range o.Highlights {
		if !s.Valid() {
			return nil, fmt.Errorf("%w: highlight %d: square %d is off the board (0 to %d)", ErrOptions, i+1, s, surakarta.NumSquares-1)
		}
	}
	paths := make([]surakarta.CapturePath, len(o.Paths))
	for i, m := range o.Paths {
		path, err := p.CapturePath(m)
		if err != nil {
			return nil, fmt.Errorf("%w: path %d: %w", ErrOptions, i+1, err)
		}
		paths[i] = path
	}
	for i, a := range o.Arrows {
		if err := a.check(); err != nil {
			return nil, fmt.Errorf("%w: arrow %d: %w", ErrOptions, i+1, err)
		}
	}
	return paths, nil
}

// check checks that the arrow joins two squares of the board and that its
// path, if any, is a route along a circuit from From to To.
func (a Arrow) check() error {
	if !a.From.Valid() || !a.To.Valid() {
		return fmt.Errorf("square off the board: from %d, to %d (0 to %d)", a.From, a.To, surakarta.NumSquares-1)
	}
	if a.From == a.To {
		return fmt.Errorf("from and to are the same square, %v", a.From)
	}
	if len(a.Path.Points) == 0 {
		return nil
	}
	if err := checkRoute(a.Path); err != nil {
		return fmt.Errorf("%v to %v: %w", a.From, a.To, err)
	}
	if pts := a.Path.Points; pts[0] != a.From || pts[len(pts)-1] != a.To {
		return fmt.Errorf("its path goes from %v to %v, not from %v to %v", pts[0], pts[len(pts)-1], a.From, a.To)
	}
	return nil
}
