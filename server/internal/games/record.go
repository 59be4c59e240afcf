package games

import (
	"context"
	"fmt"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/server/internal/store"
)

// Record returns game id as a record in the library's format
// (record.New(g, headers...).MarshalText): the players, the date, the
// time control and whether it was rated, then the moves and the result.
func (m *Manager) Record(ctx context.Context, id string) ([]byte, error) {
	row, g, err := m.Snapshot(ctx, id)
	if err != nil {
		return nil, err
	}
	return record.New(g, Headers(row)...).MarshalText()
}

// Headers returns the headers of a game's record.
func Headers(row store.Game) []record.Header {
	date := time.UnixMilli(row.CreatedAt).UTC().Format("2006-01-02")
	rated := "casual"
	if row.Rated {
		rated = "rated"
	}
	return []record.Header{
		{Name: "Event", Value: "Surakarta server, " + rated + " game"},
		{Name: "Site", Value: "game " + row.ID},
		{Name: "Date", Value: date},
		{Name: "Black", Value: row.BlackName},
		{Name: "White", Value: row.WhiteName},
		{Name: "TimeControl", Value: fmt.Sprintf("%d+%d", row.BaseMS/1000, row.IncrementMS/1000)},
	}
}
