package match

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/internal/pvsexp"
)

// Engine is a named way to make a searcher. Run calls New twice per game,
// once for each side, so that every game has searchers of its own: the
// searchers of package surakarta are not safe for concurrent use.
//
// Run plays several games at once and calls New from several goroutines at
// the same time, so New must be safe for concurrent use, and the searchers
// it returns must not share state that their searches change. The New of
// an Engine from ParseEngine is: every call makes a new searcher with a new
// evaluator. New must not return nil. The Engine value itself is only read.
//
// A searcher that holds something to release, such as the process of an
// external engine, implements io.Closer: Run closes each searcher that
// does when its game ends.
type Engine struct {
	Name string
	New  func() surakarta.Searcher
}

// ParseEngine makes an Engine from a spec "searcher,evaluator[,option...]":
// searcher pvs or alphabeta, evaluator sixfactor, endgame or tuned
// (surakarta.NewSixFactor, NewEndgameAdjusted, NewTuned), such as
// "pvs,endgame". Options of the form name=value change one parameter from
// its default, so that a match can test it:
//
//	endgame-weight=N  piece weight of the endgame evaluation (endgame only;
//	                  default surakarta.AdjustedPieceWeight)
//	table=MB          transposition table size, 0 for none (pvs only)
//	aspiration=N      aspiration window half-width, 0 for none (pvs only)
//	threads=N         search threads, 1 to 256 (pvs only; default 1)
//	contempt=N        draw score below an even position, in evaluation
//	                  units, -1000 to 1000 (pvs only; default 0)
//	cutoffs=off, history=off, killers=off, quiescence=off, nullmove=off,
//	lmr=off           switch one PVS enhancement off (or on with =on)
//	tm=old            the time management of v0.1.0, to measure today's
//	                  against it (tm=new, the default, is today's); see
//	                  below
//
// With tm=old a search with a per-move time (Limits.MoveTime) starts no
// iteration that is not predicted to finish within that time, guessing
// the next iteration's time from the growth of the last two, and an
// iteration cut short is thrown away: the move is that of the last
// completed iteration. Today's searchers spend the whole MoveTime and use
// the best move of an unfinished iteration once it has been searched
// fully. The option wraps today's searcher, so everything else is the
// same (and a position with a single legal move is searched one
// iteration deep, as today). v0.1.0 had no clock: with Limits.Clock set,
// tm=old only throws unfinished iterations away.
//
// and experimental search changes, tried but not adopted (pvs only; README
// lists them with their matches), kept so that a match can measure them:
//
//	multicut=on        multi-cut pruning at non-PV nodes
//	threat-extension=on  a ply more for a capture after which it attacks
//	                   two pieces and the opponent has no capture
//	root-table-move=on the previous iteration's best move as the root's
//	                   table move instead of first in the root move list
//	null-reduction=N, null-divisor=N  the null move's depth reduction
//	                   N + depth/6 or 3 + depth/N (1 to 10; defaults 3, 6)
//
// and lmr-log=off, the late-move reductions before today's logarithmic
// ones (1 ply, 2 for the ninth move on at depth 6 or more), which a match
// adopted; lmr-log=on is the default.
//
// The engine's Name is the spec, lower-cased, without spaces.
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
// program is looked up as exec.LookPath does, and ParseEngine fails when
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
// search, so Run plays every game with a new pair of processes, and ends
// it when it is closed (Run closes it after the game): it sends quit,
// and kills the program (on Unix with any process it started, its
// process group) when it does not exit within a second. It plays through
// the clients of packages ugi and gtp. Before its first move the program
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
// the games of Run do, from their openings) is set with the extension
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
// not asked (such as a second bestmove), exits or closes its output, or
// does not answer within the timeout loses the game: its Search returns
// an error wrapping *Forfeit, with the program ended.
func ParseEngine(spec string) (Engine, error) {
	quoted := clip.Text(spec) // errors quote at most a short excerpt
	if head, command, ok := strings.Cut(spec, ":"); ok {
		switch p, _, _ := strings.Cut(head, ","); strings.ToLower(strings.TrimSpace(p)) {
		case "ugi", "gtp":
			return parseExternal(spec, head, command)
		}
		return Engine{}, fmt.Errorf("match: engine %q: want ugi:COMMAND or gtp:COMMAND for an external engine, or searcher,evaluator", quoted)
	}
	name := strings.ToLower(strings.Join(strings.Fields(spec), ""))
	fields := strings.Split(name, ",")
	if len(fields) < 2 {
		return Engine{}, fmt.Errorf("match: engine %q: want searcher,evaluator such as pvs,sixfactor", quoted)
	}
	searcher, evaluator, options := fields[0], fields[1], fields[2:]
	if searcher != "pvs" && searcher != "alphabeta" {
		return Engine{}, fmt.Errorf("match: engine %q: unknown searcher %q (want pvs or alphabeta)", quoted, clip.Text(searcher))
	}
	if evaluator != "sixfactor" && evaluator != "endgame" && evaluator != "tuned" {
		return Engine{}, fmt.Errorf("match: engine %q: unknown evaluator %q (want sixfactor, endgame or tuned)", quoted, clip.Text(evaluator))
	}

	// Check every option now, on throwaway values, so that New cannot fail.
	var setEval []func(surakarta.Evaluator)
	var setPVS []func(*surakarta.PVS)
	oldTime := false
	var exp pvsexp.Settings
	seen := make(map[string]bool)
	for _, opt := range options {
		key, value, ok := strings.Cut(opt, "=")
		if !ok || key == "" || value == "" {
			return Engine{}, fmt.Errorf("match: engine %q: option %q: want name=value", quoted, clip.Text(opt))
		}
		if seen[key] {
			return Engine{}, fmt.Errorf("match: engine %q: option %q given twice", quoted, clip.Text(key))
		}
		seen[key] = true
		if !knownOption(key) {
			return Engine{}, fmt.Errorf("match: engine %q: unknown option %q (want %s)", quoted, clip.Text(key), strings.Join(optionNames, ", "))
		}
		if key == "tm" {
			if value != "old" && value != "new" {
				return Engine{}, fmt.Errorf("match: engine %q: option tm: want old or new, not %q", quoted, clip.Text(value))
			}
			oldTime = value == "old"
			continue
		}
		if key == "endgame-weight" {
			if evaluator != "endgame" {
				return Engine{}, fmt.Errorf("match: engine %q: endgame-weight needs the endgame evaluator", quoted)
			}
			w, err := optionInt(value, 0, 1000)
			if err != nil {
				return Engine{}, fmt.Errorf("match: engine %q: endgame-weight: %w", quoted, err)
			}
			setEval = append(setEval, func(e surakarta.Evaluator) {
				e.(*surakarta.EndgameAdjusted).Adjusted.Weights.Pieces = w
			})
			continue
		}
		if searcher != "pvs" {
			return Engine{}, fmt.Errorf("match: engine %q: option %q is for pvs only", quoted, key)
		}
		if ok, err := expOption(&exp, key, value); ok || err != nil {
			if err != nil {
				return Engine{}, fmt.Errorf("match: engine %q: %w", quoted, err)
			}
			continue
		}
		set, err := pvsOption(key, value)
		if err != nil {
			return Engine{}, fmt.Errorf("match: engine %q: %w", quoted, err)
		}
		setPVS = append(setPVS, set)
	}

	newEval := func() surakarta.Evaluator {
		var e surakarta.Evaluator = surakarta.NewSixFactor()
		switch evaluator {
		case "endgame":
			e = surakarta.NewEndgameAdjusted()
		case "tuned":
			e = surakarta.NewTuned()
		}
		for _, set := range setEval {
			set(e)
		}
		return e
	}
	newSearcher := func() surakarta.Searcher { return surakarta.NewAlphaBeta(newEval()) }
	if searcher == "pvs" {
		newSearcher = func() surakarta.Searcher {
			s := surakarta.NewPVS(newEval())
			for _, set := range setPVS {
				set(s)
			}
			if exp != (pvsexp.Settings{}) {
				pvsexp.Set(s, exp)
			}
			return s
		}
	}
	e := Engine{Name: name, New: newSearcher}
	if oldTime {
		e.New = func() surakarta.Searcher { return oldTimeManagement{newSearcher()} }
	}
	return e, nil
}

