package store

import (
	"context"
	"fmt"
)

// The statuses of an analysis.
const (
	AnalysisQueued  = "queued"
	AnalysisRunning = "running"
	AnalysisDone    = "done"
	AnalysisFailed  = "failed"
)

// Analysis is the engine's analysis of a finished game, kept once made:
// the annotated record, a summary (JSON) and the graph of the score (SVG).
type Analysis struct {
	GameID      string
	Status      string
	Record      string
	Summary     string
	Graph       string
	RequestedAt int64
	DoneAt      int64
}

// RequestAnalysis queues the analysis of a game unless it has one (made,
// queued or under way): created tells whether this call queued it.
func (s *Store) RequestAnalysis(ctx context.Context, gameID string, now int64) (created bool, err error) {
	res, err := s.exec(ctx, `INSERT INTO analyses (game_id, status, requested_at) VALUES (?, ?, ?)
ON CONFLICT (game_id) DO NOTHING`, gameID, AnalysisQueued, now)
	if err != nil {
		return false, fmt.Errorf("store: analysis of %s: %w", gameID, err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// AnalysisOf returns the analysis of a game.
func (s *Store) AnalysisOf(ctx context.Context, gameID string) (Analysis, error) {
	a := Analysis{GameID: gameID}
	err := s.queryRow(ctx, "SELECT status, record, summary, graph, requested_at, done_at FROM analyses WHERE game_id = ?", gameID).
		Scan(&a.Status, &a.Record, &a.Summary, &a.Graph, &a.RequestedAt, &a.DoneAt)
	return a, notFound(err, "analysis of "+gameID)
}

// PendingAnalyses returns the games whose analysis is queued or was under
// way when the server stopped, oldest request first.
func (s *Store) PendingAnalyses(ctx context.Context) ([]string, error) {
	rows, err := s.query(ctx, "SELECT game_id FROM analyses WHERE status IN (?, ?) ORDER BY requested_at", AnalysisQueued, AnalysisRunning)
	if err != nil {
		return nil, fmt.Errorf("store: pending analyses: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// SetAnalysis writes an analysis's status and, once done, its results.
func (s *Store) SetAnalysis(ctx context.Context, a Analysis) error {
	_, err := s.exec(ctx, "UPDATE analyses SET status = ?, record = ?, summary = ?, graph = ?, done_at = ? WHERE game_id = ?",
		a.Status, a.Record, a.Summary, a.Graph, a.DoneAt, a.GameID)
	if err != nil {
		return fmt.Errorf("store: analysis of %s: %w", a.GameID, err)
	}
	return nil
}
