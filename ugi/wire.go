package ugi

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta/internal/oneline"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/internal/errmark"
)

// The wire format. Each command and answer has here the one function that
// writes it and the one that reads it; the Server and the Client use
// nothing else, so that they cannot disagree.

// The commands and answers without arguments.
const (
	cmdUGI     = "ugi"
	cmdIsReady = "isready"
	cmdNewGame = "uginewgame"
	cmdStop    = "stop"
	cmdQuit    = "quit"
	// cmdPonderHit tells a search that ponders that the opponent played
	// the move it pondered on.
	cmdPonderHit = "ponderhit"
	ansUGIOK     = "ugiok"
	// cmdUCI is UCI's name of ugi, which is answered with ansUCIOK.
	cmdUCI     = "uci"
	ansUCIOK   = "uciok"
	ansReadyOK = "readyok"
)

// noMove is how UGI writes the absence of a move, in bestmove.
const noMove = "0000"

// errorPrefix starts the info string line with which the server reports a
// command it refuses.
const errorPrefix = "error: "

// OptionType is the type of an Option, as the answer to ugi names it.
type OptionType string

// The option types of UGI, as of UCI.
const (
	OptionSpin   OptionType = "spin"   // a whole number from Min to Max
	OptionCheck  OptionType = "check"  // true or false
	OptionCombo  OptionType = "combo"  // one of Vars
	OptionString OptionType = "string" // any text on one line
	OptionButton OptionType = "button" // no value: setting it does something
)

// Option is an option of an engine, as the answer to ugi lists it and
// setoption sets it. Its Name, Default and Vars must not hold the words
// name, type, default, min, max, var or value, which delimit them on the
// wire.
type Option struct {
	Name     string     // matched in any letter case by setoption
	Type     OptionType // spin, check, combo, string or button
	Default  string     // the value the engine starts with (none for a button)
	Min, Max int        // the bounds of a spin
	Vars     []string   // the choices of a combo
}

// emptyString stands for the empty default of a string option, as in UCI.
const emptyString = "<empty>"

// optionKeywords are the words that delimit the parts of an option line.
var optionKeywords = []string{"name", "type", "default", "min", "max", "var"}

// String returns the option's line in the answer to ugi, such as
// "option name Hash type spin default 1 min 1 max 4096".
func (o Option) String() string {
	var sb strings.Builder
	sb.WriteString("option name " + o.Name + " type " + string(o.Type))
	switch {
	case o.Type == OptionString && o.Default == "":
		sb.WriteString(" default " + emptyString)
	case o.Type != OptionButton:
		sb.WriteString(" default " + o.Default)
	}
	switch o.Type {
	case OptionSpin:
		sb.WriteString(" min " + strconv.Itoa(o.Min) + " max " + strconv.Itoa(o.Max))
	case OptionCombo:
		for _, v := range o.Vars {
			sb.WriteString(" var " + v)
		}
	}
	return sb.String()
}

// parseOption reads the words of an option line after "option".
func parseOption(fields []string) (Option, error) {
	var o Option
	parts := keywordParts(fields, optionKeywords)
	name, ok := parts["name"]
	if !ok || len(name) != 1 || name[0] == "" {
		return Option{}, fmt.Errorf("option %q: want option name NAME type TYPE …", clip.Text(strings.Join(fields, " ")))
	}
	o.Name = name[0]
	if t := parts["type"]; len(t) == 1 {
		o.Type = OptionType(t[0])
	}
	switch o.Type {
	case OptionSpin, OptionCheck, OptionCombo, OptionString, OptionButton:
	default:
		return Option{}, fmt.Errorf("option %s: type %q is not spin, check, combo, string or button", clip.Text(o.Name), clip.Text(string(o.Type)))
	}
	if d := parts["default"]; len(d) == 1 && d[0] != emptyString {
		o.Default = d[0]
	}
	if o.Type == OptionSpin {
		lo, errLo := oneNumber(parts["min"])
		hi, errHi := oneNumber(parts["max"])
		if errLo != nil || errHi != nil || lo > hi {
			return Option{}, fmt.Errorf("option %s: a spin wants min and max, whole numbers, min ≤ max", clip.Text(o.Name))
		}
		o.Min, o.Max = lo, hi
	}
	if o.Type == OptionCombo {
		o.Vars = parts["var"]
	}
	return o, nil
}

// oneNumber reads the one whole number of a keyword's part.
func oneNumber(part []string) (int, error) {
	if len(part) != 1 {
		return 0, errors.New("want one number")
	}
	return strconv.Atoi(part[0])
}

