package analysis_test

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// fuzzSearcher is a searcher whose results the fuzzer's bytes make, one
// after the other (over again when they run out): any depth, no score
// (depth 0) included; evaluations, wins, losses, the tables' wins and
// losses and scores beyond every score; any legal move or NoMove as the
// best; lines of any such moves. It searches nothing, so a fuzzed game of
// any length is analysed at once.
type fuzzSearcher struct {
	script []byte
	at     int
}

func (s *fuzzSearcher) Clear() {}

// next returns the script's next byte; 1 when the script is empty.
func (s *fuzzSearcher) next() int {
	if len(s.script) == 0 {
		return 1
	}
	b := s.script[s.at%len(s.script)]
	s.at++
	return int(b)
}

func (s *fuzzSearcher) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	if err := ctx.Err(); err != nil {
		return surakarta.Result{}, err
	}
	moves := g.Position().LegalMoves()
	if len(moves) == 0 {
		return surakarta.Result{}, errors.New("no legal move")
	}
	var res surakarta.Result
	if d := s.next(); d > 0 {
		res.Depth = 1 + d%12
	}
	v := s.next()<<8 | s.next()
	switch s.next() % 6 {
	case 0:
		res.Score = v - 1<<15 // an evaluation
	case 1:
		res.Score = surakarta.Win - v%1000
	case 2:
		res.Score = -(surakarta.Win - v%1000)
	case 3:
		res.Score = surakarta.TableWinScore - v%1000
	case 4:
		res.Score = -(surakarta.TableWinScore - v%1000)
	default:
		res.Score = (v - 1<<15) * 64 // beyond every evaluation, and beyond ±Win
	}
	pick := func() surakarta.Move {
		if b := s.next(); b != 255 {
			return moves[b%len(moves)]
		}
		return surakarta.NoMove
	}
	res.Move = pick()
	for range s.next() % 12 {
		res.PV = append(res.PV, pick())
	}
	return res, nil
}

// fuzzRecord returns the record of text, when it is one that writes and
// reads back; otherwise the record of the game that game's bytes make
// (surakartatest.GameFrom), with the words of text as its comment after
// ply at (modulo its plies + 1), when they make a comment. fill, when
// positive, adds a comment before the first move of up to fill bytes, as
// many as the record's comments have room for. It returns nil for a
// record that does not write and read back.
func fuzzRecord(text string, game []byte, at int, fill uint32) *record.Record {
	rec, err := record.Parse(text)
	if err != nil {
		rec = record.New(surakartatest.GameFrom(game))
		words := strings.FieldsFunc(strings.ToValidUTF8(text, ""), func(c rune) bool {
			return unicode.IsSpace(c) || unicode.IsControl(c) || c == '}'
		})
		if len(words) > 0 {
			rec.Comments[at%(rec.Game.Ply()+1)] = strings.Join(words, " ")
		}
	}
	if fill > 0 {
		used := 0
		for _, c := range rec.Comments {
			used += len(c) + 2
		}
		if n := min(int(fill%(record.MaxCommentBytes+1)), record.MaxCommentBytes-used-3); n > 0 {
			b := bytes.Repeat([]byte("x"), n)
			for i := 999; i < n-1; i += 1000 {
				b[i] = ' '
			}
			old := rec.Comments[0]
			if old != "" {
				old += " "
			}
			rec.Comments[0] = old + string(b)
		}
	}
	out, err := rec.MarshalText()
	if err != nil {
		return nil
	}
	if _, err := record.Parse(string(out)); err != nil {
		return nil
	}
	return rec
}

