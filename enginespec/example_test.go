package enginespec_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
)

// An engine spec names a searcher and an evaluator, then any parameters
// that differ from the defaults.
func ExampleParse() {
	e, err := enginespec.Parse("PVS, endgame, threads=2, table=4")
	if err != nil {
		panic(err)
	}
	s := e.New().(*surakarta.PVS)
	fmt.Println(e.Name)
	fmt.Println(s.Threads, s.TableMegabytes)

	_, err = enginespec.Parse("alphabeta,sixfactor,table=4")
	fmt.Println(err)
	// Output:
	// pvs,endgame,threads=2,table=4
	// 2 4
	// enginespec: engine "alphabeta,sixfactor,table=4": option "table" is for pvs only
}

// A player of package level is a spec alone, with a name of one's own if
// wanted; every New makes a new searcher, which plays as the level does.
func ExampleParse_level() {
	e, err := enginespec.Parse("level3,seed=7,name=Beginner")
	if err != nil {
		panic(err)
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	res, err := e.New().Search(context.Background(), g, surakarta.Limits{})
	if err != nil {
		panic(err)
	}
	_, err = g.Position().Legal(res.Move)
	fmt.Println(e.Name, "plays a legal move:", err == nil)
	// Output:
	// Beginner plays a legal move: true
}

// An external engine's program is looked up when the spec is parsed, so
// that a spec naming no program fails at once, not at the first game.
func ExampleParse_external() {
	_, err := enginespec.Parse("ugi,name=mine:/no/such/engine -x")
	fmt.Println(errors.Is(err, fs.ErrNotExist))
	// Output:
	// true
}

// A search that loses its game rather than failing returns a *Forfeit,
// which package match records as a lost game.
func ExampleForfeit() {
	err := fmt.Errorf("searching: %w", &enginespec.Forfeit{Reason: "crash", Err: errors.New("exit status 3")})
	var f *enginespec.Forfeit
	if errors.As(err, &f) {
		fmt.Println(f.Reason, f.OnTime)
		fmt.Println(err)
	}
	// Output:
	// crash false
	// searching: forfeit: crash: exit status 3
}