// keywordParts splits words at the keywords: each keyword's part is the
// text of the words after it up to the next keyword, one string per
// occurrence of the keyword (a combo has several var). Words before the
// first keyword are dropped.
func keywordParts(fields, keywords []string) map[string][]string {
	parts := make(map[string][]string)
	key, start := "", -1
	end := func(i int) {
		if key != "" {
			parts[key] = append(parts[key], strings.Join(fields[start:i], " "))
		}
	}
	for i, f := range fields {
		if slices.Contains(keywords, f) {
			end(i)
			key, start = f, i+1
		}
	}
	end(len(fields))
	return parts
}

// ErrInvalidOption is wrapped by the errors of Option.Validate: a value
// the option does not take, or an option of a type UGI has not. Their
// messages are without the sentinel's words, such as "option Hash: want a
// whole number from 1 to 64, not "65"", since the server sends them to
// the GUI in an info string line.
var ErrInvalidOption = errors.New("ugi: invalid option value")

// invalidOption returns an error of Option.Validate that says what
// fmt.Errorf would and wraps ErrInvalidOption.
func invalidOption(format string, args ...any) error {
	return errmark.Errorf(ErrInvalidOption, format, args...)
}

// Validate checks a value for the option as setoption would set it and
// returns it in its canonical form: a spin's number in decimal, a check's
// true or false in lower case, a combo's choice spelt as in Vars (it is
// matched in any letter case), a string as it is (but <empty>, which UCI
// GUIs send for an empty string, is the empty string), and nothing for a
// button. Its error wraps ErrInvalidOption.
func (o Option) Validate(value string) (string, error) {
	value = strings.TrimSpace(value)
	switch o.Type {
	case OptionSpin:
		n, err := strconv.Atoi(value)
		if err != nil || n < o.Min || n > o.Max {
			return "", invalidOption("option %s: want a whole number from %d to %d, not %q", o.Name, o.Min, o.Max, clip.Text(value))
		}
		return strconv.Itoa(n), nil
	case OptionCheck:
		switch strings.ToLower(value) {
		case "true", "false":
			return strings.ToLower(value), nil
		}
		return "", invalidOption("option %s: want true or false, not %q", o.Name, clip.Text(value))
	case OptionCombo:
		if i := slices.IndexFunc(o.Vars, func(v string) bool { return strings.EqualFold(v, value) }); i >= 0 {
			return o.Vars[i], nil
		}
		return "", invalidOption("option %s: want one of %s, not %q", o.Name, strings.Join(o.Vars, ", "), clip.Text(value))
	case OptionString:
		if value == emptyString {
			return "", nil
		}
		return value, nil
	case OptionButton:
		return "", nil
	}
	return "", invalidOption("option %s: unknown type %q", o.Name, clip.Text(string(o.Type)))
}

// setOptionCommand returns the command that sets the option name to value.
func setOptionCommand(name, value string) string {
	if value == "" {
		return "setoption name " + name
	}
	return "setoption name " + name + " value " + value
}

// parseSetOption reads the arguments of setoption: name NAME [value VALUE],
// NAME and VALUE possibly of several words.
func parseSetOption(args []string) (name, value string, err error) {
	if len(args) < 2 || args[0] != "name" {
		return "", "", errors.New("setoption: want setoption name NAME value VALUE")
	}
	args = args[1:]
	i := slices.Index(args, "value")
	if i < 0 {
		return strings.Join(args, " "), "", nil
	}
	if i == 0 {
		return "", "", errors.New("setoption: the option's name is missing")
	}
	return strings.Join(args[:i], " "), strings.Join(args[i+1:], " "), nil
}

// idLines returns the id lines of the answer to ugi.
func idLines(name, author string) []string {
	return []string{"id name " + oneline.Text(name), "id author " + oneline.Text(author)}
}

// parseID reads the words of an id line after "id": which (name or
// author) and its text.
func parseID(fields []string) (which, text string, ok bool) {
	if len(fields) < 1 {
		return "", "", false
	}
	return fields[0], strings.Join(fields[1:], " "), true
}

// positionCommand returns the position command of a game from start with
// moves played: startpos for the standard start, else fen and its text.
func positionCommand(start surakarta.Position, moves []surakarta.Move) string {
	cmd := "position fen " + start.String()
	if start == surakarta.NewPosition() {
		cmd = "position startpos"
	}
	if len(moves) > 0 {
		cmd += " moves " + oneline.Moves(moves)
	}
	return cmd
}

