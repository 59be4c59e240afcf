package surakarta

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// Record is one game as stored in a record: its headers in order, and the
// game. Records are text in the spirit of PGN, readable by people, that
// round-trip a whole game exactly: MarshalText writes one, ParseRecord and
// ReadRecords read them back.
//
//	[Black "pvs,endgame"]
//	[White "alphabeta,sixfactor"]
//	[Date "2026-11-22"]
//	[TimeControl "100ms/move"]
//	[Rules "quiet=50 repetition=2"]
//	[Position "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1"]
//	[Result "1-0"]
//	[Reason "no pieces left"]
//
//	1. b2b3 e5e4 2. c2c3 f5f4 … 31. c3d4 1-0
//
// (The moves are elided here at "…"; a record holds them all.)
//
// # The record format
//
// A record is, line by line:
//
//  1. Header lines, one or more, each [Name "value"]. Name is a letter
//     followed by letters, digits or '_'; names are case-sensitive and each
//     occurs at most once. The value is UTF-8 text without control
//     characters, between double quotes, with " written \" and \ written \\
//     (no other escape).
//  2. A blank line.
//  3. The moves, on one or more lines, separated by spaces or line breaks
//     (MarshalText wraps them at 80 columns). Each move of Black is preceded
//     by its move number and a period, "7. a2a3"; a move of White is not,
//     unless it is the first move of the record, which then takes the number
//     and three periods, "7... a5b4", as in PGN. Moves are written as
//     ParseMove reads them (MarshalText writes the canonical "a2a3"); when
//     reading, "7..." may also precede any other move of White. The
//     moves end with the result, the same as the Result header, also when
//     there are no moves.
//  4. A blank line, or the end of the text, ends the record.
//
// Spaces, tabs and a carriage return at either end of a line are ignored, and
// a line holding nothing else is blank. Several records may follow one another
// in one text, separated by blank lines (ReadRecords reads them all,
// RecordScanner one at a time). A line holds at most MaxRecordLineBytes
// bytes, a record at most MaxRecordHeaders headers and MaxRecordPlies moves.
//
// Four headers are derived from Game, Result and Reason rather than kept in
// Headers; MarshalText writes them after the others, in this order:
//
//   - Rules: the game's Rules, "quiet=N repetition=M", QuietPlyLimit and
//     RepetitionLimit (0 = off; both keys, in any order, when read). When
//     absent, OlympiadRules.
//   - Position: the start position in the text of ParsePosition. When absent,
//     the standard start.
//   - Result (required): "1-0" Black won, "0-1" White won, "1/2-1/2" a draw,
//     "*" not finished. Black moves first in Surakarta, so Black's score comes
//     first.
//   - Reason: why the game ended; written only when not empty. For a game that
//     has ended it is the Outcome's Reason.String(): "no pieces left", "no
//     legal move", "quiet-ply limit" or "repetition" when the rules ended it,
//     "resignation", "draw by agreement" or "time forfeit" when the players
//     did (Game.Resign, AgreeDraw, ForfeitOnTime; reading such a record ends
//     its game the same way, the loser being the side the result says lost).
//     A game that has not ended may still have a decided result (a match may
//     stop it early); its Reason then says why, such as "adjudicated: move
//     limit".
//
// Reading a record replays its moves from the start position under the rules.
// A record that does not read is rejected with an error wrapping
// ErrInvalidRecord that names the line: for a syntax error ("line 12: bad move
// number \"8.\": …"), for a Result or Reason that the replayed game does not
// have, and, with the ply, for a move that is illegal or comes after the end of
// the game ("line 12: ply 7: b2e5: illegal move: …", which also wraps
// ErrIllegalMove or ErrGameOver). An error quotes at most 40 bytes of a
// line, so it stays short whatever the input.
type Record struct {
	// Headers are the headers in file order; Position, Rules, Result and
	// Reason are derived from Game and are not in Headers.
	Headers []Header
	// Game is the game: start position, rules and moves.
	Game *Game
	// Result and Reason as recorded. For a game whose Outcome is over they
	// must match it; for a game that is not over the result may be "*" or a
	// decided result with a Reason such as "adjudicated: move limit" (a
	// match may stop a game early).
	Result string
	Reason string
}

