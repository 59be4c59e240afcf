package surakarta

import (
	"fmt"
	"github.com/surakarta-go/surakarta/internal/clip"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Rules are the game-end rules beyond rule 1 (a side with no pieces has
// lost), which always applies. A limit of 0 disables its rule. When a game
// ends by rule 2, 3 or 4 (see the package documentation, "Rules") the side
// with more pieces wins, and equal counts draw.
type Rules struct {
	// QuietPlyLimit ends the game when this many plies in a row have been
	// played without a capture.
	QuietPlyLimit int
	// RepetitionLimit ends the game when a position (placement and side to
	// move) has occurred this many times since the last capture: 2 ends it
	// at the first repetition, 3 at a threefold repetition.
	RepetitionLimit int
}

// String returns the rules as a game record's Rules header writes them,
// such as "quiet=50 repetition=2" (0 is off); ParseRules reads it back.
func (r Rules) String() string {
	return "quiet=" + strconv.Itoa(r.QuietPlyLimit) + " repetition=" + strconv.Itoa(r.RepetitionLimit)
}

// ParseRules reads rules as Rules.String writes them, "quiet=N
// repetition=M" in either order, each once (0 is off), separated by
// spaces or tabs. Anything else, and rules that Validate refuses, give an
// error wrapping ErrInvalidRules.
func ParseRules(text string) (Rules, error) {
	var rules Rules
	var haveQuiet, haveRepetition bool
	for _, field := range strings.FieldsFunc(text, func(c rune) bool { return c == ' ' || c == '\t' }) {
		key, value, _ := strings.Cut(field, "=")
		n, ok := parseCount(value)
		if !ok {
			return Rules{}, fmt.Errorf("%w: %q: want a number 0…%d after %s=", ErrInvalidRules, clip.Text(field), MaxCounter, clip.Text(key))
		}
		switch {
		case key == "quiet" && !haveQuiet:
			rules.QuietPlyLimit, haveQuiet = n, true
		case key == "repetition" && !haveRepetition:
			rules.RepetitionLimit, haveRepetition = n, true
		default:
			return Rules{}, fmt.Errorf("%w: %q: want quiet=N and repetition=M, once each", ErrInvalidRules, clip.Text(field))
		}
	}
	if !haveQuiet || !haveRepetition {
		return Rules{}, fmt.Errorf("%w: %q: want quiet=N repetition=M (0 = off)", ErrInvalidRules, clip.Text(text))
	}
	if err := rules.Validate(); err != nil {
		return Rules{}, err
	}
	return rules, nil
}

// parseCount parses a decimal number 0…MaxCounter written with digits only.
func parseCount(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, n <= MaxCounter
}

// The results of a game as a record writes them (Outcome.Result).
const (
	resultBlackWins = "1-0"
	resultWhiteWins = "0-1"
	resultDraw      = "1/2-1/2"
	resultUnknown   = "*"
)

// OlympiadRules returns the rules of the Computer Olympiad: the game ends
// after 50 plies without a capture or at any repetition.
func OlympiadRules() Rules { return Rules{QuietPlyLimit: 50, RepetitionLimit: 2} }

// Validate reports whether r's limits make sense: none negative or above
// MaxCounter, and no repetition limit of 1 (every position occurs once).
func (r Rules) Validate() error {
	switch {
	case r.QuietPlyLimit < 0 || r.QuietPlyLimit > MaxCounter:
		return fmt.Errorf("%w: QuietPlyLimit %d: want 0 (off) to %d", ErrInvalidRules, r.QuietPlyLimit, MaxCounter)
	case r.RepetitionLimit < 0 || r.RepetitionLimit == 1 || r.RepetitionLimit > MaxCounter:
		return fmt.Errorf("%w: RepetitionLimit %d: want 0 (off) or 2 to %d", ErrInvalidRules, r.RepetitionLimit, MaxCounter)
	}
	return nil
}

// Reason says why a game ended.
type Reason uint8

// The reasons a game ends. The rules end it for the first four, checked in
// this order; the players end it for the last three (Game.Resign,
// Game.AgreeDraw, Game.ForfeitOnTime).
const (
	NotOver       Reason = iota // the game goes on
	NoPieces                    // a side has no pieces left: it has lost
	Blocked                     // the side to move has no legal move
	QuietPlyRule                // Rules.QuietPlyLimit plies without a capture
	Repetition                  // a position recurred Rules.RepetitionLimit times
	Resignation                 // a side resigned: it has lost
	DrawAgreement               // the players agreed to a draw
	TimeForfeit                 // a side ran out of time: it has lost
)

// String describes the reason in a few words; records use these words.
func (r Reason) String() string {
	switch r {
	case NotOver:
		return "not over"
	case NoPieces:
		return "no pieces left"
	case Blocked:
		return "no legal move"
	case QuietPlyRule:
		return "quiet-ply limit"
	case Repetition:
		return "repetition"
	case Resignation:
		return "resignation"
	case DrawAgreement:
		return "draw by agreement"
	case TimeForfeit:
		return "time forfeit"
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

// Result returns the result of the game as a record writes it: "1-0" when
// Black has won, "0-1" when White has won, "1/2-1/2" for a draw and "*"
// for a game that is not over.
func (o Outcome) Result() string {
	switch {
	case !o.Over:
		return resultUnknown
	case o.Draw:
		return resultDraw
	case o.Winner == Black:
		return resultBlackWins
	}
	return resultWhiteWins
}

// Score returns the outcome as a search scores it for side, when the game
// ends ply plies from the search's root: Win−ply for a win, −(Win−ply)
// for a loss, 0 for a draw or a game not over. Analyses and players that
// score a move by the end it makes use it, so that they agree with the
// searchers.
func (o Outcome) Score(side Color, ply int) int {
	switch {
	case !o.Over || o.Draw:
		return 0
	case o.Winner == side:
		return Win - ply
	}
	return -(Win - ply)
}

// Adjudicate returns the outcome of a game that ends in p for the given
// reason by rules 2–4: the side with more pieces wins, and equal counts draw.
func Adjudicate(p Position, reason Reason) Outcome {
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
// and moves after the end, leaving the game unchanged.
//
// The zero Game is ready to use: a game from the start position under the
// Olympiad rules, as NewGame(NewPosition()) makes.
//
// A Game is not safe for concurrent use; its methods that do not change it
// (Position, Outcome, LegalMoves and the like) may run at the same time in
// several goroutines as long as nothing changes the game meanwhile.
type Game struct {
	rules     Rules
	positions []Position // positions[0] is the start; the last is the current one; empty in the zero Game
	moves     []Move     // moves[i] leads from positions[i] to positions[i+1]
	declared  Outcome    // an end declared by the players (Resign, AgreeDraw, ForfeitOnTime)

	// The repetition count of every position, kept as the game goes, so
	// that Repetitions and Outcome take constant time and a game of n
	// plies is played (or read from a record) in time linear in n.
	// reps[i] is Repetitions() at positions[i], and prior[i] the index of
	// the latest earlier occurrence of its placement since the last
	// capture, -1 for none (a capture leaves fewer pieces, so no placement
	// before it recurs after it). push finds prior[i] by looking back over
	// a short stretch since the last capture; over a longer one it keeps
	// latest, the index of the latest occurrence of every placement of
	// the stretch (nil when it has none).
	reps   []int32
	prior  []int32
	latest map[placement]int32
}

// placement is what a repetition compares: the pieces and the side to move.
type placement struct {
	pieces [2]uint64
	side   Color
}

// NewGame returns a game from p under the Olympiad rules.
func NewGame(p Position) *Game {
	g := &Game{rules: OlympiadRules()}
	g.push(p)
	return g
}

// NewGameWithRules returns a game from p under the given rules, or an error
// wrapping ErrInvalidRules when they do not validate.
func NewGameWithRules(p Position, rules Rules) (*Game, error) {
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	g := &Game{rules: rules}
	g.push(p)
	return g, nil
}

// scanLimit is the longest stretch since a capture that push looks back
// over position by position; beyond it, it indexes the stretch in latest.
// Games under the Olympiad rules (50 plies) never need the index.
const scanLimit = 64

// push appends p to the positions and counts its occurrences since the
// last capture: one more than at its latest earlier occurrence, if any.
func (g *Game) push(p Position) {
	n := len(g.positions)
	if n > 0 && p.quietPlies == 0 { // a capture: a new stretch begins
		g.latest = nil
	}
	first := max(n-p.QuietPlies(), 0) // the stretch since the last capture
	prior := -1
	if g.latest == nil && n-first <= scanLimit {
		for i := n - 2; i >= first; i -= 2 { // the same side moves every second ply
			if g.positions[i].samePlacement(p) {
				prior = i
				break
			}
		}
	} else {
		if g.latest == nil {
			g.latest = make(map[placement]int32, 2*(n-first))
			for i := first; i < n; i++ {
				q := &g.positions[i]
				g.latest[placement{q.pieces, q.side}] = int32(i)
			}
		}
		key := placement{p.pieces, p.side}
		if j, ok := g.latest[key]; ok {
			prior = int(j)
		}
		g.latest[key] = int32(n)
	}
	reps := int32(1)
	if prior >= 0 {
		reps = g.reps[prior] + 1
	}
	g.positions = append(g.positions, p)
	g.reps = append(g.reps, reps)
	g.prior = append(g.prior, int32(prior))
}

// pop removes the last position, undoing push.
func (g *Game) pop() {
	n := len(g.positions) - 1
	p := &g.positions[n]
	switch {
	case p.quietPlies == 0: // a capture: the stretch before it is not indexed
		g.latest = nil
	case g.latest != nil:
		if j := g.prior[n]; j >= 0 {
			g.latest[placement{p.pieces, p.side}] = j
		} else {
			delete(g.latest, placement{p.pieces, p.side})
		}
	}
	g.positions, g.reps, g.prior = g.positions[:n], g.reps[:n], g.prior[:n]
}

// history returns the positions of the game: the start, then the position
// after each move. For the zero Game that is the start position alone.
func (g *Game) history() []Position {
	if len(g.positions) == 0 {
		return []Position{NewPosition()}
	}
	return g.positions
}

// setUp makes the zero Game the game it stands for, before a change.
func (g *Game) setUp() {
	if len(g.positions) == 0 {
		g.rules = OlympiadRules()
		g.push(NewPosition())
	}
}

// Clone returns an independent copy of g.
func (g *Game) Clone() *Game {
	return &Game{
		rules: g.rules, positions: slices.Clone(g.positions), moves: slices.Clone(g.moves), declared: g.declared,
		reps: slices.Clone(g.reps), prior: slices.Clone(g.prior), latest: maps.Clone(g.latest),
	}
}

// Rules returns the rules of the game.
func (g *Game) Rules() Rules {
	if len(g.positions) == 0 {
		return OlympiadRules()
	}
	return g.rules
}

// Position returns the current position.
func (g *Game) Position() Position {
	h := g.history()
	return h[len(h)-1]
}

// StartPosition returns the position the game started from.
func (g *Game) StartPosition() Position { return g.history()[0] }

// Moves returns a copy of the moves played, in order.
func (g *Game) Moves() []Move { return slices.Clone(g.moves) }

// Positions returns a copy of the positions of the game: the start, then the
// position after each move.
func (g *Game) Positions() []Position { return slices.Clone(g.history()) }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// LegalMoves returns the moves that Play accepts now: none once the game is
// over.
func (g *Game) LegalMoves() []Move {
	if g.Outcome().Over {
		return nil
	}
	return g.Position().LegalMoves()
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
	g.setUp()
	g.push(p)
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

// Resign ends the game with the loser's resignation: the other side wins,
// for the reason Resignation. It returns an error wrapping ErrGameOver when
// the game has already ended, or ErrInvalidColor when loser is not a colour.
func (g *Game) Resign(loser Color) error {
	return g.declare(Outcome{Over: true, Winner: loser.Other(), Reason: Resignation}, loser)
}

// AgreeDraw ends the game in a draw agreed by the players, for the reason
// DrawAgreement. It returns an error wrapping ErrGameOver when the game has
// already ended.
func (g *Game) AgreeDraw() error {
	return g.declare(Outcome{Over: true, Draw: true, Reason: DrawAgreement}, Black)
}

// ForfeitOnTime ends the game because loser ran out of time: the other side
// wins, for the reason TimeForfeit. It returns an error wrapping
// ErrGameOver when the game has already ended, or ErrInvalidColor when loser
// is not a colour.
func (g *Game) ForfeitOnTime(loser Color) error {
	return g.declare(Outcome{Over: true, Winner: loser.Other(), Reason: TimeForfeit}, loser)
}

// declare ends the game with the outcome o that the players have declared;
// c is the colour the declaration names.
func (g *Game) declare(o Outcome, c Color) error {
	if !c.Valid() {
		return fmt.Errorf("%w: %v", ErrInvalidColor, c)
	}
	if now := g.Outcome(); now.Over {
		return fmt.Errorf("%w: %v, so it cannot end by %v", ErrGameOver, now, o.Reason)
	}
	g.setUp()
	g.declared = o
	return nil
}

// Undo takes back the end that the players declared (Resign, AgreeDraw,
// ForfeitOnTime), if there is one, and otherwise the last move. It returns
// an error wrapping ErrNoMoveToUndo when there is neither.
func (g *Game) Undo() error {
	if g.declared.Over {
		g.declared = Outcome{}
		return nil
	}
	if len(g.moves) == 0 {
		return ErrNoMoveToUndo
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.pop()
	return nil
}

// Outcome returns whether the game is over, who won and why: the end the
// players declared, if any, or else the rules checked in this order: no
// pieces (a board with no piece of either side is a draw), no moves, the
// quiet-ply limit, repetition.
func (g *Game) Outcome() Outcome {
	if g.declared.Over {
		return g.declared
	}
	p := g.Position()
	rules := g.Rules()
	switch {
	case p.pieces[Black]|p.pieces[White] == 0:
		return Outcome{Over: true, Draw: true, Reason: NoPieces}
	case p.Count(p.side) == 0:
		return Outcome{Over: true, Winner: p.side.Other(), Reason: NoPieces}
	case p.Count(p.side.Other()) == 0:
		return Outcome{Over: true, Winner: p.side, Reason: NoPieces}
	case !p.hasMove():
		return Adjudicate(p, Blocked)
	case rules.QuietPlyLimit > 0 && p.QuietPlies() >= rules.QuietPlyLimit:
		return Adjudicate(p, QuietPlyRule)
	case rules.RepetitionLimit > 0 && g.Repetitions() >= rules.RepetitionLimit:
		return Adjudicate(p, Repetition)
	}
	return Outcome{Reason: NotOver}
}

// Repetitions returns how many times the current position (placement and
// side to move) has occurred since the last capture, counting this one. It
// takes constant time: the game keeps the count of every position.
func (g *Game) Repetitions() int {
	if len(g.reps) == 0 {
		return 1 // the zero Game: the start, once
	}
	return int(g.reps[len(g.reps)-1])
}
