// Package surakarta implements the board game Surakarta: exact rules with
// every capture path, a fast bitboard move generator, games under the
// Computer Olympiad rules, and perft for checking it all.
//
// Positions are small values (copy with =, compare with ==); moves are
// uint16 values; a Game adds history, repetition and the game-end rules. The
// rules are those of DESIGN §1 of the project: pieces step one point in any
// direction, and capture by travelling along a circuit line over at least
// one corner loop to the first piece met.
//
// A newcomer's program:
//
//	g := surakarta.NewGame(surakarta.NewPosition())
//	for !g.Outcome().Over {
//		moves := g.LegalMoves()
//		m := moves[0] // captures come first
//		if err := g.Play(m); err != nil {
//			log.Fatal(err)
//		}
//		fmt.Println(m, g.Position())
//	}
//	fmt.Println(g.Outcome())
//
// Moves typed by people go through ParseMove and Game.Play, which reject
// illegal moves with an error that says why (errors.Is(err, ErrIllegalMove))
// and leave the game unchanged. Engines use Position.AppendLegalMoves and
// Position.PlayUnchecked, which do not allocate and do not check.
package surakarta
