package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/tablebase"
)

const probeUsage = `usage: surakarta-tb probe -dir DIR [-quiet-plies L] -position TEXT

-dir and -position are required.

Probe prints one line, the value of the position for its side to move
and the move that keeps it:

  RESULT PLIES MOVE

RESULT is win, draw or loss; PLIES the plies to the end of the game with
best play for a win or a loss under capture-all, and - for a draw or
under a quiet-ply limit (whose tables store no plies to the end); MOVE
the best move in the library's notation (such as b2c3: the fastest win,
the slowest loss, or under a quiet-ply limit a move that keeps the result,
a win's bringing the winning capture nearest). Under a quiet-ply limit
the value is that of the position's quiet plies (its third field). Such
as:

  win 7 b2c3

A position the tables do not hold (too many pieces, a class not made),
a game already over (a side without pieces, the side to move without a
legal move, the quiet plies at the limit) and a directory without tables
are errors.

`

// runProbe runs surakarta-tb probe.
func runProbe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("surakarta-tb probe", flag.ContinueOnError)
	dir := dirFlag(fs)
	quietPlies := quietPliesFlag(fs)
	position := cmdflag.Position(fs)
	if status, ok := cmdflag.ParseAll(fs, args, probeUsage, stdout, stderr); !ok {
		return status
	}
	if err := checkCommon(*dir, *quietPlies); err != nil {
		return cmdflag.BadArgs(fs, stderr, err)
	}
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "position" })
	if !given {
		// The flag's default, the start position, is in no table.
		return cmdflag.BadArgs(fs, stderr, errors.New("give -position, the position to probe"))
	}
	p, err := surakarta.ParsePosition(*position)
	if err != nil {
		return cmdflag.BadArgs(fs, stderr, fmt.Errorf("-position: %w", err))
	}
	line, err := probe(*dir, *quietPlies, p)
	if err != nil {
		return fail(stderr, fs.Name(), err)
	}
	fmt.Fprintln(stdout, line)
	return 0
}

// holding says what rule sets dir holds tables of, for an error that it
// holds none of those asked for: such as ": it holds those of -quiet-plies 0".
func holding(dir string) string {
	sets, err := tablebase.RuleSets(dir)
	if err != nil || len(sets) == 0 {
		return ""
	}
	var flags []string
	for _, r := range sets {
		flags = append(flags, fmt.Sprintf("-quiet-plies %d", r.QuietPlyLimit))
	}
	return ": it holds those of " + strings.Join(flags, ", ")
}

// probe returns the line of p's value and best move from the tables in
// dir of the rule set.
func probe(dir string, quietPlies int, p surakarta.Position) (string, error) {
	if info, err := os.Stat(dir); err != nil {
		return "", fmt.Errorf("-dir: %w", err)
	} else if !info.IsDir() {
		return "", fmt.Errorf("-dir %s: not a directory", dir)
	}
	side := p.SideToMove()
	switch {
	case p.Count(side) == 0 || p.Count(side.Other()) == 0:
		return "", errors.New("the game is over: a side has no pieces")
	case len(p.LegalMoves()) == 0:
		return "", errors.New("the game is over: the side to move has no legal move")
	case quietPlies > 0 && p.QuietPlies() >= quietPlies:
		return "", fmt.Errorf("the game is over: %d quiet plies, the limit is %d", p.QuietPlies(), quietPlies)
	}
	t, err := tablebase.Open(dir, surakarta.Rules{QuietPlyLimit: quietPlies})
	if errors.Is(err, tablebase.ErrNoTables) {
		return "", fmt.Errorf("%s holds no tables of %s (make them with surakarta-tb generate)%s", dir, rulesName(quietPlies), holding(dir))
	}
	if err != nil {
		return "", err
	}
	defer t.Close()
	if t.Pieces() == 0 {
		return "", fmt.Errorf("%s holds no complete tables of %s (make them with surakarta-tb generate)", dir, rulesName(quietPlies))
	}
	v, err := t.Value(p)
	if err != nil {
		return "", fmt.Errorf("%w (%s holds every class of up to %d pieces, %s)", err, dir, t.Pieces(), rulesName(quietPlies))
	}
	m, bv, err := t.BestMove(p)
	if err != nil {
		return "", err
	}
	if bv.Result != v.Result {
		return "", fmt.Errorf("the tables disagree: the position is a %s, its best move %v gives a %s", v.Result.String(), m, bv.Result.String())
	}
	plies := "-"
	if v.Result != surakarta.TableDraw && v.Plies >= 0 {
		plies = strconv.Itoa(v.Plies)
	}
	return v.Result.String() + " " + plies + " " + m.String(), nil
}
