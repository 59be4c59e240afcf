package surakarta_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
)

// TestSearchExtremeSettings sets each numeric field of PVS, Limits, Clock
// and Rules in turn to 0, −1, the largest and the smallest value of its
// type, the other fields left as they are, and searches a middle-game
// position with each searcher under a context deadline. Whatever the
// value, Search returns an error or a legal move, and returns soon after
// the deadline: it neither panics nor hangs (a watchdog fails the test if
// a search has not returned long after its deadline).
func TestSearchExtremeSettings(t *testing.T) {
	deadline := 60 * time.Millisecond
	const late = 30 * time.Second // a hang, not a slow machine: a hang is for ever
	ints := []int{0, -1, math.MaxInt, math.MinInt}
	int64s := []int64{0, -1, math.MaxInt64, math.MinInt64}
	type change struct {
		name  string
		pvs   func(*surakarta.PVS)
		lim   func(*surakarta.Limits)
		rules func(*surakarta.Rules)
	}
	var changes []change
	for _, v := range ints {
		changes = append(changes,
			change{name: fmt.Sprint("PVS.TableMegabytes ", v), pvs: func(s *surakarta.PVS) { s.TableMegabytes = v }},
			change{name: fmt.Sprint("PVS.Threads ", v), pvs: func(s *surakarta.PVS) { s.Threads = v }},
			change{name: fmt.Sprint("PVS.Contempt ", v), pvs: func(s *surakarta.PVS) { s.Contempt = v }},
			change{name: fmt.Sprint("Limits.Depth ", v), lim: func(l *surakarta.Limits) { l.Depth = v }},
			change{name: fmt.Sprint("Clock.MovesToGo ", v), lim: func(l *surakarta.Limits) { l.Clock.MovesToGo = v }},
			change{name: fmt.Sprint("Limits.MultiPV ", v), lim: func(l *surakarta.Limits) { l.MultiPV = v }},
			change{name: fmt.Sprint("Rules.QuietPlyLimit ", v), rules: func(r *surakarta.Rules) { r.QuietPlyLimit = v }},
			change{name: fmt.Sprint("Rules.RepetitionLimit ", v), rules: func(r *surakarta.Rules) { r.RepetitionLimit = v }},
		)
	}
	for _, v := range int64s {
		d := time.Duration(v)
		changes = append(changes,
			change{name: fmt.Sprint("Limits.Nodes ", v), lim: func(l *surakarta.Limits) { l.Nodes = v }},
			change{name: fmt.Sprint("Limits.MoveTime ", v), lim: func(l *surakarta.Limits) { l.MoveTime = d }},
			change{name: fmt.Sprint("Limits.MoveOverhead ", v), lim: func(l *surakarta.Limits) { l.MoveOverhead = d }},
			change{name: fmt.Sprint("Clock.Black ", v), lim: func(l *surakarta.Limits) { l.Clock.Black = d }},
			change{name: fmt.Sprint("Clock.White ", v), lim: func(l *surakarta.Limits) { l.Clock.White = d }},
			change{name: fmt.Sprint("Clock.BlackIncrement ", v), lim: func(l *surakarta.Limits) { l.Clock.BlackIncrement = d }},
			change{name: fmt.Sprint("Clock.WhiteIncrement ", v), lim: func(l *surakarta.Limits) { l.Clock.WhiteIncrement = d }},
		)
	}
	start := middleGamePositions(t)[0]
	for _, ch := range changes {
		for _, searcher := range []string{"AlphaBeta", "PVS"} {
			if ch.pvs != nil && searcher != "PVS" {
				continue
			}
			name := searcher + ", " + ch.name
			rules := surakarta.OlympiadRules()
			if ch.rules != nil {
				ch.rules(&rules)
			}
			g, err := surakarta.NewGameWithRules(start, rules)
			if err != nil {
				if !errors.Is(err, surakarta.ErrInvalidRules) {
					t.Errorf("%s: NewGameWithRules: %v, want an error wrapping ErrInvalidRules", name, err)
				}
				continue
			}
			var s surakarta.Searcher = surakarta.NewAlphaBeta(surakarta.NewSixFactor())
			if searcher == "PVS" {
				pvs := surakarta.NewPVS(surakarta.NewSixFactor())
				if ch.pvs != nil {
					ch.pvs(pvs)
				}
				s = pvs
			}
			var lim surakarta.Limits
			if ch.lim != nil {
				ch.lim(&lim)
			}
			ctx, cancel := context.WithTimeout(context.Background(), deadline)
			type outcome struct {
				r     surakarta.Result
				err   error
				panic any
			}
			done := make(chan outcome, 1)
			began := time.Now()
			go func() {
				defer func() {
					if p := recover(); p != nil {
						done <- outcome{panic: p}
					}
				}()
				r, err := s.Search(ctx, g, lim)
				done <- outcome{r: r, err: err}
			}()
			select {
			case o := <-done:
				took := time.Since(began)
				switch {
				case o.panic != nil:
					t.Errorf("%s: Search panicked: %v", name, o.panic)
				case took > deadline+late:
					t.Errorf("%s: Search took %v with a deadline of %v", name, took, deadline)
				case o.err == nil && !slices.Contains(g.LegalMoves(), o.r.Move):
					t.Errorf("%s: Search returned %v, not a legal move, and no error", name, o.r.Move)
				}
			case <-time.After(deadline + 2*late):
				t.Fatalf("%s: Search has not returned %v after its deadline: it hangs", name, 2*late)
			}
			cancel()
		}
	}
}
