package match

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/internal/oneline"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/internal/atomicfile"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/internal/errmark"
	"github.com/surakarta-go/surakarta/internal/regularfile"
)

// spsaAlpha, spsaGamma and spsaARatio are fishtest's α, γ and A/N (see
// RunSPSA).
const (
	spsaAlpha  = 0.602
	spsaGamma  = 0.101
	spsaARatio = 0.1
)

// SPSAParam is a parameter that RunSPSA tunes: an engine option of whole
// numbers, as fishtest describes it on a line NAME,START,MIN,MAX,C_END,R_END
// (ParseSPSAParam). CEnd is how far the last iteration perturbs it, in its
// own units: large enough that the two sides differ by a few Elo, since
// a smaller difference drowns in the games' noise. REnd is the learning
// rate at the end, fishtest's r_end: with CEnd, how far a pair's result
// moves it.
type SPSAParam struct {
	Name       string
	Start      int
	Min, Max   int
	CEnd, REnd float64
}

// ParseSPSAParam reads a parameter from fishtest's line
// "NAME,START,MIN,MAX,C_END,R_END", such as "SearchRFPMargin,40,10,120,4,0.002".
// START, MIN and MAX are whole numbers; C_END and R_END finite decimal
// numbers (not NaN or Inf, which no schedule can use). It checks the
// line's form, not its values: SPSAConfig.Validate does. The error wraps
// ErrInvalidConfig.
func ParseSPSAParam(line string) (SPSAParam, error) {
	fields := strings.Split(line, ",")
	bad := func(format string, args ...any) (SPSAParam, error) {
		return SPSAParam{}, errmark.Errorf(ErrInvalidConfig, "match: SPSA parameter %q: "+format, append([]any{clip.Text(line)}, args...)...)
	}
	if len(fields) != 6 {
		return bad("want NAME,START,MIN,MAX,C_END,R_END, six fields, not %d", len(fields))
	}
	for i := range fields {
		fields[i] = strings.TrimSpace(fields[i])
	}
	p := SPSAParam{Name: fields[0]}
	for i, dst := range []*int{&p.Start, &p.Min, &p.Max} {
		n, err := strconv.Atoi(fields[i+1])
		if err != nil {
			return bad("%s %q: want a whole number", [...]string{"START", "MIN", "MAX"}[i], clip.Text(fields[i+1]))
		}
		*dst = n
	}
	for i, dst := range []*float64{&p.CEnd, &p.REnd} {
		x, err := strconv.ParseFloat(fields[i+4], 64)
		if err != nil || !finite(x) {
			return bad("%s %q: want a finite number", [...]string{"C_END", "R_END"}[i], clip.Text(fields[i+4]))
		}
		*dst = x
	}
	return p, nil
}

// String writes p as ParseSPSAParam reads it.
func (p SPSAParam) String() string {
	return fmt.Sprintf("%s,%d,%d,%d,%s,%s", p.Name, p.Start, p.Min, p.Max, formatFloat(p.CEnd), formatFloat(p.REnd))
}

// SPSAConfig describes a tuning by SPSA (see RunSPSA). SPSAConfig.Validate
// checks it.
type SPSAConfig struct {
	// Params are the parameters, each an option of Engine, with distinct
	// names.
	Params []SPSAParam
	// Iterations is N, the number of game pairs: the schedule reaches
	// each parameter's CEnd and REnd at the last.
	Iterations int
	// Seed seeds each iteration's signs and opening: a tuning of engines
	// that search deterministically (to a depth or a number of nodes, on
	// one thread) plays the same games and ends with the same values
	// every time, also when it was interrupted and resumed.
	Seed uint64
	// Engine is the spec of the engine to tune, a UGI program
	// ("ugi:COMMAND" or "ugi,SETTING...:COMMAND", see enginespec.Parse),
	// with no name= and no option.NAME= of a parameter: each side of a
	// pair is this spec with option.NAME=VALUE settings for every
	// parameter, so the program gets each value by setoption when it
	// starts, as every game starts it anew. Before the first iteration
	// RunSPSA starts it twice, with every parameter at its Min and then
	// at its Max, and searches one ply: a program that refuses an option
	// fails the tuning at once, rather than losing every game. A spec
	// with option.Book is refused: a book makes the games alike.
	Engine string
	// Limits, OpeningPlies, MaxPlies and Concurrency are those of the
	// game pair's match (see Config): the limits of every move, the random
	// plies of each iteration's opening (0 means 4), the plies after which
	// a game is adjudicated (0 means 400), and the games played at once
	// (0 means both games of the pair, if there are two cores).
	Limits       surakarta.Limits
	OpeningPlies int
	MaxPlies     int
	Concurrency  int
	// Openings, when not nil, are the openings: iteration k plays
	// Openings[k mod len(Openings)], and OpeningPlies must be 0.
	Openings []surakarta.Position
	// StateFile, if set, receives the tuning as it goes, in the text
	// format of RunSPSA; a tuning run again with the same file and config
	// resumes after its last iteration. It must be a regular file (or
	// not exist): RunSPSA refuses a named pipe or a device at once.
	StateFile string
	// Progress, if set, receives a line after every iteration.
	Progress io.Writer

	// play, when set (by the tests), plays iteration k's pair instead of
	// games of Engine, and returns the plus side's wins less its losses.
	play func(ctx context.Context, k int, plus, minus []int, opening surakarta.Position) (float64, error)
}