// parsePosition reads the arguments of position: startpos or fen and a
// position text, then optionally moves and the moves. The moves are read
// as ParseMove reads them, not played: whether they are legal is the
// game's to say.
func parsePosition(args []string) (start surakarta.Position, moves []surakarta.Move, err error) {
	if len(args) == 0 {
		return start, nil, errors.New("position: want startpos or fen <position>, then optionally moves and the moves")
	}
	rest := args[1:]
	switch strings.ToLower(args[0]) {
	case "startpos":
		start = surakarta.NewPosition()
	case "fen":
		n := slices.IndexFunc(rest, func(a string) bool { return strings.EqualFold(a, "moves") })
		if n < 0 {
			n = len(rest)
		}
		if n == 0 {
			return start, nil, errors.New("position fen: the position text is missing")
		}
		if start, err = surakarta.ParsePosition(strings.Join(rest[:n], " ")); err != nil {
			return start, nil, fmt.Errorf("position: %w", err)
		}
		rest = rest[n:]
	default:
		return start, nil, fmt.Errorf("position: want startpos or fen, not %q", clip.Text(args[0]))
	}
	if len(rest) == 0 {
		return start, nil, nil
	}
	if !strings.EqualFold(rest[0], "moves") {
		return start, nil, fmt.Errorf("position: want moves after the position, not %q", clip.Text(rest[0]))
	}
	for i, text := range rest[1:] {
		m, err := surakarta.ParseMove(text)
		if err != nil {
			return start, nil, fmt.Errorf("position: move %d: %w", i+1, err)
		}
		moves = append(moves, m)
	}
	return start, moves, nil
}

// GoParams are the parameters of a go command: the limits of the search
// and whether it goes on until stop.
type GoParams struct {
	// Limits bound the search: its Depth, Nodes, MoveTime, Clock and
	// SearchMoves are sent; its MoveOverhead and Progress are the
	// engine's own business and are not.
	Limits surakarta.Limits
	// Infinite makes the search go on until stop, whatever its limits
	// say; bestmove comes only after stop.
	Infinite bool
	// Ponder makes the search ponder (go ponder): it searches the
	// position, the one after the move the engine expects its opponent to
	// play, with no time limit until ponderhit, from when its time limits
	// apply, counted from ponderhit; or until stop, whose bestmove is
	// ignored. bestmove comes only after one of them. A Client also sends
	// go ponder when Limits.Ponder is not nil, and ponderhit when it is
	// closed.
	Ponder bool
}

// goKeys are the arguments of go that take a number.
var goKeys = []string{"p1time", "btime", "p2time", "wtime", "p1inc", "binc", "p2inc", "winc", "movestogo", "movetime", "depth", "nodes", "mate"}

// maxMate is the largest go mate read: a win within that many moves is
// deeper than any search (MaxDepth plies).
const maxMate = surakarta.MaxDepth

// goCommand returns the go command of p. Limits with no time, depth or
// node limit and no infinite are sent as movetime DefaultMoveTime, the
// search a Searcher makes of them, so that every engine searches as long.
func goCommand(p GoParams) string {
	var args []string
	ms := func(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }
	lim := p.Limits
	if c := lim.Clock; c.IsSet() {
		args = append(args, "p1time", ms(c.Black), "p2time", ms(c.White), "p1inc", ms(c.BlackIncrement), "p2inc", ms(c.WhiteIncrement))
		if c.MovesToGo > 0 {
			args = append(args, "movestogo", strconv.Itoa(c.MovesToGo))
		}
	}
	if lim.MoveTime > 0 {
		args = append(args, "movetime", ms(max(lim.MoveTime, time.Millisecond)))
	}
	if lim.Depth > 0 {
		args = append(args, "depth", strconv.Itoa(lim.Depth))
	}
	if lim.Nodes > 0 {
		args = append(args, "nodes", strconv.FormatInt(lim.Nodes, 10))
	}
	if lim.Mate > 0 {
		args = append(args, "mate", strconv.Itoa(lim.Mate))
	}
	if len(args) == 0 && !p.Infinite {
		args = append(args, "movetime", ms(surakarta.DefaultMoveTime))
	}
	if len(lim.SearchMoves) > 0 {
		args = append(args, "searchmoves", oneline.Moves(lim.SearchMoves))
	}
	if p.Infinite {
		args = append(args, "infinite")
	}
	if p.Ponder || lim.Ponder != nil {
		args = append([]string{"ponder"}, args...)
	}
	return strings.TrimSpace("go " + strings.Join(args, " "))
}

