// Command surakarta-analyze annotates the games of a record file with the
// engine, as a chess server's computer analysis does: the score before
// and after every move, the engine's best move and line, and a class for
// each move (best, good, inaccuracy, mistake, blunder), written as
// comments into the records; a summary of each side's play; with -svg, a
// graph of the score over the game (package analysis); and with
// -pictures, a picture of the board at each mistake and blunder (package
// picture).
//
//	go install github.com/surakarta-go/surakarta/cmd/surakarta-analyze@latest
//	surakarta-analyze games.txt > annotated.txt
//	surakarta-analyze -depth 10 -movetime 0 -out annotated.txt -svg graph.svg games.txt
//	surakarta-analyze -engine pvs,endgame < games.txt
//
// The annotated records go to stdout (or -out FILE); the progress lines and
// each game's summary go to stderr. An engine that reports no score, such
// as a GTP program, is refused before any record is read; a record that
// lacks annotations, after an interrupt or when they would take more
// comments than a record may hold, says so in a comment.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/surakarta-go/surakarta/match"
	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/internal/regularfile"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// usage is the text of -h, before the flags.
var usage = fmt.Sprintf(`usage: surakarta-analyze [flags] [FILE]

Surakarta-analyze annotates every game of the record file FILE (standard
input when no FILE is given) with the engine: it searches each position of
the game once, within -depth, -nodes and -movetime (the first reached
stops the search), and writes each record again with a comment after
every move, such as

    {-12 → -95, blunder; best c2d3 (c2d3 e5f4 d2c3 …)}

the score before and after the move from the mover's view, the move's
class, and the engine's best move and, for the last three classes, its
line; a move of those classes also gets their glyph, ?!, ? or ??, and the
engine's line as a variation in parentheses. A move is best when it is the engine's best move; any other is
good, an inaccuracy when it loses %d evaluation units or more against the
engine's best move (a piece is worth about 80), a mistake from %d, a
blunder from %d, with scores clamped to ±%d.
The records go to stdout (or -out), with an Annotator header naming the
engine and the limits, and the depth its searches reached when that is
less than -depth. A progress line per tenth of each game and each side's
summary (its average score lost and its count of each class) go to
stderr, and after several games each player's summary over them all, by
the names of the Black and White headers. -svg writes a graph of the
score over each game, from Black's view. -pictures DIR draws the board
before each mistake and blunder into DIR (made if missing, with its
parents), with the move played (red) and the engine's best move (green)
as arrows, a capture along its path, one file a move
(game1-ply17-blunder.svg, or .png with -picture-format png), and names
each file on stderr. -puzzles writes the puzzles of the games
to a file: the positions after a mistake where one move is clearly best
and wins material or the game, each with its line, checked again by a
search four plies deeper (docs/puzzles.md); they are not rated
(difficulty 0).

A record says when it lacks annotations, in a comment after the last
move annotated (before the first move when none is), such as

    {— plies 6 to 27 not annotated: the analysis stopped after ply 5}

after an interrupt (Ctrl-C writes the game under way with the moves
analysed, and the command exits with status 1), and when the comments
would take more than a record's may (%d bytes, which a game of 20,000
plies or more can exceed): the annotations that fit are written, and the
summaries and the graph count every move.

An engine is searcher[,evaluator][,option=value...]: searcher pvs,
alphabeta, mcts or uct, evaluator network (the default), tuned, endgame
or sixfactor, options such as threads=2 or tb=DIR (PVS with the endgame
tables in DIR); a
player level1 to level10; or an engine program, ugi:PROGRAM (go doc
github.com/surakarta-go/surakarta/enginespec.Parse). The engine must
report scores: surakarta-analyze searches the start position with it
first, before reading FILE, and refuses (exit status 2) an engine whose
search completes no iteration (depth 0), which has no score to report:
the players random and greedy, GTP programs (GTP has no way to say a
score) and UGI programs that write no info line with a depth. Their
analysis would class every move against a score of 0. The players
level1 to level5 score only the move they choose, at random, with a
search of a ply or two: their analysis says little.

flags:
`, analysis.InaccuracyLoss, analysis.MistakeLoss, analysis.BlunderLoss, analysis.ScoreCap, record.MaxCommentBytes)

