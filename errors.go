package surakarta

import "errors"

// Sentinel errors. The errors returned by this package wrap one of these, with
// a message that says what was wrong; test for them with errors.Is.
var (
	// ErrInvalidColor: a colour is not black or white.
	ErrInvalidColor = errors.New("invalid color")
	// ErrInvalidSquare: a square name is not a1…f6.
	ErrInvalidSquare = errors.New("invalid square")
	// ErrInvalidMove: a move's notation is malformed.
	ErrInvalidMove = errors.New("invalid move notation")
	// ErrInvalidPosition: a position's text is malformed or describes no
	// possible placement.
	ErrInvalidPosition = errors.New("invalid position")
	// ErrIllegalMove: a move is well formed but not legal in the position.
	ErrIllegalMove = errors.New("illegal move")
	// ErrGameOver: a move was played in a game that has ended.
	ErrGameOver = errors.New("game over")
	// ErrNoMoveToUndo: Undo was called on a game with no moves played.
	ErrNoMoveToUndo = errors.New("no move to undo")
	// ErrInvalidRules: a Rules value has a negative or meaningless limit.
	ErrInvalidRules = errors.New("invalid rules")
	// ErrInvalidLimits: a search's Limits have a negative field.
	ErrInvalidLimits = errors.New("invalid search limits")
	// ErrInvalidSearch: a search was asked for without a context or a
	// game, or of a searcher whose settings are out of range.
	ErrInvalidSearch = errors.New("invalid search")
	// ErrNoEvaluator: a searcher has no Evaluator to score positions with.
	ErrNoEvaluator = errors.New("no evaluator")
	// ErrInvalidNetwork: a network's weights file is malformed, or holds
	// weights whose integer sums could overflow.
	ErrInvalidNetwork = errors.New("invalid network")
)