// parseGo reads the arguments of go: the clock (p1time, p2time, p1inc,
// p2inc and movestogo; btime, wtime, binc and winc as UCI's names for the
// first four), movetime, depth and nodes (milliseconds, plies and nodes),
// searchmoves and the moves that follow it, and infinite. Each keyword is
// recognised before its value is read, so an unknown one is named as such.
// A time below zero (a referee's overhead) is no time; other numbers must
// not be negative, and huge ones are taken as the largest the search
// knows. A clock with no time on either side and no increment is a
// movetime of a millisecond: no time, so move at once.
func parseGo(args []string) (GoParams, error) {
	p, given, err := parseGoClock(args)
	if err != nil {
		return GoParams{}, err
	}
	return given.atOnce(p), nil
}

// goClock is what GoParams does not keep of a go command's clock: which
// of its words were given, since a time not given is not a time of 0.
type goClock struct {
	given          bool // any of p1time, p2time, p1inc and p2inc (or UCI's names)
	p1time, p2time bool
}

// parseGoClock is parseGo without the rule for a clock with no time, and
// with the clock's words it read.
func parseGoClock(args []string) (GoParams, goClock, error) {
	var p GoParams
	var clock surakarta.Clock
	var given goClock
	for i := 0; i < len(args); i++ {
		key := args[i]
		switch {
		case key == "infinite":
			p.Infinite = true
			continue
		case key == "searchmoves":
			for i+1 < len(args) && !isGoKeyword(args[i+1]) {
				i++
				m, err := surakarta.ParseMove(args[i])
				if err != nil {
					return GoParams{}, goClock{}, fmt.Errorf("go: searchmoves: %w", err)
				}
				p.Limits.SearchMoves = append(p.Limits.SearchMoves, m)
			}
			if len(p.Limits.SearchMoves) == 0 {
				return GoParams{}, goClock{}, errors.New("go: searchmoves wants one or more moves")
			}
			continue
		case key == "ponder":
			p.Ponder = true
			continue
		case !slices.Contains(goKeys, key):
			return GoParams{}, goClock{}, fmt.Errorf("go: unknown argument %q (want p1time, p2time, p1inc, p2inc, movestogo, movetime, depth, nodes, mate, searchmoves, ponder or infinite)", clip.Text(key))
		case i+1 == len(args):
			return GoParams{}, goClock{}, fmt.Errorf("go: %s wants a value", key)
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return GoParams{}, goClock{}, fmt.Errorf("go: %s %q: want a whole number", key, clip.Text(args[i]))
		}
		ms := time.Duration(min(max(n, 0), math.MaxInt64/int64(time.Millisecond))) * time.Millisecond
		switch key {
		case "p1time", "btime":
			clock.Black, given.given, given.p1time = ms, true, true
		case "p2time", "wtime":
			clock.White, given.given, given.p2time = ms, true, true
		case "p1inc", "binc":
			clock.BlackIncrement, given.given = ms, true
		case "p2inc", "winc":
			clock.WhiteIncrement, given.given = ms, true
		default:
			if n < 0 {
				return GoParams{}, goClock{}, fmt.Errorf("go: %s %d is negative", key, n)
			}
			switch key {
			case "movestogo":
				clock.MovesToGo = int(min(n, math.MaxInt32))
			case "movetime":
				p.Limits.MoveTime = ms
			case "depth":
				p.Limits.Depth = int(min(n, surakarta.MaxDepth))
			case "nodes":
				p.Limits.Nodes = n
			case "mate":
				if n == 0 {
					return GoParams{}, goClock{}, errors.New("go: mate 0: want a number of moves from 1")
				}
				p.Limits.Mate = int(min(n, maxMate))
			}
		}
	}
	p.Limits.Clock = clock
	return p, given, nil
}

// atOnce returns p with a movetime of a millisecond when go gave a clock
// with no time on either side and no increment, which the library would
// not see as a clock: no time, so move at once.
func (c goClock) atOnce(p GoParams) GoParams {
	if c.given && !p.Limits.Clock.IsSet() && p.Limits.MoveTime == 0 {
		p.Limits.MoveTime = time.Millisecond
	}
	return p
}

// forMover returns p for a search by side. A clock without side's own
// time (go p2time 1000 when p1 is to move) tells nothing of the time side
// has: a time not given is not 0, which would make it move at once. The
// clock is then dropped, with a warning for an info string line, and the
// search keeps go's other limits, or without any (and without infinite)
// searches for surakarta.DefaultMoveTime, as go with no limits does.
func (c goClock) forMover(p GoParams, side surakarta.Color) (GoParams, string) {
	if !c.given || side == surakarta.Black && c.p1time || side == surakarta.White && c.p2time {
		return c.atOnce(p), ""
	}
	name, player := "p1time (btime)", "p1"
	if side == surakarta.White {
		name, player = "p2time (wtime)", "p2"
	}
	warning := "go gave no " + name + " for " + player + ", who is to move: the clock is ignored; "
	lim := &p.Limits
	lim.Clock = surakarta.Clock{}
	switch {
	case lim.MoveTime > 0 || lim.Depth > 0 || lim.Nodes > 0 || lim.Mate > 0:
		warning += "searching within the other limits"
	case p.Infinite:
		warning += "searching until stop"
	default:
		lim.MoveTime = surakarta.DefaultMoveTime
		warning += fmt.Sprintf("searching for movetime %d, as go with no limits does", surakarta.DefaultMoveTime.Milliseconds())
	}
	return p, warning
}