// Header is one header of a record: [Name "Value"].
type Header struct{ Name, Value string }

// The headers derived from a record's game, result and reason.
const (
	headerRules    = "Rules"
	headerPosition = "Position"
	headerResult   = "Result"
	headerReason   = "Reason"
)

// The results of a record.
const (
	resultBlackWins = "1-0"
	resultWhiteWins = "0-1"
	resultDraw      = "1/2-1/2"
	resultUnknown   = "*"
)

// recordLineWidth is the width MarshalText wraps the moves at.
const recordLineWidth = 80

// ResultString returns o.Result().
//
// Deprecated: use Outcome.Result.
func ResultString(o Outcome) string { return o.Result() }

// NewRecord returns a record of g with the given headers, and the result and
// reason of g's Outcome now: "*" and no reason while it is not over. The
// record refers to g itself, not a copy. Headers named Position, Rules, Result
// or Reason make MarshalText fail: those come from g and the record's fields.
func NewRecord(g *Game, headers ...Header) *Record {
	r := &Record{Headers: slices.Clone(headers), Game: g, Result: resultUnknown}
	if g != nil {
		if o := g.Outcome(); o.Over {
			r.Result, r.Reason = o.Result(), o.Reason.String()
		}
	}
	return r
}

// Header returns the value of the named header as MarshalText would write
// it, and whether the record has it. The derived headers Rules, Position,
// Result and Reason come from the game and the record's fields.
func (r *Record) Header(name string) (string, bool) {
	if r == nil {
		return "", false
	}
	switch name {
	case headerRules:
		if r.Game == nil {
			return "", false
		}
		return formatRules(r.Game.Rules()), true
	case headerPosition:
		if r.Game == nil {
			return "", false
		}
		return r.Game.StartPosition().String(), true
	case headerResult:
		return r.Result, r.Result != ""
	case headerReason:
		return r.Reason, r.Reason != ""
	}
	for _, h := range r.Headers {
		if h.Name == name {
			return h.Value, true
		}
	}
	return "", false
}

// MarshalText implements encoding.TextMarshaler: it writes the record in the
// format described at Record, ending with a blank line so that records can be
// concatenated. It fails with an error wrapping ErrInvalidRecord when the
// record has no game, a header name or value that cannot be written (or a
// derived one in Headers, or one twice), or a Result or Reason that does not
// match the game.
func (r *Record) MarshalText() ([]byte, error) {
	if err := r.validate(); err != nil {
		return nil, err
	}
	g := r.Game
	out := make([]byte, 0, 256+8*g.Ply())
	for _, h := range r.Headers {
		out = appendHeader(out, h.Name, h.Value)
	}
	out = appendHeader(out, headerRules, formatRules(g.Rules()))
	out = appendHeader(out, headerPosition, g.StartPosition().String())
	out = appendHeader(out, headerResult, r.Result)
	if r.Reason != "" {
		out = appendHeader(out, headerReason, r.Reason)
	}
	out = append(out, '\n')
	out = appendMoves(out, g, r.Result)
	return append(out, '\n'), nil
}

