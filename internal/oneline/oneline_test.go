package oneline

import (
	"testing"

	"github.com/surakarta-go/surakarta"
)

func TestText(t *testing.T) {
	if got := Text("  an error\non two lines\r\n\tand a tab "); got != "an error on two lines and a tab" {
		t.Errorf("Text: %q", got)
	}
	if got := Moves([]surakarta.Move{surakarta.NewMove(surakarta.A2, surakarta.A3), surakarta.NewMove(surakarta.B6, surakarta.B5)}); got != "a2a3 b6b5" {
		t.Errorf("Moves: %q", got)
	}
	if got := Moves(nil); got != "" {
		t.Errorf("Moves(nil): %q", got)
	}
}
