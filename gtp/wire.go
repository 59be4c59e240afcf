package gtp

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta/internal/oneline"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// The wire format. Each command and answer has here the one function that
// writes it and the one that reads it; the Server and the Client use
// nothing else, so that they cannot disagree.

// The commands the server knows, in the order list_commands gives them.
const (
	cmdProtocolVersion = "protocol_version"
	cmdName            = "name"
	cmdVersion         = "version"
	cmdKnownCommand    = "known_command"
	cmdListCommands    = "list_commands"
	cmdQuit            = "quit"
	cmdBoardSize       = "boardsize"
	cmdClearBoard      = "clear_board"
	cmdKomi            = "komi"
	cmdPlay            = "play"
	cmdGenMove         = "genmove"
	cmdUndo            = "undo"
	cmdShowBoard       = "showboard"
	cmdFinalScore      = "final_score"
	cmdTimeSettings    = "time_settings"
	cmdTimeLeft        = "time_left"
	cmdPosition        = "surakarta-position"
	cmdSetOption       = "surakarta-setoption"
	cmdLegalMoves      = "surakarta-legal_moves"
	cmdOutcome         = "surakarta-outcome"
	// cmdClearCache clears the searcher's table and history, keeping the
	// game: the name Leela Zero and KataGo give the command.
	cmdClearCache = "clear_cache"
)

// commands lists the commands of the server.
var commands = []string{
	cmdProtocolVersion, cmdName, cmdVersion, cmdKnownCommand, cmdListCommands, cmdQuit,
	cmdBoardSize, cmdClearBoard, cmdKomi, cmdPlay, cmdGenMove, cmdUndo, cmdShowBoard,
	cmdFinalScore, cmdTimeSettings, cmdTimeLeft,
	cmdPosition, cmdSetOption, cmdLegalMoves, cmdOutcome, cmdClearCache,
}

// ErrRefused is wrapped by the error of a command that the engine answered
// with "?": it refused the command, and says why in the error.
var ErrRefused = errors.New("gtp: refused")

// commandLine returns the line of a command: its name and arguments,
// separated by spaces. The client sends no ids.
func commandLine(name string, args ...string) string {
	return strings.Join(append([]string{name}, args...), " ")
}

// parseCommand reads a line of input after GTP's preprocessing (clean):
// an optional id, a whole number, then the command's name and arguments.
// It reports false for a line that holds nothing.
func parseCommand(line string) (id, name string, args []string, ok bool) {
	fields := strings.Fields(clean(line))
	if len(fields) == 0 {
		return "", "", nil, false
	}
	if _, err := strconv.ParseUint(fields[0], 10, 64); err == nil {
		id, fields = fields[0], fields[1:]
	}
	if len(fields) == 0 {
		return id, "", nil, true // an id alone: a missing command
	}
	return id, fields[0], fields[1:], true
}

// clean applies GTP's preprocessing to a line: control characters other
// than tab are removed, tabs become spaces, and a comment from # on is
// cut.
func clean(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 32 || r == 127:
			return -1
		}
		return r
	}, line)
}

// answerLines returns the lines of the answer to the command numbered id
// (or not numbered, id ""): "=id result" when err is nil, else "?id" and
// the error on one line; then the empty line that ends every answer. A
// result of several lines keeps them, less its empty lines, which would
// end the answer early; a result that starts with a line break starts on
// the line after "=".
func answerLines(id, result string, err error) []string {
	if err != nil {
		return []string{"?" + id + " " + oneline.Text(err.Error()), ""}
	}
	out := []string{"=" + id}
	for i, line := range strings.Split(result, "\n") {
		switch {
		case strings.TrimSpace(line) == "":
		case i == 0:
			out[0] += " " + line
		default:
			out = append(out, line)
		}
	}
	return append(out, "")
}

// parseAnswer reads an answer, the lines up to (not including) the empty
// line that ends it: the result after "=" and the id, or, after "?", an
// error wrapping ErrRefused. An answer that starts with neither is an
// error of its own.
func parseAnswer(lines []string) (string, error) {
	if len(lines) == 0 || lines[0] == "" || (lines[0][0] != '=' && lines[0][0] != '?') {
		first := ""
		if len(lines) > 0 {
			first = lines[0]
		}
		return "", fmt.Errorf("gtp: the answer %q starts with neither = nor ?", clip.Text(first))
	}
	text := strings.Join(lines, "\n")
	sign, rest := text[0], text[1:]
	// The id, if any, is the digits after the sign.
	rest = strings.TrimLeft(rest, "0123456789")
	result := strings.TrimSpace(rest)
	if sign == '?' {
		return "", fmt.Errorf("%w: %s", ErrRefused, clip.To(result, 200))
	}
	return result, nil
}

// colorArg returns the GTP name of a colour, as the client writes it.
func colorArg(c surakarta.Color) string {
	if c == surakarta.White {
		return "w"
	}
	return "b"
}

// parseColor reads a GTP colour: b, w, black or white in any letter case.
func parseColor(arg string) (surakarta.Color, error) {
	c, err := surakarta.ParseColor(arg)
	if err != nil {
		return 0, fmt.Errorf("%w: invalid color %q", errSyntax, clip.Text(arg))
	}
	return c, nil
}

// timeSettingsArgs returns the arguments of time_settings: main time,
// byo-yomi time, in whole seconds rounded down, and byo-yomi stones.
func timeSettingsArgs(main, byoYomi time.Duration, stones int) []string {
	return []string{seconds(main), seconds(byoYomi), strconv.Itoa(stones)}
}

// parseTimeSettings reads the arguments of time_settings.
func parseTimeSettings(args []string) (main, byoYomi time.Duration, stones int, err error) {
	n, err := wholeNumbers(args, 3)
	if err != nil {
		return 0, 0, 0, err
	}
	return time.Duration(n[0]) * time.Second, time.Duration(n[1]) * time.Second, n[2], nil
}