// WriteTo implements io.WriterTo: it writes the text of MarshalText to w and
// returns the number of bytes written.
func (r *Record) WriteTo(w io.Writer) (int64, error) {
	text, err := r.MarshalText()
	if err != nil {
		return 0, err
	}
	n, err := w.Write(text)
	return int64(n), err
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseRecord. On
// error r is unchanged.
func (r *Record) UnmarshalText(text []byte) error {
	parsed, err := ParseRecord(string(text))
	if err != nil {
		return err
	}
	*r = *parsed
	return nil
}

// ParseRecord reads exactly one record (blank lines around it are allowed)
// and replays its game. Errors wrap ErrInvalidRecord; see Record.
func ParseRecord(text string) (*Record, error) {
	src := newTextSource(text)
	r, err := readRecord(src)
	if err != nil {
		return nil, err
	}
	if r == nil {
		return nil, fmt.Errorf("%w: the text holds no record", ErrInvalidRecord)
	}
	src.skipBlank()
	if src.err != nil {
		return nil, src.err
	}
	if src.ok {
		return nil, lineError(src.num, "a second record starts here; ParseRecord reads one (ReadRecords reads all)")
	}
	return r, nil
}

// ReadRecords reads all the records of r, in order, and replays their games.
// At the first invalid record it returns the records before it and an error
// wrapping ErrInvalidRecord that names the line of the whole text; see
// Record. It holds every record; RecordScanner reads them one at a time.
func ReadRecords(r io.Reader) ([]*Record, error) {
	sc := NewRecordScanner(r)
	var records []*Record
	for sc.Scan() {
		records = append(records, sc.Record())
	}
	return records, sc.Err()
}

// validate reports why r cannot be written, if it cannot.
func (r *Record) validate() error {
	if r == nil || r.Game == nil {
		return fmt.Errorf("%w: the record has no game", ErrInvalidRecord)
	}
	for i, h := range r.Headers {
		if err := checkHeaderName(h.Name); err != nil {
			return fmt.Errorf("%w: header %d: %v", ErrInvalidRecord, i+1, err)
		}
		if isDerivedHeader(h.Name) {
			return fmt.Errorf("%w: header %d: %s comes from the record's game and fields, not from Headers", ErrInvalidRecord, i+1, h.Name)
		}
		for _, earlier := range r.Headers[:i] {
			if earlier.Name == h.Name {
				return fmt.Errorf("%w: header %d: %s occurs twice", ErrInvalidRecord, i+1, clip.Text(h.Name))
			}
		}
		if err := checkValue(h.Value); err != nil {
			return fmt.Errorf("%w: header %d: the value of %s %v", ErrInvalidRecord, i+1, clip.Text(h.Name), err)
		}
	}
	if err := checkValue(r.Reason); err != nil {
		return fmt.Errorf("%w: the Reason %v", ErrInvalidRecord, err)
	}
	if _, err := checkResult(r.Game, r.Result, r.Reason); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidRecord, err)
	}
	return nil
}

// isResult reports whether s is one of the four results.
func isResult(s string) bool {
	switch s {
	case resultBlackWins, resultWhiteWins, resultDraw, resultUnknown:
		return true
	}
	return false
}

// checkResult reports whether result and reason describe g: the outcome when
// the rules have ended it, and otherwise "*" or a decided result with a
// reason that is not one of the rules'. aboutReason tells whether the fault
// is the reason's.
func checkResult(g *Game, result, reason string) (aboutReason bool, err error) {
	if !isResult(result) {
		return false, fmt.Errorf("result %q is not 1-0, 0-1, 1/2-1/2 or *", clip.Text(result))
	}
	o := g.Outcome()
	if o.Over {
		if want := o.Result(); result != want {
			return false, fmt.Errorf("result %s does not match the replayed game: %v, so the result is %s", result, o, want)
		}
		if want := o.Reason.String(); reason != want {
			return true, fmt.Errorf("reason %q does not match the replayed game: %v, so the reason is %q", clip.Text(reason), o, want)
		}
		return false, nil
	}
	for r := NoPieces; r <= TimeForfeit; r++ {
		if reason == r.String() {
			return true, fmt.Errorf("reason %q does not match the replayed game: it has not ended that way", clip.Text(reason))
		}
	}
	if result != resultUnknown && reason == "" {
		return true, fmt.Errorf("result %s for a game the rules have not ended needs a Reason saying why it was stopped", result)
	}
	return false, nil
}

// isDerivedHeader reports whether name is one of the headers derived from the
// record's game and fields.
func isDerivedHeader(name string) bool {
	switch name {
	case headerRules, headerPosition, headerResult, headerReason:
		return true
	}
	return false
}

