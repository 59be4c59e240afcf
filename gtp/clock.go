package gtp

import (
	"time"

	"github.com/surakarta-go/surakarta"
)

// clock is GTP's Canadian byo-yomi clock, as time_settings sets it and
// time_left corrects it: main time, then periods of byoTime for
// byoStones moves. Absolute time has no byo-yomi.
type clock struct {
	set       bool // time_settings gave a time limit
	main      time.Duration
	byoTime   time.Duration
	byoStones int
	left      [2]time.Duration // time left in the main time or the period
	stones    [2]int           // moves left in the period; 0 in the main time
}

// newClock returns the clock of time_settings: main time, then byo-yomi
// time for stones moves. A byo-yomi time with no stones means no limit.
func newClock(main, byoTime time.Duration, stones int) clock {
	k := clock{set: byoTime == 0 || stones > 0, main: main, byoTime: byoTime, byoStones: stones}
	k.reset()
	return k
}

// reset starts both sides' clocks again, for a new game.
func (k *clock) reset() {
	k.left = [2]time.Duration{k.main, k.main}
	k.stones = [2]int{}
}

// limits returns the limits of a search by side: its clock, or moveTime
// when no time settings limit the game.
func (k *clock) limits(side surakarta.Color, moveTime time.Duration) surakarta.Limits {
	if !k.set {
		return surakarta.Limits{MoveTime: moveTime}
	}
	left, stones := k.left[side], k.stones[side]
	if left <= 0 && stones == 0 && k.byoStones > 0 {
		left, stones = k.byoTime, k.byoStones // the main time is over
	}
	if left <= 0 {
		return surakarta.Limits{MoveTime: time.Millisecond} // no time: move at once
	}
	var c surakarta.Clock
	if side == surakarta.Black {
		c.Black = left
	} else {
		c.White = left
	}
	c.MovesToGo = stones
	return surakarta.Limits{Clock: c}
}

// spend takes the time side spent on a move off its clock, for a
// controller that does not send time_left (one that does corrects it).
func (k *clock) spend(side surakarta.Color, d time.Duration) {
	if !k.set {
		return
	}
	if k.stones[side] == 0 {
		k.left[side] -= d
		if k.left[side] >= 0 || k.byoStones == 0 {
			return
		}
		// Into byo-yomi: the rest of this move comes from the first period.
		d = -k.left[side]
		k.left[side], k.stones[side] = k.byoTime, k.byoStones
	}
	k.left[side] -= d
	if k.stones[side]--; k.stones[side] == 0 {
		k.left[side], k.stones[side] = k.byoTime, k.byoStones // a new period
	}
}
