package enginespec

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/book"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/internal/errmark"
	"github.com/surakarta-go/surakarta/internal/registry"
	"github.com/surakarta-go/surakarta/internal/tbdir"
)

// Engine is a named way to make a searcher, so that whatever plays an
// engine can make as many searchers as it plays games at once: the
// searchers of package surakarta are not safe for concurrent use. Package
// match's Run calls New twice per game, once for each side, and plays
// several games at once, calling New from several goroutines at the same
// time; so New must be safe for concurrent use, and the searchers it
// returns must not share state that their searches change. The New of an
// Engine from Parse is: every call makes a new searcher with a new
// evaluator. New must not return nil. The Engine value itself is only
// read. An Engine without New, such as the zero Engine, makes no
// searchers: NewSearcher returns an error for it where calling New would
// panic.
//
// A searcher that holds something to release, such as the process of an
// external engine, implements io.Closer: whoever makes it closes it when
// done with it, as Run does when a game ends.
type Engine struct {
	Name string
	New  func() surakarta.Searcher
	// Book is the opening book the engine plays its first moves from, as
	// its spec names it (book=FILE, or a UGI program's option.Book=FILE),
	// and empty when it names none. A match refuses such an engine unless
	// asked (match.Config.AllowBook): a book makes its games alike. An
	// engine program that reads a book by other means (its arguments, a
	// default of its own) is not seen.
	Book string
}

// NewSearcher returns a new searcher of e, as New does, or an error
// wrapping surakarta.ErrInvalidSearch for an Engine that cannot make
// one: one without New, such as the zero Engine or the engines of a match
// read back from its records (match.ReadConfig), which know only their
// names, and one whose New returns nil. Calling New on an Engine without
// it panics, as calling any nil function does: a program that takes
// Engines it did not make itself calls NewSearcher instead.
func (e Engine) NewSearcher() (surakarta.Searcher, error) {
	if e.New == nil {
		return nil, fmt.Errorf("%w: engine %q has no New function to make its searchers (the zero Engine, or one read from records)", surakarta.ErrInvalidSearch, clip.Text(e.Name))
	}
	s := e.New()
	if s == nil {
		return nil, fmt.Errorf("%w: engine %q: New returned nil", surakarta.ErrInvalidSearch, clip.Text(e.Name))
	}
	return s, nil
}

// ErrInvalidSpec is wrapped by every error of Parse: a spec that does not
// read, names what there is not (a searcher, an evaluator, an option, a
// program) or gives a value out of range, or whose tables or book cannot
// be read. The error's message is Parse's alone, "enginespec: engine
// "SPEC": " and what is wrong, without the sentinel's words.
var ErrInvalidSpec = errors.New("enginespec: invalid engine spec")

// invalid returns an error of Parse that says what fmt.Errorf would and
// wraps ErrInvalidSpec too.
func invalid(format string, args ...any) error {
	return errmark.Errorf(ErrInvalidSpec, format, args...)
}