// checkHeaderName reports whether name can be a header's name: a letter, then
// letters, digits or '_', and not a derived header's name in another case.
func checkHeaderName(name string) error {
	if name == "" {
		return errors.New("the name is empty")
	}
	for i := 0; i < len(name); i++ {
		if !isNameByte(name[i], i == 0) {
			return fmt.Errorf("name %q: want a letter, then letters, digits or '_'", clip.Text(name))
		}
	}
	for _, derived := range [...]string{headerRules, headerPosition, headerResult, headerReason} {
		if name != derived && strings.EqualFold(name, derived) {
			return fmt.Errorf("name %s: header names are case-sensitive, write %s", name, derived)
		}
	}
	return nil
}

// isNameByte reports whether c may stand in a header name, first or later.
func isNameByte(c byte, first bool) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		return true
	case '0' <= c && c <= '9', c == '_':
		return !first
	}
	return false
}

// checkValue reports whether s can be a header value: UTF-8 text without
// control characters. The error completes a sentence "the value … ".
func checkValue(s string) error {
	if !utf8.ValidString(s) {
		return errors.New("is not valid UTF-8")
	}
	for _, c := range s {
		if unicode.IsControl(c) {
			return fmt.Errorf("holds the control character %U", c)
		}
	}
	return nil
}

// appendHeader appends the header line [name "value"], escaping '"' and '\'.
func appendHeader(out []byte, name, value string) []byte {
	out = append(out, '[')
	out = append(out, name...)
	out = append(out, ' ', '"')
	for i := 0; i < len(value); i++ {
		if value[i] == '"' || value[i] == '\\' {
			out = append(out, '\\')
		}
		out = append(out, value[i])
	}
	return append(out, '"', ']', '\n')
}

// appendMoves appends the moves of g with their move numbers, then result,
// wrapped at recordLineWidth, and a line break.
func appendMoves(out []byte, g *Game, result string) []byte {
	lineStart := len(out)
	add := func(unit string) {
		if len(out) > lineStart {
			if len(out)-lineStart+1+len(unit) > recordLineWidth {
				out = append(out, '\n')
				lineStart = len(out)
			} else {
				out = append(out, ' ')
			}
		}
		out = append(out, unit...)
	}
	positions := g.Positions()
	for i, m := range g.Moves() {
		p := &positions[i]
		switch {
		case p.SideToMove() == Black:
			add(strconv.Itoa(p.MoveNumber()) + ". " + m.String())
		case i == 0:
			add(strconv.Itoa(p.MoveNumber()) + "... " + m.String())
		default:
			add(m.String())
		}
	}
	add(result)
	return append(out, '\n')
}

// formatRules returns the text of the Rules header for rules.
func formatRules(rules Rules) string {
	return "quiet=" + strconv.Itoa(rules.QuietPlyLimit) + " repetition=" + strconv.Itoa(rules.RepetitionLimit)
}

// parseRules parses the text of the Rules header: "quiet=N repetition=M" in
// either order.
func parseRules(text string) (Rules, error) {
	var rules Rules
	var haveQuiet, haveRepetition bool
	for _, field := range strings.FieldsFunc(text, isRecordSpace) {
		key, value, _ := strings.Cut(field, "=")
		n, ok := parseCount(value)
		if !ok {
			return Rules{}, fmt.Errorf("%q: want a number 0…%d after %s=", clip.Text(field), MaxCounter, clip.Text(key))
		}
		switch {
		case key == "quiet" && !haveQuiet:
			rules.QuietPlyLimit, haveQuiet = n, true
		case key == "repetition" && !haveRepetition:
			rules.RepetitionLimit, haveRepetition = n, true
		default:
			return Rules{}, fmt.Errorf("%q: want quiet=N and repetition=M, once each", clip.Text(field))
		}
	}
	if !haveQuiet || !haveRepetition {
		return Rules{}, fmt.Errorf("%q: want quiet=N repetition=M (0 = off)", clip.Text(text))
	}
	if err := rules.Validate(); err != nil {
		return Rules{}, err
	}
	return rules, nil
}

// parseCount parses a decimal number 0…MaxCounter written with digits only.
func parseCount(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, n <= MaxCounter
}

// isRecordSpace reports whether c separates the words of a line.
func isRecordSpace(c rune) bool { return c == ' ' || c == '\t' }

