// Package surakarta implements the board game Surakarta: exact rules with
// every capture path, a fast bitboard move generator, games under the
// Computer Olympiad rules, and evaluators and searchers that play it.
// Game records are package record.
//
// A newcomer needs eight names first: Position (a board and the side to
// move), Move (a step or a capture), Game (a position with its history and
// rules, which knows when the game is over), Evaluator (scores positions),
// Searcher (chooses moves), NewPVS (the strong searcher), NewNetwork (the
// strong evaluator) and Limits (how long a search may take). Everything
// else refines one of them.
//
// A newcomer's program, the engine playing itself:
//
//	g := surakarta.NewGame(surakarta.NewPosition())
//	engine := surakarta.NewPVS(surakarta.NewNetwork())
//	for !g.Outcome().Over {
//		r, err := engine.Search(context.Background(), g, surakarta.Limits{MoveTime: 100 * time.Millisecond})
//		if err != nil {
//			log.Fatal(err)
//		}
//		if err := g.Play(r.Move); err != nil {
//			log.Fatal(err)
//		}
//		fmt.Println(r.Move, surakarta.FormatScore(r.Score))
//	}
//	fmt.Println(g.Outcome())
//
// Moves typed by people go through ParseMove and Game.Play, which reject
// illegal moves with an error that says why (errors.Is(err, ErrIllegalMove))
// and leave the game unchanged. Engines use Position.AppendLegalMoves and
// Position.PlayUnchecked, which do not allocate and do not check.
//
// # Rules
//
// Surakarta is played on the 36 points of a 6×6 grid. Files a–f run left to
// right, ranks 1–6 bottom to top. Black starts on ranks 1 and 2, White on
// ranks 5 and 6, twelve pieces each; Black moves first.
//
// Eight corner loops join the inner lines of the grid into two closed
// circuits of 24 points each; a point where two lines of a circuit cross
// appears twice in it. In traversal order, with ⟳ for a corner loop:
//
//	inner (ranks 2, 5; files b, e):  a2 b2 c2 d2 e2 f2 ⟳ e1 e2 e3 e4 e5 e6 ⟳ f5 e5 d5 c5 b5 a5 ⟳ b6 b5 b4 b3 b2 b1 ⟳ (a2)
//	outer (ranks 3, 4; files c, d):  a3 b3 c3 d3 e3 f3 ⟳ d1 d2 d3 d4 d5 d6 ⟳ f4 e4 d4 c4 b4 a4 ⟳ c6 c5 c4 c3 c2 c1 ⟳ (a3)
//
// The corners a1, f1, a6 and f6 are on no circuit.
//
// A move is a step or a capture. A step moves a piece one point in any of
// the eight directions onto an empty point; it never captures. A capture
// moves a piece along a circuit through its point, in either direction, over
// empty points, to the first piece it meets, which it captures if that piece
// is an enemy and at least one corner loop was crossed on the way. The point
// the piece leaves counts as empty, so the path may pass over it; a walk
// that meets its own piece, or an enemy before any loop, captures nothing,
// and a walk ends after a full lap. Two paths to the same target are one
// move: moves are told apart by their from and to squares. CapturePath
// returns the points and loops of a capture.
//
// A game ends when:
//
//  1. a side has no pieces: it has lost;
//  2. the side to move has no legal move;
//  3. Rules.QuietPlyLimit plies in a row were played without a capture (50
//     under the Olympiad rules);
//  4. a position (placement and side to move) has occurred
//     Rules.RepetitionLimit times since the last capture (2 under the
//     Olympiad rules: any repetition ends the game).
//
// In 2–4 the side with more pieces wins and equal counts draw. Players may
// also end a game by resignation, agreement or time forfeit (Game.Resign,
// Game.AgreeDraw, Game.ForfeitOnTime). Perft from the start counts 16, 256,
// 5,382, 111,122 and 2,572,484 leaves at depths 1 to 5, figures that several
// independent programs agree on.
//
// # Notation
//
// A square is named by its file and rank, "a1" to "f6"; as a number, Square
// = (rank−1)·6 + file, so a1 = 0, f1 = 5, a2 = 6 and f6 = 35. A move is its
// from and to squares, "a2a3"; captures look the same ("b2e5"). ParseMove
// also accepts "a2-a3" and "b2xe5" in any letter case, where the x claims a
// capture that Game.Play checks. String gives the canonical lower case.
//
// # Position text
//
// ParsePosition and Position.String use a text in the spirit of chess's FEN:
//
//	<ranks> <side> [<quiet plies> <move number>]
//
// The ranks run from 6 down to 1, separated by '/'. In each, the points
// from file a to file f are 'b' for a Black piece, 'w' for a White one, and
// a digit 1–6 for that many empty points. The side to move is 'b' or 'w'.
// The quiet plies are the plies since the last capture (default 0), and the
// move number starts at 1 and grows after each move of White (default 1);
// both go up to MaxCounter. The start is
//
//	wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1
//
// Game records, a format in the spirit of PGN for whole games, are package
// record (github.com/surakarta-go/surakarta/record).
//
// # Values, pointers and concurrency
//
// Position is a 56-byte value with no pointers inside: copy it with =,
// compare it with ==. Its methods that only read it have value receivers;
// the ones that change it (Play, PlayUnchecked, Put, Remove, the Set
// methods, UnmarshalText) have pointer receivers. Evaluators take a
// *Position because a search calls them at every node, and must not change
// it.
//
// Values of Position, Move, Square and Color may be used from any number of
// goroutines. The evaluators of this package may be shared by several
// goroutines as long as their fields are not changed meanwhile. A Game and
// the searchers are not safe for concurrent use: give each
// goroutine its own, or guard them with a mutex (a Game may be read by
// several goroutines at once while nothing changes it). A PVS with Threads
// above 1 searches on several goroutines of its own, which call its
// Evaluator at once: the evaluators of this package allow that.
//
// # Errors
//
// Every error this package returns wraps one of the sentinel errors (ErrX),
// for errors.Is, with a message that says what was wrong; an error quotes at
// most a short excerpt of the input. Bad input never panics.
//
// # Papers
//
// The evaluators and searchers follow published Surakarta and game-playing
// research: the six-factor evaluation and alpha-beta search of Li Shuqin et
// al. (SixFactor, AlphaBeta), the endgame adjustment of Zhang Bo et al.
// (EndgameAdjusted), principal variation search with a transposition table,
// history heuristic and iterative deepening as Wang Hongfei et al. use it
// for Connect6 (PVS), and phase-dependent evaluation weights from Amazons
// programs (Phased). The module's docs/references.md lists the papers.
package surakarta
