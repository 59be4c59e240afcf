package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/book"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/internal/registry"
	"github.com/surakarta-go/surakarta/internal/regularfile"
	"github.com/surakarta-go/surakarta/internal/tbdir"
	"github.com/surakarta-go/surakarta/level"
	"github.com/surakarta-go/surakarta/ugi"
)

// engine is the program's engine: its options and the searcher they
// make. The servers call its methods from one goroutine, never while a
// search runs or the searcher is being cleared (which they do in the
// background at uginewgame and clear_board).
//
// It keeps one searcher. Hash, Threads and Contempt change the PVS in
// place, which keeps its table (Threads changes an MCTS in place too); only a change of Searcher, Evaluator or
// Level makes a new searcher, after dropping the old one, so that two
// tables never live at once. Below level.Count, Level plays that strength
// level of package level, and Searcher, Evaluator, Hash, Threads,
// Contempt and TablebasePath do not apply until Level is level.Count
// again.
//
// TablebasePath opens the endgame tables of a directory at once, so that
// a bad path is refused when it is set; a PVS searches with the tables
// whose rules fit each search's game (see package tbdir). A directory
// with good tables is taken even when some file cannot be used (damaged,
// another table's, not a regular file): the engine says so in a note,
// as it says what tables it took, that a game's rules fit none of them,
// and that a search found one damaged (then no longer used), each once.
//
// NetworkFile reads a network's weights (as surakarta-tune net writes
// them) at once, refusing a bad file when it is set; the Network
// evaluator then uses them instead of the built-in ones, and the empty
// path goes back to those.
//
// Book reads an opening book (as surakarta-book build writes it) at once,
// refusing a bad file when it is set; the empty path, the default, plays
// from none. With a book, the engine plays in the positions of ply below
// BookPlies (0: the book's own plies) one of the book's moves, chosen at
// random by book.Choice with BookVariety and BookByScore, and searches
// everywhere else (book.Searcher), whatever the Level.
//
// With tune (the flag -tune), the engine also offers the constants of its
// PVS (surakarta.PVSParams) as spin options, for a tuner such as
// surakarta-match spsa: setting one sets it on the engine's searcher
// (PVS.Params), which the searches that start afterwards use. Without
// -tune the options are those a player sees, and the search is the
// built-in one.
type engine struct {
	tune                    bool // offer tuneOptions
	hash, threads, contempt int
	tables                  *tbdir.Dir         // nil: no TablebasePath
	notes                   *noteWriter        // where notes go; nil: nowhere
	level                   int                // 1 to level.Count
	searcherName, evalName  string             // names in the registry
	searcher                surakarta.Searcher // made when first needed; nil after Searcher or Evaluator changed
	network                 *surakarta.Network // nil: no NetworkFile
	book                    *book.Book         // nil: no Book
	bookPlies               int                // 0: the book's own
	bookChoice              book.Choice
	// params are the search's constants that tuneOptions set, given to
	// the engine's PVS (PVS.Params): nil until one is set.
	params *surakarta.PVSParams
}

// defaultHash is the default Hash, 16 MiB, as Stockfish's: a GUI user
// analysing searches for seconds, which fill the library's default table
// of 1 MiB in about one (hashfull 1000), and the larger table saves a
// quarter of the nodes at depth 18 from the start. Matches found no
// difference in strength that they could tell: against Hash 1, 400 games
// at 50 ms a move gave −13.9 ± 16.1 pair Elo, 200 on a clock of 5 s + 50
// ms +8.7 ± 26.6 (docs/search.md, "The table size").
const defaultHash = 16