// DefaultDepth is the default of -depth, the depth at which
// surakarta-play analyses too (docs/analysis.md has the figures).
const DefaultDepth = analysis.DefaultDepth

// maxRecordFile is the most a record file may hold: an analysis takes
// seconds a game, so a larger file is a mistake rather than a task.
const maxRecordFile = 64 << 20

// run runs the command with the given arguments and returns its exit
// status: 0 on success and for -h, 2 for bad arguments and an engine that
// reports no score, 1 when a record cannot be read or its annotated record
// could not be written (both found before its analysis), the analysis or
// the output fails, or ctx is done (an interrupt): the game under way is
// then written with the moves analysed and a comment that says which are
// not.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("surakarta-analyze", flag.ContinueOnError)
	engineSpec := cmdflag.Engine(flags)
	depth := cmdflag.DepthDefault(flags, DefaultDepth)
	nodes := cmdflag.Nodes(flags, 0)
	moveTime := cmdflag.MoveTime(flags)
	out := flags.String("out", "", "write the annotated records to `FILE` instead of stdout")
	svg := flags.String("svg", "", "write the graph of the score over the first game to `FILE`, and of game N to FILE with -N before its extension (graph-2.svg)")
	pictures := flags.String("pictures", "", "draw the board before each mistake and blunder, with the move played and the engine's best move, into `DIR` (made if missing)")
	pictureFormat := flags.String("picture-format", "svg", "the format of -pictures: svg or png")
	puzzles := flags.String("puzzles", "", "write the puzzles of the games, made from their mistakes, to `FILE` (docs/puzzles.md)")
	bad := func(err error) int { return cmdflag.BadArgs(flags, stderr, err) }
	if status, ok := cmdflag.Parse(flags, args, usage, stdout, stderr); !ok {
		return status
	}
	if flags.NArg() > 1 {
		return bad(fmt.Errorf("unexpected argument %q: give one record file (or none, for standard input)", flags.Arg(1)))
	}
	limits := surakarta.Limits{Depth: *depth, Nodes: *nodes, MoveTime: *moveTime}
	if err := limits.Validate(); err != nil {
		return bad(err)
	}
	if *depth == 0 && *nodes == 0 && *moveTime == 0 {
		return bad(errors.New("give -depth, -nodes or -movetime a limit"))
	}
	if err := checkPictures(*pictures, *pictureFormat); err != nil {
		return bad(err)
	}
	engine, err := cmdflag.ParseEngine(*engineSpec)
	if err != nil {
		return bad(err)
	}
	if engine.Book != "" {
		return bad(fmt.Errorf("-engine %s plays from the book %s: a book move has no score to analyse with", engine.Name, engine.Book))
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "surakarta-analyze:", err)
		return 1
	}
	// What can be checked before the work is checked now: the graph's
	// directory, and that the engine reports scores (analysis.ErrNoScore),
	// by a search of the start position, so that an engine that cannot
	// analyse is refused before any record is read or written.
	if *svg != "" {
		if fi, err := os.Stat(filepath.Dir(*svg)); err != nil || !fi.IsDir() {
			return fail(fmt.Errorf("-svg %s: its directory %s does not exist", *svg, filepath.Dir(*svg)))
		}
	}
	searcher := engine.New()
	defer cmdflag.Close(searcher)
	res, err := searcher.Search(ctx, surakarta.NewGame(surakarta.NewPosition()), limits)
	switch {
	case ctx.Err() != nil:
		// Interrupted: the analysis stops at once, and says so.
	case err != nil:
		return fail(fmt.Errorf("the engine's search of the start position: %w", err))
	case res.Depth <= 0:
		return bad(fmt.Errorf("-engine %q reports no score: its search of the start position completed no iteration (depth %d), as those of the players random and greedy, GTP programs and UGI programs that write no info line with a depth do, and an analysis would class every move against a score of 0; analyse with an engine that scores positions, such as %s", engine.Name, res.Depth, cmdflag.DefaultEngine))
	}

	in, name := stdin, "standard input"
	if flags.NArg() == 1 {
		name = flags.Arg(0)
		f, err := regularfile.Open(name)
		if err != nil {
			return fail(err)
		}
		defer f.Close()
		in = f
	}
	if err := makePictureDir(*pictures); err != nil {
		return fail(err)
	}
	var puzzleFile *os.File
	if *puzzles != "" {
		if puzzleFile, err = os.Create(*puzzles); err != nil {
			return fail(err)
		}
		defer puzzleFile.Close() // after an error; Close below otherwise
	}
	var w io.Writer = stdout
	var outFile *os.File
	if *out != "" {
		if outFile, err = os.Create(*out); err != nil {
			return fail(err)
		}
		defer outFile.Close() // after an error; Close below otherwise
		w = outFile
	}
	a := analyzer{
		ctx: ctx, searcher: searcher, stderr: stderr, svg: *svg,
		pictures: *pictures, pictureFormat: *pictureFormat,
		limits:    limits,
		annotator: headerValue(engine.Name + ", " + limitsText(limits)),
		source:    sourceName(name),
	}
	if puzzleFile != nil {
		a.puzzles = puzzleFile
	}
	fmt.Fprintf(stderr, "analysing %s with %s\n", name, a.annotator)
	sc := record.NewScanner(&limitedReader{r: in, left: maxRecordFile, name: name})
	games := 0
	for sc.Scan() {
		games++
		text, err := a.game(games, sc.Record())
		if text != nil {
			if _, werr := w.Write(text); werr != nil {
				return fail(werr)
			}
		}
		if err != nil {
			return fail(err)
		}
	}
	if err := sc.Err(); err != nil {
		return fail(fmt.Errorf("%s: %w", name, err))
	}
	if outFile != nil {
		if err := outFile.Close(); err != nil {
			return fail(err)
		}
	}
	if puzzleFile != nil {
		if err := puzzleFile.Close(); err != nil {
			return fail(err)
		}
		fmt.Fprintf(stderr, "%d puzzles written to %s\n", a.puzzleCount, *puzzles)
	}
	if games == 0 {
		return fail(fmt.Errorf("%s holds no record", name))
	}
	if games > 1 {
		for _, player := range a.order {
			fmt.Fprintf(stderr, "all %d games: %s: %s\n", games, player, summaryText(*a.players[player]))
		}
	}
	return 0
}