// isGoKeyword reports whether a word of go is one of its keywords, which
// ends the moves of searchmoves.
func isGoKeyword(word string) bool {
	return word == "infinite" || word == "searchmoves" || word == "ponder" || slices.Contains(goKeys, word)
}

// hashfullAfter is how long a search runs before its info lines show
// hashfull, as Stockfish's did: the table fills in the first second, and
// an iteration ends about once a second after it.
const hashfullAfter = time.Second

// infoLine returns the info line of a search's iteration, or of one of
// its lines with MultiPV, with the words UCI engines write and in their
// order: "multipv N" after seldepth when in.MultiPV is above 0, "wdl W D
// L" after the score when wdl is true, "hashfull N" after nps once the
// search has run hashfullAfter with a table (in.Hashfull above 0), and
// "tbhits N" after it when the search found positions in endgame tables.
func infoLine(in surakarta.Info, wdl bool) string {
	multiPV, wdlText, hashfull, tbHits := "", "", "", ""
	if in.MultiPV > 0 {
		multiPV = " multipv " + strconv.Itoa(in.MultiPV)
	}
	if wdl {
		wdlText = fmt.Sprintf(" wdl %d %d %d", in.WDL.Win, in.WDL.Draw, in.WDL.Loss)
	}
	if in.Hashfull > 0 && in.Time >= hashfullAfter {
		hashfull = " hashfull " + strconv.Itoa(min(in.Hashfull, 1000))
	}
	if in.TBHits > 0 {
		tbHits = " tbhits " + strconv.FormatInt(in.TBHits, 10)
	}
	return fmt.Sprintf("info depth %d seldepth %d%s score %s%s nodes %d nps %d%s%s time %d pv %s",
		in.Depth, in.SelDepth, multiPV, scoreText(in.Score), wdlText, in.Nodes, in.NodesPerSecond, hashfull, tbHits, in.Time.Milliseconds(), oneline.Moves(in.PV))
}

// currMoveLine returns the info line of the root move a search begins
// (Limits.RootProgress): "info depth D currmove M currmovenumber N".
func currMoveLine(in surakarta.Info) string {
	return fmt.Sprintf("info depth %d currmove %v currmovenumber %d", in.Depth, in.CurrMove, in.CurrMoveNumber)
}

// finalInfoLine returns the info line before bestmove: the nodes, speed
// and time of the whole search, and its principal variation when the last
// info line did not show it.
func finalInfoLine(res surakarta.Result, pv bool) string {
	line := fmt.Sprintf("info nodes %d nps %d time %d", res.Nodes, nodesPerSecond(res.Nodes, res.Time), res.Time.Milliseconds())
	if pv && len(res.PV) > 0 {
		line += " pv " + oneline.Moves(res.PV)
	}
	return line
}

// infoStringLine returns an info string line of text, on one line.
func infoStringLine(text string) string { return "info string " + oneline.Text(text) }

// errorLine returns the line that reports a refused command.
func errorLine(err error) string { return infoStringLine(errorPrefix + err.Error()) }

