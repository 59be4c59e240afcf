package record

import (
	"bufio"
	"errors"
	"fmt"
	"github.com/surakarta-go/surakarta"
	"io"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// The limits of a record. Parse, ReadAll and Scanner
// refuse a record beyond them with an error wrapping ErrInvalid that
// names the line, having read no more of the input than the limit allows,
// so that a huge or endless input takes bounded memory and gives a short
// error.
const (
	// MaxLineBytes bounds the length of a line, without its line
	// break: a header with its value, or a line of moves (MarshalText
	// writes at most 80 bytes).
	MaxLineBytes = 64 << 10
	// MaxHeaders bounds the number of headers of one record.
	MaxHeaders = 100
	// MaxPlies bounds the number of moves of one record.
	MaxPlies = 1_000_000
	// MaxCommentBytes bounds the comments of one record together:
	// the bytes of their text, and two for the braces of each comment
	// read or written. A single comment may take them all, over many
	// lines.
	MaxCommentBytes = 1 << 20
	// MaxVariationDepth bounds the nesting of variations: a
	// variation of the game's own moves is at depth 1, a variation of its
	// moves at depth 2, and so on.
	MaxVariationDepth = 64
	// MaxVariationMoves bounds the moves of all the variations of
	// one record together, at every depth.
	MaxVariationMoves = 1_000_000
	// MaxGlyphs bounds the glyphs of one record, those of the
	// game's moves and of its variations' together.
	MaxGlyphs = 1_000_000
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
	src := &lineSource{br: bufio.NewReaderSize(r, MaxLineBytes+2)}
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
	if len(raw) > MaxLineBytes {
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
	return lineError(n, "%q is longer than %d bytes, the most a line of a record may hold (MaxLineBytes)", clip.Text(start), MaxLineBytes)
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

// isRecordSpace reports whether c separates the words of a line.
func isRecordSpace(c rune) bool { return c == ' ' || c == '\t' }

// lineError returns an error wrapping ErrInvalid about line n (from 1).
func lineError(n int, format string, args ...any) error {
	return fmt.Errorf("%w: line %d: %s", ErrInvalid, n, fmt.Sprintf(format, args...))
}

// count parses a decimal count written with digits only, at most 9 of
// them and at most surakarta.MaxCounter: a move number, a glyph's $n.
func count(s string) (int, bool) {
	if s == "" || len(s) > 9 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n <= surakarta.MaxCounter
}
