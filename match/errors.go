package match

import "errors"

// Errors of the package. The errors of bad input, of every exported
// function and method, wrap one of these, with a message that says what
// was wrong; test for them with errors.Is. (Some, whose messages the
// commands print as they were before the sentinel came, do not repeat
// its words.) The errors of the caller's own engines, files and context
// come back wrapped, for errors.Is with them; a record file that does not
// read is an error wrapping record.ErrInvalid.
var (
	// ErrInvalidConfig is wrapped by the errors of Config.Validate, and so
	// by Run's when its Config does not validate; for an invalid SPRT,
	// with the error of elo.SPRT.Validate. SPSAConfig.Validate's errors
	// wrap it too, and so do RunSPSA's when its schedule overflows, and
	// those of ParseShard, Shard.Validate, ParseSPSAParam, and Openings
	// for a negative number.
	ErrInvalidConfig = errors.New("match: invalid config")
	// ErrIncomplete is wrapped by the error of Merge when games that the
	// result needs are missing from the shards' record files.
	ErrIncomplete = errors.New("match: merging: incomplete")
	// ErrTooFewOpenings is wrapped by the error of Openings, and so by
	// Run's, when the plies cannot make as many distinct openings as asked
	// for, and by the error of Config.Validate when it knows they cannot:
	// a match needs longer openings.
	ErrTooFewOpenings = errors.New("match: too few openings")
	// ErrMismatch is wrapped by the errors of Run, resuming from its
	// record file, and of Merge and ReadConfig, for record files that do
	// not make the match: none given, or none that holds a record; a
	// record of another match, shard or split, or from another opening; a
	// round twice, or not one of its shard's; a header that does not
	// read; a result the match does not make. RunSPSA's errors wrap it for
	// a state file of another tuning, or one that does not read.
	ErrMismatch = errors.New("match: records of another match")
	// ErrLocked is wrapped by the error of Run and RunSPSA when another
	// process holds the lock of the record file or the state file: a
	// match or tuning still running on it.
	ErrLocked = errors.New("match: file in use")
)
