package surakarta

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// Color is the colour of a side: Black or White.
type Color uint8

// The two sides. Black moves first.
const (
	Black Color = 0
	White Color = 1
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "Black" or "White".
func (c Color) String() string {
	switch c {
	case Black:
		return "Black"
	case White:
		return "White"
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// Valid reports whether c is Black or White.
func (c Color) Valid() bool { return c <= White }

// ParseColor parses a colour: "black" or "white", or "b" or "w", in any
// letter case. Other text gives an error wrapping ErrInvalidColor.
func ParseColor(text string) (Color, error) {
	switch strings.ToLower(text) {
	case "black", "b":
		return Black, nil
	case "white", "w":
		return White, nil
	}
	return Black, fmt.Errorf("%w: %q: want black or white (or b or w)", ErrInvalidColor, clip.Text(text))
}

// MarshalText implements encoding.TextMarshaler: "Black" or "White", as
// String writes them (UnmarshalText reads any letter case). A value that
// is neither gives an error wrapping ErrInvalidColor.
func (c Color) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("%w: %v", ErrInvalidColor, c)
	}
	return []byte(c.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseColor. On
// error c is unchanged.
func (c *Color) UnmarshalText(text []byte) error {
	parsed, err := ParseColor(string(text))
	if err != nil {
		return err
	}
	*c = parsed
	return nil
}