// parseInfo reads the words of an info line after info: depth, seldepth,
// multipv, score cp N or mate N, wdl W D L, nodes, nps, hashfull, tbhits,
// time, currmove, currmovenumber and pv. It reports whether the line is an
// iteration's: it has a depth and a score (a line with a depth alone, such
// as the currmove lines, scores nothing); words it does not know are
// skipped, as UGI asks, and an info string line gives nothing. Numbers
// out of range are clamped: a depth to MaxDepth, a multipv to MaxMoves,
// the most lines a position has (and below 1 to 0, no line number), a
// score to the scores a search returns, hashfull and each of wdl to 0 to
// 1000, currmovenumber to 0 to MaxMoves; a wdl whose three numbers do not
// add up to 1000 is left out, and so is a currmove that is not a move.
func parseInfo(fields []string) (surakarta.Info, bool) {
	var in surakarta.Info
	hasDepth, hasScore := false, false
	perMille := func(n int64) int { return int(min(max(n, 0), 1000)) }
	num := func(i int) (int64, bool) {
		if i >= len(fields) {
			return 0, false
		}
		n, err := strconv.ParseInt(fields[i], 10, 64)
		return n, err == nil
	}
	for i := 0; i < len(fields); i++ {
		switch fields[i] {
		case "string":
			return surakarta.Info{}, false
		case "wdl":
			w, okW := num(i + 1)
			d, okD := num(i + 2)
			l, okL := num(i + 3)
			if !okW || !okD || !okL {
				continue
			}
			i += 3
			if wdl := (surakarta.WDL{Win: perMille(w), Draw: perMille(d), Loss: perMille(l)}); wdl.Win+wdl.Draw+wdl.Loss == 1000 {
				in.WDL = wdl
			}
		case "currmove":
			if i+1 < len(fields) {
				if m, err := surakarta.ParseMove(fields[i+1]); err == nil {
					in.CurrMove = m
					i++
				}
			}
		case "depth", "seldepth", "multipv", "nodes", "nps", "tbhits", "time", "hashfull", "currmovenumber":
			n, ok := num(i + 1)
			if !ok {
				continue
			}
			i++
			switch fields[i-1] {
			case "depth":
				in.Depth, hasDepth = int(min(max(n, 0), surakarta.MaxDepth)), true
			case "seldepth":
				in.SelDepth = int(min(max(n, 0), 1<<20))
			case "multipv":
				in.MultiPV = int(min(max(n, 0), surakarta.MaxMoves))
			case "nodes":
				in.Nodes = max(n, 0)
			case "nps":
				in.NodesPerSecond = max(n, 0)
			case "tbhits":
				in.TBHits = max(n, 0)
			case "time":
				in.Time = time.Duration(min(max(n, 0), 1<<40)) * time.Millisecond
			case "hashfull":
				in.Hashfull = perMille(n)
			case "currmovenumber":
				in.CurrMoveNumber = int(min(max(n, 0), surakarta.MaxMoves))
			}
		case "score":
			if score, ok := parseScore(fields[i+1:]); ok {
				in.Score, hasScore = score, true
				i += 2
			}
		case "pv":
			for _, t := range fields[i+1:] {
				m, err := surakarta.ParseMove(t)
				if err != nil {
					break
				}
				in.PV = append(in.PV, m)
			}
			i = len(fields)
		}
	}
	return in, hasDepth && hasScore
}

// scoreText returns a score as UCI writes it: "cp N" for an evaluation,
// and for an endgame table's win or loss without a distance
// (surakarta.TableWinScore) as UCI engines write theirs; "mate N" for a
// game won in N moves of the side to move, "mate -N" for one lost.
func scoreText(score int) string {
	n, ok := surakarta.PliesToEnd(score)
	switch {
	case ok && score > 0:
		return "mate " + strconv.Itoa((n+1)/2)
	case ok:
		return "mate -" + strconv.Itoa((n+1)/2)
	}
	return "cp " + strconv.Itoa(score)
}

// parseScore reads a score as scoreText writes it, "cp N" or "mate N",
// from the first two words. A cp beyond ±MaxEvaluation is clamped to it,
// but for the scores of an endgame table's win or loss without a distance
// (surakarta.IsTableWin, IsTableLoss), which the search gives; a
// mate to at most 500 moves (1000 plies), a score that still reads as a
// win or a loss (surakarta.PliesToEnd). mate 0, a game already over, is no
// score.
func parseScore(words []string) (int, bool) {
	if len(words) < 2 {
		return 0, false
	}
	n, err := strconv.ParseInt(words[1], 10, 64)
	if err != nil {
		return 0, false
	}
	switch words[0] {
	case "cp":
		if surakarta.IsTableWin(int(n)) || surakarta.IsTableLoss(int(n)) {
			return int(n), true
		}
		return int(min(max(n, -surakarta.MaxEvaluation), surakarta.MaxEvaluation)), true
	case "mate":
		moves := int(min(max(n, -500), 500))
		switch {
		case moves > 0:
			return surakarta.Win - (2*moves - 1), true
		case moves < 0:
			return -(surakarta.Win + 2*moves), true
		}
	}
	return 0, false
}

// bestMoveLine returns the bestmove line of m; NoMove is 0000.
func bestMoveLine(m surakarta.Move) string {
	if m == surakarta.NoMove {
		return "bestmove " + noMove
	}
	return "bestmove " + m.String()
}