// FuzzAnnotate analyses records with the options the fuzzer gives and
// annotates them, so that no record, option or engine's result can make
// an analysis panic, hang, or end in a record that does not read back,
// which would lose the analysis. A record is the text, when it is one, or a game of the
// fuzzer's bytes with the text as a comment, with up to fill bytes more of
// comments of its own; the searcher is PVS to depth 1 to 3 (engine, for
// games of 40 plies or fewer) or one whose results the script makes (see
// fuzzSearcher); the analysis is cancelled after stop searches (0:
// never). Game must not panic or hang; with its report, Annotate must
// give a record that writes and reads back with the game, the record's
// own comments, the annotations that fit, in order from the first ply,
// and the note after them when some plies lack one, or refuse only a
// record whose own comments leave no room for the note, as the Fit of an
// empty report foretells.
func FuzzAnnotate(f *testing.F) {
	data, err := os.ReadFile("testdata/games.txt")
	if err != nil {
		f.Fatal(err)
	}
	recs, err := record.ReadAll(bytes.NewReader(data))
	if err != nil || len(recs) == 0 {
		f.Fatalf("testdata/games.txt: %v", err)
	}
	game1, game2 := string(data), string(data)
	if i := strings.Index(game2, "\n\n["); i >= 0 {
		game1, game2 = game2[:i+1], game2[i+2:]
	}
	script := []byte{3, 0, 40, 0, 7, 9, 2, 4, 1, 200, 1, 3, 60, 9, 2, 255, 5, 8, 7, 1, 6}
	f.Add(game1, []byte(nil), script, uint8(0), uint16(0), uint32(0), false)
	f.Add(game2, []byte(nil), []byte(nil), uint8(1), uint16(0), uint32(0), true)      // PVS to depth 2
	f.Add(game1, []byte(nil), script, uint8(0), uint16(4), uint32(0), true)           // cancelled after 4 searches
	f.Add(game1, []byte(nil), []byte{0}, uint8(0), uint16(0), uint32(0), false)       // no score
	f.Add(game1, []byte(nil), script, uint8(0), uint16(0), uint32(1<<20-1200), false) // room for a few annotations
	f.Add(game2, []byte(nil), script, uint8(0), uint16(0), uint32(1<<20), false)      // room for no note
	f.Add("a study {of} a game", surakartatest.EncodeGame(recs[0].Game), script, uint8(9), uint16(0), uint32(0), false)
	bytesOfGame := make([]byte, 40) // a game of 3 plies that the quiet-ply limit ends
	for i := range bytesOfGame {
		bytesOfGame[i] = byte(i * 37 % 251)
	}
	f.Add("", bytesOfGame, script, uint8(2), uint16(0), uint32(0), false)

	var pvs *surakarta.PVS // one for every input: Game clears it
	f.Fuzz(func(t *testing.T, text string, game, script []byte, depth uint8, stop uint16, fill uint32, engine bool) {
		rec := fuzzRecord(text, game, int(depth), fill)
		if rec == nil {
			return
		}
		plies := rec.Game.Ply()
		var s surakarta.Searcher = &fuzzSearcher{script: script}
		if engine && plies <= 40 {
			if pvs == nil {
				pvs = newPVS()
			}
			s = pvs
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		r, err := analysis.Game(ctx, rec.Game, s, analysis.Options{
			Limits: surakarta.Limits{Depth: 1 + int(depth)%3},
			Progress: func(done, total int) {
				if done == int(stop) {
					cancel()
				}
			},
		})
		if r == nil {
			t.Fatalf("no report: %v", err)
		}
		if len(r.Moves) > plies || err == nil && len(r.Moves) != plies {
			t.Fatalf("%d moves analysed of %d, error %v", len(r.Moves), plies, err)
		}
		_, roomErr := (&analysis.Report{}).Fit(rec)
		annotated, err := r.Annotate(rec)
		if err != nil {
			if !errors.Is(err, analysis.ErrInvalidAnalysis) || roomErr == nil || plies == 0 {
				t.Fatalf("Annotate: %v; the Fit of an empty report: %v", err, roomErr)
			}
			return
		}
		fit, err := r.Fit(rec)
		if err != nil || fit > len(r.Moves) {
			t.Fatalf("Fit: %d, %v; the report has %d moves", fit, err, len(r.Moves))
		}
		out, err := annotated.MarshalText()
		if err != nil {
			t.Fatalf("the annotated record does not write: %v", err)
		}
		back, err := record.Parse(string(out))
		if err != nil {
			t.Fatalf("the annotated record does not read back: %v\n%s", err, out)
		}
		if !slices.Equal(back.Game.Moves(), rec.Game.Moves()) || back.Result != rec.Result || back.Reason != rec.Reason || !slices.Equal(back.Headers, rec.Headers) {
			t.Fatalf("the annotated record reads back with another game, result or headers:\n%s", out)
		}
		if !maps.Equal(back.Comments, annotated.Comments) {
			t.Fatalf("the comments read back differ:\n%v\nwant\n%v", back.Comments, annotated.Comments)
		}
		for ply, own := range rec.Comments {
			if !strings.HasPrefix(back.Comments[ply], own) {
				t.Fatalf("the record's own comment at ply %d, %q, is now %q", ply, own, back.Comments[ply])
			}
		}
		for _, a := range r.Moves[:fit] {
			if !strings.Contains(back.Comments[a.Ply], a.Comment()) {
				t.Fatalf("the comment at ply %d, %q, lacks the annotation %q", a.Ply, back.Comments[a.Ply], a.Comment())
			}
		}
		if fit == plies {
			return
		}
		note := analysis.Note(fit, len(r.Moves), plies)
		if !strings.HasSuffix(back.Comments[fit], note) {
			t.Fatalf("%d of %d plies annotated, and the comment after ply %d, %q, does not end with the note %q", fit, plies, fit, back.Comments[fit], note)
		}
		if fit < len(r.Moves) {
			// The next annotation did not fit: with it and the note's room
			// the comments would take more than a record's may.
			used := 0
			for _, c := range back.Comments {
				used += len(c) + 2
			}
			if back.Comments[fit] == note {
				used -= len(note) + 2
			} else {
				used -= len(note) + 1
			}
			if used+len(r.Moves[fit].Comment())+1+analysis.NoteRoom <= record.MaxCommentBytes {
				t.Fatalf("%d of %d annotations written in %d bytes of comments: the next, of %d bytes, fits", fit, len(r.Moves), used, len(r.Moves[fit].Comment()))
			}
		}
	})
}