// options are the engine's own options, in the order the answer to ugi
// lists them after the server's.
var options = []ugi.Option{
	{Name: "Hash", Type: ugi.OptionSpin, Default: strconv.Itoa(defaultHash), Min: 1, Max: 4096},
	{Name: "Threads", Type: ugi.OptionSpin, Default: "1", Min: 1, Max: 256},
	{Name: "Contempt", Type: ugi.OptionSpin, Default: "0", Min: -1000, Max: 1000},
	{Name: "Searcher", Type: ugi.OptionCombo, Default: registry.SearcherNames()[0], Vars: registry.SearcherNames()},
	{Name: "Evaluator", Type: ugi.OptionCombo, Default: registry.EvaluatorNames()[0], Vars: registry.EvaluatorNames()},
	{Name: "Level", Type: ugi.OptionSpin, Default: strconv.Itoa(level.Count), Min: 1, Max: level.Count},
	{Name: "TablebasePath", Type: ugi.OptionString, Default: ""},
	{Name: "NetworkFile", Type: ugi.OptionString, Default: ""},
	{Name: "Book", Type: ugi.OptionString, Default: ""},
	{Name: "BookPlies", Type: ugi.OptionSpin, Default: "0", Min: 0, Max: book.MaxPlies},
	{Name: "BookVariety", Type: ugi.OptionSpin, Default: strconv.Itoa(book.DefaultVariety), Min: 0, Max: 100},
	{Name: "BookByScore", Type: ugi.OptionCheck, Default: "false"},
}

// tuneOptions are the search's constants (surakarta.PVSParams) as spin
// options, in the order of surakarta.PVSParamList, offered after options
// with -tune.
var tuneOptions = func() []ugi.Option {
	var opts []ugi.Option
	for _, p := range surakarta.PVSParamList() {
		opts = append(opts, ugi.Option{Name: p.Name, Type: ugi.OptionSpin, Default: strconv.Itoa(p.Default), Min: p.Min, Max: p.Max})
	}
	return opts
}()

// options returns the engine's options: options, and with tune
// tuneOptions after them.
func (e *engine) options() []ugi.Option {
	if !e.tune {
		return options
	}
	return append(slices.Clip(options), tuneOptions...)
}

// newEngine returns an engine with the options' defaults.
func newEngine() *engine {
	return &engine{hash: defaultHash, threads: 1, level: level.Count, searcherName: registry.SearcherNames()[0], evalName: registry.EvaluatorNames()[0],
		bookChoice: book.Choice{Variety: book.DefaultVariety}}
}

// Searcher returns the searcher for the next search: with a Book, one
// that plays from it before it hands the game to the engine's searcher.
func (e *engine) Searcher() surakarta.Searcher {
	s := e.search()
	if e.book != nil {
		return &book.Searcher{Book: e.book, Next: s, Plies: e.bookPlies, Choice: e.bookChoice, Played: e.noteBookMove}
	}
	return s
}

// noteBookMove says that the engine plays m from its book, and how m
// scored there, for the side that played it: the move's info line has no
// score or depth, and a GUI shows this instead.
func (e *engine) noteBookMove(m book.MoveStats) {
	e.note(fmt.Sprintf("book move %s: %d games, score %.0f%%, W/D/L %d/%d/%d", m.Move, m.Count(), 100*m.Score(), m.Wins, m.Draws, m.Losses))
}

// Evaluator returns the evaluator of the option Evaluator, which the
// engine's searches use at full strength (Level 10), for eval.
func (e *engine) Evaluator() surakarta.Evaluator {
	ev, _ := registry.LookupEvaluator(e.evalName) // Evaluator's value is checked
	if eval := ev.New(); !isNetwork(eval) || e.network == nil {
		return eval
	}
	return e.network
}

// isNetwork reports whether eval is the network evaluator, which the
// option Network replaces with the network of its file.
func isNetwork(eval surakarta.Evaluator) bool {
	_, ok := eval.(*surakarta.Network)
	return ok
}

// search returns the searcher of the engine's Level, Searcher and
// Evaluator for the next search.
func (e *engine) search() surakarta.Searcher {
	if e.searcher == nil {
		if e.level < level.Count {
			e.searcher, _ = level.New(e.level, 0) // Level's range is checked
			return e.searcher
		}
		s, _ := registry.LookupSearcher(e.searcherName)
		e.searcher = s.New(e.Evaluator())
		e.setPVS()
	}
	if p, ok := e.searcher.(*surakarta.PVS); ok && e.tables != nil {
		return tbdir.PVS{PVS: p, Dir: e.tables}
	}
	return e.searcher
}

