package surakarta

import (
	"fmt"
	"strings"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// PVSParams are the constants of PVS's extensions, pruning and
// reductions, which SPSA tuned for the network (the module's
// docs/tuning.md). Each PVS has its own (PVS.Params), so that two
// searchers in one program may differ and a tuner changes only its own:
// the engine program's -tune options set the fields of its searcher, by
// the names of PVSParamList. DefaultPVSParams are the built-in values, with
// which the engine's bench count was measured.
type PVSParams struct {
	SingularDepth  int // the least depth at which the table's move is tested for a singular extension
	SingularMargin int // how far below the table's score, per ply of depth, the other moves must stay for it
	LMPDepth       int // the greatest depth of late-move pruning (0: none)
	LMPBase        int // the moves late-move pruning searches before it skips quiet ones, beyond depth²
	RFPDepth       int // the greatest depth of reverse futility pruning (0: none)
	RFPMargin      int // reverse futility pruning's margin per ply of depth, in evaluation units
	NullBase       int // the null move's reduction at depth 0, in plies
	NullDivisor    int // the null move's reduction grows by a ply for every this many plies of depth
	LMRDivisor     int // late-move reductions are ln(depth)·ln(move number) divided by this, in hundredths
	Aspiration     int // the half-width of the aspiration window, in evaluation units (0: a full window)
}

// PVSParam describes a field of PVSParams for a tuner: the name it goes by
// (the engine program's option), its default, the range Validate accepts,
// and what it does.
type PVSParam struct {
	Name     string
	Default  int
	Min, Max int
	Doc      string
	field    func(*PVSParams) *int
}

// pvsParams are the fields of PVSParams, in their order.
var pvsParams = []PVSParam{
	{"SearchSEDepth", 8, 2, 32, "the least depth at which the table's move is tested for a singular extension", func(p *PVSParams) *int { return &p.SingularDepth }},
	{"SearchSEMargin", 2, 0, 40, "how far below the table's score, per ply of depth, the other moves must stay for a singular extension", func(p *PVSParams) *int { return &p.SingularMargin }},
	{"SearchLMPDepth", 3, 0, 16, "the greatest depth at which late-move pruning skips quiet moves (0: none)", func(p *PVSParams) *int { return &p.LMPDepth }},
	{"SearchLMPBase", 1, 0, 64, "how many moves late-move pruning searches before it skips quiet ones, beyond depth squared", func(p *PVSParams) *int { return &p.LMPBase }},
	{"SearchRFPDepth", 6, 0, 32, "the greatest depth at which reverse futility pruning cuts (0: none)", func(p *PVSParams) *int { return &p.RFPDepth }},
	{"SearchRFPMargin", 35, 1, 400, "reverse futility pruning's margin per ply of depth, in evaluation units (a piece is 80)", func(p *PVSParams) *int { return &p.RFPMargin }},
	{"SearchNullBase", 3, 1, 16, "the null move's reduction at depth 0, in plies", func(p *PVSParams) *int { return &p.NullBase }},
	{"SearchNullDivisor", 6, 1, 64, "the null move's reduction grows by a ply for every this many plies of depth", func(p *PVSParams) *int { return &p.NullDivisor }},
	{"SearchLMRDivisor", 203, 50, 1000, "late-move reductions are ln(depth)·ln(move number) divided by this, in hundredths", func(p *PVSParams) *int { return &p.LMRDivisor }},
	{"SearchAspiration", 54, 0, 1000, "the half-width of the aspiration window, in evaluation units (0: a full window)", func(p *PVSParams) *int { return &p.Aspiration }},
}

// PVSParamList returns the fields of PVSParams as a tuner sees them, in
// their order.
func PVSParamList() []PVSParam { return append([]PVSParam(nil), pvsParams...) }

// DefaultPVSParams returns the built-in constants of PVS.
func DefaultPVSParams() PVSParams {
	var p PVSParams
	for _, d := range pvsParams {
		*d.field(&p) = d.Default
	}
	return p
}

// Validate returns an error wrapping ErrInvalidSearch unless every field
// is within its range (PVSParamList): a zero NullDivisor, say, would
// divide by zero.
func (p PVSParams) Validate() error {
	for _, d := range pvsParams {
		if v := *d.field(&p); v < d.Min || v > d.Max {
			return fmt.Errorf("%w: PVSParams: %s %d: want %d to %d", ErrInvalidSearch, d.Name, v, d.Min, d.Max)
		}
	}
	return nil
}

// Set sets the field of name (PVSParam.Name, in any letter case) to
// value, and returns an error wrapping ErrInvalidSearch, changing
// nothing, for a name that is none or a value out of its range.
func (p *PVSParams) Set(name string, value int) error {
	d, ok := lookupPVSParam(name)
	if !ok {
		names := make([]string, len(pvsParams))
		for i, d := range pvsParams {
			names[i] = d.Name
		}
		return fmt.Errorf("%w: PVSParams: unknown parameter %q (parameters: %s)", ErrInvalidSearch, clip.Text(name), strings.Join(names, ", "))
	}
	if value < d.Min || value > d.Max {
		return fmt.Errorf("%w: PVSParams: %s %d: want %d to %d", ErrInvalidSearch, d.Name, value, d.Min, d.Max)
	}
	*d.field(p) = value
	return nil
}

// Get returns the field of name (in any letter case), and false for a
// name that is none.
func (p PVSParams) Get(name string) (int, bool) {
	d, ok := lookupPVSParam(name)
	if !ok {
		return 0, false
	}
	return *d.field(&p), true
}

// lookupPVSParam returns the field of name, in any letter case, as UGI
// matches option names.
func lookupPVSParam(name string) (PVSParam, bool) {
	for _, d := range pvsParams {
		if strings.EqualFold(d.Name, name) {
			return d, true
		}
	}
	return PVSParam{}, false
}
