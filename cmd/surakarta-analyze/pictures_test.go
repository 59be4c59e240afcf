package main

import (
	"context"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/testsize"
)

// TestPictures analyses testdata/random.txt, a game of random moves, with -pictures and checks that
// each mistake and blunder of the annotated records, and nothing else,
// has its picture, named on stderr, with the move played and the engine's
// best move as arrows. The directory of the SVG pictures exists; that of
// the PNG ones, and its parent, are made.
func TestPictures(t *testing.T) {
	testsize.Sequential(t)
	for _, format := range []string{"svg", "png"} {
		dir := t.TempDir()
		if format == "png" {
			dir = filepath.Join(dir, "pictures", "png")
		}
		code, stdout, stderr := analyze(context.Background(), "", "-depth", "4", "-movetime", "0", "-pictures", dir, "-picture-format", format, "testdata/random.txt")
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		// The comments say each move's class and best move:
		// {+12 → -60, blunder; best c2d3 (…)}.
		comment := regexp.MustCompile(`^[^,]*, (mistake|blunder); best ([a-f][1-6][a-f][1-6])`)
		want := map[string]string{} // file name: the best move
		for g, rec := range readRecords(t, stdout) {
			for ply, c := range rec.Comments {
				if m := comment.FindStringSubmatch(c); m != nil {
					want["game"+strconv.Itoa(g+1)+"-ply"+strconv.Itoa(ply)+"-"+m[1]+"."+format] = m[2] + " " + rec.Game.Moves()[ply-1].String()
				}
			}
		}
		if len(want) == 0 {
			t.Fatal("no mistake or blunder in the games: the test checks nothing")
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != len(want) {
			t.Errorf("%s: %d pictures, want %d", format, len(entries), len(want))
		}
		for name, moves := range want {
			file := filepath.Join(dir, name)
			if !strings.Contains(stderr, ": "+file+"\n") {
				t.Errorf("stderr does not name %s:\n%s", file, stderr)
			}
			data, err := os.ReadFile(file)
			if err != nil {
				t.Error(err)
				continue
			}
			best, played := strings.Fields(moves)[0], strings.Fields(moves)[1]
			if format == "png" {
				if _, err := png.Decode(strings.NewReader(string(data))); err != nil {
					t.Errorf("%s: %v", file, err)
				}
				continue
			}
			for _, m := range []string{played, best} {
				if !strings.Contains(string(data), `<g class="arrow" data-move="`+m+`"`) && !strings.Contains(string(data), `<path class="arrow" data-move="`+m+`"`) {
					t.Errorf("%s: no arrow of %s (played %s, best %s)", file, m, played, best)
				}
			}
		}
	}
}
