package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// options are the engine's settings, which UGI's setoption and GTP's
// surakarta-setoption change.
type options struct {
	hash      int           // transposition table, MiB (PVS)
	threads   int           // search threads (PVS)
	contempt  int           // draw score below a level position (PVS)
	overhead  time.Duration // kept back from every time limit
	searcher  string        // a key of searchers
	evaluator string        // a key of evaluators
	rules     surakarta.Rules
}

// The searchers and evaluators the options choose from; the first of each
// is the default.
var (
	searcherNames  = []string{"pvs", "alphabeta"}
	evaluatorNames = []string{"tuned", "endgame", "sixfactor"}
	evaluators     = map[string]func() surakarta.Evaluator{
		"endgame":   func() surakarta.Evaluator { return surakarta.NewEndgameAdjusted() },
		"tuned":     func() surakarta.Evaluator { return surakarta.NewTuned() },
		"sixfactor": func() surakarta.Evaluator { return surakarta.NewSixFactor() },
	}
)

// defaultOverhead is the default MoveOverhead: what a referee's clock sees
// beyond the search, from reading go to writing bestmove through pipes.
// That is under a millisecond on the development machine even when it is
// busy; the rest is margin for a process that waits for a core.
const defaultOverhead = 20 * time.Millisecond

// defaultOptions returns the options an engine starts with.
func defaultOptions() options {
	return options{
		hash:      surakarta.NewPVS(nil).TableMegabytes,
		threads:   1,
		overhead:  defaultOverhead,
		searcher:  searcherNames[0],
		evaluator: evaluatorNames[0],
		rules:     surakarta.OlympiadRules(),
	}
}

// newSearcher returns a searcher made with the options.
func (o options) newSearcher() surakarta.Searcher {
	eval := evaluators[o.evaluator]()
	if o.searcher == "alphabeta" {
		return surakarta.NewAlphaBeta(eval)
	}
	s := surakarta.NewPVS(eval)
	s.TableMegabytes = o.hash
	s.Threads = o.threads
	s.Contempt = o.contempt
	return s
}

// option describes one option: its UGI name and type, and how to read and
// set it. spinOption and comboOption make them, so that the bounds and
// the choices the ugi command shows are the ones set checks.
type option struct {
	name     string
	spin     bool     // a number from min to max; else a combo of vars
	min, max int      // spin
	vars     []string // combo
	get      func(*options) string
	set      func(*options, string) error
}

// optionTable lists the options in the order the ugi command shows them.
var optionTable = []option{
	spinOption("Hash", 0, 4096,
		func(o *options) int { return o.hash },
		func(o *options, n int) error { o.hash = n; return nil }),
	spinOption("Threads", 1, 256,
		func(o *options) int { return o.threads },
		func(o *options, n int) error { o.threads = n; return nil }),
	spinOption("Contempt", -1000, 1000,
		func(o *options) int { return o.contempt },
		func(o *options, n int) error { o.contempt = n; return nil }),
	spinOption("MoveOverhead", 0, 10000,
		func(o *options) int { return int(o.overhead.Milliseconds()) },
		func(o *options, ms int) error { o.overhead = time.Duration(ms) * time.Millisecond; return nil }),
	comboOption("Searcher", searcherNames, func(o *options) *string { return &o.searcher }),
	comboOption("Evaluator", evaluatorNames, func(o *options) *string { return &o.evaluator }),
	spinOption("QuietPlyLimit", 0, 1_000_000,
		func(o *options) int { return o.rules.QuietPlyLimit },
		func(o *options, n int) error { o.rules.QuietPlyLimit = n; return nil }),
	spinOption("RepetitionLimit", 0, 1_000_000,
		func(o *options) int { return o.rules.RepetitionLimit },
		func(o *options, n int) error {
			if n == 1 {
				return fmt.Errorf("1 would end every game at once: want 0 (off) or 2 or more")
			}
			o.rules.RepetitionLimit = n
			return nil
		}),
}

// spinOption returns a spin option from lo to hi: get reads its value, and
// set sets a value from lo to hi, or refuses it.
func spinOption(name string, lo, hi int, get func(*options) int, set func(*options, int) error) option {
	return option{
		name: name, spin: true, min: lo, max: hi,
		get: func(o *options) string { return strconv.Itoa(get(o)) },
		set: func(o *options, v string) error {
			n, err := spinValue(v, lo, hi)
			if err != nil {
				return err
			}
			return set(o, n)
		},
	}
}

// comboOption returns a combo option of vars, held in the field that field
// returns.
func comboOption(name string, vars []string, field func(*options) *string) option {
	return option{
		name: name, vars: vars,
		get: func(o *options) string { return *field(o) },
		set: func(o *options, v string) error {
			v, err := comboValue(v, vars)
			if err != nil {
				return err
			}
			*field(o) = v
			return nil
		},
	}
}

// findOption returns the option of that name, in any letter case.
func findOption(name string) (*option, bool) {
	for i := range optionTable {
		if strings.EqualFold(optionTable[i].name, name) {
			return &optionTable[i], true
		}
	}
	return nil, false
}

// setOption sets the option name to value in o, changing nothing on error.
func setOption(o *options, name, value string) error {
	opt, ok := findOption(name)
	if !ok {
		names := make([]string, len(optionTable))
		for i, opt := range optionTable {
			names[i] = opt.name
		}
		return fmt.Errorf("unknown option %q (options: %s)", clip.Text(name), strings.Join(names, ", "))
	}
	changed := *o
	if err := opt.set(&changed, strings.TrimSpace(value)); err != nil {
		return fmt.Errorf("option %s: %w", opt.name, err)
	}
	*o = changed
	return nil
}

// ugiLine returns the option line of the ugi command's answer.
func (opt *option) ugiLine() string {
	def := defaultOptions()
	line := "option name " + opt.name
	if opt.spin {
		return line + fmt.Sprintf(" type spin default %s min %d max %d", opt.get(&def), opt.min, opt.max)
	}
	line += " type combo default " + opt.get(&def)
	for _, v := range opt.vars {
		line += " var " + v
	}
	return line
}

// spinValue parses a whole number from lo to hi.
func spinValue(v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("want a whole number from %d to %d, not %q", lo, hi, clip.Text(v))
	}
	return n, nil
}

// comboValue returns the one of vars that v names, in any letter case.
func comboValue(v string, vars []string) (string, error) {
	i := slices.IndexFunc(vars, func(s string) bool { return strings.EqualFold(s, v) })
	if i < 0 {
		return "", fmt.Errorf("want one of %s, not %q", strings.Join(vars, ", "), clip.Text(v))
	}
	return vars[i], nil
}
