package surakarta_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/surakarta-go/surakarta"
)

func TestParseSquare(t *testing.T) {
	for s := surakarta.A1; s <= surakarta.F6; s++ {
		name := string(rune('a'+s.File())) + string(rune('1'+s.Rank()))
		if got := s.String(); got != name {
			t.Errorf("Square(%d).String() = %q, want %q", s, got, name)
		}
		for _, text := range []string{name, strings.ToUpper(name)} {
			got, err := surakarta.ParseSquare(text)
			if err != nil || got != s {
				t.Errorf("ParseSquare(%q) = %v, %v; want %v", text, got, err, s)
			}
		}
	}
	for _, bad := range []string{"", "a", "a0", "a7", "g1", "a11", " a1", "1a"} {
		if _, err := surakarta.ParseSquare(bad); !errors.Is(err, surakarta.ErrInvalidSquare) {
			t.Errorf("ParseSquare(%q) error = %v, want ErrInvalidSquare", bad, err)
		}
	}
}

func TestParseMove(t *testing.T) {
	want := surakarta.NewMove(surakarta.B2, surakarta.E5)
	for _, text := range []string{"b2e5", "B2E5", "b2-e5"} {
		got, err := surakarta.ParseMove(text)
		if err != nil || got != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	// An x claims a capture: the move carries the capture bit.
	for _, text := range []string{"b2xe5", "B2Xe5"} {
		got, err := surakarta.ParseMove(text)
		if err != nil || got.From() != surakarta.B2 || got.To() != surakarta.E5 || !got.IsCapture() {
			t.Errorf("ParseMove(%q) = %v (capture %v), %v; want b2e5 with the capture bit", text, got, got.IsCapture(), err)
		}
	}
	if got := want.String(); got != "b2e5" {
		t.Errorf("String() = %q, want b2e5", got)
	}
	for _, bad := range []string{"", "b2", "b2e", "b2b2", "b2+e5", "b2-e55", "z9a1", "b2e7"} {
		if _, err := surakarta.ParseMove(bad); !errors.Is(err, surakarta.ErrInvalidMove) {
			t.Errorf("ParseMove(%q) error = %v, want ErrInvalidMove", bad, err)
		}
	}
}

func TestParsePosition(t *testing.T) {
	start := surakarta.NewPosition()
	if got := start.String(); got != surakarta.StartText {
		t.Errorf("NewPosition().String() = %q, want %q", got, surakarta.StartText)
	}
	for _, text := range []string{surakarta.StartText, "WWWWWW/wwwwww/6/6/bbbbbb/bbbbbb B", "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb  b  0  1"} {
		p, err := surakarta.ParsePosition(text)
		if err != nil || p != start {
			t.Errorf("ParsePosition(%q) = %v, %v; want the start", text, p, err)
		}
	}
	p, err := surakarta.ParsePosition("1w4/6/2b3/6/6/5w w 7 12")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]any{
		"side": p.SideToMove(), "black": p.Count(surakarta.Black), "white": p.Count(surakarta.White),
		"quiet": p.QuietPlies(), "move": p.MoveNumber(), "text": p.String(),
	}
	want := map[string]any{
		"side": surakarta.White, "black": 1, "white": 2,
		"quiet": 7, "move": 12, "text": "1w4/6/2b3/6/6/5w w 7 12",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parsed position (-want +got):\n%s", diff)
	}
	if c, ok := p.PieceAt(surakarta.B6); !ok || c != surakarta.White {
		t.Errorf("PieceAt(b6) = %v, %v; want White", c, ok)
	}
	if c, ok := p.PieceAt(surakarta.C4); !ok || c != surakarta.Black {
		t.Errorf("PieceAt(c4) = %v, %v; want Black", c, ok)
	}
	if _, ok := p.PieceAt(surakarta.A1); ok {
		t.Errorf("PieceAt(a1) reports a piece on an empty square")
	}
}