// SPSAState is where a tuning stands: the iterations done, and each
// parameter's θ after them, in the order of SPSAConfig.Params.
type SPSAState struct {
	Iteration int
	Theta     []float64
}

// Values returns θ as the engine plays it: each value rounded to a whole
// number (θ stays within each parameter's range).
func (s SPSAState) Values() []int {
	v := make([]int, len(s.Theta))
	for i, x := range s.Theta {
		v[i] = int(math.Round(x))
	}
	return v
}

// Validate reports whether c describes a tuning that RunSPSA can run:
// parameters with distinct names of letters, digits, '_', '-' and '.'
// (they go into an engine spec), Min ≤ Start ≤ Max, a positive CEnd and
// an REnd not negative, both finite, whose schedule (see RunSPSA) is of
// finite numbers in the first and the last iteration (a CEnd or REnd so
// large or so small that c, a, c_k, r_k or a step r_k·c_k·2 overflows
// to Inf or NaN would move θ nowhere a parameter can be); a positive
// number of iterations; a UGI engine spec; valid Limits that bound the
// search; no negative OpeningPlies, MaxPlies or Concurrency; and given
// Openings, if any, not finished games, with OpeningPlies 0. The error
// wraps ErrInvalidConfig.
func (c SPSAConfig) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: SPSA: "+format, append([]any{ErrInvalidConfig}, args...)...)
	}
	if len(c.Params) == 0 {
		return bad("no parameters to tune")
	}
	seen := make(map[string]bool)
	for _, p := range c.Params {
		switch {
		case !validParamName(p.Name):
			return bad("parameter name %q: want letters, digits, '_', '-' or '.'", clip.Text(p.Name))
		case seen[strings.ToLower(p.Name)]:
			return bad("parameter %s given twice", p.Name)
		case p.Min > p.Max:
			return bad("parameter %s: min %d is above max %d", p.Name, p.Min, p.Max)
		case p.Start < p.Min || p.Start > p.Max:
			return bad("parameter %s: start %d is outside [%d, %d]", p.Name, p.Start, p.Min, p.Max)
		case !(p.CEnd > 0) || math.IsInf(p.CEnd, 0):
			return bad("parameter %s: c_end %v: want a positive perturbation", p.Name, p.CEnd)
		case !(p.REnd >= 0) || math.IsInf(p.REnd, 0):
			return bad("parameter %s: r_end %v: want a learning rate of 0 or more", p.Name, p.REnd)
		}
		seen[strings.ToLower(p.Name)] = true
	}
	if c.Iterations > 0 {
		sched := newSPSASchedule(c.Params, c.Iterations)
		for i := range c.Params {
			for _, k := range []int{0, c.Iterations - 1} {
				if err := sched.check(c.Params, i, k); err != nil {
					return bad("%v", err)
				}
			}
		}
	}
	switch {
	case c.Iterations <= 0:
		return bad("Iterations %d: want a positive number of game pairs", c.Iterations)
	case c.OpeningPlies < 0:
		return bad("OpeningPlies %d is negative (0 means %d)", c.OpeningPlies, defaultOpeningPlies)
	case c.MaxPlies < 0:
		return bad("MaxPlies %d is negative (0 means %d)", c.MaxPlies, defaultMaxPlies)
	case c.Concurrency < 0:
		return bad("Concurrency %d is negative (0 means both games at once)", c.Concurrency)
	case c.Openings != nil && len(c.Openings) == 0:
		return bad("Openings is empty but not nil: give openings, or nil for random ones")
	case c.Openings != nil && c.OpeningPlies != 0:
		return bad("OpeningPlies %d with given Openings: want 0", c.OpeningPlies)
	}
	if err := c.Limits.Validate(); err != nil {
		return bad("Limits: %w", err)
	}
	if l := c.Limits; l.MoveTime == 0 && l.Nodes == 0 && l.Depth == 0 && !l.Clock.IsSet() {
		return bad("Limits set no limit: give a move time, nodes, a depth or a clock")
	}
	for i, p := range c.Openings {
		if surakarta.NewGame(p).Outcome().Over {
			return bad("opening %d (%v) is a finished game", i+1, p)
		}
	}
	if c.play == nil {
		if _, _, err := splitSPSAEngine(c.Engine); err != nil {
			return bad("%v", err)
		}
	}
	return nil
}

