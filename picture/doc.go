// Package picture draws Surakarta positions and games as pictures: SVG
// (WriteSVG), PNG (Image, WritePNG) and animated GIF (GIF, WriteGIF), on
// the standard library alone.
//
// A picture shows the 6×6 board as the browser page does: the grid, the
// two circuits with their corner loops (the inner one blue, the outer one
// orange), the pieces, and the coordinates a–f and 1–6 of the notation of
// package surakarta. Options add highlighted squares, the capture paths of
// moves (the route a capture travels along its circuit, round its loops)
// and arrows (a step straight, a capture along its path: MoveArrow makes
// one of a move), and turn the board round for White. The zero Options
// draw the board alone at DefaultSize pixels:
//
//	var b bytes.Buffer
//	err := picture.WriteSVG(&b, surakarta.NewPosition(), picture.Options{})
//
// The pictures are the same for the same position and options, to the
// byte (the SVG's numbers are rounded to a tenth of a unit, its attributes
// in a fixed order; the pixels come from the same arithmetic), so that
// tests can compare them with files. Bad options (a size out of range, a
// square off the board, a path asked of a move that is not a legal
// capture) give an error wrapping ErrOptions, never a panic.
//
// The PNG and GIF pictures come from a rasteriser of this package, which
// draws the same shapes as the SVG with anti-aliased edges (see Image);
// the coordinates are stroked letters of its own rather than a font.
//
// The command surakarta-analyze draws its mistakes and blunders with it
// (-pictures), and the pictures of the documentation are made by
// examples/pictures.
package picture
