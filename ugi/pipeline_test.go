package ugi

import (
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/serve"
)

// TestPipelinedGo: commands sent at once, as a client that pipelines them
// sends them, are carried out in order: a go that comes while a search
// runs waits for it, and every go gets exactly one bestmove, a legal move
// of the position the go was sent for. Tiny and large limits.
func TestPipelinedGo(t *testing.T) {
	const fen = "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb w 0 1" // White to move
	for _, limits := range [][2]string{
		{"nodes 1230", "nodes 1"},
		{"nodes 1", "nodes 1"},
		{"depth 1", "movetime 1"},
		{"nodes 200000", "depth 6"},
		{"movetime 300", "nodes 50000"},
	} {
		s := newSession(t)
		s.send("position fen "+fen, "go "+limits[0], "isready", "uginewgame", "isready", "position startpos", "go "+limits[1], "isready")
		var bests []string
		s.until(func(l string) bool {
			if strings.HasPrefix(l, "info string error") {
				t.Errorf("%q: %q", limits, l)
			}
			if strings.HasPrefix(l, "bestmove ") {
				bests = append(bests, l)
			}
			return len(bests) == 2
		})
		if len(bests) != 2 {
			t.Fatalf("%q: bestmoves %q, want two", limits, bests)
		}
		first, err := surakarta.ParsePosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range []surakarta.Position{first, surakarta.NewPosition()} {
			m, err := surakarta.ParseMove(strings.TrimPrefix(bests[i], "bestmove "))
			if err != nil {
				t.Fatalf("%q: %q: %v", limits, bests[i], err)
			}
			if _, err := p.Legal(m); err != nil {
				t.Errorf("%q: go %d answered %q, not a move of %v: %v", limits, i+1, bests[i], p, err)
			}
		}
		// Nothing more: the last isready's readyok, no stray bestmove.
		s.send("isready")
		if lines := s.until(func(l string) bool { return l == "readyok" }); len(lines) > 2 {
			t.Errorf("%q: after the second bestmove: %q", limits, lines)
		}
	}
}

// TestGoWhileSearchingUntilStop: a go that comes while a search runs that
// ends only when told (go infinite, go ponder before its hit) cannot wait
// for it: it is answered at once with an error line and bestmove 0000,
// and the search it came during answers its own bestmove at stop.
func TestGoWhileSearchingUntilStop(t *testing.T) {
	for _, first := range []string{"go infinite", "go ponder movetime 100"} {
		s := newSession(t)
		s.send("position startpos", first, "go nodes 100")
		lines, best := s.untilPrefix("bestmove ")
		if best != "bestmove 0000" || !strings.HasPrefix(lines[len(lines)-1], "info string error: a search is running that ends only when told") {
			t.Errorf("%s, then go: %q, %q", first, lines, best)
		}
		s.send("stop")
		if _, best := s.untilPrefix("bestmove "); best == "bestmove 0000" {
			t.Errorf("%s, then stop: %q", first, best)
		}
		s.send("isready")
		s.expect("readyok")
	}
}

// TestBestMoveNamesPonderOnlyWhenAsked: bestmove is the two words
// "bestmove M", which strict runners read, unless the GUI said it ponders:
// the option Ponder, or a go ponder, after which it names the reply.
func TestBestMoveNamesPonderOnlyWhenAsked(t *testing.T) {
	uci := Engine{Name: "plain", Searcher: func() surakarta.Searcher { return surakarta.NewPVS(surakarta.NewTuned()) }}
	words := func(s *session, goArgs string) int {
		t.Helper()
		s.send("position startpos", "go "+goArgs)
		_, best := s.untilPrefix("bestmove ")
		return len(strings.Fields(best))
	}
	s := startSession(t, uci, serve.Caps{})
	if n := words(s, "depth 4"); n != 2 {
		t.Errorf("by default: bestmove of %d words, want 2", n)
	}
	s.send("setoption name Ponder value true")
	if n := words(s, "depth 4"); n != 4 {
		t.Errorf("with Ponder true: bestmove of %d words, want 4 (… ponder M)", n)
	}
	s.send("setoption name Ponder value false")
	if n := words(s, "depth 4"); n != 2 {
		t.Errorf("with Ponder false: bestmove of %d words, want 2", n)
	}
	// A GUI that ponders without the option.
	s.send("position startpos", "go ponder depth 4", "ponderhit")
	s.untilPrefix("bestmove ")
	if n := words(s, "depth 4"); n != 4 {
		t.Errorf("after go ponder: bestmove of %d words, want 4", n)
	}
	// An engine with an option Ponder of its own tells it too.
	s = startSession(t, testEngine(nil), serve.Caps{})
	s.send("setoption name Ponder value true")
	if n := words(s, "depth 4"); n != 4 {
		t.Errorf("with the engine's own Ponder true: bestmove of %d words, want 4", n)
	}
}

// TestOverLongLineLeavesNoPosition: a line too long to read is most likely
// a position with many moves: the game after it is not the one before,
// and go answers as after a refused position, not with a move for the
// other side.
func TestOverLongLineLeavesNoPosition(t *testing.T) {
	s := newSession(t)
	s.send("position startpos moves b2b3")
	moves := strings.Repeat(" e5e4 b3b2 e4e5 b2b3", serve.MaxLine/20+1)
	s.send("position startpos moves b2b3" + moves)
	s.expect("info string error: a line longer than 1048576 bytes")
	s.send("go depth 3")
	s.expect("info string error: no position: a line too long to read was skipped; send position or uginewgame")
	s.expect("bestmove 0000")
	s.send("position startpos", "go depth 1")
	if _, best := s.untilPrefix("bestmove "); best == "bestmove 0000" {
		t.Errorf("after a good position: %q", best)
	}
}
