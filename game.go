package surakarta

import (
	"fmt"
	"slices"
)

// Rules are the game-end rules beyond rule 1 (a side with no pieces has
// lost), which always applies. A limit of 0 disables its rule. When a game
// ends by rule 2, 3 or 4 of DESIGN §1 the side with more pieces wins, and
// equal counts draw.
type Rules struct {
	// QuietPlyLimit ends the game when this many plies in a row have been
	// played without a capture.
	QuietPlyLimit int
	// RepetitionLimit ends the game when a position (placement and side to
	// move) has occurred this many times since the last capture: 2 ends it
	// at the first repetition, 3 at a threefold repetition.
	RepetitionLimit int
}

// OlympiadRules returns the rules of the Computer Olympiad: the game ends
// after 50 plies without a capture or at any repetition.
func OlympiadRules() Rules { return Rules{QuietPlyLimit: 50, RepetitionLimit: 2} }

// Validate reports whether r's limits make sense: none negative, and no
// repetition limit of 1 (every position occurs once).
func (r Rules) Validate() error {
	switch {
	case r.QuietPlyLimit < 0:
		return fmt.Errorf("%w: QuietPlyLimit %d is negative", ErrInvalidRules, r.QuietPlyLimit)
	case r.RepetitionLimit < 0 || r.RepetitionLimit == 1:
		return fmt.Errorf("%w: RepetitionLimit %d: want 0 (off) or 2 or more", ErrInvalidRules, r.RepetitionLimit)
	}
	return nil
}

// Reason says why a game ended.
type Reason uint8

// The reasons a game ends, in the order the rules are checked.
const (
	NotOver       Reason = iota // the game goes on
	NoPieces                    // a side has no pieces left: it has lost
	NoMoves                     // the side to move has no legal move
	QuietPlyLimit               // Rules.QuietPlyLimit plies without a capture
	Repetition                  // a position recurred Rules.RepetitionLimit times
)

