package surakarta

import "testing"

// TestDeprecatedNames: the names of v0.1.0 that were renamed still give
// what their new names give, so that v0.1.0 programs keep working.
func TestDeprecatedNames(t *testing.T) {
	if NoMoves != Blocked || QuietPlyLimit != QuietPlyRule {
		t.Errorf("NoMoves %v, QuietPlyLimit %v: want Blocked %v and QuietPlyRule %v", NoMoves, QuietPlyLimit, Blocked, QuietPlyRule)
	}
	if Opening != OpeningPhase || MiddleGame != MiddlePhase || Endgame != EndPhase {
		t.Errorf("Opening %v, MiddleGame %v, Endgame %v: want the phases %v, %v, %v", Opening, MiddleGame, Endgame, OpeningPhase, MiddlePhase, EndPhase)
	}
	for _, o := range []Outcome{{}, {Over: true, Draw: true}, {Over: true, Winner: Black}, {Over: true, Winner: White}} {
		if ResultString(o) != o.Result() {
			t.Errorf("%v: ResultString %q, Result %q", o, ResultString(o), o.Result())
		}
	}
	p, err := ParsePosition("6/1w4/6/6/bw4/6 b")
	if err != nil {
		t.Fatal(err)
	}
	var old, now []Move
	for m := range p.Moves() {
		old = append(old, m)
	}
	for m := range p.LegalMovesSeq() {
		now = append(now, m)
	}
	if len(old) == 0 || len(old) != len(now) || old[0] != now[0] {
		t.Errorf("Moves yields %v, LegalMovesSeq %v", old, now)
	}
}
