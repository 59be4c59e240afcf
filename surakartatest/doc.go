// Package surakartatest helps you test your own Surakarta code, such as an
// evaluator, a move generator or the glue between a GUI and a game, against
// the rules of package surakarta, as net/http/httptest helps you test HTTP
// code.
//
// For fuzzing, PositionFrom and GameFrom turn any bytes into a valid position
// or a legal game, never panicking, and reach every position and every game;
// EncodePosition and EncodeGame turn positions and games back into bytes, to
// seed a corpus with the ones you care about. For property tests over many
// seeds, RandomPosition and RandomGame draw them from a math/rand/v2
// generator. Both make positions of every kind, from the empty board to
// 12 v 12, and games near each of their ends.
//
// The checks return an error that says what is wrong, for your test to
// report: CheckEvaluator checks an evaluator against the rules of the
// surakarta.Evaluator interface and the symmetry of the game under Flip, and
// CheckMoves compares a list of moves with the legal moves. Their errors
// wrap ErrEvaluatorRule and ErrMovesDiffer, for errors.Is.
//
// A fuzz target for your own evaluator takes a few lines (FuzzMaterialEvaluator
// in this package's example_test.go is a complete one, to copy):
//
//	func FuzzMyEvaluator(f *testing.F) {
//		f.Add(surakartatest.EncodePosition(surakarta.NewPosition()))
//		f.Fuzz(func(t *testing.T, data []byte) {
//			p := surakartatest.PositionFrom(data)
//			if err := surakartatest.CheckEvaluator(MyEvaluator{}, p); err != nil {
//				t.Fatal(err)
//			}
//		})
//	}
//
// Run it with go test -run '^$' -fuzz '^FuzzMyEvaluator$' -fuzztime 1m. For a
// move generator, check CheckMoves(p, myMoves(p)) in the same way; for code
// that follows a game, build the game with GameFrom(data).
//
// The package uses only package surakarta's exported API and the standard
// library, and not package testing.
package surakartatest