// validParamName reports whether name can be an option's name in an
// engine spec: not empty, of letters, digits, '_', '-' and '.'.
func validParamName(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

// splitSPSAEngine splits the spec of the engine to tune at its first
// colon, into the head (ugi and its settings) and the command, and
// checks that it is a UGI program's spec without a name.
func splitSPSAEngine(spec string) (head, command string, err error) {
	spec = strings.TrimSpace(spec)
	head, command, ok := strings.Cut(spec, ":")
	settings := strings.Split(head, ",")
	if !ok || !strings.EqualFold(strings.TrimSpace(settings[0]), "ugi") {
		return "", "", fmt.Errorf("engine %q: want a UGI program, ugi:COMMAND, such as ugi:surakarta -tune (SPSA sets the parameters as UGI options)", clip.Text(spec))
	}
	for _, s := range settings[1:] {
		if key, _, _ := strings.Cut(s, "="); strings.TrimSpace(key) == "name" {
			return "", "", fmt.Errorf("engine %q: a spec with name=: SPSA names the two sides itself", clip.Text(spec))
		}
	}
	return head, command, nil
}

// spsaSpec returns the spec of the engine to tune, named name, with
// the parameters set to values.
func spsaSpec(c *SPSAConfig, name string, values []int) string {
	head, command, _ := splitSPSAEngine(c.Engine)
	var b strings.Builder
	b.WriteString(head + ",name=" + name)
	for i, p := range c.Params {
		fmt.Fprintf(&b, ",option.%s=%d", p.Name, values[i])
	}
	return b.String() + ":" + command
}

// spsaSchedule is the schedule of a tuning: A, and each parameter's c
// and a (see SPSA).
type spsaSchedule struct {
	n    int
	bigA float64
	c, a []float64
}

// newSPSASchedule returns the schedule of n iterations for params.
func newSPSASchedule(params []SPSAParam, n int) spsaSchedule {
	s := spsaSchedule{n: n, bigA: math.Floor(spsaARatio * float64(n))}
	for _, p := range params {
		s.c = append(s.c, p.CEnd*math.Pow(float64(n), spsaGamma))
		s.a = append(s.a, p.REnd*p.CEnd*p.CEnd*math.Pow(s.bigA+float64(n), spsaAlpha))
	}
	return s
}

// gains returns parameter i's perturbation c_k and learning rate r_k in
// iteration k (from 0).
func (s spsaSchedule) gains(i, k int) (ck, rk float64) {
	ck = s.c[i] / math.Pow(float64(k+1), spsaGamma)
	ak := s.a[i] / math.Pow(s.bigA+float64(k+1), spsaAlpha)
	return ck, ak / (ck * ck)
}

// check returns an error if parameter i's schedule in iteration k is not
// of finite numbers: c, a, c_k, r_k and the largest step r_k·c_k·2 (a
// pair's result is −2 to 2). A finite CEnd and REnd can still overflow
// (a holds CEnd², and c_k² can overflow or underflow to 0), and a NaN or
// Inf there would make θ NaN, a value no engine option has.
func (s spsaSchedule) check(params []SPSAParam, i, k int) error {
	ck, rk := s.gains(i, k)
	if finite(s.c[i]) && finite(s.a[i]) && finite(ck) && finite(rk) && finite(rk*ck*2) {
		return nil
	}
	p := params[i]
	return fmt.Errorf("parameter %s: c_end %v and r_end %v over %d iterations make iteration %d's c_k %v and r_k %v (c %v, a %v), beyond float64's finite numbers: want a c_end and r_end of a usable size",
		p.Name, p.CEnd, p.REnd, s.n, k+1, ck, rk, s.c[i], s.a[i])
}

// finite reports whether x is neither NaN nor Inf.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// spsaDraw returns iteration k's signs Δ, one per parameter, and its
// opening: from a generator of its own, seeded by the tuning's seed and
// k, so that a resumed tuning draws what an uninterrupted one would.
func spsaDraw(c *SPSAConfig, k int) ([]float64, surakarta.Position, error) {
	r := rand.New(rand.NewPCG(c.Seed, uint64(k)))
	delta := make([]float64, len(c.Params))
	for i := range delta {
		delta[i] = float64(2*r.IntN(2) - 1)
	}
	if c.Openings != nil {
		return delta, c.Openings[k%len(c.Openings)], nil
	}
	openings, err := Openings(r.Uint64(), cmp.Or(c.OpeningPlies, defaultOpeningPlies), 1)
	if err != nil {
		return nil, surakarta.Position{}, err
	}
	return delta, openings[0], nil
}

// RunSPSA tunes the parameters of c by SPSA, simultaneous perturbation
// stochastic approximation, and returns their state after the last
// iteration. SPSA tunes whole-number parameters of an engine by games:
// each iteration perturbs every parameter at once, up or down at random,
// plays the engine with the values above against the engine with the
// values below, and moves the parameters toward the side that scored
// better. It is how fishtest
// (Stockfish's testing framework) and OpenBench tune engines, and
// RunSPSA follows fishtest's classic SPSA: its schedule, its parameter
// lines and its update.
//
// The schedule. With N iterations, A = 0.1·N (rounded down, as fishtest
// rounds it), α = 0.602 and γ = 0.101, each parameter's c_end (its
// perturbation in the last iteration) and r_end (its learning rate in the
// last iteration) give
//
//	c = c_end·N^γ               c_k = c/(k+1)^γ
//	a = r_end·c_end²·(A+N)^α    a_k = a/(A+k+1)^α    r_k = a_k/c_k²
//
// for iteration k from 0 to N−1, so that c_{N−1} = c_end and
// r_{N−1} = r_end.
//
// An iteration draws Δ ∈ {−1, +1}ⁿ, one sign per parameter, and plays one
// game pair from one opening, each side once with each colour: the engine
// with θ + c_k·Δ (each value rounded to a whole number and clamped to
// its parameter's [Min, Max]) against the engine with θ − c_k·Δ. With
// result the plus side's wins less its losses in the pair (−2 to 2), each
// parameter moves by
//
//	θ_i ← clamp(θ_i + r_k·c_k·result·Δ_i, Min_i, Max_i)
//
// θ is kept as a real number; only the values played are rounded.
//
// RunSPSA first checks c with Validate and, unless the state file says
// the tuning is done, that the engine takes every parameter at its Min
// and its Max. It returns early, with the
// state so far and an error, when an engine fails (a failed game of a
// pair fails the tuning; a forfeit, such as an illegal move, is a lost
// game) or ctx is done, and before an iteration whose c_k or r_k, or
// after one whose θ, is not a finite number (the error wraps
// ErrInvalidConfig: Validate checks the first and the last iteration,
// and r_k can peak between them), so that no NaN reaches θ or an engine.
//
// The state file is text, a line each, fields separated by spaces:
//
//	spsa iterations N seed S A ⌊N/10⌋ alpha 0.602 gamma 0.101
//	engine SPEC
//	limits LIMITS
//	openings P plies | openings given COUNT
//	maxplies M
//	param NAME,START,MIN,MAX,C_END,R_END      (one per parameter)
//	iteration K result R NAME=θ ...           (one per iteration)
//	final NAME=VALUE ...
//
// The header (the lines before the first iteration) says the tuning;
// LIMITS is LimitsText of the limits. After iteration K (from 1 to N),
// whose pair scored R for the plus side (−2 to 2), a line gives every
// parameter's θ, written exactly (the shortest decimal that reads back as
// the same float64), so that a tuning resumed from the file goes on as if
// never stopped. The last line, after iteration N, gives the values to
// play: θ rounded. A tuning run again with the file resumes after its
// last iteration line, once it has checked that the header is the one c
// makes (another tuning's file is refused, with an error wrapping
// ErrMismatch); a last line cut short by a crash is dropped. The file is
// locked while a tuning runs, where the system allows (see
// Config.RecordFile): a file another tuning holds is refused with an
// error wrapping ErrLocked.
func RunSPSA(ctx context.Context, c SPSAConfig) (SPSAState, error) {
	if err := c.Validate(); err != nil {
		return SPSAState{}, err
	}
	state := SPSAState{Theta: make([]float64, len(c.Params))}
	for i, p := range c.Params {
		state.Theta[i] = float64(p.Start)
	}
	header := spsaHeader(&c)
	var out io.Writer = io.Discard
	done := false
	if c.StateFile != "" {
		f, err := openSPSAFile(c.StateFile)
		if err != nil {
			return SPSAState{}, err
		}
		defer f.Close()
		if done, err = readSPSAFile(f, &c, header, &state); err != nil {
			return SPSAState{}, err
		}
		out = f
	}
	if done {
		return state, nil
	}
	if c.play == nil {
		if err := probeSPSAEngine(ctx, &c); err != nil {
			return state, err
		}
		c.play = func(ctx context.Context, _ int, plus, minus []int, opening surakarta.Position) (float64, error) {
			return playSPSAPair(ctx, &c, plus, minus, opening)
		}
	}
	sched := newSPSASchedule(c.Params, c.Iterations)
	plus := make([]int, len(c.Params))
	minus := make([]int, len(c.Params))
	for k := state.Iteration; k < c.Iterations; k++ {
		delta, opening, err := spsaDraw(&c, k)
		if err != nil {
			return state, err
		}
		for i, p := range c.Params {
			// Validate checked the first and the last iteration; the
			// schedule's r_k can peak between them.
			if err := sched.check(c.Params, i, k); err != nil {
				return state, fmt.Errorf("%w: SPSA: %v", ErrInvalidConfig, err)
			}
			ck, _ := sched.gains(i, k)
			plus[i] = spsaValue(state.Theta[i]+ck*delta[i], p)
			minus[i] = spsaValue(state.Theta[i]-ck*delta[i], p)
		}
		result, err := c.play(ctx, k, plus, minus, opening)
		if err != nil {
			return state, fmt.Errorf("match: SPSA: iteration %d: %w", k+1, err)
		}
		theta := make([]float64, len(c.Params))
		for i, p := range c.Params {
			ck, rk := sched.gains(i, k)
			theta[i] = clampFloat(state.Theta[i]+rk*ck*result*delta[i], p)
			if !finite(theta[i]) {
				return state, fmt.Errorf("%w: SPSA: iteration %d: parameter %s: θ %v + r_k %v · c_k %v · result %v · Δ %v is %v, not a finite number",
					ErrInvalidConfig, k+1, p.Name, state.Theta[i], rk, ck, result, delta[i], theta[i])
			}
		}
		copy(state.Theta, theta)
		state.Iteration = k + 1
		line := "iteration " + strconv.Itoa(state.Iteration) + " result " + formatFloat(result) + thetaFields(&c, state.Theta, formatFloat) + "\n"
		if state.Iteration == c.Iterations {
			line += finalLine(&c, state.Theta)
		}
		if _, err := io.WriteString(out, line); err != nil {
			return state, fmt.Errorf("match: SPSA: writing %s: %w", c.StateFile, err)
		}
		if c.Progress != nil {
			fmt.Fprintf(c.Progress, "iteration %d/%d  pair %+g  plus%s  minus%s  theta%s\n", state.Iteration, c.Iterations, result,
				valueFields(&c, plus), valueFields(&c, minus), thetaFields(&c, state.Theta, func(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }))
		}
	}
	return state, nil
}

// clampFloat returns x within p's range.
func clampFloat(x float64, p SPSAParam) float64 {
	return min(max(x, float64(p.Min)), float64(p.Max))
}

// spsaValue returns x rounded to the whole number the engine plays,
// within p's range also where float64(p.Min) or float64(p.Max) is not
// exactly p.Min or p.Max (beyond 2⁵³), so that no option is ever sent
// outside [Min, Max]. NaN, which RunSPSA refuses before it gets here,
// gives Min.
func spsaValue(x float64, p SPSAParam) int {
	r := math.Round(x)
	switch {
	case !(r > float64(p.Min)):
		return p.Min
	case r >= float64(p.Max):
		return p.Max
	}
	return min(max(int(r), p.Min), p.Max)
}

// finalLine returns the state file's last line: every parameter's θ
// rounded to the value to play.
func finalLine(c *SPSAConfig, theta []float64) string {
	var b strings.Builder
	b.WriteString("final")
	for i, p := range c.Params {
		b.WriteString(" " + p.Name + "=" + strconv.Itoa(spsaValue(theta[i], p)))
	}
	return b.String() + "\n"
}

// formatFloat writes x exactly: the shortest decimal that reads back as x.
func formatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// thetaFields writes " NAME=θ" for each parameter, with θ formatted by f.
func thetaFields(c *SPSAConfig, theta []float64, f func(float64) string) string {
	var b strings.Builder
	for i, p := range c.Params {
		b.WriteString(" " + p.Name + "=" + f(theta[i]))
	}
	return b.String()
}

// valueFields writes " NAME=VALUE" for each parameter.
func valueFields(c *SPSAConfig, values []int) string {
	var b strings.Builder
	for i, p := range c.Params {
		b.WriteString(" " + p.Name + "=" + strconv.Itoa(values[i]))
	}
	return b.String()
}

// spsaHeader returns the header of c's state file.
func spsaHeader(c *SPSAConfig) string {
	var b strings.Builder
	sched := newSPSASchedule(c.Params, c.Iterations)
	fmt.Fprintf(&b, "spsa iterations %d seed %d A %s alpha %s gamma %s\n", c.Iterations, c.Seed, formatFloat(sched.bigA), formatFloat(spsaAlpha), formatFloat(spsaGamma))
	engine := strings.TrimSpace(c.Engine)
	if c.play != nil && engine == "" {
		engine = "(a function)"
	}
	fmt.Fprintf(&b, "engine %s\nlimits %s\n", oneline.Text(engine), LimitsText(c.Limits))
	if c.Openings != nil {
		fmt.Fprintf(&b, "openings given %d\n", len(c.Openings))
	} else {
		fmt.Fprintf(&b, "openings %d plies\n", cmp.Or(c.OpeningPlies, defaultOpeningPlies))
	}
	fmt.Fprintf(&b, "maxplies %d\n", cmp.Or(c.MaxPlies, defaultMaxPlies))
	for _, p := range c.Params {
		fmt.Fprintf(&b, "param %s\n", p)
	}
	return b.String()
}

// openSPSAFile opens (or creates) the state file and locks it. The file
// must be a regular one (regularfile.OpenFile): readSPSAFile reads it to
// its end, which a named pipe opened for writing too never has, nor a
// device of endless zeros.
func openSPSAFile(name string) (*os.File, error) {
	f, err := regularfile.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("match: SPSA state file: %w", err)
	}
	if err := atomicfile.Lock(f); err != nil {
		f.Close()
		if errors.Is(err, atomicfile.ErrLocked) {
			return nil, errmark.Errorf(ErrLocked, "match: %s is the state file of a tuning still running (another process holds its lock): wait for it to end, stop it, or use another file", name)
		}
		return nil, fmt.Errorf("match: locking %s: %w", name, err)
	}
	return f, nil
}

