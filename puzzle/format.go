package puzzle

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// Limits of the text format (docs/puzzles.md).
const (
	// MaxLineBytes is the longest line Read accepts.
	MaxLineBytes = 4096
	// MaxSourceBytes is the longest Source a puzzle may have.
	MaxSourceBytes = 256
	// MaxPly is the largest Ply a puzzle may have.
	MaxPly = 1_000_000
)

// String returns the puzzle as a line of the text format, without the
// newline: six fields separated by "; ", the position text, the solution
// (moves separated by spaces), the kind ("game" or "+N" for N pieces won),
// the difficulty, the ply and the source, such as
//
//	wwwwww/2wwww/w1w3/1b1b2/1b1bbb/bbbbbb b 4 3; b2c5 c1c3 c2c3; +1; 4; 17; level9 vs level7, round 1
func (p Puzzle) String() string {
	var b strings.Builder
	b.WriteString(p.Position.String())
	b.WriteString("; ")
	for i, m := range p.Solution {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.String())
	}
	b.WriteString("; ")
	switch p.Kind {
	case WinsGame:
		b.WriteString("game")
	case WinsMaterial:
		fmt.Fprintf(&b, "+%d", p.Gain)
	default:
		fmt.Fprintf(&b, "kind%d", uint8(p.Kind))
	}
	fmt.Fprintf(&b, "; %d; %d; %s", p.Difficulty, p.Ply, p.Source)
	return b.String()
}

// MarshalText returns the puzzle's line (String), or an error wrapping
// ErrInvalidPuzzle when it does not pass Check.
func (p Puzzle) MarshalText() ([]byte, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	return []byte(p.String()), nil
}

// UnmarshalText sets p to the puzzle of a line (Parse). A nil p, which
// has nowhere to put it, is an error wrapping ErrInvalidPuzzle.
func (p *Puzzle) UnmarshalText(text []byte) error {
	if p == nil {
		return fmt.Errorf("%w: UnmarshalText into a nil *Puzzle", ErrInvalidPuzzle)
	}
	q, err := Parse(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// Parse parses a line of the text format (String), without its newline,
// and checks the puzzle (Check). Errors wrap ErrInvalidPuzzle and quote at
// most the start of the bad field.
func Parse(line string) (Puzzle, error) {
	bad := func(format string, args ...any) (Puzzle, error) {
		return Puzzle{}, fmt.Errorf("%w: %s", ErrInvalidPuzzle, fmt.Sprintf(format, args...))
	}
	if len(line) > MaxLineBytes {
		return bad("a line of %d bytes, more than %d", len(line), MaxLineBytes)
	}
	fields := strings.SplitN(line, ";", 6)
	if len(fields) != 6 {
		return bad("%d fields separated by ';' where 6 are needed (position; solution; kind; difficulty; ply; source): %q", len(fields), clip.Text(line))
	}
	for i := range 5 {
		fields[i] = strings.TrimSpace(fields[i])
	}
	fields[5] = strings.TrimPrefix(fields[5], " ")
	var p Puzzle
	pos, err := surakarta.ParsePosition(fields[0])
	if err != nil {
		return bad("the position: %v", err)
	}
	p.Position = pos
	moves := strings.Fields(fields[1])
	if len(moves) > MaxSolutionPlies {
		return bad("a solution of %d moves, more than %d", len(moves), MaxSolutionPlies)
	}
	for _, text := range moves {
		m, err := surakarta.ParseMove(text)
		if err != nil {
			return bad("the solution: %v", err)
		}
		p.Solution = append(p.Solution, m)
	}
	switch kind := fields[2]; {
	case kind == "game":
		p.Kind = WinsGame
	case strings.HasPrefix(kind, "+"):
		n, err := smallNumber(kind[1:])
		if err != nil || n < 1 || n > surakarta.MaxPieces {
			return bad("kind %q: a gain is +1 to +%d pieces", clip.Text(kind), surakarta.MaxPieces)
		}
		p.Kind, p.Gain = WinsMaterial, n
	default:
		return bad("kind %q is not \"game\" or \"+N\"", clip.Text(kind))
	}
	if p.Difficulty, err = smallNumber(fields[3]); err != nil || p.Difficulty > Unsolved {
		return bad("difficulty %q is not %d to %d", clip.Text(fields[3]), Unrated, Unsolved)
	}
	if p.Ply, err = smallNumber(fields[4]); err != nil || p.Ply > MaxPly {
		return bad("ply %q is not 0 to %d", clip.Text(fields[4]), MaxPly)
	}
	p.Source = fields[5]
	if err := p.Check(); err != nil {
		return Puzzle{}, err
	}
	return p, nil
}

// smallNumber parses a decimal number of at most 7 digits, without a sign.
func smallNumber(s string) (int, error) {
	if s == "" || len(s) > 7 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, errors.New("not a number")
	}
	return strconv.Atoi(s)
}

// checkSource reports whether s can be a puzzle's Source: valid UTF-8 of
// at most MaxSourceBytes, without control characters, and not starting or
// ending with a space (which a line would not keep).
func checkSource(s string) error {
	switch {
	case len(s) > MaxSourceBytes:
		return fmt.Errorf("a source of %d bytes, more than %d", len(s), MaxSourceBytes)
	case !utf8.ValidString(s):
		return fmt.Errorf("the source %q is not UTF-8", clip.Text(s))
	case strings.IndexFunc(s, unicode.IsControl) >= 0:
		return fmt.Errorf("the source %q has a control character", clip.Text(s))
	case strings.TrimSpace(s) != s:
		return fmt.Errorf("the source %q starts or ends with a space", clip.Text(s))
	}
	return nil
}

// Read reads a file of puzzles, one a line (Parse); empty lines and lines
// that start with '#' are skipped. It stops at the first bad line, with
// an error that gives its number and wraps ErrInvalidPuzzle, and at a line
// longer than MaxLineBytes. Its memory is the puzzles and one line. A nil
// r is an error wrapping ErrInvalidPuzzle.
func Read(r io.Reader) ([]Puzzle, error) {
	if r == nil {
		return nil, fmt.Errorf("%w: no reader (nil) to read puzzles from", ErrInvalidPuzzle)
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 512), MaxLineBytes+2)
	var out []Puzzle
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := Parse(line)
		if err != nil {
			return out, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return out, fmt.Errorf("line %d: %w: longer than %d bytes", n+1, ErrInvalidPuzzle, MaxLineBytes)
		}
		return out, err
	}
	return out, nil
}

// Write writes the puzzles, one a line, after checking each (Check): it
// writes nothing and returns an error wrapping ErrInvalidPuzzle, with the
// puzzle's index, when one is invalid, and one wrapping it for a nil w.
func Write(w io.Writer, puzzles []Puzzle) error {
	if w == nil {
		return fmt.Errorf("%w: no writer (nil) to write puzzles to", ErrInvalidPuzzle)
	}
	var b strings.Builder
	for i, p := range puzzles {
		text, err := p.MarshalText()
		if err != nil {
			return fmt.Errorf("puzzle %d: %w", i, err)
		}
		b.Write(text)
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