// timeLeftArgs returns the arguments of time_left: the colour, its time
// left in whole seconds rounded down, and the stones (moves) left in the
// period, 0 in the main time.
func timeLeftArgs(c surakarta.Color, left time.Duration, stones int) []string {
	return []string{colorArg(c), seconds(left), strconv.Itoa(stones)}
}

// parseTimeLeft reads the arguments of time_left.
func parseTimeLeft(args []string) (c surakarta.Color, left time.Duration, stones int, err error) {
	if len(args) != 3 {
		return 0, 0, 0, fmt.Errorf("%w: want time_left COLOR TIME STONES", errSyntax)
	}
	if c, err = parseColor(args[0]); err != nil {
		return 0, 0, 0, err
	}
	n, err := wholeNumbers(args[1:], 2)
	if err != nil {
		return 0, 0, 0, err
	}
	return c, time.Duration(n[0]) * time.Second, n[1], nil
}

// maxNumber is the largest number time_settings and time_left take: a
// million seconds, 11 days.
const maxNumber = 1_000_000

// wholeNumbers reads want whole numbers from 0 to maxNumber.
func wholeNumbers(args []string, want int) ([]int, error) {
	if len(args) != want {
		return nil, errSyntax
	}
	n := make([]int, want)
	for i, a := range args {
		v, err := strconv.Atoi(a)
		if err != nil || v < 0 || v > maxNumber {
			return nil, errSyntax
		}
		n[i] = v
	}
	return n, nil
}

// seconds returns d in whole seconds, rounded down, at most maxNumber.
func seconds(d time.Duration) string {
	return strconv.FormatInt(min(max(int64(d/time.Second), 0), maxNumber), 10)
}

// finalScore is final_score's answer for a finished game: the winner's
// colour and its margin in pieces ("B+3", "W+1"), or "0" for a draw.
func finalScore(g *surakarta.Game) (string, error) {
	o := g.Outcome()
	if !o.Over {
		return "", errors.New("cannot score: the game is not over")
	}
	if o.Draw {
		return "0", nil
	}
	p := g.Position()
	margin := p.Count(o.Winner) - p.Count(o.Winner.Other())
	letter := "B"
	if o.Winner == surakarta.White {
		letter = "W"
	}
	return fmt.Sprintf("%s+%d", letter, margin), nil
}

// parseFinalScore reads final_score's answer: the winner, or a draw.
func parseFinalScore(answer string) (winner surakarta.Color, draw bool, err error) {
	switch {
	case answer == "0":
		return 0, true, nil
	case strings.HasPrefix(answer, "B+"):
		return surakarta.Black, false, nil
	case strings.HasPrefix(answer, "W+"):
		return surakarta.White, false, nil
	}
	return 0, false, fmt.Errorf("gtp: final_score %q: want B+n, W+n or 0", clip.Text(answer))
}

// protocolVersion is the answer to protocol_version.
const protocolVersion = "2"

// The errors of GTP's own texts, which controllers may match.
var (
	errSyntax         = errors.New("syntax error")
	errUnacceptable   = errors.New("unacceptable size")
	errUnknownCommand = errors.New("unknown command")
	errMissingCommand = errors.New("missing command")
	errCannotUndo     = errors.New("cannot undo")
)

// positionArgs returns the arguments of surakarta-position for a game from
// start with moves played: the position text, then moves and the moves
// if there are any.
func positionArgs(start surakarta.Position, moves []surakarta.Move) []string {
	args := strings.Fields(start.String())
	if len(moves) > 0 {
		args = append(args, "moves")
		for _, m := range moves {
			args = append(args, m.String())
		}
	}
	return args
}

// parsePositionArgs reads the arguments of surakarta-position: a position
// text, then optionally moves (in any letter case) and the moves. The
// moves are read as ParseMove reads them, not played.
func parsePositionArgs(args []string) (start surakarta.Position, moves []surakarta.Move, err error) {
	n := slices.IndexFunc(args, func(a string) bool { return strings.EqualFold(a, "moves") })
	if n < 0 {
		n = len(args)
	}
	if n == 0 {
		return start, nil, errors.New("position: the position text is missing")
	}
	if start, err = surakarta.ParsePosition(strings.Join(args[:n], " ")); err != nil {
		return start, nil, fmt.Errorf("position: %w", err)
	}
	for i, text := range args[min(n+1, len(args)):] {
		m, err := surakarta.ParseMove(text)
		if err != nil {
			return start, nil, fmt.Errorf("position: move %d: %w", i+1, err)
		}
		moves = append(moves, m)
	}
	return start, moves, nil
}

// showBoard is showboard's answer, for people: the board on the lines
// after "=", then the side to move, the move number, the quiet plies and
// the outcome.
func showBoard(g *surakarta.Game) string {
	p := g.Position()
	return fmt.Sprintf("\n%s%v to move, move %d, %d quiet plies; %v", p.Diagram(), p.SideToMove(), p.MoveNumber(), p.QuietPlies(), g.Outcome())
}

// moveAnswer returns genmove's answer: the move in the library's
// notation.
func moveAnswer(m surakarta.Move) string { return m.String() }

// parseMoveAnswer reads genmove's answer: a move in the library's
// notation, in any letter case. pass and resign, which Surakarta does not
// have, do not read.
func parseMoveAnswer(answer string) (surakarta.Move, error) {
	m, err := surakarta.ParseMove(strings.TrimSpace(answer))
	if err != nil {
		return surakarta.NoMove, fmt.Errorf("the move %q does not read: %w", clip.Text(answer), err)
	}
	return m, nil
}
