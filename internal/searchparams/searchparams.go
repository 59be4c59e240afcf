// Package searchparams holds the constants of the PVS searcher of package
// surakarta as named whole-number parameters, so that a tuner can change
// them without a new build: the engine program cmd/surakarta, started with
// -tune, offers each as a UGI spin option, and the SPSA of package match
// tunes them through those options. Each parameter's default is the value
// the searcher was built and measured with, so that a program that sets
// none searches exactly as before (the bench node count of cmd/surakarta
// guards it).
//
// The parameters are process-wide. The PVS reads them once when each
// Search starts (Snapshot) and keeps its copy for that search, so that no
// node pays for a lock or a map. The contract is that they are set only
// between searches: a search under way goes on with the values it
// started with, and one that starts while Set runs may see the old value
// of one parameter and the new value of another. The values are kept in
// atomic variables, so that such a misuse mixes values but is never a data
// race.
package searchparams

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// Param describes one parameter: its name (the engine's option name), its
// default, the range Set accepts, and what it does.
type Param struct {
	Name     string
	Default  int
	Min, Max int
	Doc      string
}

// The parameters' indices in a Values, which the searcher reads with them.
const (
	SEDepth     = iota // least depth of a singular extension
	SEMargin           // singular margin per ply of depth
	LMPDepth           // greatest depth of late-move pruning
	LMPBase            // quiet moves late-move pruning keeps, beyond depth²
	RFPDepth           // greatest depth of reverse futility pruning
	RFPMargin          // reverse futility margin per ply
	NullBase           // null-move reduction, its constant part
	NullDivisor        // null-move reduction: a ply more per this many plies of depth
	LMRDivisor         // late-move reduction ln(d)·ln(i)/(this/100)
	Aspiration         // half-width of the aspiration window
	Count              // the number of parameters
)

// params are the parameters, in the order of their indices. The searcher
// and its documentation (package surakarta's PVS) give the defaults'
// reasons; PieceValue is 80.
var params = [Count]Param{
	SEDepth:     {"SearchSEDepth", 8, 2, 32, "the least depth at which the table's move is tested for a singular extension"},
	SEMargin:    {"SearchSEMargin", 2, 0, 40, "how far below the table's score, per ply of depth, the other moves must stay for a singular extension"},
	LMPDepth:    {"SearchLMPDepth", 3, 0, 16, "the greatest depth at which late-move pruning skips quiet moves (0: none)"},
	LMPBase:     {"SearchLMPBase", 1, 0, 64, "how many moves late-move pruning searches before it skips quiet ones, beyond depth squared"},
	RFPDepth:    {"SearchRFPDepth", 6, 0, 32, "the greatest depth at which reverse futility pruning cuts (0: none)"},
	RFPMargin:   {"SearchRFPMargin", 35, 1, 400, "reverse futility pruning's margin per ply of depth, in evaluation units (a piece is 80)"},
	NullBase:    {"SearchNullBase", 3, 1, 16, "the null move's reduction at depth 0, in plies"},
	NullDivisor: {"SearchNullDivisor", 6, 1, 64, "the null move's reduction grows by a ply for every this many plies of depth"},
	LMRDivisor:  {"SearchLMRDivisor", 203, 50, 1000, "late-move reductions are ln(depth)·ln(move number) divided by this, in hundredths"},
	Aspiration:  {"SearchAspiration", 54, 0, 1000, "the half-width of the aspiration window, in evaluation units (0: a full window)"},
}

// Values holds a value of each parameter, by index: what a search reads.
type Values [Count]int

// values are the parameters' values now.
var values [Count]atomic.Int64

func init() { Reset() }

// Snapshot returns the parameters' values, for a search to keep.
func Snapshot() Values {
	var v Values
	for i := range v {
		v[i] = int(values[i].Load())
	}
	return v
}

// Defaults returns every parameter's default.
func Defaults() Values {
	var v Values
	for i, p := range params {
		v[i] = p.Default
	}
	return v
}

// List returns the parameters, in the order of their indices.
func List() []Param { return append([]Param(nil), params[:]...) }

// lookup returns the index of the parameter name, in any letter case, as
// UGI matches option names.
func lookup(name string) (int, bool) {
	for i, p := range params {
		if strings.EqualFold(p.Name, name) {
			return i, true
		}
	}
	return 0, false
}

// Get returns the value of the parameter name (in any letter case), and
// false for a name that is none.
func Get(name string) (int, bool) {
	i, ok := lookup(name)
	if !ok {
		return 0, false
	}
	return int(values[i].Load()), true
}

// Set sets the parameter name (in any letter case) to value, and changes
// nothing when name is no parameter or value is out of its range. Call it
// only between searches (see the package's documentation).
func Set(name string, value int) error {
	i, ok := lookup(name)
	if !ok {
		names := make([]string, len(params))
		for j, p := range params {
			names[j] = p.Name
		}
		return fmt.Errorf("searchparams: unknown parameter %q (parameters: %s)", clip.Text(name), strings.Join(names, ", "))
	}
	if p := params[i]; value < p.Min || value > p.Max {
		return fmt.Errorf("searchparams: %s %d: want %d to %d", p.Name, value, p.Min, p.Max)
	}
	values[i].Store(int64(value))
	return nil
}

// Reset sets every parameter back to its default.
func Reset() {
	for i, p := range params {
		values[i].Store(int64(p.Default))
	}
}