// drop forgets the searcher, if one was made, so that the next search makes a new one, and
// clears it first, so that what it holds is released at once rather than
// left to the collector: a goroutine that has just ended a search or a
// clear on it may hold the searcher a moment longer, and the new
// searcher's table must not live beside the old one. A PVS's Clear
// releases (collects, and returns to the system) a table of another size
// than TableMegabytes asks for, and no table has the size -1.
func (e *engine) drop() {
	if e.searcher == nil {
		return
	}
	if p, ok := e.searcher.(*surakarta.PVS); ok {
		p.TableMegabytes = -1
	}
	e.searcher.Clear()
	e.searcher = nil
}

// setPVS gives the searcher the options that are for it: Hash, Threads
// and Contempt to a PVS, Threads to an MCTS (mcts and uct). A PVS's
// endgame tables are set at each search (tbdir.PVS); here they are only
// dropped when the engine has none.
func (e *engine) setPVS() {
	switch s := e.searcher.(type) {
	case *surakarta.PVS:
		s.TableMegabytes, s.Threads, s.Contempt, s.Params = e.hash, e.threads, e.contempt, e.params
		if e.tables == nil {
			s.Tables = nil
		}
	case *surakarta.MCTS:
		s.Threads = e.threads
	}
}

// note says text, a line about the engine's tables, where e.notes goes.
func (e *engine) note(text string) {
	if e.notes != nil {
		e.notes.note(text)
	}
}

// SetOption sets the option name (in any letter case) to value, checked
// as the answer to ugi describes it, and changes nothing on error.
func (e *engine) SetOption(name, value string) error {
	all := e.options()
	var opt *ugi.Option
	for i := range all {
		if strings.EqualFold(all[i].Name, name) {
			opt = &all[i]
		}
	}
	if opt == nil {
		names := make([]string, len(all))
		for i, o := range all {
			names[i] = o.Name
		}
		return fmt.Errorf("unknown option %q (options: %s)", clip.Text(name), strings.Join(names, ", "))
	}
	v, err := opt.Validate(value)
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(v) // a spin's value is a number
	switch opt.Name {
	case "TablebasePath":
		var t *tbdir.Dir
		if v != "" {
			if t, err = tbdir.OpenUsable(v); err != nil {
				return fmt.Errorf("endgame tables: %w", err)
			}
		}
		if e.tables != nil {
			e.tables.Close()
		}
		e.tables = t
		if t != nil {
			e.note("endgame tables in " + v + ": " + t.Describe())
			t.Notify(e.note)
		}
	case "NetworkFile":
		var network *surakarta.Network
		if v != "" {
			f, err := regularfile.Open(v)
			if err != nil {
				return fmt.Errorf("network: %w", err)
			}
			network, err = surakarta.ReadNetwork(f)
			f.Close()
			if err != nil {
				return fmt.Errorf("network %s: %w", v, err)
			}
		}
		e.network = network
		e.drop()
	case "Book":
		var b *book.Book
		if v != "" {
			if b, err = book.ReadFile(v); err != nil {
				return err
			}
			e.note(fmt.Sprintf("book %s: %d games, %d plies, %d positions, %d moves", v, b.Games(), b.Plies(), b.Positions(), b.Entries()))
		}
		e.book = b
	case "BookPlies":
		e.bookPlies = n
	case "BookVariety":
		e.bookChoice.Variety = n
	case "BookByScore":
		e.bookChoice.ByScore = v == "true"
	case "Hash":
		e.hash = n
	case "Threads":
		e.threads = n
	case "Contempt":
		e.contempt = n
	case "Level":
		if e.level != n {
			e.level = n
			e.drop()
		}
	case "Searcher", "Evaluator":
		field := &e.searcherName
		if opt.Name == "Evaluator" {
			field = &e.evalName
		}
		if *field != v {
			*field = v
			e.drop()
		}
	default: // one of tuneOptions, whose range Validate has checked
		params := surakarta.DefaultPVSParams()
		if e.params != nil {
			params = *e.params
		}
		if err := params.Set(opt.Name, n); err != nil {
			return err
		}
		e.params = &params
	}
	e.setPVS()
	return nil
}