// analyzer analyses the games of a record file one after the other.
type analyzer struct {
	ctx       context.Context
	searcher  surakarta.Searcher
	limits    surakarta.Limits
	annotator string // the value of the Annotator header: engine and limits
	stderr    io.Writer
	svg       string // the -svg file name, or ""
	// pictures is the -pictures directory, or "", and pictureFormat the
	// pictures' format, "svg" or "png".
	pictures, pictureFormat string
	// players sums up the play of each player over the games, by the
	// name in the Black and White headers, in order of appearance.
	players map[string]*analysis.Summary
	order   []string
	// accuracies sums each player's accuracy over the games in which it
	// moved, and games counts them: its accuracy over the games is their
	// mean, as a chess server averages its players' game accuracies.
	accuracies map[string]float64
	games      map[string]int
	// puzzles, if not nil, receives the puzzles of each game (-puzzles),
	// named after source, the record file; puzzleCount counts them.
	puzzles     io.Writer
	source      string
	puzzleCount int
}

// add adds a side's summary of a game to the player's sum.
func (a *analyzer) add(player string, s analysis.Summary) {
	if a.players == nil {
		a.players = make(map[string]*analysis.Summary)
		a.accuracies, a.games = make(map[string]float64), make(map[string]int)
	}
	sum, ok := a.players[player]
	if !ok {
		sum = &analysis.Summary{}
		a.players[player] = sum
		a.order = append(a.order, player)
	}
	sum.Moves += s.Moves
	sum.Loss += s.Loss
	for c := range s.Counts {
		sum.Counts[c] += s.Counts[c]
	}
	if sum.Moves > 0 {
		sum.AverageLoss = float64(sum.Loss) / float64(sum.Moves)
	}
	if s.Moves > 0 {
		a.accuracies[player] += s.Accuracy
		a.games[player]++
		sum.Accuracy = a.accuracies[player] / float64(a.games[player])
	}
}