// lineError returns an error wrapping ErrInvalidRecord about line n (from 1).
func lineError(n int, format string, args ...any) error {
	return fmt.Errorf("%w: line %d: %s", ErrInvalidRecord, n, fmt.Sprintf(format, args...))
}

// The limits of a record. ParseRecord, ReadRecords and RecordScanner
// refuse a record beyond them with an error wrapping ErrInvalidRecord that
// names the line, having read no more of the input than the limit allows,
// so that a huge or endless input takes bounded memory and gives a short
// error.
const (
	// MaxRecordLineBytes bounds the length of a line, without its line
	// break: a header with its value, or a line of moves (MarshalText
	// writes at most 80 bytes).
	MaxRecordLineBytes = 64 << 10
	// MaxRecordHeaders bounds the number of headers of one record.
	MaxRecordHeaders = 100
	// MaxRecordPlies bounds the number of moves of one record.
	MaxRecordPlies = 1_000_000
)

// lineSource gives the lines of a text or a reader one at a time, trimmed
// of spaces, tabs and '\r' at either end: the lines of strings.Split(text,
// "\n"), so the last one is empty when the text ends with a line break.
type lineSource struct {
	text string        // the input, when it is a string
	pos  int           // where the next line of text starts; len(text)+1 when there is none
	br   *bufio.Reader // the input, when it is a reader
	over bool          // br has given its last line

	line  string // the current line
	ok    bool   // there is a current line: not at the end, and no error
	num   int    // the number of the current line, from 1; one past the last line at the end
	start int64  // the offset of the current line; at the end, the length of the input
	end   int64  // the offset just past the current line and its line break
	err   error  // why the lines stopped early: a line too long, or a read error
}

func newTextSource(text string) *lineSource {
	src := &lineSource{text: text}
	src.advance()
	return src
}

func newReaderSource(r io.Reader) *lineSource {
	src := &lineSource{br: bufio.NewReaderSize(r, MaxRecordLineBytes+2)}
	src.advance()
	return src
}

// advance moves to the next line.
func (src *lineSource) advance() {
	if !src.ok && src.num > 0 {
		return // at the end already, or stopped by an error
	}
	src.num++
	src.start = src.end
	raw, ok := src.next()
	if !ok {
		src.ok, src.line = false, ""
		return
	}
	src.end += int64(len(raw))
	raw = strings.TrimSuffix(strings.TrimSuffix(raw, "\n"), "\r")
	if len(raw) > MaxRecordLineBytes {
		src.fail(tooLong(src.num, raw))
		return
	}
	if src.num == 1 {
		raw = strings.TrimPrefix(raw, "\ufeff")
	}
	src.line, src.ok = strings.Trim(raw, " \t\r"), true
}

// tooLong is the error for line n, too long, which starts with start.
func tooLong(n int, start string) error {
	return lineError(n, "%q is longer than %d bytes, the most a line of a record may hold (MaxRecordLineBytes)", clip.Text(start), MaxRecordLineBytes)
}

// next returns the next raw line with its line break, if it has one.
func (src *lineSource) next() (string, bool) {
	if src.br == nil {
		if src.pos > len(src.text) {
			return "", false
		}
		rest := src.text[src.pos:]
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			rest = rest[:i+1]
		} else {
			src.pos++ // the last line: nothing follows it
		}
		src.pos += len(rest)
		return rest, true
	}
	if src.over {
		return "", false
	}
	data, err := src.br.ReadSlice('\n')
	switch {
	case err == nil:
		return string(data), true
	case err == io.EOF:
		src.over = true
		return string(data), true
	case errors.Is(err, bufio.ErrBufferFull):
		src.fail(tooLong(src.num, string(data[:min(len(data), 64)])))
	default:
		src.fail(fmt.Errorf("reading records: line %d: %w", src.num, err))
	}
	return "", false
}

// fail stops the lines with err.
func (src *lineSource) fail(err error) {
	src.ok, src.line, src.err = false, "", err
}

// skipBlank skips blank lines.
func (src *lineSource) skipBlank() {
	for src.ok && src.line == "" {
		src.advance()
	}
}