// optionNames are the names of the options of an engine spec.
var optionNames = []string{"endgame-weight", "table", "aspiration", "threads", "contempt", "cutoffs", "history", "killers", "quiescence", "nullmove", "lmr",
	"multicut", "threat-extension", "root-table-move", "null-reduction", "null-divisor", "lmr-log", "tm"}

// knownOption reports whether key is one of optionNames.
func knownOption(key string) bool {
	return slices.Contains(optionNames, key)
}

// pvsOption returns the setter of one PVS option.
func pvsOption(key, value string) (func(*surakarta.PVS), error) {
	switch key {
	case "table":
		mb, err := optionInt(value, 0, 1<<12)
		if err != nil {
			return nil, fmt.Errorf("table: %w", err)
		}
		return func(s *surakarta.PVS) { s.TableMegabytes = mb }, nil
	case "aspiration":
		w, err := optionInt(value, 0, surakarta.Win)
		if err != nil {
			return nil, fmt.Errorf("aspiration: %w", err)
		}
		return func(s *surakarta.PVS) { s.AspirationWindow = w }, nil
	case "threads":
		n, err := optionInt(value, 1, 256)
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
	var on bool
	switch value {
	case "on":
		on = true
	case "off":
	default:
		return nil, fmt.Errorf("option %q: want on or off, not %q", key, clip.Text(value))
	}
	switch key {
	case "cutoffs":
		return func(s *surakarta.PVS) { s.TableCutoffs = on }, nil
	case "history":
		return func(s *surakarta.PVS) { s.History = on }, nil
	case "killers":
		return func(s *surakarta.PVS) { s.Killers = on }, nil
	case "quiescence":
		return func(s *surakarta.PVS) { s.Quiescence = on }, nil
	case "nullmove":
		return func(s *surakarta.PVS) { s.NullMove = on }, nil
	case "lmr":
		return func(s *surakarta.PVS) { s.LateMoveReductions = on }, nil
	}
	return nil, fmt.Errorf("unknown option %q", key)
}

// expOption applies key=value to the experimental settings e if key is
// one of them, and reports whether it was.
func expOption(e *pvsexp.Settings, key, value string) (bool, error) {
	switch key {
	case "null-reduction", "null-divisor":
		n, err := optionInt(value, 1, 10)
		if err != nil {
			return true, fmt.Errorf("%s: %w", key, err)
		}
		if key == "null-reduction" {
			e.NullReduction = n
		} else {
			e.NullDivisor = n
		}
		return true, nil
	}
	var flag *bool
	switch key {
	case "multicut":
		flag = &e.MultiCut
	case "threat-extension":
		flag = &e.ThreatExtension
	case "root-table-move":
		flag = &e.RootTableMove
	case "lmr-log":
		// on is today's default; off restores the reductions before it.
		if value != "on" && value != "off" {
			return true, fmt.Errorf("option %q: want on or off, not %q", key, clip.Text(value))
		}
		e.LinearReductions = value == "off"
		return true, nil
	default:
		return false, nil
	}
	switch value {
	case "on":
		*flag = true
	case "off":
		*flag = false
	default:
		return true, fmt.Errorf("option %q: want on or off, not %q", key, value)
	}
	return true, nil
}

// optionInt parses a whole number in [lo, hi].
func optionInt(value string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("want a whole number from %d to %d, not %q", lo, hi, clip.Text(value))
	}
	return n, nil
}
