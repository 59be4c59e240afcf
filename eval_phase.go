package surakarta

import "fmt"

// Phase is the stage of a game, told by the pieces left on the board.
type Phase uint8

// The phases of a game by the total number of pieces of both sides, as
// Zhang et al. (2017) divide it. EndPhase is not where EndgameAdjusted
// switches to its adjusted evaluation: that counts each side's pieces, not
// both together.
const (
	OpeningPhase Phase = iota // more than 16 pieces in all
	MiddlePhase               // 9 to 16 pieces in all
	EndPhase                  // 8 or fewer pieces in all
)

// NumPhases is the number of phases.
const NumPhases = 3

// String returns "opening", "middle game" or "endgame".
func (ph Phase) String() string {
	switch ph {
	case OpeningPhase:
		return "opening"
	case MiddlePhase:
		return "middle game"
	case EndPhase:
		return "endgame"
	}
	return fmt.Sprintf("Phase(%d)", uint8(ph))
}

// Phase returns the phase of p.
func (p Position) Phase() Phase { return phaseOf(p.Count(Black) + p.Count(White)) }

// phaseOf returns the phase of a position with n pieces in all.
func phaseOf(n int) Phase {
	switch {
	case n > 16:
		return OpeningPhase
	case n > 8:
		return MiddlePhase
	}
	return EndPhase
}

// Phased is a six-factor evaluator with its own parameters in each phase,
// the idea of the phase-dependent weights of an Amazons evaluation (see
// the module's docs/references.md): ByPhase[p.Phase()] evaluates p.
// Build one from a SixFactor with NewPhased and change the weights of the
// phases you want.
type Phased struct {
	ByPhase [NumPhases]SixFactor
}

// NewPhased returns a Phased evaluator that uses base in every phase; a nil
// base means NewSixFactor().
func NewPhased(base *SixFactor) *Phased {
	if base == nil {
		base = NewSixFactor()
	}
	return &Phased{ByPhase: [NumPhases]SixFactor{*base, *base, *base}}
}

// Evaluate returns the score of p by the parameters of its phase.
func (e *Phased) Evaluate(p *Position) int {
	return e.ByPhase[phaseOf(p.Count(Black)+p.Count(White))].Evaluate(p)
}
