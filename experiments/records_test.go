package experiments

import (
	"testing"
	"time"

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

// TestRounds keeps the first rounds of a match, whatever the records'
// order, counts them for one engine, by colour too, and refuses a count
// that the records do not hold.
func TestRounds(t *testing.T) {
	// Rounds 3, 1, 2, 4: A wins 1 and 2 (as Black, then as White), draws
	// 3 and loses 4.
	games := []struct{ round, black, white, result string }{
		{"3", "A", "B", "1/2-1/2"}, {"1", "A", "B", "1-0"}, {"2", "B", "A", "0-1"}, {"4", "B", "A", "1-0"},
	}
	i := 0
	r := recordsWith(func(rec *record.Record, _ string) {
		g := games[i]
		i++
		rec.Headers = append(rec.Headers, record.Header{Name: "Round", Value: g.round},
			record.Header{Name: "Black", Value: g.black}, record.Header{Name: "White", Value: g.white})
		rec.Result = g.result
	}, "", "", "", "")
	for _, tc := range []struct {
		rounds int
		wdl    string
	}{{2, "2-0-0"}, {3, "2-1-0"}, {4, "2-1-1"}} {
		first, err := r.Rounds(tc.rounds)
		if err != nil {
			t.Fatalf("Rounds(%d): %v", tc.rounds, err)
		}
		m, err := first.Match("A")
		if err != nil {
			t.Fatalf("Rounds(%d).Match: %v", tc.rounds, err)
		}
		if got := m.WDL(); got != tc.wdl {
			t.Errorf("Rounds(%d): W-D-L %s, want %s", tc.rounds, got, tc.wdl)
		}
	}
	m, err := r.Match("A")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.ByColour(), "1-1-0 as Black, 1-0-1 as White"; got != want {
		t.Errorf("ByColour() = %q, want %q", got, want)
	}
	if _, err := r.Rounds(5); err == nil {
		t.Error("Rounds(5) of 4 rounds: no error")
	}
}

// TestTimeLeftAfter averages the TimeLeft headers of the games of one
// result, by hand: (1.2 s + 0.8 s) / 2 = 1 s for Black and (−20 ms +
// 320 ms) / 2 = 150 ms for White in the two games won by Black; a game
// of another result counts in none, and a header that is not the match
// tool's is an error.
func TestTimeLeftAfter(t *testing.T) {
	games := []struct{ result, left string }{
		{"1-0", "black 1.2s, white -20ms"}, {"0-1", "black 3s, white 4s"}, {"1-0", "black 800ms, white 320ms"},
	}
	i := 0
	set := func(rec *record.Record, _ string) {
		rec.Result, rec.Headers = games[i].result, append(rec.Headers, record.Header{Name: "TimeLeft", Value: games[i].left})
		i++
	}
	r := recordsWith(set, "", "", "")
	got, err := r.TimeLeftAfter("1-0")
	if err != nil {
		t.Fatal(err)
	}
	if want := (TimeLeft{Games: 2, Black: time.Second, White: 150 * time.Millisecond}); got != want {
		t.Errorf("TimeLeftAfter(1-0) = %+v, want %+v", got, want)
	}
	if got, err := r.TimeLeftAfter("1/2-1/2"); err != nil || got != (TimeLeft{}) {
		t.Errorf("TimeLeftAfter(1/2-1/2) = %+v, %v; want no games", got, err)
	}
	for _, bad := range []string{"", "black 1s", "white 1s, black 1s", "black 1s, white soon"} {
		games, i = []struct{ result, left string }{{"1-0", bad}}, 0
		if _, err := recordsWith(set, "").TimeLeftAfter("1-0"); err == nil {
			t.Errorf("TimeLeft %q: no error", bad)
		}
	}
}
