package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
)

// gameClock is the clock a game of Run is played on: the referee's, kept
// outside the engines. Each side has its own time left; after a move the
// mover's clock loses the wall time of its search and gains its
// increment, and with MovesToGo, once the side has made that many moves
// since its last control, its starting time again.
type gameClock struct {
	start surakarta.Clock  // the starting times, increments and moves of a control
	left  [2]time.Duration // time left, by colour
	toGo  [2]int           // moves left to the next control, by colour (with MovesToGo)
	least time.Duration    // the least time left after a move, before its increment
	moved bool             // a move has been timed
}

// newGameClock returns the clock of a new game with the starting Clock c.
func newGameClock(c surakarta.Clock) *gameClock {
	return &gameClock{
		start: c,
		left:  [2]time.Duration{surakarta.Black: c.Black, surakarta.White: c.White},
		toGo:  [2]int{c.MovesToGo, c.MovesToGo},
	}
}

// limits returns lim with the clock as it stands before side's move: both
// sides' time left, their increments and side's moves to the control.
func (k *gameClock) limits(lim surakarta.Limits, side surakarta.Color) surakarta.Limits {
	lim.Clock = surakarta.Clock{
		Black: max(k.left[surakarta.Black], 0), White: max(k.left[surakarta.White], 0),
		BlackIncrement: k.start.BlackIncrement, WhiteIncrement: k.start.WhiteIncrement,
		MovesToGo: k.toGo[side],
	}
	return lim
}

// spend takes spent off side's clock after its move and reports whether
// the side is still in time (its time left not negative); only then does
// its clock gain the increment and, at the end of a control, the
// control's time.
func (k *gameClock) spend(side surakarta.Color, spent time.Duration) bool {
	k.left[side] -= spent
	if !k.moved || k.left[side] < k.least {
		k.least, k.moved = k.left[side], true
	}
	if k.left[side] < 0 {
		return false
	}
	start, inc := k.start.Left(side)
	k.left[side] += inc
	if k.start.MovesToGo > 0 {
		if k.toGo[side]--; k.toGo[side] == 0 {
			k.left[side] += start
			k.toGo[side] = k.start.MovesToGo
		}
	}
	return true
}

// headers returns the record's headers of the clock: TimeLeft, each
// side's time left at the end of the game, and LeastTimeLeft, the least
// time any side had left after a move (before its increment), as the
// clock matches of cmd/surakarta's tests write them. A side that lost on
// time shows how far its time went below zero.
func (k *gameClock) headers() []record.Header {
	ms := func(d time.Duration) string { return d.Round(time.Millisecond).String() }
	h := []record.Header{{Name: "TimeLeft", Value: fmt.Sprintf("black %s, white %s",
		ms(k.left[surakarta.Black]), ms(k.left[surakarta.White]))}}
	if k.moved {
		h = append(h, record.Header{Name: "LeastTimeLeft", Value: ms(k.least)})
	}
	return h
}

// clockText describes a Clock as a time control: "10s+100ms" (starting
// time + increment), "40/60s+0s" with moves to go, and "black 10s+0s,
// white 5s+0s" when the sides' times differ.
func clockText(c surakarta.Clock) string {
	side := func(t, inc time.Duration) string {
		text := t.String() + "+" + inc.String()
		if c.MovesToGo > 0 {
			text = strconv.Itoa(c.MovesToGo) + "/" + text
		}
		return text
	}
	text := side(c.Black, c.BlackIncrement)
	if c.Black != c.White || c.BlackIncrement != c.WhiteIncrement {
		text = "black " + text + ", white " + side(c.White, c.WhiteIncrement)
	}
	return text
}

// LimitsText describes the limits of a match's moves, such as
// "100ms/move" or "depth 6", and a clock as its starting time and
// increment, such as "10s+100ms" or, with moves to go, "40/60s+0s" (with
// the sides' controls given apart, "black 10s+0s, white 5s+0s" when they
// differ): the TimeControl header of the match's records.
func LimitsText(l surakarta.Limits) string {
	var parts []string
	if l.Clock.IsSet() {
		parts = append(parts, clockText(l.Clock))
	}
	if l.MoveTime > 0 {
		parts = append(parts, l.MoveTime.String()+"/move")
	}
	if l.Nodes > 0 {
		parts = append(parts, strconv.FormatInt(l.Nodes, 10)+" nodes/move")
	}
	if l.Depth > 0 {
		parts = append(parts, "depth "+strconv.Itoa(l.Depth))
	}
	if len(parts) == 0 {
		return "default"
	}
	return strings.Join(parts, ", ")
}
