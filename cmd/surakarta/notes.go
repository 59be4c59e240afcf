package main

import (
	"bytes"
	"io"
	"sync"

	"github.com/surakarta-go/surakarta/internal/oneline"
)

// noteWriter writes the engine's own notes, one line each with a prefix
// ("info string " on UGI's output), and, for UGI, the server's output
// too: a note is written between the server's lines, never inside one,
// whichever goroutine writes it. The server writes whole lines, but may
// split a long batch of them into several writes; a note that comes
// while a line is half written waits for its end.
//
// The engine needs it because package ugi has no way for an engine to
// add a line of its own: the notes are what the engine must say of its
// endgame tables (a table left out or found damaged, tables that do not
// fit the game), which would otherwise go unsaid.
type noteWriter struct {
	mu      sync.Mutex
	w       io.Writer
	prefix  string
	midLine bool     // the last write did not end a line
	pending []string // notes waiting for the end of the line
}

// Write writes p, with the notes that waited for the end of a line
// after the first line end in p.
func (n *noteWriter) Write(p []byte) (int, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	done := 0
	if i := bytes.IndexByte(p, '\n'); i >= 0 && len(n.pending) > 0 {
		written, err := n.w.Write(p[:i+1])
		if err != nil {
			return written, err
		}
		n.midLine = false
		for _, line := range n.pending {
			n.writeNote(line)
		}
		n.pending = nil
		done = written
	}
	written, err := n.w.Write(p[done:])
	if written > 0 {
		n.midLine = p[done+written-1] != '\n'
	}
	return done + written, err
}

// note writes text as a line, at once unless a line is half written.
func (n *noteWriter) note(text string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	line := n.prefix + oneline.Text(text) + "\n"
	if n.midLine {
		n.pending = append(n.pending, line)
		return
	}
	n.writeNote(line)
}

// writeNote writes line, whose error is left to the output's next write
// to report: a note is not worth ending a session for. n.mu must be
// held.
func (n *noteWriter) writeNote(line string) {
	io.WriteString(n.w, line)
}