// RecordScanner reads records one after another from a reader, holding
// one at a time, as bufio.Scanner reads lines: call Scan until it returns
// false, take each record with Record, then check Err. Its memory is what
// one record needs, however long the input; the limits of a record
// (MaxRecordLineBytes, MaxRecordHeaders, MaxRecordPlies) bound that.
//
//	sc := surakarta.NewRecordScanner(f)
//	for sc.Scan() {
//		rec := sc.Record()
//		…
//	}
//	if err := sc.Err(); err != nil {
//		…
//	}
type RecordScanner struct {
	src    *lineSource
	rec    *Record
	err    error
	done   bool
	offset int64
}

// NewRecordScanner returns a scanner that reads records from r. It reads
// r in blocks of MaxRecordLineBytes and a little more.
func NewRecordScanner(r io.Reader) *RecordScanner {
	return &RecordScanner{src: newReaderSource(r)}
}

// Scan reads the next record and replays its game. It returns false at the
// end of the input or at the first error, which Err then returns; after
// that it keeps returning false.
func (s *RecordScanner) Scan() bool {
	s.rec = nil
	if s.done {
		return false
	}
	rec, err := readRecord(s.src)
	if err != nil || rec == nil {
		s.err, s.done = err, true
		return false
	}
	s.rec, s.offset = rec, s.src.start
	return true
}

// Record returns the record read by the last Scan that returned true, and
// nil after one that returned false. Each record is new: the caller may
// keep it.
func (s *RecordScanner) Record() *Record { return s.rec }

// Err returns the error that stopped Scan, or nil at the end of the input.
// A record that does not read gives an error wrapping ErrInvalidRecord
// that names the line, counted from the start of the input (see Record);
// a failing reader gives its error, wrapped.
func (s *RecordScanner) Err() error { return s.err }

// Offset returns the number of bytes of the input up to the end of the
// last record that Scan returned, the line break of its last line
// included: where that record ends, and so the earliest a record that
// follows it can start (only blank lines may come between). It is 0
// before the first record.
func (s *RecordScanner) Offset() int64 { return s.offset }

// readRecord reads the next record, skipping blank lines before it, and
// returns nil at the end of the text.
func readRecord(src *lineSource) (*Record, error) {
	r, err := readRecordLines(src)
	if src.err != nil {
		// The lines stopped early, within the record or just after it:
		// that is the fault, whatever the record's reading made of it.
		return nil, src.err
	}
	return r, err
}

