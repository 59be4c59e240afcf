package surakarta

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// String returns the position in the text format that ParsePosition reads,
// such as "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1".
func (p Position) String() string {
	b, _ := p.MarshalText()
	return string(b)
}

// MarshalText implements encoding.TextMarshaler with the format of String.
func (p Position) MarshalText() ([]byte, error) {
	out := make([]byte, 0, 48)
	for rank := 5; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 6; file++ {
			c, ok := p.PieceAt(Square(rank*6 + file))
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				out = append(out, byte('0'+empty))
				empty = 0
			}
			out = append(out, "bw"[c])
		}
		if empty > 0 {
			out = append(out, byte('0'+empty))
		}
		if rank > 0 {
			out = append(out, '/')
		}
	}
	out = append(out, ' ', "bw"[p.side], ' ')
	out = strconv.AppendUint(out, uint64(p.quietPlies), 10)
	out = append(out, ' ')
	out = strconv.AppendUint(out, uint64(p.fullMoves)+1, 10)
	return out, nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParsePosition. On
// error p is unchanged.
func (p *Position) UnmarshalText(text []byte) error {
	q, err := ParsePosition(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// ParsePosition parses a position text (see the package documentation,
// "Position text"):
//
//	<ranks> <side> [<quiet plies> <move number>]
//
// The ranks run from 6 down to 1, separated by '/'; in each, files a→f: 'b'
// for Black, 'w' for White, a digit 1–6 for that many empty points. Side is
// 'b' or 'w'. The counters default to 0 and 1, and go up to MaxCounter.
// Letters may be in any case. Malformed text or more than 12 pieces of a
// colour is rejected with an error wrapping ErrInvalidPosition that quotes
// at most the start of the text. An empty board is accepted: it is the zero
// Position, a finished game.
func ParsePosition(text string) (Position, error) {
	bad := func(format string, args ...any) (Position, error) {
		return Position{}, fmt.Errorf("%w: %q: %s", ErrInvalidPosition, clip.Text(text), fmt.Sprintf(format, args...))
	}
	fields := strings.Fields(text)
	if len(fields) != 2 && len(fields) != 4 {
		return bad("want 2 or 4 fields (ranks, side[, quiet plies, move number]), got %d", len(fields))
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 6 {
		return bad("want 6 ranks separated by '/', got %d", len(ranks))
	}
	var p Position
	for i, row := range ranks {
		rank := 5 - i
		file := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch >= '1' && ch <= '6':
				file += int(ch - '0')
			case ch|0x20 == 'b' || ch|0x20 == 'w':
				if file < 6 {
					c := Black
					if ch|0x20 == 'w' {
						c = White
					}
					p.pieces[c] |= 1 << (rank*6 + file)
				}
				file++
			default:
				return bad("rank %d: unexpected %q (want b, w or a digit 1-6)", rank+1, ch)
			}
			if file > 6 {
				return bad("rank %d is wider than 6 points", rank+1)
			}
		}
		if file != 6 {
			return bad("rank %d has %d points, want 6", rank+1, file)
		}
	}
	for _, c := range [2]Color{Black, White} {
		if n := p.Count(c); n > MaxPieces {
			return bad("%v has %d pieces, at most %d allowed", c, n, MaxPieces)
		}
	}
	switch strings.ToLower(fields[1]) {
	case "b":
		p.side = Black
	case "w":
		p.side = White
	default:
		return bad("side to move %q is not b or w", clip.Text(fields[1]))
	}
	if len(fields) == 4 {
		quiet, ok := parseCount(fields[2])
		if !ok {
			return bad("quiet plies %q is not a number 0…%d", clip.Text(fields[2]), MaxCounter)
		}
		moveNumber, ok := parseCount(fields[3])
		if !ok || moveNumber < 1 {
			return bad("move number %q is not a number 1…%d", clip.Text(fields[3]), MaxCounter)
		}
		p.quietPlies = uint32(quiet)
		p.fullMoves = uint32(moveNumber - 1)
	}
	p.setDerived()
	return p, nil
}

// Diagram returns the board drawn in text, rank 6 on top, with 'b' for
// Black, 'w' for White and '.' for an empty point:
//
//	6  w w w w w w
//	5  w w w w w w
//	4  . . . . . .
//	3  . . . . . .
//	2  b b b b b b
//	1  b b b b b b
//	   a b c d e f
func (p Position) Diagram() string {
	var sb strings.Builder
	for rank := 5; rank >= 0; rank-- {
		sb.WriteByte(byte('1' + rank))
		sb.WriteByte(' ')
		for file := 0; file < 6; file++ {
			sb.WriteByte(' ')
			c, ok := p.PieceAt(Square(rank*6 + file))
			switch {
			case !ok:
				sb.WriteByte('.')
			default:
				sb.WriteByte("bw"[c])
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("   a b c d e f\n")
	return sb.String()
}
