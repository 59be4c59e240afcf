package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// gtpAnswer sends a command and returns the answer's lines, without the
// empty line that ends it.
func gtpAnswer(t *testing.T, p *process, command string) []string {
	t.Helper()
	p.send(command)
	lines := p.until(func(l string) bool { return l == "" })
	return lines[:len(lines)-1]
}

func TestGTPSession(t *testing.T) {
	p := startEngine(t, "gtp", "-gtp", "-movetime", "50ms")
	for _, tc := range []struct{ command, want string }{
		{"protocol_version", "= 2"},
		{"1 name", "=1 surakarta"},
		{"known_command genmove", "= true"},
		{"known_command fly", "= false"},
		{"boardsize 19", "? unacceptable size"},
		{"boardsize 6", "="},
		{"clear_board", "="},
		{"komi 6.5", "="},
		{"komi x", "? syntax error"},
		{"play black b2b3", "="},
		{"play black a2a3", "? illegal move: it is White's turn"},
		{"play white a1a2", "? illegal move: a1a2: the piece on a1 is Black's, but White is to move"},
		{"play white zz", "? syntax error: invalid move notation: \"zz\": want from and to squares, such as \"a2a3\""},
		{"play purple a5a4", "? syntax error: invalid color \"purple\""},
		{"play w", "? syntax error: want play COLOR MOVE"},
		{"2 play W e5e4", "=2"},
		{"surakarta-position", "= wwwwww/wwww1w/4w1/1b4/b1bbbb/bbbbbb b 2 2"},
		{"undo", "="},
		{"surakarta-position", "= wwwwww/wwwwww/6/1b4/b1bbbb/bbbbbb w 1 1"},
		{"final_score", "? cannot score: the game is not over"},
		{"genmove b", "? it is White's turn"},
		{"surakarta-outcome", "= not over"},
		{"time_settings 10 x 0", "? syntax error"},
		{"time_settings 60 0 0", "="},
		{"time_left white 30 0", "="},
		{"time_left green 30 0", "? syntax error: invalid color \"green\""},
		{"surakarta-setoption Evaluator sixfactor", "="},
		{"surakarta-setoption Evaluator mcts", "? option Evaluator: want one of network, tuned, endgame, sixfactor, not \"mcts\""},
		{"surakarta-position 6/6/6/w5/6/2b3 b 0 1", "="},
		{"surakarta-legal_moves", "= c1a3 c1b1 c1d1 c1b2 c1c2 c1d2"},
		{"play b c1a3", "="},
		{"final_score", "= B+1"},
		{"surakarta-outcome", "= Black wins (no pieces left)"},
		{"genmove w", "? the game is over: Black wins (no pieces left)"},
		{"play w a5a4", "? illegal move: the game is over: Black wins (no pieces left)"},
		{"undo", "="},
		{"undo", "? cannot undo"},
		{"surakarta-position xx", "? position: invalid position: \"xx\": want 2 or 4 fields (ranks, side[, quiet plies, move number]), got 1"},
		{"fly", "? unknown command"},
		{"3", "?3 missing command"},
		{"  # only a comment", ""},
	} {
		if tc.want == "" {
			p.send(tc.command)
			continue
		}
		if got := strings.Join(gtpAnswer(t, p, tc.command), "\n"); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.command, got, tc.want)
		}
	}
	lines := gtpAnswer(t, p, "list_commands")
	if len(lines) != 21 || lines[0] != "= protocol_version" || lines[20] != "clear_cache" {
		t.Errorf("list_commands: %q", lines)
	}
	p.send("clear_board", "time_settings 0 1 0")
	p.expect("=")
	p.expect("")
	p.expect("=")
	p.expect("")
	lines = gtpAnswer(t, p, "showboard")
	if want := []string{"=", "6  w w w w w w", "5  w w w w w w"}; len(lines) != 9 || lines[0] != want[0] || lines[1] != want[1] || lines[2] != want[2] ||
		lines[8] != "Black to move, move 1, 0 quiet plies; not over" {
		t.Errorf("showboard: %q", lines)
	}
	// genmove plays a legal move for the side to move.
	lines = gtpAnswer(t, p, "genmove b")
	m, ok := strings.CutPrefix(lines[0], "= ")
	g := surakarta.NewGame(surakarta.NewPosition())
	if !ok || g.PlayText(m) != nil {
		t.Fatalf("genmove b: %q", lines)
	}
	if got := gtpAnswer(t, p, "surakarta-position"); got[0] != "= "+g.Position().String() {
		t.Errorf("after genmove: %q, want %v", got, g.Position())
	}
	p.send("quit")
	p.expect("=")
	p.expect("")
	if err := p.wait(); err != nil {
		t.Errorf("quit: exit %v", err)
	}
}

// TestGTPWholeGame: two engines play a game through GTP, a controller
// sending genmove to the side to move and play to the other, until
// genmove fails at the end; both then give the same final_score.
func TestGTPWholeGame(t *testing.T) {
	var engines [2]*process
	for i := range engines {
		engines[i] = startEngine(t, []string{"black", "white"}[i], "-gtp", "-movetime", "5ms")
		for _, cmd := range []string{"boardsize 6", "clear_board", "surakarta-setoption MoveOverhead 0", "time_settings 0 1 0"} {
			if got := gtpAnswer(t, engines[i], cmd); got[0] != "=" {
				t.Fatalf("%s: %q", cmd, got)
			}
		}
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	colors := [2]string{"b", "w"}
	for turn := 0; ; turn = 1 - turn {
		answer := gtpAnswer(t, engines[turn], "genmove "+colors[turn])
		if strings.HasPrefix(answer[0], "? the game is over") {
			break
		}
		m, ok := strings.CutPrefix(answer[0], "= ")
		if !ok {
			t.Fatalf("genmove %s: %q", colors[turn], answer)
		}
		if err := g.PlayText(m); err != nil {
			t.Fatalf("genmove %s: %v", colors[turn], err)
		}
		if got := gtpAnswer(t, engines[1-turn], "play "+colors[turn]+" "+m); got[0] != "=" {
			t.Fatalf("play %s %s: %q", colors[turn], m, got)
		}
		if g.Ply() > 1000 {
			t.Fatal("no end after 1000 plies")
		}
	}
	if !g.Outcome().Over {
		t.Fatalf("genmove says the game is over, the rules do not, after %v", g.Moves())
	}
	want := finalScore(g)
	for _, e := range engines {
		if got := gtpAnswer(t, e, "final_score"); got[0] != "= "+want {
			t.Errorf("%s: final_score %q, want %q", e.name, got, want)
		}
	}
	t.Logf("%d plies, %v, %s", g.Ply(), g.Outcome(), want)
}

// finalScore is the final_score of a finished game: the winner and its
// margin in pieces, or 0 for a draw.
func finalScore(g *surakarta.Game) string {
	o := g.Outcome()
	if o.Draw {
		return "0"
	}
	p := g.Position()
	return fmt.Sprintf("%s+%d", map[surakarta.Color]string{surakarta.Black: "B", surakarta.White: "W"}[o.Winner], p.Count(o.Winner)-p.Count(o.Winner.Other()))
}