// readRecordLines reads the next record from src; see readRecord.
func readRecordLines(src *lineSource) (*Record, error) {
	src.skipBlank()
	if !src.ok {
		return nil, nil
	}
	if src.line[0] != '[' {
		return nil, lineError(src.num, "want a header line [Name \"value\"] to start a record, found %q", clip.Text(src.line))
	}

	// The headers.
	r := &Record{}
	start, rules := NewPosition(), OlympiadRules()
	seen := map[string]int{} // header name → its line
	for ; src.ok && strings.HasPrefix(src.line, "["); src.advance() {
		n := src.num
		if len(seen) == MaxRecordHeaders {
			return nil, lineError(n, "more than %d headers, the most a record may have (MaxRecordHeaders)", MaxRecordHeaders)
		}
		name, value, err := parseHeaderLine(src.line)
		if err != nil {
			return nil, lineError(n, "%v", err)
		}
		if earlier, ok := seen[name]; ok {
			return nil, lineError(n, "header %s occurs twice (also on line %d)", clip.Text(name), earlier)
		}
		seen[name] = n
		switch name {
		case headerPosition:
			if start, err = ParsePosition(value); err != nil {
				return nil, fmt.Errorf("%w: line %d: Position: %w", ErrInvalidRecord, n, err)
			}
		case headerRules:
			if rules, err = parseRules(value); err != nil {
				return nil, fmt.Errorf("%w: line %d: Rules: %w", ErrInvalidRecord, n, err)
			}
		case headerResult:
			if !isResult(value) {
				return nil, lineError(n, "Result %q is not 1-0, 0-1, 1/2-1/2 or *", clip.Text(value))
			}
			r.Result = value
		case headerReason:
			r.Reason = value
		default:
			r.Headers = append(r.Headers, Header{Name: name, Value: value})
		}
	}
	switch {
	case !src.ok:
		return nil, lineError(src.num-1, "the text ends after the headers: want a blank line, then the moves and the result")
	case src.line != "":
		return nil, lineError(src.num, "missing blank line between the headers and the moves")
	}
	if _, ok := seen[headerResult]; !ok {
		return nil, lineError(src.num, "the headers end without a Result header")
	}
	src.skipBlank()
	switch {
	case !src.ok:
		return nil, lineError(src.num-1, "the text ends before the moves: a record ends with its moves and the result %s", r.Result)
	case src.line[0] == '[':
		return nil, lineError(src.num, "want the moves and the result %s after the headers, found a header line", r.Result)
	}

	// The moves.
	g, err := NewGameWithRules(start, rules)
	if err != nil { // parseRules has validated the rules
		return nil, fmt.Errorf("%w: %w", ErrInvalidRecord, err)
	}
	r.Game = g
	ended := false // the result has been read
	numbered := "" // the move number just read, awaiting its move
	last := src.num
	for ; src.ok && src.line != ""; src.advance() {
		n := src.num
		last = n
		if src.line[0] == '[' {
			return nil, lineError(n, "missing blank line between the moves and the next record")
		}
		for _, token := range strings.FieldsFunc(src.line, isRecordSpace) {
			if ended {
				return nil, lineError(n, "%q after the result: a blank line must end the record", clip.Text(token))
			}
			if isResult(token) {
				if numbered != "" {
					return nil, lineError(n, "bad move number %q: no move follows it", clip.Text(numbered))
				}
				if token != r.Result {
					return nil, lineError(n, "the moves end with %s, but the Result header says %s", token, r.Result)
				}
				ended = true
				continue
			}
			p := g.Position()
			if c := token[0]; '0' <= c && c <= '9' {
				if numbered != "" {
					return nil, lineError(n, "bad move number %q: it follows %q, not a move", clip.Text(token), clip.Text(numbered))
				}
				number, rest, err := splitMoveNumber(token, &p)
				if err != nil {
					return nil, lineError(n, "bad move number %q: %v", clip.Text(token), err)
				}
				numbered = number
				if rest == "" {
					continue
				}
				token = rest
			}
			if numbered == "" {
				switch {
				case p.SideToMove() == Black:
					return nil, lineError(n, "missing move number before %q: Black is to move, so write \"%d. %s\"", clip.Text(token), p.MoveNumber(), clip.Text(token))
				case g.Ply() == 0:
					return nil, lineError(n, "missing move number before %q: the record starts with White to move, so write \"%d... %s\"", clip.Text(token), p.MoveNumber(), clip.Text(token))
				}
			}
			numbered = ""
			m, err := ParseMove(token)
			if err != nil {
				return nil, fmt.Errorf("%w: line %d: malformed move %q: %w", ErrInvalidRecord, n, clip.Text(token), err)
			}
			if g.Ply() == MaxRecordPlies {
				return nil, lineError(n, "more than %d moves, the most a record may hold (MaxRecordPlies)", MaxRecordPlies)
			}
			if err := g.Play(m); err != nil {
				return nil, fmt.Errorf("%w: line %d: ply %d: %v: %w", ErrInvalidRecord, n, g.Ply()+1, m, err)
			}
		}
	}
	if !ended {
		if numbered != "" {
			return nil, lineError(last, "bad move number %q: no move follows it", clip.Text(numbered))
		}
		return nil, lineError(last, "the moves do not end with the result %s", r.Result)
	}
	if err := declareFromRecord(g, r.Result, r.Reason); err != nil {
		return nil, lineError(seen[headerReason], "%v", err)
	}
	if aboutReason, err := checkResult(g, r.Result, r.Reason); err != nil {
		line, ok := seen[headerReason]
		if !aboutReason || !ok {
			line = seen[headerResult]
		}
		return nil, lineError(line, "%v", err)
	}
	return r, nil
}

