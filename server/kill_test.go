package main

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/server/internal/servertest"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

// serve starts the server binary bin on a free loopback port with the
// SQLite file db, and returns its URL and process once it answers.
func serve(t *testing.T, bin, db string) (string, *exec.Cmd) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "-addr", addr, "-db", db)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	base := "http://" + addr
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := http.Get(base + "/api/lobby")
		if err == nil {
			res.Body.Close()
			return base, cmd
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not answer in 30 s: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestKillNine: the server killed with SIGKILL in the middle of a game
// and started again goes on from the last move acknowledged, with every
// move and both clocks as they were: the side to move is charged the time
// until the server's last renewal of the game's lease (at most a second
// before it died), not the time the server was down.
func TestKillNine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server (-short)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "server")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	db := filepath.Join(dir, "kill.db")
	base, cmd := serve(t, bin, db)
	alice, bob := servertest.NewClient(t, base), servertest.NewClient(t, base)
	id := alice.Challenge(nil)
	bob.Join(id)
	ac, bc := alice.Dial(id), bob.Dial(id)
	moves := []string{"b2b3", "a5a4", "c2c3"}
	var whiteLeft int64
	var acked time.Time
	for ply, mv := range moves {
		c := ac
		if ply%2 == 1 {
			c = bc
		}
		if r := c.Do("move", ply, mv); r.T != "ack" {
			t.Fatalf("ply %d: %+v", ply, r)
		}
		acked = time.Now()
		whiteLeft = bc.Ply(ply + 1).Clock.White
	}
	time.Sleep(300 * time.Millisecond)
	if err := cmd.Process.Signal(os.Kill); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	killed := time.Now()
	time.Sleep(3 * time.Second) // down
	base2, _ := serve(t, bin, db)
	alice.Base, bob.Base = base2, base2
	b2 := bob.Dial(id)
	u := b2.Ply(3)
	if u.Status != store.StatusPlaying || len(u.Moves) != 3 || u.Moves[2].Move != "c2c3" || u.Side != "white" {
		t.Fatalf("after the restart: status %s, moves %+v, %s to move", u.Status, u.Moves, u.Side)
	}
	charged := whiteLeft - u.Clock.White
	beforeKill := killed.Sub(acked).Milliseconds()
	t.Logf("White had %d ms; after a kill %d ms after the move and 3 s down, %d ms: charged %d ms", whiteLeft, beforeKill, u.Clock.White, charged)
	if charged > beforeKill+1500 {
		t.Fatalf("White was charged %d ms: more than the %d ms before the kill and a second of lease, so the downtime counted", charged, beforeKill)
	}
	if r := b2.Do("move", 3, "a4a3"); r.T != "ack" {
		t.Fatalf("White's move after the restart: %+v", r)
	}
	a2 := alice.Dial(id)
	if u := a2.Ply(4); u.Side != "black" || u.Clock.Running != "black" {
		t.Fatalf("Black after White's move: %+v", u)
	}
}
