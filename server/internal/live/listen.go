package live

import (
	"context"
	"encoding/json"
	"log"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/surakarta-go/surakarta/server/internal/store"
)

// Event says that a game changed: the process From committed it, and the
// game is now at Ply. A process that follows the game reads what changed
// from the store, which holds it before the event is sent (NOTIFY is
// delivered at the commit).
type Event struct {
	Game string `json:"g"`
	Ply  int    `json:"p"`
	From string `json:"f"`
}

// Listen receives the events of store.Channel (batches of them, JSON
// arrays, as Notifier sends them) from the PostgreSQL of url
// and hands each to handle, until ctx is done. After a lost connection it
// connects again and calls resync, for the events it may have missed.
// ready, if not nil, is closed once it first listens.
func Listen(ctx context.Context, url string, handle func(Event), resync func(), ready chan<- struct{}) {
	first := true
	for ctx.Err() == nil {
		conn, err := pgx.Connect(ctx, url)
		if err == nil {
			_, err = conn.Exec(ctx, "LISTEN "+store.Channel)
		}
		if err != nil {
			if ctx.Err() == nil {
				log.Printf("live: listening on PostgreSQL: %v; again in 1 s", err)
			}
			if conn != nil {
				conn.Close(context.Background())
			}
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
			continue
		}
		if first && ready != nil {
			close(ready)
		}
		if !first {
			resync()
		}
		first = false
		for {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				break
			}
			var batch []Event
			if json.Unmarshal([]byte(n.Payload), &batch) == nil {
				for _, ev := range batch {
					handle(ev)
				}
			}
		}
		conn.Close(context.Background())
	}
}
