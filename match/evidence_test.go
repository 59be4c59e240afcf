package match

import (
	"cmp"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
)

// The tests of the evidence a record must hold for its result: resuming
// and merging count only the results Run makes (the rules' ends, an
// adjudication at the move limit, a forfeit with its Forfeit header), and
// refuse any other as damage, naming the record.

// editRecords returns the records of text, with edit applied to the record
// of round, written again.
func editRecords(t *testing.T, text string, round int, edit func(*record.Record)) string {
	t.Helper()
	recs, err := record.ReadAll(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	found := false
	for _, rec := range recs {
		if r, _ := rec.Header("Round"); r == strconv.Itoa(round) {
			edit(rec)
			found = true
		}
		out, err := rec.MarshalText()
		if err != nil {
			t.Fatalf("round %d, edited: %v", round, err)
		}
		b.Write(out)
	}
	if !found {
		t.Fatalf("no round %d", round)
	}
	return b.String()
}

// lastMover returns the colour of the side that made the last move of
// rec's game.
func lastMover(rec *record.Record) surakarta.Color {
	return rec.Game.Positions()[rec.Game.Ply()-1].SideToMove()
}

// undoLast takes back the last move of a game that the rules ended.
func undoLast(t *testing.T, rec *record.Record) {
	t.Helper()
	if err := rec.Game.Undo(); err != nil {
		t.Fatal(err)
	}
}

// setHeader sets a header of rec, or removes it when value is "".
func setHeader(rec *record.Record, name, value string) {
	for i, h := range rec.Headers {
		if h.Name == name {
			if value == "" {
				rec.Headers = append(rec.Headers[:i], rec.Headers[i+1:]...)
			} else {
				rec.Headers[i].Value = value
			}
			return
		}
	}
	if value != "" {
		rec.Headers = append(rec.Headers, record.Header{Name: name, Value: value})
	}
}

// checkRefused checks that resuming from text and merging it both refuse
// it, naming the record of round (0: of any round) and saying want; or,
// with want "", that both count it as out.
func checkRefused(t *testing.T, cfg Config, text string, round int, want string, out Outcome) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "games.txt")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	recs := recordsIn(t, file)
	n := 0 // the number of round's record in the file
	for i, rec := range recs {
		if r, _ := rec.Header("Round"); r == strconv.Itoa(round) {
			n = i + 1
		}
	}
	resume := cfg
	resume.RecordFile, resume.Progress = file, nil
	got, err := Run(context.Background(), resume)
	merged, mergeErr := Merge(cfg, file)
	if want == "" {
		if err != nil || got.Counts != out.Counts || got.Resumed != cfg.Games {
			t.Errorf("resuming: %v, %v; want %v, all resumed", got.Counts, err, out.Counts)
		}
		if mergeErr != nil || merged.Counts != out.Counts {
			t.Errorf("merging: %v, %v; want %v", merged.Counts, mergeErr, out.Counts)
		}
		return
	}
	for _, tc := range []struct {
		what string
		err  error
		name string
	}{{"resuming", err, "match: resuming from " + file + ": record " + strconv.Itoa(n) + ": round " + strconv.Itoa(round) + ": "},
		{"merging", mergeErr, "match: merging: " + file + " record " + strconv.Itoa(n) + ": round " + strconv.Itoa(round) + ": "}} {
		if round == 0 {
			tc.name, _, _ = strings.Cut(tc.name, " record ")
		}
		if !errors.Is(tc.err, errNotMade) || !strings.HasPrefix(tc.err.Error(), tc.name) || !strings.Contains(tc.err.Error(), want) {
			t.Errorf("%s: %v; want an error starting %q and saying %q", tc.what, tc.err, tc.name, want)
		}
	}
	if after, err := os.ReadFile(file); err != nil || string(after) != text {
		t.Errorf("resuming changed the file: %v", err)
	}
}

