package analysis

// NoteRoom and Note are noteRoom and note, for the tests of the record's
// limits.
const NoteRoom = noteRoom

var Note = note
