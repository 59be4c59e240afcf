package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/picture"
)

// pictureFormats are the formats of -picture-format.
var pictureFormats = map[string]bool{"svg": true, "png": true}

// checkPictures checks -pictures and -picture-format before the work: the
// directory, when it exists, must be one (makePictureDir makes a missing
// one).
func checkPictures(dir, format string) error {
	if !pictureFormats[format] {
		return fmt.Errorf("-picture-format %q: give svg or png", format)
	}
	if dir == "" {
		return nil
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return fmt.Errorf("-pictures %s: not a directory", dir)
	}
	return nil
}

// makePictureDir makes the directory of -pictures, dir, and its parents
// when missing (0755 less the umask, as mkdir -p does), so that a run
// needs no mkdir before it. The command makes it once the engine is
// known to analyse and the record file is open, so that a run refused
// leaves no directory behind.
func makePictureDir(dir string) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("-pictures %s: %w", dir, err)
	}
	return nil
}

// pictureName returns the file of the picture of the move at ply in game
// n, such as game1-ply17-blunder.svg.
func pictureName(dir string, n int, a analysis.Annotation, format string) string {
	return filepath.Join(dir, fmt.Sprintf("game%d-ply%d-%v.%s", n, a.Ply, a.Class, format))
}

// writePictures draws each mistake and blunder of the report of game n,
// g: the position before the move, the move played in red and the
// engine's best move in green, each straight for a step and along its
// path for a capture. It names each file on stderr.
func (a *analyzer) writePictures(n int, g *surakarta.Game, r *analysis.Report) error {
	positions := g.Positions()
	for _, m := range r.Moves {
		if m.Class < analysis.Mistake {
			continue
		}
		p := positions[m.Ply-1]
		played, err := picture.MoveArrow(p, m.Move, picture.MistakeColor)
		if err != nil {
			return fmt.Errorf("ply %d: %w", m.Ply, err)
		}
		o := picture.Options{
			Arrows: []picture.Arrow{played},
			Title:  fmt.Sprintf("Ply %d: %v played %v, a %v (%s); the engine's best move is %v", m.Ply, m.Mover, m.Move, m.Class, scores(m), m.Best),
		}
		if better, err := picture.MoveArrow(p, m.Best, picture.BetterColor); err == nil {
			o.Arrows = append(o.Arrows, better)
		}
		name := pictureName(a.pictures, n, m, a.pictureFormat)
		if err := writePicture(name, p, o, a.pictureFormat); err != nil {
			return err
		}
		fmt.Fprintf(a.stderr, "game %d: ply %d, %v %v, a %v (best %v): %s\n", n, m.Ply, m.Mover, m.Move, m.Class, m.Best, name)
	}
	return nil
}

// scores returns the scores before and after the move, as its comment
// writes them: "-12 → -95".
func scores(m analysis.Annotation) string {
	return surakarta.FormatScore(m.Before) + " → " + surakarta.FormatScore(m.After)
}

// writePicture writes the picture of p to the file name.
func writePicture(name string, p surakarta.Position, o picture.Options, format string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	if format == "png" {
		err = picture.WritePNG(bw, p, o)
	} else {
		err = picture.WriteSVG(bw, p, o)
	}
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
