// Command bookgames plays the engine against itself from the start
// position, with variety in the opening, and writes the games as a record
// file: the games an opening book of the start position is made from.
//
// For the first -random-plies plies the side to move searches its
// -multipv best moves at -nodes nodes and plays one of those that score
// within -margin (in evaluation units, surakarta.PieceValue a piece) of
// the best, each as likely; after that it plays the engine's best move at
// -nodes nodes (PVS with the network, one thread), to the end of the game
// under the Olympiad rules. Game n (from 1) depends only on the flags
// other than -from and -games, and on n: the same flags write the same
// games, and a run of -from 201 -games 200 plays the games 201 to 400 of
// a longer one, so that shards can run side by side and be concatenated. Run it from experiments/:
//
//	nice go run ./cmd/bookgames -seed 1 -from 1 -games 200 | gzip -9 >games.txt.gz
//
// docs/book.md has the commands that played matches/book/selfplay.txt.gz,
// the games of the page's opening book.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
)

// settings are the flags: how the games are played.
type settings struct {
	seed        uint64
	from, games int
	randomPlies int   // plies of random choice among the best moves
	margin      int   // how far below the best a move may score and be chosen
	multiPV     int   // how many best moves are searched for the choice
	nodes       int64 // nodes of every search
}

func main() {
	var s settings
	flag.Uint64Var(&s.seed, "seed", 1, "the seed of the random choices")
	flag.IntVar(&s.from, "from", 1, "the number of the first game, from 1")
	flag.IntVar(&s.games, "games", 100, "the number of games")
	flag.IntVar(&s.randomPlies, "random-plies", 8, "plies from the start in which the mover picks at random among its best moves")
	flag.IntVar(&s.margin, "margin", 30, "a random pick scores at most this far below the best move, in evaluation units")
	flag.IntVar(&s.multiPV, "multipv", 6, "the best moves searched for a random pick")
	flag.Int64Var(&s.nodes, "nodes", 10000, "nodes of every search")
	flag.Parse()
	if err := run(os.Stdout, s); err != nil {
		fmt.Fprintln(os.Stderr, "bookgames:", err)
		os.Exit(1)
	}
}

// run plays the games and writes their records to w.
func run(w io.Writer, s settings) error {
	if err := s.validate(); err != nil {
		return err
	}
	players := [2]*surakarta.PVS{surakarta.NewPVS(surakarta.NewNetwork()), surakarta.NewPVS(surakarta.NewNetwork())}
	for n := s.from; n < s.from+s.games; n++ {
		rec, err := play(players, s, n)
		if err != nil {
			return fmt.Errorf("game %d: %w", n, err)
		}
		if _, err := rec.WriteTo(w); err != nil {
			return err
		}
	}
	return nil
}

// validate reports flags that make no games.
func (s settings) validate() error {
	switch {
	case s.from < 1:
		return fmt.Errorf("-from %d: want 1 or more", s.from)
	case s.games < 0:
		return fmt.Errorf("-games %d: want 0 or more", s.games)
	case s.randomPlies < 0:
		return fmt.Errorf("-random-plies %d: want 0 or more", s.randomPlies)
	case s.margin < 0:
		return fmt.Errorf("-margin %d: want 0 or more", s.margin)
	case s.multiPV < 1:
		return fmt.Errorf("-multipv %d: want 1 or more", s.multiPV)
	case s.nodes < 1:
		return fmt.Errorf("-nodes %d: want 1 or more", s.nodes)
	}
	return nil
}

// play plays game n from the start position, Black's searcher
// players[0], White's players[1], and returns its record.
func play(players [2]*surakarta.PVS, s settings, n int) (*record.Record, error) {
	rng := rand.New(rand.NewPCG(s.seed, uint64(n)))
	for _, p := range players {
		p.Clear()
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	for !g.Outcome().Over {
		player := players[0]
		if g.Position().SideToMove() == surakarta.White {
			player = players[1]
		}
		lim := surakarta.Limits{Nodes: s.nodes}
		random := g.Ply() < s.randomPlies
		if random {
			lim.MultiPV = s.multiPV
		}
		res, err := player.Search(context.Background(), g, lim)
		if err != nil {
			return nil, err
		}
		m := res.Move
		if random {
			m = pick(rng, res, s.margin)
		}
		if err := g.Play(m); err != nil {
			return nil, err
		}
	}
	return record.New(g,
		record.Header{Name: "Event", Value: "book games"},
		record.Header{Name: "Round", Value: strconv.Itoa(n)},
		record.Header{Name: "Black", Value: "pvs,network"},
		record.Header{Name: "White", Value: "pvs,network"},
		record.Header{Name: "Seed", Value: strconv.FormatUint(s.seed, 10)},
		record.Header{Name: "Opening", Value: fmt.Sprintf("random-plies=%d margin=%d multipv=%d", s.randomPlies, s.margin, s.multiPV)},
		record.Header{Name: "Nodes", Value: strconv.FormatInt(s.nodes, 10)},
	), nil
}

// pick returns one of the first moves of the search's lines that score
// within margin of the first, the best, each as likely; the search's move
// when its lines name none.
func pick(rng *rand.Rand, res surakarta.Result, margin int) surakarta.Move {
	lines := res.Lines
	near := 0
	for near < len(lines) && len(lines[near].PV) > 0 && lines[near].Score >= lines[0].Score-margin {
		near++
	}
	if near == 0 {
		return res.Move
	}
	return lines[rng.IntN(near)].PV[0]
}