// bestMovePonderLine returns the bestmove line of m with the reply the
// engine expects, ponder, as UCI engines write it: "bestmove M ponder P";
// without ponder when it is NoMove.
func bestMovePonderLine(m, ponder surakarta.Move) string {
	if m == surakarta.NoMove || ponder == surakarta.NoMove {
		return bestMoveLine(m)
	}
	return bestMoveLine(m) + " ponder " + ponder.String()
}

// parseBestMove reads the words of a bestmove line after bestmove: the
// move, NoMove for 0000, and the ponder move after "ponder", NoMove when
// there is none or it does not read (which is no fault of the line: a
// GUI only loses the chance to ponder).
func parseBestMove(fields []string) (m, ponder surakarta.Move, err error) {
	if len(fields) == 0 {
		return surakarta.NoMove, surakarta.NoMove, errors.New("bestmove without a move")
	}
	if fields[0] == noMove {
		return surakarta.NoMove, surakarta.NoMove, nil
	}
	m, err = surakarta.ParseMove(fields[0])
	if err != nil {
		return surakarta.NoMove, surakarta.NoMove, fmt.Errorf("bestmove: %w", err)
	}
	if len(fields) >= 3 && fields[1] == "ponder" {
		if p, err := surakarta.ParseMove(fields[2]); err == nil {
			ponder = p
		}
	}
	return m, ponder, nil
}

// The questions of query, and the word that answers them.
const (
	QueryGameOver = "gameover" // response true or false
	QueryP1Turn   = "p1turn"   // response true when player 1 (Black) is to move
	QueryResult   = "result"   // response p1win, p2win, draw, or none while the game goes on
)

// queryAnswer returns the answer to the query question about g: the word
// after response.
func queryAnswer(g *surakarta.Game, question string) (string, error) {
	o := g.Outcome()
	switch question {
	case QueryGameOver:
		return strconv.FormatBool(o.Over), nil
	case QueryP1Turn:
		return strconv.FormatBool(g.Position().SideToMove() == surakarta.Black), nil
	case QueryResult:
		switch {
		case !o.Over:
			return "none", nil
		case o.Draw:
			return "draw", nil
		case o.Winner == surakarta.Black:
			return "p1win", nil
		}
		return "p2win", nil
	}
	return "", fmt.Errorf("query: unknown question %q (want gameover, p1turn or result)", clip.Text(question))
}

// responseLine returns the answer to a query.
func responseLine(answer string) string { return "response " + answer }

// nodesPerSecond returns the speed of a search of nodes in elapsed, as the
// library's Info.NodesPerSecond gives it.
func nodesPerSecond(nodes int64, elapsed time.Duration) int64 {
	return int64(float64(nodes) / max(elapsed.Seconds(), 1e-9))
}

// The commands the server knows beyond those above, and the list of them
// all that its error for an unknown command gives.
const (
	cmdSetOption = "setoption"
	cmdPosition  = "position"
	cmdGo        = "go"
	cmdQuery     = "query"
	cmdBench     = "bench"
	cmdPerft     = "perft"
	cmdShow      = "show"
	cmdEval      = "eval"
)

// uciAliases are the words a chess user types first, read as the UGI
// commands they stand for: UCI's names, and Stockfish's d for show.
var uciAliases = map[string]string{
	cmdUCI:       cmdUGI,
	"ucinewgame": cmdNewGame,
	"d":          cmdShow,
}

// serverCommands are the commands of the server, in the order its error
// for an unknown command lists them.
var serverCommands = []string{cmdUGI, cmdIsReady, cmdSetOption, cmdNewGame, cmdPosition, cmdGo, cmdStop, cmdPonderHit, cmdQuery, cmdBench, cmdPerft, cmdShow, cmdEval, cmdQuit}

// benchLine returns bench's answer, in the form engine testing frameworks
// read: "<nodes> nodes <nps> nps".
func benchLine(nodes int64, elapsed time.Duration) string {
	return fmt.Sprintf("%d nodes %d nps", nodes, nodesPerSecond(nodes, elapsed))
}

// parseBenchLine reads bench's answer.
func parseBenchLine(line string) (nodes, nps int64, err error) {
	f := strings.Fields(line)
	if len(f) == 4 && f[1] == "nodes" && f[3] == "nps" {
		nodes, err1 := strconv.ParseInt(f[0], 10, 64)
		nps, err2 := strconv.ParseInt(f[2], 10, 64)
		if err1 == nil && err2 == nil && nodes >= 0 && nps >= 0 {
			return nodes, nps, nil
		}
	}
	return 0, 0, fmt.Errorf("bench: %q: want <nodes> nodes <nps> nps", clip.Text(line))
}

