package serve

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// Settings are the server's own options: what it keeps back from every
// time limit, the rules of the games it sets up, and how many best lines
// a search that reports its iterations shows.
type Settings struct {
	MoveOverhead time.Duration
	Rules        surakarta.Rules
	// MultiPV is the Limits.MultiPV of the searches Go starts, whose
	// iterations the protocol reports: 1 shows one line. SearchNow, whose
	// protocol shows no lines (GTP), searches one line whatever it says,
	// since more lines would only take time from the move.
	MultiPV int
}

// DefaultMoveOverhead is the default MoveOverhead, which the searchers
// keep back from a clock's time left (not from a fixed move time, which
// they spend whole): what a referee's clock sees beyond the search, from reading go to writing bestmove through
// pipes. That is under a millisecond on the development machine even when
// it is busy; the rest is margin for a process that waits for a core.
const DefaultMoveOverhead = 20 * time.Millisecond

// DefaultSettings returns the settings a server starts with: a
// MoveOverhead of DefaultMoveOverhead, the Olympiad rules and one line.
func DefaultSettings() Settings {
	return Settings{MoveOverhead: DefaultMoveOverhead, Rules: surakarta.OlympiadRules(), MultiPV: 1}
}

// Option is one of the server's own options, a whole number from Min to
// Max.
type Option struct {
	Name     string
	Min, Max int
	Default  int // its value in DefaultSettings
	set      func(*Settings, int) error
}

// options are the server's own options, in the order the servers list
// them.
var options = []Option{
	{Name: "MoveOverhead", Min: 0, Max: 10_000, Default: int(DefaultMoveOverhead / time.Millisecond),
		set: func(s *Settings, ms int) error { s.MoveOverhead = time.Duration(ms) * time.Millisecond; return nil }},
	{Name: "QuietPlyLimit", Min: 0, Max: 1_000_000, Default: surakarta.OlympiadRules().QuietPlyLimit,
		set: func(s *Settings, n int) error { s.Rules.QuietPlyLimit = n; return nil }},
	{Name: "RepetitionLimit", Min: 0, Max: 1_000_000, Default: surakarta.OlympiadRules().RepetitionLimit,
		set: func(s *Settings, n int) error {
			if n == 1 {
				return fmt.Errorf("1 would end every game at once: want 0 (off) or 2 or more")
			}
			s.Rules.RepetitionLimit = n
			return nil
		}},
	// MultiPV goes up to MaxMoves, the most legal moves a position can
	// have, so that its largest value shows every move.
	{Name: "MultiPV", Min: 1, Max: surakarta.MaxMoves, Default: 1,
		set: func(s *Settings, n int) error { s.MultiPV = n; return nil }},
}

// Options returns the server's own options.
func Options() []Option { return append([]Option(nil), options...) }

// IsOption reports whether name, in any letter case, is one of the
// server's own options.
func IsOption(name string) bool {
	_, ok := findOption(name)
	return ok
}

func findOption(name string) (Option, bool) {
	for _, o := range options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// Set sets the server's option name (in any letter case) to value, a
// whole number, changing nothing on error. It reports false for a name
// that is not one of the server's options.
func (s *Settings) Set(name, value string) (found bool, err error) {
	o, ok := findOption(name)
	if !ok {
		return false, nil
	}
	value = strings.TrimSpace(value)
	n, err := strconv.Atoi(value)
	if err != nil || n < o.Min || n > o.Max {
		return true, fmt.Errorf("option %s: want a whole number from %d to %d, not %q", o.Name, o.Min, o.Max, clip.Text(value))
	}
	changed := *s
	if err := o.set(&changed, n); err != nil {
		return true, fmt.Errorf("option %s: %w", o.Name, err)
	}
	*s = changed
	return true, nil
}