// game analyses the record rec, the n-th of the file, and returns its
// annotated text. After an interrupt it returns the text with the moves
// analysed so far and ctx's error.
func (a *analyzer) game(n int, rec *record.Record) ([]byte, error) {
	black, _ := rec.Header("Black")
	white, _ := rec.Header("White")
	fmt.Fprintf(a.stderr, "game %d: %s (Black) vs %s (White), %d plies, %s\n", n, orUnknown(black), orUnknown(white), rec.Game.Ply(), rec.Result)
	if err := writable(rec); err != nil {
		return nil, fmt.Errorf("game %d: not analysed: %w", n, err)
	}
	shown := 0 // tenths of the game shown in progress lines
	report, err := analysis.Game(a.ctx, rec.Game, a.searcher, analysis.Options{
		Limits: a.limits,
		Progress: func(done, total int) {
			if tenth := done * 10 / total; tenth > shown {
				shown = tenth
				fmt.Fprintf(a.stderr, "game %d: %d/%d positions searched\n", n, done, total)
			}
		},
	})
	if report == nil {
		return nil, fmt.Errorf("game %d: %w", n, err)
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "game %d: stopped after %d of %d moves: %v\n", n, len(report.Moves), rec.Game.Ply(), err)
	}
	for _, side := range []surakarta.Color{surakarta.Black, surakarta.White} {
		player := black
		if side == surakarta.White {
			player = white
		}
		sum := report.Summary(side)
		a.add(orUnknown(player), sum)
		fmt.Fprintf(a.stderr, "game %d: %v (%s): %s\n", n, side, orUnknown(player), summaryText(sum))
	}
	fmt.Fprintf(a.stderr, "game %d: %d searches, %d nodes in %.1fs\n", n, report.Searches, report.Nodes, report.Time.Seconds())
	if a.puzzles != nil && err == nil {
		if perr := a.findPuzzles(n, rec, report); perr != nil {
			return nil, fmt.Errorf("game %d: %w", n, perr)
		}
	}
	annotated, aerr := report.Annotate(rec)
	if aerr != nil {
		return nil, fmt.Errorf("game %d: %w", n, aerr)
	}
	if fit, _ := report.Fit(rec); fit < len(report.Moves) {
		fmt.Fprintf(a.stderr, "game %d: plies %d to %d not annotated in the record: their comments would take it beyond %d bytes, the most a record's may (record.MaxCommentBytes); the summaries and the graph count them\n", n, fit+1, len(report.Moves), record.MaxCommentBytes)
	}
	annotator := a.annotator
	if reached := maxDepth(report); a.limits.Depth > 0 && len(report.Moves) > 0 && reached < a.limits.Depth {
		annotator += fmt.Sprintf(" (its searches reached depth %d at most)", reached)
		fmt.Fprintf(a.stderr, "game %d: the engine's searches reached depth %d at most, not the %d asked\n", n, reached, a.limits.Depth)
	}
	setHeader(annotated, "Annotator", annotator)
	text, merr := annotated.MarshalText()
	if merr != nil {
		return nil, fmt.Errorf("game %d: %w", n, merr)
	}
	if a.svg != "" {
		if serr := writeSVG(svgName(a.svg, n), report); serr != nil {
			return text, fmt.Errorf("game %d: %w", n, serr)
		}
	}
	if a.pictures != "" {
		if perr := a.writePictures(n, rec.Game, report); perr != nil {
			return text, fmt.Errorf("game %d: %w", n, perr)
		}
	}
	if err != nil {
		return text, fmt.Errorf("game %d: %w", n, err)
	}
	return text, nil
}