// Parse makes an Engine from a spec "searcher[,evaluator][,option...]":
// searcher pvs, alphabeta, mcts or uct (surakarta.MCTS with Playouts),
// evaluator network, tuned, endgame or sixfactor (surakarta.NewNetwork,
// NewTuned, NewEndgameAdjusted, NewSixFactor), such as "pvs,endgame". A
// searcher without an evaluator, alone or followed by options, has the
// default one, network: "pvs" is "pvs,network", and "pvs,threads=2" is
// "pvs,network,threads=2". Options of the form name=value change one
// parameter from its default, so that a match can test it:
//
//	endgame-weight=N  piece weight of the endgame evaluation (endgame only;
//	                  default 40)
//	table=MB          transposition table size in MiB, 1 to 4096 (pvs
//	                  only; default surakarta.DefaultTableMegabytes)
//	threads=N         search threads, 1 to 256 (pvs, mcts and uct;
//	                  default 1)
//	contempt=N        draw score below an even position, in evaluation
//	                  units, -1000 to 1000 (pvs only; default 0)
//	tb=DIR            endgame tables of package tablebase in the
//	                  directory DIR (pvs only; default none): each
//	                  search uses those of its game's rules, if DIR has
//	                  them (surakarta.PVS.Tables)
//	book=FILE         an opening book of package book (default none):
//	                  the engine plays the book's moves while it has
//	                  some (book.Searcher), then searches; Engine.Book
//	                  names it
//	book-plies=N      plays from the book at plies below N, 0 to 255
//	                  (default 0: the book's own plies; needs book=)
//	book-variety=N    book.Choice's Variety, 0 to 100 (default 100:
//	                  each move as often as the book's games played it;
//	                  needs book=)
//	name=NAME         the engine's Name (default: the spec), so that
//	                  a match can play two engines of one spec, which
//	                  need two names
//
// The engine's Name is the spec, lower-cased, without spaces, with the
// default evaluator written in when the spec names none ("pvs" is named
// "pvs,network"), unless name= sets it: a match's summary and records
// then name the evaluator that played, a record file of "pvs" games is
// resumed only by the engine it was played with, should the default
// change, and "pvs" and "pvs,network" are seen to be one engine. DIR,
// FILE and NAME keep their letter case, but can hold no comma or space
// (nor NAME a colon); Parse opens DIR's tables, and fails when it holds
// none, and every searcher of the Engine shares them, open for the rest
// of the process. Parse reads FILE's book, failing on a damaged one, and
// every searcher shares it.
//
// # Players of package level
//
// A spec may also be a player of package level, alone: random (the random
// mover, level.NewRandom), greedy (the greedy player, level.NewGreedy), or
// level1 to level10 (level.New; level10 is the engine at full strength,
// as "pvs,tuned"), such as "level3". They take no evaluator, and the
// options:
//
//	seed=N            the seed of the player's random choices, a whole
//	                  number (default 0)
//	name=NAME         the engine's Name, as above
//	book=FILE, book-plies=N, book-variety=N
//	                  an opening book, as above
//
// such as "level3,seed=7". A level below level.Count keeps to its own
// depth and node budget, or to the Limits when they are tighter; the
// anchors search nothing. Their Name is the spec as for the others.
//
// # External engines
//
// A spec "ugi:COMMAND" or "gtp:COMMAND" is an engine program that plays
// through UGI (the Universal Game Interface, UCI made game-neutral) or
// GTP (the Go Text Protocol version 2), such as this module's
// cmd/surakarta ("ugi:/tmp/surakarta", "gtp:/tmp/surakarta -gtp"):
//
//	ugi:COMMAND
//	gtp:COMMAND
//	ugi,SETTING[,SETTING...]:COMMAND
//
// COMMAND, everything after the first colon, is the program and its
// arguments, separated by spaces; a word in '…' or "…" may hold spaces
// (there are no escapes), and commas and colons need no quotes. The
// program is looked up as exec.LookPath does, and Parse fails when
// it is not found. The SETTINGs, between the protocol and the first colon
// (so they hold no colon), are:
//
//	name=NAME         the engine's Name (default: the whole spec)
//	timeout=D         how long a move may take beyond Limits.MoveTime
//	                  or, with a Clock, beyond the mover's time left, a
//	                  duration such as 500ms (default 2s, or 1m when the
//	                  limits have neither, a search to a depth or a
//	                  number of nodes; with no limit at all the search
//	                  gets surakarta.DefaultMoveTime)
//	option.NAME=VALUE a UGI option, sent as setoption name NAME value
//	                  VALUE when the program starts (UGI only)
//
// such as "ugi,name=sk16,option.Hash=16,timeout=1s:/usr/local/bin/surakarta".
// The Name of an external engine is the spec without the spaces at its
// ends, in its letter case, unless name= sets it.
//
// Each searcher of an external engine starts the program on its first
// search, so a match (whose Run makes new searchers for every game and
// closes them after it) plays every game with a new pair of processes;
// it ends the program when it is closed: it sends quit, and kills the
// program when it does not exit within a second, on Unix with its process
// group: the processes it started, but not those that left the group
// (setsid, setpgid), as a daemon does, which it does not end. On Linux a
// program that exits is seen to exit at once, also while such a process
// holds its output open: a crash, not a timeout. It plays through the
// clients of packages ugi and gtp. Before its first move the program
// gets 10s more than the timeout to start and answer the handshake (UGI:
// ugi, isready, each option with isready, uginewgame, isready; GTP:
// protocol_version, which must be 2). For each move a UGI program gets
// the game as "position startpos moves ..." or "position fen START moves
// ...", START being the game's start position in the library's position
// text, then isready, and "go" with movetime, depth and nodes from the
// Limits (and p1time, p2time, p1inc, p2inc, movestogo from a Clock) and
// isready; it answers info lines, which go to Limits.Progress, bestmove
// and readyok. A GTP program gets clear_board, the moves played since
// its last move with play, and genmove, followed by protocol_version (so
// that a second answer to genmove shows). GTP has no command to set a
// position, so a game that does not start from the standard start (as
// the games of a match do, from their openings) is set with the extension
// "surakarta-position TEXT" of cmd/surakarta; and GTP can say no depth or
// node limit, no increment, and only whole seconds: a Clock is sent as
// time_settings MAIN 0 0 and, before each genmove, time_left COLOR
// SECONDS MOVESTOGO (the mover's time left, rounded down); without a
// Clock, a MoveTime of whole seconds is sent as time_settings 0 S 1, and
// otherwise the program's own settings, such as its arguments, decide how
// long it thinks.
//
// The library's rules judge every move. A program that answers a move
// that does not read or is illegal, refuses a command, answers what was
// not asked (such as a second bestmove), writes a line longer than 4 KiB
// ("line too long"), exits or closes its output, or does not answer
// within the timeout loses the game: its Search returns an error wrapping
// *Forfeit, with the program ended. Between its searches the searcher
// reads none of a program's output, and holds at most a few lines of it:
// a program that writes without end is held up by its own output.
//
// Every error of Parse wraps ErrInvalidSpec.
func Parse(spec string) (Engine, error) {
	quoted := clip.Text(spec) // errors quote at most a short excerpt
	if head, command, ok := strings.Cut(spec, ":"); ok {
		switch p, _, _ := strings.Cut(head, ","); strings.ToLower(strings.TrimSpace(p)) {
		case "ugi", "gtp":
			return parseExternal(spec, head, command)
		}
		return Engine{}, invalid("enginespec: engine %q: want ugi:COMMAND or gtp:COMMAND for an external engine, or searcher[,evaluator]", quoted)
	}
	name := strings.ToLower(strings.Join(strings.Fields(spec), ""))
	fields := strings.Split(name, ",")
	// The fields as written, for a value whose letter case counts (name=,
	// tb=).
	writtenFields := strings.Split(strings.Join(strings.Fields(spec), ""), ",")
	if player, ok := registry.LookupPlayer(fields[0]); ok {
		return parsePlayer(quoted, name, player, fields[1:], writtenFields[1:])
	}
	newSearcherOf, ok := registry.LookupSearcher(fields[0])
	switch {
	case !ok && len(fields) == 1:
		return Engine{}, invalid("enginespec: engine %q: want searcher[,evaluator] such as pvs or pvs,sixfactor (searcher %s), or a player alone: %s", quoted, orList(registry.SearcherNames()), playerList())
	case !ok:
		return Engine{}, invalid("enginespec: engine %q: unknown searcher %q (want %s, or a player alone: %s)", quoted, clip.Text(fields[0]), orList(registry.SearcherNames()), playerList())
	case len(fields) == 1 || strings.Contains(fields[1], "="):
		// No evaluator: the default, written into the name too.
		def := registry.EvaluatorNames()[0]
		fields, writtenFields = slices.Insert(fields, 1, def), slices.Insert(writtenFields, 1, def)
		name = strings.Join(fields, ",")
	}
	searcher, evaluator, options := fields[0], fields[1], fields[2:]
	written := writtenFields[2:]
	newEvaluatorOf, ok := registry.LookupEvaluator(evaluator)
	if !ok {
		return Engine{}, invalid("enginespec: engine %q: unknown evaluator %q (want %s)", quoted, clip.Text(evaluator), orList(registry.EvaluatorNames()))
	}

	// Check every option now, on throwaway values, so that New cannot fail.
	var setEval []func(surakarta.Evaluator)
	var setPVS []func(*surakarta.PVS)
	var setMCTS []func(*surakarta.MCTS)
	var tables *tbdir.Dir
	openings := newBookSpec()
	seen := make(map[string]bool)
	for i, opt := range options {
		key, value, ok := strings.Cut(opt, "=")
		if !ok || key == "" || value == "" {
			return Engine{}, invalid("enginespec: engine %q: option %q: want name=value", quoted, clip.Text(opt))
		}
		if seen[key] {
			return Engine{}, invalid("enginespec: engine %q: option %q given twice", quoted, clip.Text(key))
		}
		seen[key] = true
		if key == "name" {
			_, name, _ = strings.Cut(written[i], "=") // as written: a name keeps its letter case
			continue
		}
		if !knownOption(key) {
			return Engine{}, invalid("enginespec: engine %q: unknown option %q (want %s or name)", quoted, clip.Text(key), strings.Join(optionNames, ", "))
		}
		if key == "endgame-weight" {
			if evaluator != "endgame" {
				return Engine{}, invalid("enginespec: engine %q: endgame-weight needs the endgame evaluator", quoted)
			}
			w, err := optionInt(value, 0, 1000)
			if err != nil {
				return Engine{}, invalid("enginespec: engine %q: endgame-weight: %w", quoted, err)
			}
			setEval = append(setEval, func(e surakarta.Evaluator) {
				e.(*surakarta.EndgameAdjusted).Adjusted.Weights.Pieces = w
			})
			continue
		}
		if taken, err := openings.take(key, value, written[i]); taken {
			if err != nil {
				return Engine{}, invalid("enginespec: engine %q: %w", quoted, err)
			}
			continue
		}
		if key == "threads" && (searcher == "mcts" || searcher == "uct") {
			n, err := optionInt(value, 1, surakarta.MaxThreads)
			if err != nil {
				return Engine{}, invalid("enginespec: engine %q: threads: %w", quoted, err)
			}
			setMCTS = append(setMCTS, func(s *surakarta.MCTS) { s.Threads = n })
			continue
		}
		if searcher != "pvs" {
			return Engine{}, invalid("enginespec: engine %q: option %q is for pvs only", quoted, key)
		}
		if key == "tb" {
			_, dir, _ := strings.Cut(written[i], "=")
			d, err := tbdir.Open(dir)
			if err != nil {
				return Engine{}, invalid("enginespec: engine %q: tb: %s", quoted, clip.Text(err.Error()))
			}
			tables = d
			continue
		}
		set, err := pvsOption(key, value)
		if err != nil {
			return Engine{}, invalid("enginespec: engine %q: %w", quoted, err)
		}
		setPVS = append(setPVS, set)
	}

	if err := openings.check(seen); err != nil {
		return Engine{}, invalid("enginespec: engine %q: %w", quoted, err)
	}
	newEngineSearcher := func() surakarta.Searcher {
		e := newEvaluatorOf.New()
		for _, set := range setEval {
			set(e)
		}
		s := newSearcherOf.New(e)
		if pvs, ok := s.(*surakarta.PVS); ok {
			for _, set := range setPVS {
				set(pvs)
			}
			if tables != nil {
				return tbdir.PVS{PVS: pvs, Dir: tables}
			}
		}
		if m, ok := s.(*surakarta.MCTS); ok {
			for _, set := range setMCTS {
				set(m)
			}
		}
		return s
	}
	return Engine{Name: name, New: openings.wrap(newEngineSearcher), Book: openings.file}, nil
}

