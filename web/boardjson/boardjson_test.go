package boardjson

import (
	"encoding/json"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestPathOf: a capture's path as the board reads it, and none for a
// step.
func TestPathOf(t *testing.T) {
	p, err := surakarta.ParsePosition("6/6/6/w5/6/2b3 b 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.Legal(surakarta.NewMove(surakarta.C1, surakarta.A3))
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(PathOf(p, m))
	if err != nil {
		t.Fatal(err)
	}
	// c1 runs round the outer loop at a1 to a3 (the terminal draws it
	// "c1 → a1 loop → a3").
	if want := `{"circuit":"outer","points":["c1","a3"],"loops":[{"index":1,"corner":"a1"}]}`; string(data) != want {
		t.Errorf("%s, want %s", data, want)
	}
	if PathOf(p, surakarta.NewMove(surakarta.C1, surakarta.C2)) != nil || ColorName(surakarta.White) != "white" {
		t.Error("a step has a path, or White is not white")
	}
}
