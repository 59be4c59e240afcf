package live

import (
	"context"
	"encoding/json"
	"log"
)

// Notifier sends the events of this process to the others, batched: the
// events that wait when one NOTIFY is sent go together in the next, as a
// JSON array, so that a busy process sends far fewer NOTIFYs than it
// makes moves. Each NOTIFY is its own statement after the move's
// transaction has committed, not part of it: a NOTIFY in a transaction
// serializes the commits of the whole cluster (PostgreSQL takes a global
// lock at such a commit), and with them their flushes to disk. A process
// that dies between a commit and its NOTIFY leaves the other processes'
// followers of that game one move behind until the next event of the
// game, or until they reconnect (a client then asks for what it lacks).
type Notifier struct {
	events chan Event
	send   func(ctx context.Context, payload string) error
}

// maxPayload bounds a NOTIFY's payload, under PostgreSQL's 8000 bytes.
const maxPayload = 7000

// NewNotifier returns a notifier that sends its batches with send
// (store.Store.Notify).
func NewNotifier(send func(ctx context.Context, payload string) error) *Notifier {
	return &Notifier{events: make(chan Event, 4096), send: send}
}

// Notify queues an event. It never blocks: with the queue full the event
// is dropped, and the other processes' followers catch up at the game's
// next event.
func (n *Notifier) Notify(ev Event) {
	if n == nil {
		return
	}
	select {
	case n.events <- ev:
	default:
	}
}

// Run sends the queued events until ctx is done.
func (n *Notifier) Run(ctx context.Context) {
	for {
		var batch []Event
		select {
		case <-ctx.Done():
			return
		case ev := <-n.events:
			batch = append(batch, ev)
		}
		size := 64
	more:
		for size < maxPayload {
			select {
			case ev := <-n.events:
				batch = append(batch, ev)
				size += len(ev.Game) + len(ev.From) + 32
			default:
				break more
			}
		}
		payload, _ := json.Marshal(batch)
		if err := n.send(ctx, string(payload)); err != nil && ctx.Err() == nil {
			log.Printf("live: notify: %v", err)
		}
	}
}
