package ugi

import "github.com/surakarta-go/surakarta"

// benchTexts are the positions of bench: the start and the sixteen
// middle-game positions of the library's benchmarks (testdata/middlegame.txt
// in the module, which a test compares with them; an installed program has
// no testdata to read).
var benchTexts = []string{
	surakarta.StartText,
	"1ww1ww/ww1w1w/1ww3/2bb2/b1b1b1/bbb1bb b 6 16",
	"2w1ww/3bww/1w1w2/bb2b1/bbbwb1/bw1b2 w 0 17",
	"1w1w1w/1wb2b/w3ww/1w2wb/b2bbb/bbb1b1 b 5 19",
	"wb1www/www3/3ww1/1bb3/bbb1b1/2wbbb b 10 21",
	"ww1w1b/1wwww1/1ww1b1/bwb3/1bb1b1/1b2wb b 4 21",
	"1www1w/www3/1b1w2/b2ww1/1b3w/bbb1b1 w 5 20",
	"1ww1w1/w4w/w3w1/4wb/bbbw2/bb1bbb b 0 20",
	"www2w/ww1wb1/w5/bw2b1/b1bb1b/bbb3 b 12 18",
	"ww1www/w2w1w/w2w1b/6/b2bbb/bbbbb1 b 1 13",
	"w1wbww/ww4/2w2w/bw4/b1bbbb/b2wbb w 17 19",
	"wwb2w/ww1www/5b/3b1w/bb1bb1/1b1bbb b 3 15",
	"2w1ww/w3ww/2ww2/2w1bb/b3b1/b2wb1 w 5 20",
	"www2w/b2www/4w1/bbw3/b2b1b/bb1wbb b 1 17",
	"w1w3/www1w1/3www/1b2b1/wbb1b1/b1bwbb w 3 18",
	"wwww1w/www3/1bw2w/bbb1b1/1bb1bb/2b3 w 2 20",
	"ww1w1w/2wb1w/1w3w/1bwbb1/1b2bb/bbb1b1 b 6 17",
}

// benchPositions are the positions of benchTexts.
var benchPositions = func() []surakarta.Position {
	ps := make([]surakarta.Position, len(benchTexts))
	for i, text := range benchTexts {
		p, err := surakarta.ParsePosition(text)
		if err != nil {
			panic(err) // unreachable: the texts are valid (TestBenchPositions)
		}
		ps[i] = p
	}
	return ps
}()