// readSPSAFile reads the state file f of the tuning c, whose header is
// header, into state, and leaves f at its end, ready for the next line.
// It reports whether the tuning is done (the file has its final line). An
// empty file is a new tuning's, and gets the header; a last line without its line break, cut
// short, is cut off the file.
func readSPSAFile(f *os.File, c *SPSAConfig, header string, state *SPSAState) (done bool, err error) {
	data, err := io.ReadAll(f)
	if err != nil {
		return false, fmt.Errorf("match: SPSA: reading %s: %w", c.StateFile, err)
	}
	bad := func(format string, args ...any) error {
		return errmark.Errorf(ErrMismatch, "match: SPSA: resuming from %s: "+format, append([]any{c.StateFile}, args...)...)
	}
	complete := data[:bytes.LastIndexByte(data, '\n')+1]
	if len(complete) < len(data) {
		if err := f.Truncate(int64(len(complete))); err != nil {
			return false, fmt.Errorf("match: SPSA: cutting the last line of %s short: %w", c.StateFile, err)
		}
	}
	if _, err := f.Seek(int64(len(complete)), io.SeekStart); err != nil {
		return false, fmt.Errorf("match: SPSA: %s: %w", c.StateFile, err)
	}
	if len(complete) == 0 {
		if _, err := io.WriteString(f, header); err != nil {
			return false, fmt.Errorf("match: SPSA: writing %s: %w", c.StateFile, err)
		}
		return false, nil
	}
	text := string(complete)
	if !strings.HasPrefix(text, header) {
		got := text
		if i := strings.Index(text, "\niteration "); i >= 0 {
			got = text[:i+1]
		}
		return false, bad("the file is of another tuning:\n%swhile this tuning's header is\n%suse another file", got, header)
	}
	lines := strings.Split(strings.TrimSuffix(text[len(header):], "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return false, nil
	}
	for n, line := range lines {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			return false, bad("an empty line after iteration %d", state.Iteration)
		}
		if fields[0] == "final" && n == len(lines)-1 && state.Iteration == c.Iterations {
			return true, nil
		}
		if len(fields) != 4+len(c.Params) || fields[0] != "iteration" || fields[1] != strconv.Itoa(state.Iteration+1) || fields[2] != "result" {
			return false, bad("line %q: want iteration %d, its result and θ", clip.Text(line), state.Iteration+1)
		}
		for i, p := range c.Params {
			name, value, _ := strings.Cut(fields[4+i], "=")
			x, err := strconv.ParseFloat(value, 64)
			// Written so that NaN, which compares false with both ends,
			// is refused too.
			if name != p.Name || err != nil || !(x >= float64(p.Min) && x <= float64(p.Max)) {
				return false, bad("iteration %d: %q: want %s=θ within [%d, %d]", state.Iteration+1, clip.Text(fields[4+i]), p.Name, p.Min, p.Max)
			}
			state.Theta[i] = x
		}
		state.Iteration++
	}
	if state.Iteration == c.Iterations {
		// Every iteration, but not the final line: write it now.
		if _, err := io.WriteString(f, finalLine(c, state.Theta)); err != nil {
			return false, fmt.Errorf("match: SPSA: writing %s: %w", c.StateFile, err)
		}
		return true, nil
	}
	return false, nil
}

