package match

import "errors"

// Errors of the package. The errors of Config.Validate, Run's error for
// a Config that does not validate, Merge's for missing games and
// Openings' for too few openings wrap one of these, with a message that
// says what was wrong; test for them with errors.Is.
var (
	// ErrInvalidConfig is wrapped by the errors of Config.Validate, and so
	// by Run's when its Config does not validate; for an invalid SPRT,
	// with the error of elo.SPRT.Validate. SPSAConfig.Validate's errors
	// wrap it too, and so do RunSPSA's when its schedule overflows.
	ErrInvalidConfig = errors.New("match: invalid config")
	// ErrIncomplete is wrapped by the error of Merge when games that the
	// result needs are missing from the shards' record files.
	ErrIncomplete = errors.New("match: merging: incomplete")
	// ErrTooFewOpenings is wrapped by the error of Openings, and so by
	// Run's, when the plies cannot make as many distinct openings as asked
	// for, and by the error of Config.Validate when it knows they cannot:
	// a match needs longer openings.
	ErrTooFewOpenings = errors.New("match: too few openings")
)