// writable reports why the annotated record of rec could not be written,
// before the work of its analysis: its own comments leave no room for the
// note on the plies not annotated (analysis.Report.Fit), or it has as many
// headers as a record may and none named Annotator, which the annotated
// record adds.
func writable(rec *record.Record) error {
	if _, err := (&analysis.Report{}).Fit(rec); err != nil {
		return err
	}
	if _, ok := rec.Header("Annotator"); ok {
		return nil
	}
	headers := len(rec.Headers) + 3 // and Rules, Position and Result
	if rec.Reason != "" {
		headers++
	}
	if headers >= record.MaxHeaders {
		return fmt.Errorf("the record has %d headers, the most a record may (record.MaxHeaders), and no room for the Annotator header", headers)
	}
	return nil
}

// maxDepth returns the deepest search of the report's positions.
func maxDepth(r *analysis.Report) int {
	deepest := 0
	for _, a := range r.Moves {
		deepest = max(deepest, a.Depth)
	}
	return deepest
}

// headerValue returns s as a record's header may hold it, so that the
// annotated records write whatever the engine's name: valid UTF-8 (a
// byte that is not becomes "?"), a control character a space, and at most
// 1,000 bytes.
func headerValue(s string) string {
	s = strings.Map(func(c rune) rune {
		if unicode.IsControl(c) {
			return ' '
		}
		return c
	}, strings.ToValidUTF8(s, "?"))
	return clip.To(s, 1000)
}

// summaryText writes a side's summary, as "31 moves, average loss 4.2,
// accuracy 91.3%, 28 best, 2 good, 1 inaccuracy, 0 mistakes, 0 blunders".
func summaryText(s analysis.Summary) string {
	parts := []string{fmt.Sprintf("%d moves, average loss %.1f, accuracy %.1f%%", s.Moves, s.AverageLoss, s.Accuracy)}
	for _, c := range []struct {
		class       analysis.Class
		one, plural string
	}{
		{analysis.Best, "best", "best"},
		{analysis.Good, "good", "good"},
		{analysis.Inaccuracy, "inaccuracy", "inaccuracies"},
		{analysis.Mistake, "mistake", "mistakes"},
		{analysis.Blunder, "blunder", "blunders"},
	} {
		name := c.plural
		if s.Count(c.class) == 1 {
			name = c.one
		}
		parts = append(parts, fmt.Sprintf("%d %s", s.Count(c.class), name))
	}
	return strings.Join(parts, ", ")
}

// setHeader sets the header name of rec to value, in place of any it has.
func setHeader(rec *record.Record, name, value string) {
	for i, h := range rec.Headers {
		if h.Name == name {
			rec.Headers[i].Value = value
			return
		}
	}
	rec.Headers = append(rec.Headers, record.Header{Name: name, Value: value})
}

// limitsText describes the budget of each position's search as a match's
// time control says its limits per move (match.LimitsText), a position
// for a move: "100ms a position, depth 6", or "default" for none.
func limitsText(l surakarta.Limits) string {
	return strings.ReplaceAll(match.LimitsText(l), "/move", " a position")
}

// svgName returns the graph file of the n-th game: name itself for the
// first, and name with -n before its extension for the others.
func svgName(name string, n int) string {
	if n == 1 {
		return name
	}
	ext := filepath.Ext(name)
	return strings.TrimSuffix(name, ext) + "-" + strconv.Itoa(n) + ext
}

// writeSVG writes the report's graph to the file name.
func writeSVG(name string, r *analysis.Report) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	err = r.WriteSVG(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// orUnknown returns name, or "?" when it is empty.
func orUnknown(name string) string {
	if name == "" {
		return "?"
	}
	return name
}

// limitedReader reads r and fails once more than left bytes have come.
type limitedReader struct {
	r    io.Reader
	left int64
	name string
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, fmt.Errorf("%s is larger than %d MiB: too large a record file to analyse", l.name, maxRecordFile>>20)
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n, fmt.Errorf("%s is larger than %d MiB: too large a record file to analyse", l.name, maxRecordFile>>20)
	}
	return n, err
}