// String describes the reason in a few words.
func (r Reason) String() string {
	switch r {
	case NotOver:
		return "not over"
	case NoPieces:
		return "no pieces left"
	case NoMoves:
		return "no legal move"
	case QuietPlyLimit:
		return "quiet-ply limit"
	case Repetition:
		return "repetition"
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Outcome is the state of a game: over or not, and if over, how.
type Outcome struct {
	Over   bool   // the game has ended
	Draw   bool   // it ended in a draw (only when Over)
	Winner Color  // the winner (only when Over and not Draw)
	Reason Reason // why it ended (NotOver while it goes on)
}

// String describes the outcome, such as "White wins (no pieces left)".
func (o Outcome) String() string {
	switch {
	case !o.Over:
		return "not over"
	case o.Draw:
		return "draw (" + o.Reason.String() + ")"
	}
	return o.Winner.String() + " wins (" + o.Reason.String() + ")"
}

// Adjudicate returns the outcome of a game that ends in p for the given
// reason by rules 2–4: the side with more pieces wins, and equal counts draw.
func Adjudicate(p *Position, reason Reason) Outcome {
	black, white := p.Count(Black), p.Count(White)
	switch {
	case black > white:
		return Outcome{Over: true, Winner: Black, Reason: reason}
	case white > black:
		return Outcome{Over: true, Winner: White, Reason: reason}
	}
	return Outcome{Over: true, Draw: true, Reason: reason}
}

// Game is a game in progress: a start position, the moves played, and the
// rules that end it. Its methods keep it legal: Play rejects illegal moves
// and moves after the end, leaving the game unchanged. A Game is not safe for
// concurrent use.
type Game struct {
	rules     Rules
	positions []Position // positions[0] is the start; the last is the current one
	moves     []Move     // moves[i] leads from positions[i] to positions[i+1]
}

// NewGame returns a game from p under the Olympiad rules.
func NewGame(p Position) *Game {
	g, _ := NewGameWithRules(p, OlympiadRules())
	return g
}

// NewGameWithRules returns a game from p under the given rules, or an error
// wrapping ErrInvalidRules when they do not validate.
func NewGameWithRules(p Position, rules Rules) (*Game, error) {
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	return &Game{rules: rules, positions: []Position{p}}, nil
}

// Clone returns an independent copy of g.
func (g *Game) Clone() *Game {
	return &Game{rules: g.rules, positions: slices.Clone(g.positions), moves: slices.Clone(g.moves)}
}

// Rules returns the rules of the game.
func (g *Game) Rules() Rules { return g.rules }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// StartPosition returns the position the game started from.
func (g *Game) StartPosition() Position { return g.positions[0] }

// Moves returns a copy of the moves played, in order.
func (g *Game) Moves() []Move { return slices.Clone(g.moves) }

// Positions returns a copy of the positions of the game: the start, then the
// position after each move.
func (g *Game) Positions() []Position { return slices.Clone(g.positions) }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// LegalMoves returns the moves that Play accepts now: none once the game is
// over.
func (g *Game) LegalMoves() []Move {
	if g.Outcome().Over {
		return nil
	}
	p := g.Position()
	return p.LegalMoves()
}

// Play plays m, given by its squares (see Position.Legal), and records the
// legal move with its capture bit. It returns an error wrapping ErrGameOver
// when the game has ended or ErrIllegalMove when m is not legal; either way
// the game is unchanged.
func (g *Game) Play(m Move) error {
	if o := g.Outcome(); o.Over {
		return fmt.Errorf("%w: %v, so %v cannot be played", ErrGameOver, o, m)
	}
	p := g.Position()
	legal, err := p.Legal(m)
	if err != nil {
		return err
	}
	p.PlayUnchecked(legal)
	g.positions = append(g.positions, p)
	g.moves = append(g.moves, legal)
	return nil
}

// PlayText parses a move such as "b2e5" and plays it, as Play does.
func (g *Game) PlayText(move string) error {
	m, err := ParseMove(move)
	if err != nil {
		return err
	}
	return g.Play(m)
}

// Undo takes back the last move. It returns an error wrapping
// ErrNoMoveToUndo when no move has been played.
func (g *Game) Undo() error {
	if len(g.moves) == 0 {
		return ErrNoMoveToUndo
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.positions = g.positions[:len(g.positions)-1]
	return nil
}

// Outcome returns whether the game is over, who won and why, checking the
// rules in the order of DESIGN §1: no pieces, no moves, the quiet-ply limit,
// repetition.
func (g *Game) Outcome() Outcome {
	p := g.Position()
	switch {
	case p.Count(p.side) == 0:
		return Outcome{Over: true, Winner: p.side.Other(), Reason: NoPieces}
	case p.Count(p.side.Other()) == 0:
		return Outcome{Over: true, Winner: p.side, Reason: NoPieces}
	case !p.hasMove():
		return Adjudicate(&p, NoMoves)
	case g.rules.QuietPlyLimit > 0 && p.QuietPlies() >= g.rules.QuietPlyLimit:
		return Adjudicate(&p, QuietPlyLimit)
	case g.rules.RepetitionLimit > 0 && g.Repetitions() >= g.rules.RepetitionLimit:
		return Adjudicate(&p, Repetition)
	}
	return Outcome{Reason: NotOver}
}

// Repetitions returns how many times the current position (placement and
// side to move) has occurred since the last capture, counting this one.
func (g *Game) Repetitions() int {
	last := len(g.positions) - 1
	p := &g.positions[last]
	n := 1
	// Positions since the last capture share its quiet-ply count's history;
	// those with the same side to move are an even number of plies back.
	oldest := max(last-p.QuietPlies(), 0)
	for i := last - 2; i >= oldest; i -= 2 {
		if g.positions[i].SamePlacement(*p) {
			n++
		}
	}
	return n
}
