package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/internal/errmark"
	"github.com/surakarta-go/surakarta/internal/regularfile"
)

// gamesHeader is the header of a match's records that gives the number of
// games of the whole match, Config.Games.
const gamesHeader = "Games"

// ReadConfig reads the Config of the match that played the records in
// files, a match's RecordFile or the files of its shards, as far as the
// records tell it: all that Merge needs to merge them. So a merge needs
// only the files:
//
//	cfg, err := match.ReadConfig(files...)
//	// check err; set cfg.SPRT and cfg.Progress if wanted
//	outcome, err := match.Merge(cfg, files...)
//
// The Config has:
//   - A and B, the engines, by name only (New is nil): A has Black in the
//     odd rounds and White in the even ones, and the records' Event is
//     "A vs B";
//   - Games, from the records' Games header, which Run writes; when a
//     match was run again on its file with more games, to extend it, its
//     records have both numbers, and Games is the largest. Games is 0 when
//     no record has the header, as in the records of versions before
//     v0.2.0: the caller then sets it;
//   - Limits, the MoveTime, Nodes, Depth and Clock that the TimeControl
//     header describes (as LimitsText writes it);
//   - OpeningPlies, the plies of the records' openings, from their start
//     positions' move number and side to move; or, for records with the
//     header [Openings "given"] (a match from Config.Openings), Openings,
//     which ReadConfig cannot make again but reads from the records: the
//     start position of each game pair's records, both of which must
//     start from it, and the zero Position for a pair that no file holds
//     (Merge then takes it from the records); Openings has Games/2 of
//     them, or more for records of rounds beyond Games;
//   - Seed, from the Seed header.
//
// The other fields are zero: Shard too, since the files may be those of
// several shards of one split (Merge checks the split), SPRT, which the
// records do not name (a merge may apply any SPRT), and MaxPlies, which
// they do not name either: set it for a match played with another than
// the default, whose adjudications Merge would otherwise refuse. Tables
// and TablePieces are zero too: a merge needs no tables, and counts the
// games the tables adjudicated as they are (see Config.Tables).
//
// Every record of every file must be of one match: the same engines, seed,
// time control and opening plies (or given openings). A record of another match is an error
// that names it and the first record read, as are a record without a
// valid Round, Seed, TimeControl or Games header, and files that hold no
// record: errors wrapping ErrMismatch. As in Merge, the files are read one record at a time and not
// locked, a record cut short at the end of a file (one being written)
// is left out, and a file that is not a regular one is refused.
func ReadConfig(files ...string) (Config, error) {
	if len(files) == 0 {
		return Config{}, errmark.Errorf(ErrMismatch, "match: reading the match from its records: no record files")
	}
	r := &configReader{}
	for _, file := range files {
		if err := r.read(file); err != nil {
			return Config{}, err
		}
	}
	if r.first == "" {
		hold := "holds"
		if len(files) > 1 {
			hold = "hold"
		}
		return Config{}, errmark.Errorf(ErrMismatch, "match: reading the match from its records: %s %s no record", strings.Join(files, ", "), hold)
	}
	if r.cfg.Openings != nil {
		pairs := r.cfg.Games / 2
		for p := range r.starts {
			pairs = max(pairs, p+1)
		}
		r.cfg.Openings = make([]surakarta.Position, pairs)
		for p, start := range r.starts {
			r.cfg.Openings[p] = start.position
		}
	}
	return r.cfg, nil
}

// configReader is the state of ReadConfig: the Config of the first record
// read, with the largest Games of all, and for a match from given
// openings, the start position of each game pair.
type configReader struct {
	cfg    Config
	first  string // where the first record was read: "FILE record N"
	starts map[int]pairStart
}

// pairStart is the start position of a game pair's records, and where
// the first of them was read.
type pairStart struct {
	position surakarta.Position
	where    string
}

// read reads the records of one file.
func (r *configReader) read(file string) error {
	f, err := regularfile.Open(file)
	if err != nil {
		return fmt.Errorf("match: reading the match from its records: %w", err)
	}
	defer f.Close()
	rf := &recordFile{name: file, f: f}
	_, _, err = rf.scan("match: reading the match from its records: ", func(rec *record.Record, n int) error {
		where := fmt.Sprintf("%s record %d", file, n)
		if err := r.add(rec, where); err != nil {
			return errmark.Errorf(ErrMismatch, "match: reading the match from its records: %s: %w", where, err)
		}
		return nil
	})
	return err
}

// add reads the match of one record and checks it against the first.
func (r *configReader) add(rec *record.Record, where string) error {
	cfg, err := recordConfig(rec)
	if err != nil {
		return err
	}
	if r.first == "" {
		r.cfg, r.first = cfg, where
	} else if got, want := matchText(cfg), matchText(r.cfg); got != want {
		return fmt.Errorf("a game of another match than %s: %s, not %s: merge the files of one match", r.first, got, want)
	}
	r.cfg.Games = max(r.cfg.Games, cfg.Games)
	if cfg.Openings == nil {
		return nil
	}
	// Given openings: both games of a pair start from its opening.
	roundText, _ := rec.Header("Round")
	number, _ := strconv.Atoi(roundText) // recordConfig has checked it
	pair, start := (number-1)/2, rec.Game.StartPosition()
	if r.starts == nil {
		r.starts = make(map[int]pairStart)
	}
	if s, ok := r.starts[pair]; !ok {
		r.starts[pair] = pairStart{start, where}
	} else if s.position != start {
		return fmt.Errorf("round %d starts from %v, but %s, of the same game pair, from %v: both games of a pair start from its opening", number, start, s.where, s.position)
	}
	return nil
}