// TestResultsNeedEvidence: a record edited to give its game another result
// (the last move dropped and a resignation, an adjudication, a forfeit
// declared instead), which would turn a win of A into a loss, is refused
// by resuming and merging alike; so is a forfeit without its Forfeit
// header, or with one that names another side, engine or ply.
func TestResultsNeedEvidence(t *testing.T) {
	file, text := playedFile(t, 8)
	cfg := config(file, 8)
	out, err := Run(context.Background(), cfg) // resumed: the records prove their results
	if err != nil || out.Resumed != 8 {
		t.Fatalf("resuming the match as played: %+v, %v", out, err)
	}
	round := 0 // a game that A won by the rules
	for _, rec := range recordsIn(t, file) {
		r, _ := rec.Header("Round")
		n, _ := strconv.Atoi(r)
		if o := rec.Game.Outcome(); o.Over && aScore(rec.Result, n%2 == 1) == 1 && rec.Game.Ply() > 0 {
			round = n
			break
		}
	}
	if round == 0 {
		t.Fatalf("counts %v: no game that A won", out.Counts)
	}
	checkRefused(t, cfg, text, round, "", out)
	for _, tc := range []struct {
		name string
		edit func(*record.Record)
		want string // "": accepted
	}{
		{"resignation", func(rec *record.Record) {
			winner := lastMover(rec)
			undoLast(t, rec)
			rec.Game.Resign(winner)
			rec.Result, rec.Reason = rec.Game.Outcome().Result(), "resignation"
		}, "(resignation after"},
		{"draw by agreement", func(rec *record.Record) {
			undoLast(t, rec)
			rec.Game.AgreeDraw()
			rec.Result, rec.Reason = "1/2-1/2", "draw by agreement"
		}, "the players do not end a game of a match"},
		{"adjudicated before the move limit", func(rec *record.Record) {
			winner := lastMover(rec)
			undoLast(t, rec)
			rec.Result, rec.Reason = surakarta.Outcome{Over: true, Winner: winner.Other()}.Result(), "adjudicated: move limit"
		}, "the match adjudicates its games at 400 plies"},
		{"a forfeit without its header", func(rec *record.Record) {
			undoLast(t, rec)
			loser := rec.Game.Position().SideToMove()
			rec.Result, rec.Reason = surakarta.Outcome{Over: true, Winner: loser.Other()}.Result(), "forfeit: crash"
		}, "a forfeit without its Forfeit header"},
		{"a time forfeit without its header", func(rec *record.Record) {
			undoLast(t, rec)
			loser := rec.Game.Position().SideToMove()
			rec.Game.ForfeitOnTime(loser)
			rec.Result, rec.Reason = rec.Game.Outcome().Result(), "time forfeit"
		}, "a forfeit without its Forfeit header"},
		{"a forfeit whose header names the other side", func(rec *record.Record) {
			undoLast(t, rec)
			loser := rec.Game.Position().SideToMove()
			name, _ := rec.Header(loser.Other().String())
			rec.Result, rec.Reason = surakarta.Outcome{Over: true, Winner: loser.Other()}.Result(), "forfeit: crash"
			setHeader(rec, forfeitHeader, headerText(forfeitText(loser.Other(), name, rec.Game.Ply(), rec.Game.Position(), "crash")))
		}, "does not name the loser"},
		{"a forfeit whose header names another engine", func(rec *record.Record) {
			undoLast(t, rec)
			loser := rec.Game.Position().SideToMove()
			rec.Result, rec.Reason = surakarta.Outcome{Over: true, Winner: loser.Other()}.Result(), "forfeit: crash"
			setHeader(rec, forfeitHeader, headerText(forfeitText(loser, "someone", rec.Game.Ply(), rec.Game.Position(), "crash")))
		}, "does not name the loser"},
		{"a forfeit at another ply", func(rec *record.Record) {
			undoLast(t, rec)
			loser := rec.Game.Position().SideToMove()
			name, _ := rec.Header(loser.String())
			rec.Result, rec.Reason = surakarta.Outcome{Over: true, Winner: loser.Other()}.Result(), "forfeit: crash"
			setHeader(rec, forfeitHeader, headerText(forfeitText(loser, name, rec.Game.Ply()+1, rec.Game.Position(), "crash")))
		}, "does not name the loser"},
		{"a forfeit won by the side to move", func(rec *record.Record) {
			undoLast(t, rec)
			loser := rec.Game.Position().SideToMove().Other()
			name, _ := rec.Header(loser.String())
			rec.Result, rec.Reason = surakarta.Outcome{Over: true, Winner: loser.Other()}.Result(), "forfeit: crash"
			setHeader(rec, forfeitHeader, headerText(forfeitText(loser, name, rec.Game.Ply(), rec.Game.Position(), "crash")))
		}, "a forfeit is lost by the side to move"},
		{"a game the rules ended, with a Forfeit header", func(rec *record.Record) {
			setHeader(rec, forfeitHeader, "Black (strong) forfeits at ply 1")
		}, "the rules ended the game, yet it has a Forfeit header"},
		{"a game not over, with no reason", func(rec *record.Record) {
			winner := lastMover(rec)
			undoLast(t, rec)
			rec.Result, rec.Reason = surakarta.Outcome{Over: true, Winner: winner.Other()}.Result(), "the other side was faster"
		}, "neither adjudicated (at the move limit or by the tables) nor forfeited"},
		// What the runner writes for a forfeit, which the record cannot
		// tell from one it wrote: counted.
		{"a forfeit with its header", func(rec *record.Record) {
			undoLast(t, rec)
			loser := rec.Game.Position().SideToMove()
			name, _ := rec.Header(loser.String())
			rec.Result, rec.Reason = surakarta.Outcome{Over: true, Winner: loser.Other()}.Result(), "forfeit: crash"
			setHeader(rec, forfeitHeader, headerText(forfeitText(loser, name, rec.Game.Ply(), rec.Game.Position(), "crash")))
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			edited := editRecords(t, text, round, tc.edit)
			want := out
			if tc.want == "" { // the forfeit of A, who was to move
				want.Counts.Wins--
				want.Counts.Losses++
			}
			checkRefused(t, cfg, edited, round, tc.want, want)
		})
	}
}