// bookSpec is the book of a spec, from its options book=FILE,
// book-plies=N and book-variety=N.
type bookSpec struct {
	file     string        // FILE, as written
	book     *book.Book    // its book, nil for none
	settings book.Searcher // the plies and choice
}

func newBookSpec() *bookSpec {
	return &bookSpec{settings: book.Searcher{Choice: book.Choice{Variety: book.DefaultVariety}}}
}

// take takes the option key=value, written as written, if it is one of
// the book's, and says whether it was: a book that cannot be read, or
// a number out of range, is an error.
func (b *bookSpec) take(key, value, written string) (bool, error) {
	switch key {
	case "book":
		_, b.file, _ = strings.Cut(written, "=")
		openings, err := book.ReadFile(b.file)
		if err != nil {
			return true, fmt.Errorf("book %q: %s", clip.Text(b.file), bookError(err, b.file))
		}
		b.book = openings
		return true, nil
	case "book-plies", "book-variety":
		hi := map[string]int{"book-plies": book.MaxPlies, "book-variety": 100}[key]
		n, err := optionInt(value, 0, hi)
		if err != nil {
			return true, fmt.Errorf("%s: %w", key, err)
		}
		if key == "book-plies" {
			b.settings.Plies = n
		} else {
			b.settings.Choice.Variety = n
		}
		return true, nil
	}
	return false, nil
}

