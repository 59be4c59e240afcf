package app_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/server/internal/servertest"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

// TestArchiveAndAnalysis: a player's finished games are on their page
// with a picture each; the analysis of one is made on request, once, and
// kept: its annotated record reads back as the game.
func TestArchiveAndAnalysis(t *testing.T) {
	each(t, func(t *testing.T, base string, st *store.Store) {
		alice, bob := servertest.NewClient(t, base), servertest.NewClient(t, base)
		alice.Register("alice")
		bob.Register("bob")
		id := alice.Challenge(nil)
		if status, _ := alice.Post("/game/"+id+"/analysis", nil); status != http.StatusConflict {
			t.Fatalf("analysing a challenge: %d, want 409", status)
		}
		bob.Join(id)
		ac, bc := alice.Dial(id), bob.Dial(id)
		moves := []string{"b2b3", "a5a4", "b3b2", "a4a5"}
		for ply, mv := range moves {
			c := ac
			if ply%2 == 1 {
				c = bc
			}
			if r := c.Do("move", ply, mv); r.T != "ack" {
				t.Fatal(r)
			}
		}
		ac.Status(store.StatusOver)
		_, body := bob.Get("/player/alice")
		if !strings.Contains(body, "/game/"+id+"/board.svg") {
			t.Fatalf("alice's page lists no picture of the game:\n%s", body)
		}
		status, out := bob.Post("/game/"+id+"/analysis", nil)
		if status != http.StatusAccepted {
			t.Fatalf("asking for the analysis: %d %v", status, out)
		}
		var a struct {
			Status  string `json:"status"`
			Record  string `json:"record"`
			Summary struct {
				Moves []struct {
					Class string `json:"class"`
				} `json:"moves"`
			} `json:"summary"`
		}
		deadline := time.Now().Add(60 * time.Second)
		for a.Status != store.AnalysisDone {
			if time.Now().After(deadline) {
				t.Fatalf("the analysis is %q after 60 s", a.Status)
			}
			time.Sleep(50 * time.Millisecond)
			_, body := bob.Get("/game/" + id + "/analysis.json")
			if err := json.Unmarshal([]byte(body), &a); err != nil {
				t.Fatal(err)
			}
		}
		if len(a.Summary.Moves) != 4 {
			t.Fatalf("the analysis has %d moves, want 4", len(a.Summary.Moves))
		}
		rec, err := record.Parse(a.Record)
		if err != nil || len(rec.Game.Moves()) != 4 || len(rec.Comments) == 0 {
			t.Fatalf("the annotated record: %v\n%s", err, a.Record)
		}
		// Asked again, it is kept, not made again.
		if status, _ := alice.Post("/game/"+id+"/analysis", url.Values{}); status != http.StatusAccepted {
			t.Fatalf("asking again: %d", status)
		}
		if _, body := alice.Get("/game/" + id + "/analysis.json"); !strings.Contains(body, `"done"`) {
			t.Fatalf("the analysis after asking again: %s", body)
		}
		if status, body := alice.Get("/game/" + id + "/graph.svg"); status != http.StatusOK || !strings.Contains(body, "<svg") {
			t.Fatalf("the graph: %d", status)
		}
	})
}