// TestAdjudicationNeedsTheMoveLimit: a game adjudicated at MaxPlies is
// counted, by resuming and by merging with the same MaxPlies; at another
// MaxPlies, or with a result its piece count does not make, it is refused.
func TestAdjudicationNeedsTheMoveLimit(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	cfg := config(file, 4)
	cfg.Concurrency, cfg.MaxPlies = 1, 12
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	adjudicated := 0
	var round int
	var result string
	for _, rec := range recordsIn(t, file) {
		if rec.Reason == adjudicatedReason {
			adjudicated++
			r, _ := rec.Header("Round")
			round, _ = strconv.Atoi(r)
			result = rec.Result
		}
	}
	if adjudicated == 0 {
		t.Fatal("no game adjudicated at 12 plies")
	}
	checkRefused(t, cfg, string(text), round, "", out)
	// At another move limit, the default's too: the first record that
	// the limit refuses is named.
	for _, maxPlies := range []int{10, 14, 0} {
		other := cfg
		other.MaxPlies = maxPlies
		want := "the match stops its games at 10 plies"
		if maxPlies != 10 {
			want = "the match adjudicates its games at " + strconv.Itoa(cmp.Or(maxPlies, 400)) + " plies"
		}
		checkRefused(t, other, string(text), 0, want, out)
	}
	// With the other result.
	flipped := editRecords(t, string(text), round, func(rec *record.Record) {
		rec.Result = map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}[result]
	})
	checkRefused(t, cfg, flipped, round, "the piece count makes it "+result, out)
}