// check refuses book-plies and book-variety, among the options seen,
// without a book.
func (b *bookSpec) check(seen map[string]bool) error {
	if b.book == nil && (seen["book-plies"] || seen["book-variety"]) {
		return errors.New("book-plies and book-variety need book=FILE")
	}
	return nil
}

// wrap returns newSearcher, or with a book a function that makes a
// book.Searcher playing from it before newSearcher's searcher.
func (b *bookSpec) wrap(newSearcher func() surakarta.Searcher) func() surakarta.Searcher {
	if b.book == nil {
		return newSearcher
	}
	return func() surakarta.Searcher {
		s := b.settings
		s.Book, s.Next = b.book, newSearcher()
		return &s
	}
}

// bookError returns the message of err, an error of book.ReadFile(name),
// without the name it repeats.
func bookError(err error, name string) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	msg := strings.TrimPrefix(err.Error(), "book: ")
	return strings.TrimPrefix(msg, name+": ")
}

// parsePlayer makes the Engine of a player of package level from its
// options, lower-cased and as written: seed=N, name=NAME and the book's.
func parsePlayer(quoted, name string, player registry.Player, options, written []string) (Engine, error) {
	var seed uint64
	openings := newBookSpec()
	seen := make(map[string]bool)
	for i, opt := range options {
		key, value, ok := strings.Cut(opt, "=")
		if !ok || key == "" || value == "" {
			if i == 0 && !ok {
				return Engine{}, invalid("enginespec: engine %q: %s takes no evaluator: its spec is %s[,seed=N]", quoted, player.Name, player.Name)
			}
			return Engine{}, invalid("enginespec: engine %q: option %q: want name=value", quoted, clip.Text(opt))
		}
		if seen[key] {
			return Engine{}, invalid("enginespec: engine %q: option %q given twice", quoted, clip.Text(key))
		}
		seen[key] = true
		if taken, err := openings.take(key, value, written[i]); taken {
			if err != nil {
				return Engine{}, invalid("enginespec: engine %q: %w", quoted, err)
			}
			continue
		}
		if key != "seed" && key != "name" {
			return Engine{}, invalid("enginespec: engine %q: unknown option %q (%s takes seed=N, name=NAME, book=FILE, book-plies=N and book-variety=N)", quoted, clip.Text(key), player.Name)
		}
		if key == "name" {
			_, name, _ = strings.Cut(written[i], "=")
			continue
		}
		n, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			return Engine{}, invalid("enginespec: engine %q: seed: want a whole number from 0 to %d, not %q", quoted, uint64(math.MaxUint64), clip.Text(value))
		}
		seed = n
	}
	if err := openings.check(seen); err != nil {
		return Engine{}, invalid("enginespec: engine %q: %w", quoted, err)
	}
	return Engine{Name: name, New: openings.wrap(func() surakarta.Searcher { return player.New(seed) }), Book: openings.file}, nil
}

