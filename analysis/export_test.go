package analysis

// NoteRoom and Note are noteRoom and note (of the comments' limit), for
// the tests of the record's limits.
const NoteRoom = noteRoom

func Note(annotated, analysed, plies int) string {
	return note(annotated, analysed, plies, limitComments)
}