// perftMoveLine returns perft's line for a legal move of the position:
// the move and the leaves under it, "a2a3: 16".
func perftMoveLine(m surakarta.Move, leaves uint64) string {
	return m.String() + ": " + strconv.FormatUint(leaves, 10)
}

// perftTotalLine returns perft's last line, the leaves in all: "nodes 5382".
func perftTotalLine(leaves uint64) string { return "nodes " + strconv.FormatUint(leaves, 10) }

// perftStopped is the text of the info string line with which perft ends
// when stop cut it short, instead of its total.
const perftStopped = "perft stopped"

// parsePerftLine reads a line of perft's answer: a move's line, or the
// last line (total true, m NoMove).
func parsePerftLine(line string) (m surakarta.Move, leaves uint64, total bool, err error) {
	f := strings.Fields(line)
	if len(f) == 2 {
		leaves, err = strconv.ParseUint(f[1], 10, 64)
		if f[0] == "nodes" && err == nil {
			return surakarta.NoMove, leaves, true, nil
		}
		if text, ok := strings.CutSuffix(f[0], ":"); ok && err == nil {
			if m, err = surakarta.ParseMove(text); err == nil {
				return m, leaves, false, nil
			}
		}
	}
	return surakarta.NoMove, 0, false, fmt.Errorf("perft: %q: want MOVE: N or nodes N", clip.Text(line))
}

// showLines returns show's answer, the game for people as info string
// lines: the board, the position, the start and the moves, the rules and
// the outcome. With no game (g nil) they say why (noGame) instead of the
// board and the moves, and give the rules the next game will have. The
// last line starts "info string outcome ". People read it: no client
// does.
func showLines(g *surakarta.Game, rules surakarta.Rules, noGame error) []string {
	var lines []string
	outcome := "none"
	if g == nil {
		lines = append(lines, infoStringLine(noGame.Error()))
	} else {
		for l := range strings.SplitSeq(strings.TrimRight(g.Position().Diagram(), "\n"), "\n") {
			lines = append(lines, "info string "+l)
		}
		lines = append(lines,
			infoStringLine("position "+g.Position().String()),
			infoStringLine("start "+g.StartPosition().String()+" moves "+oneline.Moves(g.Moves())))
		rules, outcome = g.Rules(), g.Outcome().String()
	}
	return append(lines,
		fmt.Sprintf("info string rules QuietPlyLimit %d RepetitionLimit %d", rules.QuietPlyLimit, rules.RepetitionLimit),
		infoStringLine("outcome "+outcome))
}

// evalLine returns eval's answer for p, whose evaluation is score: the
// score as info lines write it, for the side to move, with the chances
// of a win, a draw and a loss that it gives.
func evalLine(p surakarta.Position, score int) string {
	w := surakarta.ScoreWDL(score, p.Count(surakarta.Black)+p.Count(surakarta.White))
	return fmt.Sprintf("info string eval score %s wdl %d %d %d for %v, to move (the evaluator's score, no search)", scoreText(score), w.Win, w.Draw, w.Loss, p.SideToMove())
}

// queryCommand returns the query command that asks question.
func queryCommand(question string) string { return "query " + question }

// parseQuery reads the arguments of query: the one word of its question.
func parseQuery(args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("query: want query gameover, p1turn or result")
	}
	return args[0], nil
}

// parseResponse reads the words of a response line after response: the
// one word of the answer.
func parseResponse(fields []string) (string, error) {
	if len(fields) != 1 {
		return "", fmt.Errorf("response %q: want one word", clip.Text(strings.Join(fields, " ")))
	}
	return fields[0], nil
}

// parseRefusal reads the words of an info line after info: the reason of
// a refused command when it is an error line, as errorLine writes it.
func parseRefusal(fields []string) (reason string, ok bool) {
	if len(fields) < 2 || fields[0] != "string" {
		return "", false
	}
	text := strings.Join(fields[1:], " ")
	if text == strings.TrimSpace(errorPrefix) {
		return "", true
	}
	return strings.CutPrefix(text, errorPrefix)
}

// The first words of the engine's lines, by which a client tells them
// apart.
const (
	ansID       = "id"
	ansOption   = "option"
	ansInfo     = "info"
	ansBestMove = "bestmove"
	ansResponse = "response"
)

// isAnswer reports whether word starts a line that answers a command:
// such a line that comes unasked is a fault, never an answer to a later
// command. Other lines, which UGI asks a client to ignore, are no
// answer.
func isAnswer(word string) bool {
	switch word {
	case ansID, ansOption, ansUGIOK, ansReadyOK, ansBestMove, ansResponse:
		return true
	}
	return false
}
