// Package record reads and writes game records: whole games of Surakarta
// as text in the spirit of PGN, readable by people, that round-trip a
// game exactly, with its headers, comments, glyphs and variations. Record
// describes the format; New makes a record of a game, Record.MarshalText
// and WriteTo write it, and Parse, ReadAll and Scanner read records back,
// replaying each game under its rules, so that a record that reads is a
// legal game.
//
// Records were part of package surakarta until v0.4.0: NewRecord is New,
// ParseRecord Parse, ReadRecords ReadAll, RecordScanner Scanner,
// surakarta.ErrInvalidRecord ErrInvalid, and the MaxRecord… limits
// MaxLineBytes, MaxHeaders, MaxPlies, MaxCommentBytes,
// MaxVariationDepth, MaxVariationMoves and MaxGlyphs. A Game is no longer
// text itself: write record.New(g) and read a record's Game.
package record
