package match

import (
	"fmt"
	"io"
	"strings"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// forfeitClock is the Reason of a forfeit on Run's clock (OnTime).
const forfeitClock = "out of time"

// forfeitHeader is the header of a record that tells who forfeited the
// game, where and why.
const forfeitHeader = "Forfeit"

// forfeitPrefix starts the Reason of the record of a forfeit not on time.
const forfeitPrefix = "forfeit: "

// forfeitText is the text of a Forfeit header, before headerText makes it
// fit: side c, playing engine name, forfeits at ply in position p, and
// why.
func forfeitText(c surakarta.Color, name string, ply int, p surakarta.Position, why string) string {
	return fmt.Sprintf("%v (%s) forfeits at ply %d, position %s: %s", c, name, ply, p, why)
}

// forfeitNote is a forfeit of a game not yet recorded.
type forfeitNote struct {
	onTime bool
	reason string // the record's Reason, for a forfeit not on time
	text   string // the Forfeit header
}

// forfeitGame ends game g, in which side c, playing engine name, has
// forfeited with f, and returns what its record will say.
func forfeitGame(g *surakarta.Game, c surakarta.Color, name string, f *enginespec.Forfeit) forfeitNote {
	note := forfeitNote{
		onTime: f.OnTime,
		reason: forfeitPrefix + f.Reason,
		text:   headerText(forfeitText(c, name, g.Ply(), g.Position(), fmt.Sprint(f.Err))),
	}
	if f.OnTime {
		g.ForfeitOnTime(c) // the game is not over: Run asked for a move
	}
	return note
}

// mark writes the forfeit into the record of its game: the Forfeit
// header and, for a forfeit not on time (which ended the game), the
// result and the reason.
func (note forfeitNote) mark(rec *record.Record) {
	rec.Headers = append(rec.Headers, record.Header{Name: forfeitHeader, Value: note.text})
	if note.onTime {
		return
	}
	loser := rec.Game.Position().SideToMove()
	rec.Result = surakarta.Outcome{Over: true, Winner: loser.Other()}.Result()
	rec.Reason = note.reason
}

// maxHeaderText is the longest text a Forfeit header holds.
const maxHeaderText = 300

// headerText makes text fit for a record's header: valid UTF-8 without
// control characters, at most maxHeaderText bytes.
func headerText(text string) string {
	return clip.To(strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(text, "?")), maxHeaderText)
}

// closeSearchers closes the searchers that implement io.Closer.
func closeSearchers(searchers *[2]surakarta.Searcher) {
	for _, s := range searchers {
		if c, ok := s.(io.Closer); ok {
			c.Close() // the game is over: nothing to do about an error
		}
	}
}