// declareFromRecord ends g as a record whose reason is an end declared by
// the players (resignation, draw by agreement, time forfeit) says, the
// winner taken from the result. Other reasons leave g as it is.
func declareFromRecord(g *Game, result, reason string) error {
	var loser Color
	switch result {
	case resultBlackWins:
		loser = White
	case resultWhiteWins:
		loser = Black
	}
	decisive := result == resultBlackWins || result == resultWhiteWins
	var err error
	switch reason {
	case Resignation.String(), TimeForfeit.String():
		if !decisive {
			return fmt.Errorf("reason %q needs a result 1-0 or 0-1, not %s", reason, result)
		}
		if reason == Resignation.String() {
			err = g.Resign(loser)
		} else {
			err = g.ForfeitOnTime(loser)
		}
	case DrawAgreement.String():
		if result != resultDraw {
			return fmt.Errorf("reason %q needs the result 1/2-1/2, not %s", reason, result)
		}
		err = g.AgreeDraw()
	}
	if err != nil {
		return fmt.Errorf("reason %q: %v", reason, err)
	}
	return nil
}

// splitMoveNumber splits a token that starts with a digit into its move
// number, which must be that of p ("7." with Black to move, "7..." with
// White), and the rest, a move written without a space or "".
func splitMoveNumber(token string, p *Position) (number, rest string, err error) {
	digits := 0
	for digits < len(token) && '0' <= token[digits] && token[digits] <= '9' {
		digits++
	}
	dots := 0
	for digits+dots < len(token) && token[digits+dots] == '.' {
		dots++
	}
	number, rest = token[:digits+dots], token[digits+dots:]
	want, wantDots := strconv.Itoa(p.MoveNumber())+".", 1
	if p.SideToMove() == White {
		want, wantDots = want+"..", 3
	}
	n, ok := parseCount(token[:digits])
	switch {
	case dots != 1 && dots != 3:
		return "", "", fmt.Errorf("want a number and \".\" before a move of Black, or \"...\" before White's first, such as %q", want)
	case !ok || n != p.MoveNumber():
		return "", "", fmt.Errorf("this is move %d, so write %q", p.MoveNumber(), want)
	case dots != wantDots:
		return "", "", fmt.Errorf("%v is to move, so write %q", p.SideToMove(), want)
	}
	return number, rest, nil
}

// parseHeaderLine parses a header line [Name "value"], undoing the escapes
// \" and \\ of the value.
func parseHeaderLine(line string) (name, value string, err error) {
	i := 1
	for i < len(line) && isNameByte(line[i], i == 1) {
		i++
	}
	name = line[1:i]
	if name == "" {
		return "", "", fmt.Errorf("bad header line %q: want [Name \"value\"], Name a letter then letters, digits or '_'", clip.Text(line))
	}
	if err := checkHeaderName(name); err != nil {
		return "", "", fmt.Errorf("bad header line: %v", err)
	}
	j := i
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if j == i || j == len(line) || line[j] != '"' {
		return "", "", fmt.Errorf("bad header line %q: want [%s \"value\"]", clip.Text(line), clip.Text(name))
	}
	var sb strings.Builder
	k := j + 1
	for {
		if k >= len(line) {
			return "", "", fmt.Errorf("unterminated quote in the value of %s", clip.Text(name))
		}
		c := line[k]
		if c == '"' {
			break
		}
		if c == '\\' {
			if k+1 == len(line) {
				return "", "", fmt.Errorf("unterminated quote in the value of %s", clip.Text(name))
			}
			if e := line[k+1]; e != '"' && e != '\\' {
				return "", "", fmt.Errorf("unknown escape %q in the value of %s: only \\\" and \\\\", line[k:k+2], clip.Text(name))
			}
			k++
			c = line[k]
		}
		sb.WriteByte(c)
		k++
	}
	if rest := strings.TrimLeft(line[k+1:], " \t"); rest != "]" {
		return "", "", fmt.Errorf("bad header line: want ] after the value of %s, found %q", clip.Text(name), clip.Text(rest))
	}
	value = sb.String()
	if err := checkValue(value); err != nil {
		return "", "", fmt.Errorf("the value of %s %v", clip.Text(name), err)
	}
	return name, value, nil
}
