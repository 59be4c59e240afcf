package experiments

import (
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestReasons counts the reasons of four games, the most frequent first
// and ties by name.
func TestReasons(t *testing.T) {
	var recs []*surakarta.Record
	for _, reason := range []string{"repetition", "no pieces left", "no legal move", "no pieces left"} {
		rec := surakarta.NewRecord(surakarta.NewGame(surakarta.NewPosition()))
		rec.Reason = reason
		recs = append(recs, rec)
	}
	r := &Records{File: "test", recs: recs}
	if got, want := r.Reasons(), "2 no pieces left, 1 no legal move, 1 repetition"; got != want {
		t.Errorf("Reasons() = %q, want %q", got, want)
	}
}

// TestResults counts the results of five games by colour; the game not
// over counts in none.
func TestResults(t *testing.T) {
	var recs []*surakarta.Record
	for _, result := range []string{"1-0", "0-1", "1-0", "*", "1/2-1/2"} {
		rec := surakarta.NewRecord(surakarta.NewGame(surakarta.NewPosition()))
		rec.Result = result
		recs = append(recs, rec)
	}
	r := &Records{File: "test", recs: recs}
	if got, want := r.Results(), "2 won by Black, 1 drawn, 1 won by White"; got != want {
		t.Errorf("Results() = %q, want %q", got, want)
	}
}
