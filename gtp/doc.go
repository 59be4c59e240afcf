// Package gtp speaks GTP, the Go Text Protocol version 2, for Surakarta,
// as Go programs, GoGui's tools and MiniZero's console speak it. It has
// both sides: Serve makes any surakarta.Searcher a GTP engine program, and
// a Client drives a GTP engine program from Go. Each command and answer is
// written by one function of this package and read by one, which both
// sides share.
//
// # The protocol
//
// A command is a line, optionally numbered; the engine answers
// "=[id] result" or "?[id] error", then an empty line. Colours are black
// (b, who moves first) and white (w); a vertex is a move in the library's
// notation, a2a3. Surakarta has no pass: genmove always answers a move (it
// fails once the game is over, when final_score tells the result), never
// pass or resign, and play accepts only moves.
//
//	protocol_version, name, version, known_command NAME, list_commands, quit
//	boardsize 6, clear_board, komi X (accepted, unused)
//	play COLOR MOVE, genmove COLOR, undo, showboard, final_score (B+n, W+n, 0)
//	time_settings MAIN BYO_YOMI_TIME BYO_YOMI_STONES   (seconds)
//	time_left COLOR TIME STONES
//	clear_cache                          (the searcher's table and history cleared, the game kept)
//
// clear_cache is the extension of Leela Zero and KataGo, UGI's Clear
// Hash. GTP has nothing of UGI's pondering, info lines or go mate.
//
// GTP has no command to set a position or an option, so the server of this
// package adds these, which a Client uses:
//
//	surakarta-position [TEXT [moves M …]] set the game's start and moves (or, without TEXT, show the position)
//	surakarta-setoption NAME VALUE        set an option
//	surakarta-legal_moves                 the legal moves
//	surakarta-outcome                     the outcome, such as "Black wins (no pieces left)"
//
// # The server
//
// Serve makes an engine program of a Searcher. A command that fails is
// answered "?" and changes nothing. The server has options of its own,
// which surakarta-setoption sets before the engine's: MoveOverhead
// (milliseconds kept back from the clock's time left, default 20),
// QuietPlyLimit and RepetitionLimit (the rules of the games it sets up,
// the Olympiad's by default, 50 and 2; they apply from the next
// clear_board or surakarta-position); it accepts MultiPV too, the
// server's option for UGI's reports of several lines, which changes
// nothing here, since genmove shows no lines and searches one. genmove
// searches on the clock of time_settings and time_left (Canadian
// byo-yomi, or absolute time), or for the engine's MoveTime when they
// set no limit.
//
// The server does not trust its searcher, so that a faulty one cannot hang
// or crash the engine: genmove answers "?" and plays nothing when the
// searcher's Search panics (or its Clear did, at the clear_board or
// boardsize before), when the move it returns is not legal, and when
// Serve's context is done and the search has not returned within
// Engine.StopGrace (DefaultStopGrace, half a second, by default). GTP
// reads no command while genmove searches, so quit and the end of the
// input, which come after its answer, find no search to stop.
//
// # Errors
//
// The errors of a Client wrap ErrRefused for a command the engine
// answers with "?", ErrProtocol for an engine that breaks the protocol,
// ErrExited for one that has gone, and ErrInvalidCommand for a command
// the caller's arguments keep the client from sending; that of Serve
// wraps ErrInvalidEngine for an Engine it cannot serve. Test them with
// errors.Is, not by their text. Errors of the caller's own context,
// reader or writer, and of starting a program, come back wrapped, for
// errors.Is with them.
package gtp
