// Command pictures draws the board pictures of the documentation with
// package picture: the start position, a capture round each circuit's
// loop, a mistake as surakarta-analyze -pictures draws it, and a short
// game as an animation.
//
//	go run ./examples/pictures -dir /tmp/pictures  # writes them there
//	go run ./examples/pictures -dir docs           # the docs' own, from the root
//
// It writes only where -dir says, into a directory it makes if need be,
// so that a copy of it writes nowhere unasked. Its test checks that the
// pictures in docs/ are those it writes now.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image/color"
	"log"
	"os"
	"path/filepath"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/picture"
)

func main() {
	dir := flag.String("dir", "", "write the pictures into `DIR` (made if missing; docs for the docs' own)")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "usage: pictures -dir DIR (docs for the documentation's pictures)")
		os.Exit(2)
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		log.Fatal(err)
	}
	files, err := pictures()
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range files {
		name := filepath.Join(*dir, f.name)
		if err := os.WriteFile(name, f.data, 0o644); err != nil {
			log.Fatal(err)
		}
		fmt.Println(name)
	}
}

// file is a picture's file name and contents.
type file struct {
	name string
	data []byte
}

// capturePosition has a capture on each circuit: b2 takes e5 round the
// inner loop at a6, c1 takes f3 round the outer loop at a1.
const capturePosition = "6/4w1/4w1/5w/1b4/2b3 b 3 12"

// mistakePosition is the position before a mistake of a game of random
// moves (ply 14 of cmd/surakarta-analyze/testdata/random.txt): White
// played d4c3, and the engine's best move was e6d5.
const mistakePosition = "wwwwww/www1ww/3w2/4b1/bbbbbb/bbbbb1 w 13 7"

// game is the game of the animation: the first twelve plies of the
// default engine playing itself at depth 5, four of them captures.
var game = []string{"c2d3", "f5f4", "b1c2", "d5c4", "a2a3", "a5b4", "b2b4", "e6d5", "f2e3", "c6b4", "c2b4", "c5b4"}

// pictures returns the pictures of the documentation.
func pictures() ([]file, error) {
	var files []file
	add := func(name string, draw func(*bytes.Buffer) error) error {
		var b bytes.Buffer
		if err := draw(&b); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		files = append(files, file{name, b.Bytes()})
		return nil
	}
	start := surakarta.NewPosition()
	if err := add("board.svg", func(b *bytes.Buffer) error {
		return picture.WriteSVG(b, start, picture.Options{Size: 360, Title: "The start: Black on ranks 1 and 2, White on 5 and 6; the inner circuit (blue) and the outer (orange) with their corner loops"})
	}); err != nil {
		return nil, err
	}

	p, captureArrows, err := marked(capturePosition, coloured{"b2e5", picture.PlayedColor}, coloured{"c1f3", picture.BetterColor})
	if err != nil {
		return nil, err
	}
	captures := picture.Options{Size: 360, Arrows: captureArrows,
		Title: "Two captures: b2 takes e5 round the inner loop at a6 (gold), c1 takes f3 round the outer loop at a1 (green)"}
	if err := add("capture.svg", func(b *bytes.Buffer) error { return picture.WriteSVG(b, p, captures) }); err != nil {
		return nil, err
	}
	if err := add("capture.png", func(b *bytes.Buffer) error { return picture.WritePNG(b, p, captures) }); err != nil {
		return nil, err
	}

	q, mistakeArrows, err := marked(mistakePosition, coloured{"d4c3", picture.MistakeColor}, coloured{"e6d5", picture.BetterColor})
	if err != nil {
		return nil, err
	}
	if err := add("mistake.svg", func(b *bytes.Buffer) error {
		return picture.WriteSVG(b, q, picture.Options{Size: 360, Arrows: mistakeArrows,
			Title: "White played d4c3 (red), a blunder; the engine's best move is e6d5 (green)"})
	}); err != nil {
		return nil, err
	}

	g := surakarta.NewGame(start)
	for _, m := range game {
		if err := g.PlayText(m); err != nil {
			return nil, err
		}
	}
	if err := add("game.gif", func(b *bytes.Buffer) error {
		return picture.WriteGIF(b, g, picture.GIFOptions{Options: picture.Options{Size: 240}})
	}); err != nil {
		return nil, err
	}
	return files, nil
}

// coloured is a move and the colour of its arrow.
type coloured struct {
	move  string
	color color.NRGBA
}

// marked returns the position of the text and the arrows of moves legal
// in it.
func marked(text string, moves ...coloured) (surakarta.Position, []picture.Arrow, error) {
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		return p, nil, err
	}
	var out []picture.Arrow
	for _, m := range moves {
		move, err := surakarta.ParseMove(m.move)
		if err != nil {
			return p, nil, err
		}
		a, err := picture.MoveArrow(p, move, m.color)
		if err != nil {
			return p, nil, err
		}
		out = append(out, a)
	}
	return p, out, nil
}
