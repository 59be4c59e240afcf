package picture_test

import (
	"bytes"
	"fmt"
	"log"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/picture"
)

// The start position as SVG: the first lines, the board and its grid.
func ExampleWriteSVG() {
	var b bytes.Buffer
	if err := picture.WriteSVG(&b, surakarta.NewPosition(), picture.Options{Size: 320, Title: "The start"}); err != nil {
		log.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	fmt.Println(strings.Join(lines[:4], "\n"))
	fmt.Println(strings.Count(b.String(), `class="piece black"`), "black pieces,", strings.Count(b.String(), `class="piece white"`), "white")
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 1000 1000" font-family="sans-serif">
	// <title>The start</title>
	// <rect class="board" x="0" y="0" width="1000" height="1000" rx="24" fill="#ecd9b0"/>
	// <path class="grid" d="M 250 750 L 750 750" fill="none" stroke="#8a7650" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>
	// 12 black pieces, 12 white
}

// A capture drawn as an arrow along its path, and a step as a straight
// arrow, on the board seen from White's side: the arrows' elements name
// their moves and the capture its route.
func ExampleMoveArrow() {
	p, err := surakarta.ParsePosition("6/4w1/4w1/5w/1b4/2b3 b")
	if err != nil {
		log.Fatal(err)
	}
	capture, err := picture.MoveArrow(p, surakarta.NewMove(surakarta.B2, surakarta.E5), picture.PlayedColor)
	if err != nil {
		log.Fatal(err)
	}
	step, err := picture.MoveArrow(p, surakarta.NewMove(surakarta.B2, surakarta.C3), picture.BetterColor)
	if err != nil {
		log.Fatal(err)
	}
	var b bytes.Buffer
	if err := picture.WriteSVG(&b, p, picture.Options{Flipped: true, Arrows: []picture.Arrow{capture, step}}); err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(line, `<g class="arrow"`) {
			fmt.Println(line)
		}
	}
	// Output:
	// <g class="arrow" data-move="b2e5" data-points="b2 b3 b4 b5 b6 a5 b5 c5 d5 e5" opacity="0.8">
	// <g class="arrow" data-move="b2c3" opacity="0.8">
}

// The picture as pixels, and what a bad option says.
func ExampleImage() {
	img, err := picture.Image(surakarta.NewPosition(), picture.Options{Size: 200})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(img.Bounds())
	_, err = picture.Image(surakarta.NewPosition(), picture.Options{Highlights: []surakarta.Square{40}})
	fmt.Println(err)
	// Output:
	// (0,0)-(200,200)
	// picture: invalid options: highlight 1: square 40 is off the board (0 to 35)
}

// A game as an animation: a frame for the start and one for each move.
func ExampleGIF() {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2b3", "e5e4", "b3c4"} {
		if err := g.PlayText(m); err != nil {
			log.Fatal(err)
		}
	}
	anim, err := picture.GIF(g, picture.GIFOptions{Options: picture.Options{Size: 120}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(anim.Image), "frames, delays", anim.Delay, "(hundredths of a second), loop count", anim.LoopCount)
	// Output:
	// 4 frames, delays [100 100 100 300] (hundredths of a second), loop count 0
}