// probeSPSAEngine starts the engine with every parameter at its Min, then
// at its Max, and searches the start to one ply with each: an engine that
// refuses a parameter's name or value fails here, with its error, and so
// does one given an opening book, before it starts.
func probeSPSAEngine(ctx context.Context, c *SPSAConfig) error {
	for _, end := range []string{"minimum", "maximum"} {
		values := make([]int, len(c.Params))
		for i, p := range c.Params {
			values[i] = p.Min
			if end == "maximum" {
				values[i] = p.Max
			}
		}
		spec := spsaSpec(c, "probe", values)
		e, err := enginespec.Parse(spec)
		if err != nil {
			return fmt.Errorf("match: SPSA: %w", err)
		}
		if e.Book != "" {
			return fmt.Errorf("%w: SPSA: the engine plays from the book %s: a book makes the tuning's games alike and hides the parameters' effect in its openings; tune without it", ErrInvalidConfig, clip.Text(e.Book))
		}
		s := e.New()
		_, err = s.Search(ctx, surakarta.NewGame(surakarta.NewPosition()), surakarta.Limits{Depth: 1})
		if closer, ok := s.(io.Closer); ok {
			closer.Close()
		}
		if err != nil {
			return fmt.Errorf("match: SPSA: the engine with every parameter at its %s (%s) fails: %w", end, strings.TrimSpace(valueFields(c, values)), err)
		}
	}
	return nil
}

// playSPSAPair plays iteration k's game pair between the engine with the
// values plus and the engine with the values minus: a match of two games
// from opening (Run), plus as A.
func playSPSAPair(ctx context.Context, c *SPSAConfig, plus, minus []int, opening surakarta.Position) (float64, error) {
	a, err := enginespec.Parse(spsaSpec(c, "plus", plus))
	if err != nil {
		return 0, err
	}
	b, err := enginespec.Parse(spsaSpec(c, "minus", minus))
	if err != nil {
		return 0, err
	}
	out, err := Run(ctx, Config{A: a, B: b, Games: 2, Limits: c.Limits, Openings: []surakarta.Position{opening},
		Seed: c.Seed, MaxPlies: c.MaxPlies, Concurrency: c.Concurrency})
	if err != nil {
		return 0, err
	}
	return float64(out.Counts.Wins - out.Counts.Losses), nil
}
