package main

import (
	"bytes"
	"testing"
)

// TestNoteWriter: a note comes between the lines written through a
// noteWriter, never inside one: one that comes while a line is half
// written waits for its end, and is written on one line whatever it
// holds.
func TestNoteWriter(t *testing.T) {
	var out bytes.Buffer
	n := &noteWriter{w: &out, prefix: "info string "}
	n.Write([]byte("readyok\n"))
	n.note("first")
	n.Write([]byte("info depth 1 "))
	n.note("second\nsplit")
	n.Write([]byte("pv a1b2\nbest"))
	n.note("third")
	n.Write([]byte("move a1b2\n"))
	n.note("fourth")
	want := "readyok\ninfo string first\ninfo depth 1 pv a1b2\ninfo string second split\nbestmove a1b2\ninfo string third\ninfo string fourth\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