// matchText describes the match of a Config as far as a record tells it,
// but for Games: engines, seed, time control and opening plies, or given
// openings.
func matchText(c Config) string {
	openings := fmt.Sprintf("openings of %d plies", c.OpeningPlies)
	if c.Openings != nil {
		openings = "given openings"
	}
	return fmt.Sprintf("%q, seed %d, %s, %s", c.A.Name+" vs "+c.B.Name, c.Seed, LimitsText(c.Limits), openings)
}

// recordConfig returns the Config of the match that played one record.
func recordConfig(rec *record.Record) (Config, error) {
	var cfg Config
	roundText, _ := rec.Header("Round")
	number, err := strconv.Atoi(roundText)
	if err != nil || number < 1 {
		return cfg, fmt.Errorf("no valid Round header (%q)", clip.Text(roundText))
	}
	black, _ := rec.Header("Black")
	white, _ := rec.Header("White")
	a, b := black, white
	if number%2 == 0 { // A has Black in odd rounds, White in even ones
		a, b = b, a
	}
	if event, _ := rec.Header("Event"); a == "" || b == "" || event != a+" vs "+b {
		return cfg, fmt.Errorf("round %d has Event %q, Black %q and White %q: want Event \"A vs B\", A with Black in odd rounds", number, clip.Text(event), clip.Text(black), clip.Text(white))
	}
	cfg.A, cfg.B = enginespec.Engine{Name: a}, enginespec.Engine{Name: b}
	seedText, _ := rec.Header("Seed")
	if cfg.Seed, err = strconv.ParseUint(seedText, 10, 64); err != nil {
		return cfg, fmt.Errorf("no valid Seed header (%q)", clip.Text(seedText))
	}
	tc, _ := rec.Header("TimeControl")
	if cfg.Limits, err = parseLimitsText(tc); err != nil {
		return cfg, err
	}
	if text, ok := rec.Header(gamesHeader); ok {
		if cfg.Games, err = strconv.Atoi(text); err != nil || cfg.Games <= 0 {
			return cfg, fmt.Errorf("a Games header %q that does not read: want a positive number", clip.Text(text))
		}
	}
	start := rec.Game.StartPosition()
	switch given, ok := rec.Header(openingsHeader); {
	case ok && given != givenOpenings:
		return cfg, fmt.Errorf("an %s header %q that does not read: want %q", openingsHeader, clip.Text(given), givenOpenings)
	case ok: // the openings are the records' start positions
		cfg.Openings = []surakarta.Position{}
		return cfg, nil
	}
	cfg.OpeningPlies = 2 * (start.MoveNumber() - 1)
	if start.SideToMove() == surakarta.White {
		cfg.OpeningPlies++
	}
	if cfg.OpeningPlies == 0 {
		return cfg, fmt.Errorf("round %d starts from %v, not from an opening: a match plays openings of 1 ply or more", number, start)
	}
	return cfg, nil
}

// parseLimitsText returns the limits that LimitsText describes as text:
// the time control of a match's records. The text must be exactly what
// LimitsText writes for the limits returned.
func parseLimitsText(text string) (surakarta.Limits, error) {
	var l surakarta.Limits
	bad := func() (surakarta.Limits, error) {
		return surakarta.Limits{}, fmt.Errorf("a TimeControl header %q that does not read: want limits such as \"100ms/move\", \"depth 6\" or \"10s+100ms\"", clip.Text(text))
	}
	if text == "default" {
		return l, nil
	}
	parts := strings.Split(text, ", ")
	if len(parts) > 0 && strings.ContainsRune(parts[0], '+') { // the clock comes first
		side, ok := strings.CutPrefix(parts[0], "black ")
		black, ok1 := parseClockSide(side)
		if !ok1 {
			return bad()
		}
		white := black
		parts = parts[1:]
		if ok { // the sides' controls differ: "black X, white Y"
			var ok2 bool
			if len(parts) == 0 || !strings.HasPrefix(parts[0], "white ") {
				return bad()
			}
			if white, ok2 = parseClockSide(strings.TrimPrefix(parts[0], "white ")); !ok2 || white.MovesToGo != black.MovesToGo {
				return bad()
			}
			parts = parts[1:]
		}
		l.Clock = surakarta.Clock{Black: black.Black, White: white.Black,
			BlackIncrement: black.BlackIncrement, WhiteIncrement: white.BlackIncrement, MovesToGo: black.MovesToGo}
	}
	for _, part := range parts {
		var err error
		if n, ok := strings.CutSuffix(part, " nodes/move"); ok && l.Nodes == 0 && l.Depth == 0 {
			l.Nodes, err = strconv.ParseInt(n, 10, 64)
		} else if d, ok := strings.CutSuffix(part, "/move"); ok && l.MoveTime == 0 && l.Nodes == 0 && l.Depth == 0 {
			l.MoveTime, err = time.ParseDuration(d)
		} else if n, ok := strings.CutPrefix(part, "depth "); ok && l.Depth == 0 {
			l.Depth, err = strconv.Atoi(n)
		} else {
			return bad()
		}
		if err != nil {
			return bad()
		}
	}
	if LimitsText(l) != text {
		return bad()
	}
	return l, nil
}

// parseClockSide parses one side's time control as clockText writes it,
// "[MOVES/]BASE+INCREMENT", into the Black fields of a Clock.
func parseClockSide(text string) (surakarta.Clock, bool) {
	var c surakarta.Clock
	if moves, rest, ok := strings.Cut(text, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n <= 0 {
			return c, false
		}
		c.MovesToGo, text = n, rest
	}
	base, inc, ok := strings.Cut(text, "+")
	var err1, err2 error
	c.Black, err1 = time.ParseDuration(base)
	c.BlackIncrement, err2 = time.ParseDuration(inc)
	return c, ok && err1 == nil && err2 == nil && c.Black > 0 && c.BlackIncrement >= 0
}
