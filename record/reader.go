package record

import (
	"fmt"
	"github.com/surakarta-go/surakarta"
	"io"
	"strings"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// UnmarshalText implements encoding.TextUnmarshaler with Parse. On
// error r is unchanged.
func (r *Record) UnmarshalText(text []byte) error {
	parsed, err := Parse(string(text))
	if err != nil {
		return err
	}
	*r = *parsed
	return nil
}

// Parse reads exactly one record (blank lines around it are allowed)
// and replays its game. Errors wrap ErrInvalid; see Record.
func Parse(text string) (*Record, error) {
	src := newTextSource(text)
	r, err := readRecord(src)
	if err != nil {
		return nil, err
	}
	if r == nil {
		return nil, fmt.Errorf("%w: the text holds no record", ErrInvalid)
	}
	src.skipBlank()
	if src.err != nil {
		return nil, src.err
	}
	if src.ok {
		return nil, lineError(src.num, "a second record starts here; Parse reads one (ReadAll reads all)")
	}
	return r, nil
}

// ReadAll reads all the records of r, in order, and replays their games.
// At the first invalid record it returns the records before it and an error
// wrapping ErrInvalid that names the line of the whole text; see
// Record. It holds every record; Scanner reads them one at a time.
func ReadAll(r io.Reader) ([]*Record, error) {
	sc := NewScanner(r)
	var records []*Record
	for sc.Scan() {
		records = append(records, sc.Record())
	}
	return records, sc.Err()
}

// Scanner reads records one after another from a reader, holding
// one at a time, as bufio.Scanner reads lines: call Scan until it returns
// false, take each record with Record, then check Err. Its memory is what
// one record needs, however long the input; the limits of a record
// (MaxLineBytes, MaxHeaders, MaxPlies,
// MaxCommentBytes) bound that.
//
//	sc := record.NewScanner(f)
//	for sc.Scan() {
//		rec := sc.Record()
//		…
//	}
//	if err := sc.Err(); err != nil {
//		…
//	}
type Scanner struct {
	src    *lineSource
	rec    *Record
	err    error
	done   bool
	offset int64
}

// NewScanner returns a scanner that reads records from r. It reads
// r in blocks of MaxLineBytes and a little more.
func NewScanner(r io.Reader) *Scanner {
	return &Scanner{src: newReaderSource(r)}
}

// Scan reads the next record and replays its game. It returns false at the
// end of the input or at the first error, which Err then returns; after
// that it keeps returning false.
func (s *Scanner) Scan() bool {
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
func (s *Scanner) Record() *Record { return s.rec }

// Err returns the error that stopped Scan, or nil at the end of the input.
// A record that does not read gives an error wrapping ErrInvalid
// that names the line, counted from the start of the input (see Record);
// a failing reader gives its error, wrapped.
func (s *Scanner) Err() error { return s.err }

// Offset returns the number of bytes of the input up to the end of the
// last record that Scan returned, the line break of its last line
// included: where that record ends, and so the earliest a record that
// follows it can start (only blank lines may come between). It is 0
// before the first record.
func (s *Scanner) Offset() int64 { return s.offset }

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
	switch src.line[0] {
	case '[':
	case '{':
		return nil, lineError(src.num, "a comment before the headers, %q: comments stand among the moves, after the headers", clip.Text(src.line))
	default:
		return nil, lineError(src.num, "want a header line [Name \"value\"] to start a record, found %q", clip.Text(src.line))
	}
	r := &Record{Comments: map[int]string{}, Glyphs: map[int][]Glyph{}, Variations: map[int][]Variation{}}
	start, rules, seen, err := readHeaders(src, r)
	if err != nil {
		return nil, err
	}
	g, err := surakarta.NewGameWithRules(start, rules)
	if err != nil { // ParseRules has validated the rules
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	r.Game = g
	if err := readMoves(src, g, r); err != nil {
		return nil, err
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

// readHeaders reads the header lines of a record into r, and the blank
// lines after them up to the moves. It returns the start position and the
// rules that the headers set (the start and the Olympiad rules when they
// set none) and the line of each header read.
func readHeaders(src *lineSource, r *Record) (start surakarta.Position, rules surakarta.Rules, seen map[string]int, err error) {
	start, rules = surakarta.NewPosition(), surakarta.OlympiadRules()
	seen = map[string]int{} // header name → its line
	fail := func(err error) (surakarta.Position, surakarta.Rules, map[string]int, error) {
		return surakarta.Position{}, surakarta.Rules{}, nil, err
	}
	for ; src.ok && strings.HasPrefix(src.line, "["); src.advance() {
		n := src.num
		if len(seen) == MaxHeaders {
			return fail(lineError(n, "more than %d headers, the most a record may have (MaxHeaders)", MaxHeaders))
		}
		name, value, err := parseHeaderLine(src.line)
		if err != nil {
			return fail(lineError(n, "%v", err))
		}
		if earlier, ok := seen[name]; ok {
			return fail(lineError(n, "header %s occurs twice (also on line %d)", clip.Text(name), earlier))
		}
		seen[name] = n
		switch name {
		case headerPosition:
			if start, err = surakarta.ParsePosition(value); err != nil {
				return fail(fmt.Errorf("%w: line %d: Position: %w", ErrInvalid, n, err))
			}
		case headerRules:
			if rules, err = surakarta.ParseRules(value); err != nil {
				return fail(fmt.Errorf("%w: line %d: Rules: %w", ErrInvalid, n, err))
			}
		case headerResult:
			if !isResult(value) {
				return fail(lineError(n, "Result %q is not 1-0, 0-1, 1/2-1/2 or *", clip.Text(value)))
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
		return fail(lineError(src.num-1, "the text ends after the headers: want a blank line, then the moves and the result"))
	case strings.HasPrefix(src.line, "{"):
		return fail(lineError(src.num, "a comment in the headers, %q: comments stand among the moves, after the blank line that ends the headers", clip.Text(src.line)))
	case src.line != "":
		return fail(lineError(src.num, "missing blank line between the headers and the moves"))
	}
	if _, ok := seen[headerResult]; !ok {
		return fail(lineError(src.num, "the headers end without a Result header"))
	}
	src.skipBlank()
	switch {
	case !src.ok:
		return fail(lineError(src.num-1, "the text ends before the moves: a record ends with its moves and the result %s", r.Result))
	case src.line[0] == '[':
		return fail(lineError(src.num, "want the moves and the result %s after the headers, found a header line", r.Result))
	}
	return start, rules, seen, nil
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

// declareFromRecord ends g as a record whose reason is an end declared by
// the players (resignation, draw by agreement, time forfeit) says, the
// winner taken from the result. Other reasons leave g as it is.
func declareFromRecord(g *surakarta.Game, result, reason string) error {
	var loser surakarta.Color
	switch result {
	case resultBlackWins:
		loser = surakarta.White
	case resultWhiteWins:
		loser = surakarta.Black
	}
	decisive := result == resultBlackWins || result == resultWhiteWins
	var err error
	switch reason {
	case surakarta.Resignation.String(), surakarta.TimeForfeit.String():
		if !decisive {
			return fmt.Errorf("reason %q needs a result 1-0 or 0-1, not %s", reason, result)
		}
		if reason == surakarta.Resignation.String() {
			err = g.Resign(loser)
		} else {
			err = g.ForfeitOnTime(loser)
		}
	case surakarta.DrawAgreement.String():
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
