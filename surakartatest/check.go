package surakartatest

import (
	"errors"
	"fmt"
	"strings"

	"github.com/surakarta-go/surakarta"
)

// The errors of the checks wrap one of these, for errors.Is; their
// messages, which a test reports, are the check's own, without the
// sentinel's words.
var (
	// ErrMovesDiffer is wrapped by the error of CheckMoves: the moves
	// listed are not the position's legal moves.
	ErrMovesDiffer = errors.New("surakartatest: moves differ from the legal moves")
	// ErrEvaluatorRule is wrapped by the errors of CheckEvaluator: the
	// evaluator breaks a rule of surakarta.Evaluator or the game's
	// symmetry.
	ErrEvaluatorRule = errors.New("surakartatest: the evaluator breaks a rule")
)

// failure is an error of a check: its message, and the check's sentinel
// for errors.Is.
type failure struct {
	sentinel error
	msg      string
}

func (f *failure) Error() string { return f.msg }
func (f *failure) Unwrap() error { return f.sentinel }

// fail returns the error of a check that wraps sentinel and says what
// fmt.Sprintf does.
func fail(sentinel error, format string, args ...any) error {
	return &failure{sentinel, fmt.Sprintf(format, args...)}
}

// CheckMoves compares moves, the moves that a move generator under test lists
// for p, with p's legal moves, and returns an error that lists every
// difference, or nil when there is none. The order of the list does not
// matter. Moves are compared by their squares, as Position.Legal takes them:
// a capture listed without the capture bit is accepted, but a move listed
// with the bit (see surakarta.Move) must be a capture. As in
// Position.LegalMoves, the game-end rules are not applied: a side with no
// pieces has no moves, and the rules that end a game do not take its moves
// away.
//
// The error, which wraps ErrMovesDiffer, names the position and, in the
// notation of Move.MarshalText ("b2xe5" for a capture), the legal moves
// missing from the list, the moves listed that are not legal, those
// listed more than once, and the steps listed as captures:
//
//	moves of "6/1w4/6/6/bw4/6 b 0 1" differ from its legal moves: missing: a2xb2, a2b1; not legal: a2c4
func CheckMoves(p surakarta.Position, moves []surakarta.Move) error {
	legal := make(map[surakarta.Move]surakarta.Move) // by squares
	for _, m := range p.LegalMoves() {
		legal[squaresOf(m)] = m
	}
	listed := make(map[surakarta.Move]int)
	var missing, illegal, twice, falseCaptures []string
	for _, m := range moves {
		l, ok := legal[squaresOf(m)]
		switch {
		case !ok || !validMove(m):
			illegal = append(illegal, m.Notation())
			continue
		case m.IsCapture() && !l.IsCapture():
			falseCaptures = append(falseCaptures, m.Notation())
		}
		listed[l]++
		if listed[l] == 2 {
			twice = append(twice, l.Notation())
		}
	}
	for _, m := range p.LegalMoves() {
		if listed[m] == 0 {
			missing = append(missing, m.Notation())
		}
	}
	var parts []string
	for _, part := range []struct {
		what  string
		moves []string
	}{{"missing", missing}, {"not legal", illegal}, {"listed more than once", twice}, {"steps listed as captures", falseCaptures}} {
		if len(part.moves) > 0 {
			parts = append(parts, part.what+": "+strings.Join(part.moves, ", "))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return fail(ErrMovesDiffer, "moves of %q differ from its legal moves: %s", p, strings.Join(parts, "; "))
}

// squaresOf returns m without its capture bit: its squares only.
func squaresOf(m surakarta.Move) surakarta.Move { return surakarta.NewMove(m.From(), m.To()) }

// validMove reports whether m is a move that Move.MarshalText can write,
// other than NoMove.
func validMove(m surakarta.Move) bool {
	_, err := m.MarshalText()
	return err == nil && m != surakarta.NoMove
}

// CheckEvaluator evaluates p and Flip(p) with e and returns an error
// wrapping ErrEvaluatorRule when e breaks a rule of the
// surakarta.Evaluator interface or of the game's symmetry, or nil when it
// keeps them all:
//
//   - the score lies within ±MaxEvaluation;
//   - Evaluate does not change the position it is given;
//   - evaluating p twice gives the same score;
//   - p and Flip(p) get the same score, since the rules treat both sides
//     alike (see Flip).
//
// A panic in e is not recovered: the test that calls CheckEvaluator fails
// with its stack. An evaluator that adds deliberate noise, or that is meant
// to favour one colour, should be checked with that switched off.
func CheckEvaluator(e surakarta.Evaluator, p surakarta.Position) error {
	score, err := evaluate(e, p)
	if err != nil {
		return err
	}
	if again, _ := evaluate(e, p); again != score {
		return fail(ErrEvaluatorRule, "Evaluate(%q) = %d, then %d: not the same score twice", p, score, again)
	}
	flipped := Flip(p)
	flippedScore, err := evaluate(e, flipped)
	if err != nil {
		return err
	}
	if flippedScore != score {
		return fail(ErrEvaluatorRule, "Evaluate(%q) = %d, but %d for its flip %q: the scores of a position and its flip must be equal", p, score, flippedScore, flipped)
	}
	return nil
}

// evaluate returns e's score for p, and an error when the score is out of
// range or e changed the position.
func evaluate(e surakarta.Evaluator, p surakarta.Position) (int, error) {
	q := p
	score := e.Evaluate(&q)
	switch {
	case q != p:
		return score, fail(ErrEvaluatorRule, "Evaluate(%q) changed the position to %q", p, q)
	case score < -surakarta.MaxEvaluation || score > surakarta.MaxEvaluation:
		return score, fail(ErrEvaluatorRule, "Evaluate(%q) = %d, outside ±MaxEvaluation (%d)", p, score, surakarta.MaxEvaluation)
	}
	return score, nil
}
