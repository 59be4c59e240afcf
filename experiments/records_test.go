package experiments

import (
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
)

// recordsWith returns records of a game for each value, set into its
// record by set.
func recordsWith(set func(*record.Record, string), values ...string) *Records {
	var recs []*record.Record
	for _, v := range values {
		rec := record.New(surakarta.NewGame(surakarta.NewPosition()))
		set(rec, v)
		recs = append(recs, rec)
	}
	return &Records{File: "test", recs: recs}
}

// TestReasons counts the reasons of four games, the most frequent first
// and ties by name.
func TestReasons(t *testing.T) {
	r := recordsWith(func(rec *record.Record, v string) { rec.Reason = v }, "repetition", "no pieces left", "no legal move", "no pieces left")
	if got, want := r.Reasons(), "2 no pieces left, 1 no legal move, 1 repetition"; got != want {
		t.Errorf("Reasons() = %q, want %q", got, want)
	}
}

// TestResults counts the results of five games by colour; the game not
// over counts in none.
func TestResults(t *testing.T) {
	r := recordsWith(func(rec *record.Record, v string) { rec.Result = v }, "1-0", "0-1", "1-0", "*", "1/2-1/2")
	if got, want := r.Results(), "2 won by Black, 1 drawn, 1 won by White"; got != want {
		t.Errorf("Results() = %q, want %q", got, want)
	}
}