// TestParsePositionErrors: a malformed position is refused with
// ErrInvalidPosition and a message that says what is wrong, which the
// engine and the commands show to whoever typed the text; a key word of
// each is checked.
func TestParsePositionErrors(t *testing.T) {
	for _, tc := range []struct{ text, says string }{
		{"", "fields"},
		{"6/6/6/6/6/b5", "fields"},
		{"6/6/6/6/6/b5 b 0", "fields"},
		{"6/6/6/6/b5 b", "6 ranks"},
		{"6/6/6/6/6/6/b5 b", "6 ranks"},
		{"6/6/6/6/6/b4 b", "5 points"},
		{"6/6/6/6/6/b6 b", "wider"},
		{"6/6/6/6/6/bbbbbbb b", "wider"},
		{"6/6/6/6/6/b5x b", "unexpected"},
		{"6/6/6/6/6/b0 b", "unexpected"},
		{"6/6/6/6/6/b5 x", "side to move"},
		{"6/6/6/6/6/b5 b -1 1", "quiet plies"},
		{"6/6/6/6/6/b5 b x 1", "quiet plies"},
		{"6/6/6/6/6/b5 b 0 0", "move number"},
		{"6/6/6/6/6/b5 b 0 99999999999", "move number"},
		{"bbbbbb/bbbbbb/b5/6/6/6 b", "13 pieces"},
	} {
		_, err := surakarta.ParsePosition(tc.text)
		if !errors.Is(err, surakarta.ErrInvalidPosition) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("ParsePosition(%q) error = %v; want ErrInvalidPosition saying %q", tc.text, err, tc.says)
		}
	}
}

func TestPositionTextMarshaling(t *testing.T) {
	p, _ := surakarta.ParsePosition("1w4/6/2b3/6/6/5w w 7 12")
	text, err := p.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var q surakarta.Position
	if err := q.UnmarshalText(text); err != nil || q != p {
		t.Errorf("UnmarshalText(%q) = %v, %v; want %v", text, q, err, p)
	}
	before := q
	if err := q.UnmarshalText([]byte("nonsense")); err == nil || q != before {
		t.Errorf("UnmarshalText of bad text: err = %v, position changed: %v", err, q != before)
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, seed := range []string{
		surakarta.StartText, "1w4/6/2b3/6/6/5w w 7 12", "6/6/6/6/6/b5 b", "6/6/6/6/6/6 b",
		"bbbbbb/bbbbbb/b5/6/6/6 b", "3/3/6/6/6/6 w 1 1", "w5/6/6/6/6/5B B 50 100",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := surakarta.ParsePosition(text)
		if err != nil {
			if !errors.Is(err, surakarta.ErrInvalidPosition) {
				t.Fatalf("ParsePosition(%q) error %v does not wrap ErrInvalidPosition", text, err)
			}
			return
		}
		again, err := surakarta.ParsePosition(p.String())
		if err != nil {
			t.Fatalf("ParsePosition(%q) of String() of %q: %v", p.String(), text, err)
		}
		if again != p {
			t.Fatalf("round trip of %q: got %v, want %v", text, again, p)
		}
		if p.Count(surakarta.Black) > surakarta.MaxPieces || p.Count(surakarta.White) > surakarta.MaxPieces {
			t.Fatalf("ParsePosition(%q) accepted more than %d pieces of a colour", text, surakarta.MaxPieces)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, seed := range []string{"a2a3", "b2xe5", "B2-E5", "a1a1", "", "f6f7", "a2-a", "xxxxx"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := surakarta.ParseMove(text)
		if err != nil {
			if !errors.Is(err, surakarta.ErrInvalidMove) {
				t.Fatalf("ParseMove(%q) error %v does not wrap ErrInvalidMove", text, err)
			}
			return
		}
		if m.From() == m.To() || !m.From().Valid() || !m.To().Valid() {
			t.Fatalf("ParseMove(%q) = %v: not a move between two different squares", text, m)
		}
		if claimed := len(text) == 5 && text[2]|0x20 == 'x'; m.IsCapture() != claimed {
			t.Fatalf("ParseMove(%q): capture bit %v, but the text claims a capture: %v", text, m.IsCapture(), claimed)
		}
		marshaled, err := m.MarshalText()
		if err != nil {
			t.Fatalf("ParseMove(%q) = %v, which does not marshal: %v", text, m, err)
		}
		again, err := surakarta.ParseMove(string(marshaled))
		if err != nil || again != m {
			t.Fatalf("round trip of %q via %q: %v, %v", text, marshaled, again, err)
		}
		if !strings.EqualFold(strings.NewReplacer("-", "", "x", "", "X", "").Replace(text), m.String()) {
			t.Fatalf("ParseMove(%q) = %v: not the squares written", text, m)
		}
	})
}