// playerList names the players for an error message: random, greedy,
// level1 to levelN.
func playerList() string {
	names := registry.PlayerNames()
	return fmt.Sprintf("random, greedy, or %s to %s", names[2], names[len(names)-1])
}

// optionNames are the names of the options of an engine spec.
var optionNames = []string{"endgame-weight", "table", "threads", "contempt", "tb", "book", "book-plies", "book-variety"}

// knownOption reports whether key is one of optionNames.
func knownOption(key string) bool {
	return slices.Contains(optionNames, key)
}

// pvsOption returns the setter of one PVS option.
func pvsOption(key, value string) (func(*surakarta.PVS), error) {
	switch key {
	case "table":
		mb, err := optionInt(value, 1, surakarta.MaxTableMegabytes)
		if err != nil {
			return nil, fmt.Errorf("table: %w", err)
		}
		return func(s *surakarta.PVS) { s.TableMegabytes = mb }, nil
	case "threads":
		n, err := optionInt(value, 1, surakarta.MaxThreads)
		if err != nil {
			return nil, fmt.Errorf("threads: %w", err)
		}
		return func(s *surakarta.PVS) { s.Threads = n }, nil
	case "contempt":
		n, err := optionInt(value, -1000, 1000)
		if err != nil {
			return nil, fmt.Errorf("contempt: %w", err)
		}
		return func(s *surakarta.PVS) { s.Contempt = n }, nil
	}
	return nil, fmt.Errorf("unknown option %q", key)
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// optionInt parses a whole number in [lo, hi].
func optionInt(value string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("want a whole number from %d to %d, not %q", lo, hi, clip.Text(value))
	}
	return n, nil
}
