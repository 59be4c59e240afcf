package gtp

import (
	"testing"

	"github.com/surakarta-go/surakarta"
)

func TestMoveAnswerRoundTrip(t *testing.T) {
	for _, m := range []surakarta.Move{surakarta.NewMove(surakarta.A2, surakarta.A3), surakarta.NewMove(surakarta.B2, surakarta.E5)} {
		got, err := parseMoveAnswer(moveAnswer(m))
		if err != nil || got != m {
			t.Errorf("%q read back as %v, %v", moveAnswer(m), got, err)
		}
	}
	if m, err := parseMoveAnswer(" B2B3 "); err != nil || m != surakarta.NewMove(surakarta.B2, surakarta.B3) {
		t.Errorf("B2B3: %v, %v", m, err)
	}
	for _, bad := range []string{"", "pass", "resign", "a2a9", "a2a3 b2b3"} {
		if _, err := parseMoveAnswer(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
