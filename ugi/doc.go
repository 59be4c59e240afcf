// Package ugi speaks UGI, the Universal Game Interface, for Surakarta: the
// protocol of chess's UCI made game-neutral, through which graphical
// interfaces, referees and tournament runners play engines. It has both
// sides: Serve makes any surakarta.Searcher an engine program, and a Client
// drives an engine program from Go. Each command and answer is written by
// one function of this package and read by one, which both sides share.
//
// # The protocol
//
// Commands are lines of words. Player 1 (p1) is Black, who moves first;
// player 2 is White. Positions are the position text of package surakarta
// and moves its notation:
//
//	ugi                                  → id name …, id author …, option …, ugiok
//	isready                              → readyok
//	setoption name NAME value VALUE
//	uginewgame
//	position startpos [moves a2a3 …]
//	position fen wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1 [moves a2a3 …]
//	go [ponder] [p1time MS] [p2time MS] [p1inc MS] [p2inc MS] [movestogo N]
//	   [movetime MS] [depth N] [nodes N] [mate N] [searchmoves a2a3 …] [infinite]
//	                                     → info depth … pv …, bestmove a2a3 [ponder e5e4]
//	stop
//	ponderhit
//	query gameover | p1turn | result     → response true | false | p1win | p2win | draw | none
//	quit
//
// btime, wtime, binc and winc are read as UCI's names of p1time, p2time,
// p1inc and p2inc. A clock is for the side to move: go with a clock but
// not the mover's own time (go p2time 1000 when p1 is to move), which
// tells nothing of the time the mover has, has its clock ignored, with an
// info string line that says so, and searches within go's other limits, or
// for movetime 1000 (surakarta.DefaultMoveTime) as go with no limits does;
// a time given as 0 is no time, and the mover moves at once. An info line
// carries depth, seldepth, score (cp N, an evaluation in the evaluator's
// units; mate N, a win in N moves of the side to move, 2N−1 plies, which
// surakarta.FormatScore writes "win in 2N−1 plies"; mate −N a loss),
// nodes, nps, time (milliseconds) and pv; wdl W D L after the score with
// the option UCI_ShowWDL (the chances of a win, a draw and a loss per
// mille, surakarta.ScoreWDL), hashfull N after nps once the search has run
// a second (Info.Hashfull); and, once the search has run 3 s, at most four
// lines a second of the root move it has reached, "info depth D currmove
// M currmovenumber N" (Limits.RootProgress). bestmove is 0000 when there
// is no move: the game is over, the engine has no position, its searcher
// failed or the go was refused. It is the two words "bestmove M" unless
// the GUI has said that it ponders, by the option Ponder or by sending go
// ponder: then it names the reply the engine expects after "ponder", when
// its line has one. Strict runners (cutegames) take a move only from a
// line of two words, and wait for ever on any other.
//
// Beyond UGI, the server of this package answers bench [depth] (a node
// count and speed over fixed positions, an engine's signature), perft N
// (a "MOVE: N" line for each legal move, then "nodes N"), show (the game,
// for people) and eval (the evaluator's score of the position, with no
// search: "info string eval score cp N wdl W D L for Black, to move …",
// when Engine.Evaluator is set); it reads the words a chess user types
// first as the UGI commands they stand for: uci (answered uciok),
// ucinewgame, and Stockfish's d for show; and it reports a command it refuses with an
// "info string error: …" line, which changes nothing. A Client turns such
// lines, seen before the answer to the isready it sends after a command,
// into that command's error.
//
// # The server
//
// Serve makes an engine program of a Searcher. It starts at the start
// position. go and perft run in the background: isready, query, show and
// stop are answered meanwhile, and stop ends either (a stopped perft ends
// with "info string perft stopped" instead of its total). Commands are
// carried out in the order they come, as UCI engines carry them out: one
// that would change the game or the options (position, uginewgame,
// setoption, go, bench, perft) waits for the search or perft under way to
// end, so that a client may send its commands without waiting for each
// answer and every go gets its one bestmove. go infinite, and go ponder
// until its ponderhit, end only when told, by a command that would come
// after the one waiting: such a command is refused instead, with an error
// line (a go with bestmove 0000 too; a position leaves the server with no
// position, below). go infinite reports its move only after stop. uginewgame clears the
// engine's searcher in the background, since a large table takes seconds
// to clear: isready is answered, and go, bench and setoption of the
// engine's own options are carried out, once the clear has ended; other
// commands are answered meanwhile. The end of the input, like
// quit, stops a search or perft at once, as stop does (a search still
// answers bestmove), and Serve returns: the GUI has gone, and an engine
// does not go on searching for nobody.
//
// A position command that is refused (a malformed position, an illegal
// move, a search under way until stop), and a line too long to read
// (serve's 1 MiB, most likely a position with many moves), leave the
// server with no position, not with the one before: until the next good
// position or uginewgame, go answers
// "info string error: no position: …" and bestmove 0000, query and perft
// answer only an error line, and show says so. A runner that sent a bad
// position thus never gets a move for a game it did not set up.
//
// The server's own options, MoveOverhead (milliseconds kept back from
// the clock's time left, default 20; go movetime is spent whole), QuietPlyLimit and RepetitionLimit (the
// rules of the games it sets up, the Olympiad's by default: 50 and 2;
// they apply from the next position or uginewgame) and MultiPV (how many
// best lines a search reports, 1 to 112, default 1), come first in the
// answer to ugi, then the engine's. With MultiPV k above 1 a search
// passes k as Limits.MultiPV and writes the k lines of each iteration
// as info lines with "multipv 1" to "multipv k", best first; bestmove is
// line 1's move. go searchmoves restricts the search
// to the moves it lists (Limits.SearchMoves); a move that is not legal is
// refused. go mate N passes N as Limits.Mate: a searcher that cannot look
// for a win within N moves (MCTS) answers with an error line and bestmove
// 0000.
//
// go ponder searches with Limits.Ponder: with no time limit, until
// ponderhit, which closes the channel (the search goes on within go's
// limits, its time counted from then), or stop; its bestmove waits for one
// of the two, even when the search has ended. ponderhit when no search
// ponders does nothing: it may cross the bestmove of a search told to
// stop. The time of a search that pondered counts from go ponder, as
// UCI engines count it: at ponderhit a search that has pondered as long as
// its time allows answers at once. UGI's own options come after the
// server's: Ponder (a GUI sets it to say it will ponder; bestmove then
// names the move to ponder on), UCI_ShowWDL, and the button
// Clear Hash, which clears the searcher as uginewgame does and keeps the
// game; an engine whose Options name one of them keeps its own instead.
//
// The server does not trust its searcher, so that a faulty one cannot hang
// or crash the engine. A search told to stop (by stop, quit, the end of
// the input or Serve's context) that has not returned within
// Engine.StopGrace (DefaultStopGrace, half a second, by default) is given
// up on: the server writes "info string the searcher did not stop …" and
// bestmove with the best move it knows, as below, then goes on, or returns
// at quit, the end of the input or the context's end. Until that search
// returns, go answers an error line and bestmove 0000, bench fails, and
// uginewgame does not clear the searcher. A panic of the searcher's Search
// is answered with an error line and bestmove 0000, and one of its Clear
// likewise by the next go or bench. A move the searcher returns that go
// does not allow (illegal in the position searched, or not one of
// searchmoves) is not sent: an info string line says so, and bestmove is
// the first move of the last pv the search reported if go allows it, else
// the first of searchmoves, else the position's first legal move, as UCI
// engines answer when stopped before their first iteration; a GUI would
// take bestmove 0000, while the position has a move, for an illegal move
// and a lost game. A panic in a goroutine the searcher starts itself is
// beyond the server's reach.
//
// # Errors
//
// The errors of a Client wrap ErrRefused for a command the engine
// refuses, ErrProtocol for an engine that breaks the protocol, ErrExited
// for one that has gone, and ErrInvalidCommand for a command the caller's
// arguments keep the client from sending; those of Option.Validate wrap
// ErrInvalidOption, and that of Serve ErrInvalidEngine for an Engine it
// cannot serve. Test them with errors.Is, not by their text. Errors of the
// caller's own context, reader or writer, and of starting a program, come
// back wrapped, for errors.Is with them.
package ugi
