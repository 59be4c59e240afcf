package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/book"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
)

const showUsage = `usage: surakarta-book show -book FILE [-position TEXT] [-moves "MOVE..."]

Show prints what the book -book says of a position: -position (by
default the start) after the -moves, if any, played from it. First a
line about the book, then the position, then its book moves, the most
played first, such as:

  book.bin: 41590 games, 12 plies, 2863 positions, 3106 moves
  position wwwwww/wwwwww/6/3bb1/bbb2b/bbbbbb b 4 3 (ply 4)
  move   games  share   wins  draws  losses  score
  c2c3      54  70.1%     53      1       0  99.1%
  b2c3      23  29.9%     23      0       0 100.0%

games is how often the move was played, share its part of the
position's games, wins, draws and losses are those of the side that
played it, and score its score for that side (a draw counts a half). A
position the book does not hold prints "no book moves".

`

// runShow runs surakarta-book show.
func runShow(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("surakarta-book show", flag.ContinueOnError)
	file := fs.String("book", "", "the book `file` (required)")
	position := cmdflag.Position(fs)
	moves := fs.String("moves", "", "`moves` to play from -position first, separated by spaces, such as \"b2b3 e5e4\"")
	if status, ok := cmdflag.ParseAll(fs, args, showUsage, stdout, stderr); !ok {
		return status
	}
	if *file == "" {
		return cmdflag.BadArgs(fs, stderr, errors.New("give -book, the book file"))
	}
	p, err := surakarta.ParsePosition(*position)
	if err != nil {
		return cmdflag.BadArgs(fs, stderr, fmt.Errorf("-position: %w", err))
	}
	for _, text := range strings.Fields(*moves) {
		m, err := surakarta.ParseMove(text)
		if err == nil {
			err = p.Play(m)
		}
		if err != nil {
			return cmdflag.BadArgs(fs, stderr, fmt.Errorf("-moves: %w", err))
		}
	}
	b, err := book.ReadFile(*file)
	if err != nil {
		return fail(stderr, fs.Name(), err)
	}
	fmt.Fprintf(stdout, "%s: %d games, %d plies, %d positions, %d moves\n", *file, b.Games(), b.Plies(), b.Positions(), b.Entries())
	fmt.Fprintf(stdout, "position %v (ply %d)\n", p, book.Ply(p))
	list := b.Moves(p)
	if len(list) == 0 {
		fmt.Fprintln(stdout, "no book moves")
		return 0
	}
	total := 0
	for _, m := range list {
		total += m.Count()
	}
	fmt.Fprintln(stdout, "move   games  share   wins  draws  losses  score")
	for _, m := range list {
		fmt.Fprintf(stdout, "%-5v %6d %5.1f%% %6d %6d %7d %5.1f%%\n", m.Move, m.Count(), 100*float64(m.Count())/float64(total), m.Wins, m.Draws, m.Losses, 100*m.Score())
	}
	return 0
}
