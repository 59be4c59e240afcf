package match_test

import (
	"context"
	"testing"

	"github.com/surakarta-go/surakarta/internal/doccheck"
	"github.com/surakarta-go/surakarta/match"
)

// TestErrorContract: every exported function and method of the package
// that returns an error (doccheck.ErrorFuncs) wraps a sentinel of the
// package for bad input, so that a caller tests it with errors.Is and
// never by its text. A function added without a case here fails the
// test.
func TestErrorContract(t *testing.T) {
	ctx := context.Background()
	cases := map[string]doccheck.ErrorCase{
		"Config.Validate":     doccheck.Case(match.Config{}.Validate(), match.ErrInvalidConfig),
		"Merge":               doccheck.Case(doccheck.Err2(match.Merge(match.Config{})), match.ErrInvalidConfig),
		"Openings":            doccheck.Case(doccheck.Err2(match.Openings(1, -1, 2)), match.ErrInvalidConfig),
		"ParseSPSAParam":      doccheck.Case(doccheck.Err2(match.ParseSPSAParam("Hash,16,1,64")), match.ErrInvalidConfig),
		"ParseShard":          doccheck.Case(doccheck.Err2(match.ParseShard("4/4")), match.ErrInvalidConfig),
		"ReadConfig":          doccheck.Case(doccheck.Err2(match.ReadConfig()), match.ErrMismatch),
		"Run":                 doccheck.Case(doccheck.Err2(match.Run(ctx, match.Config{Games: -2})), match.ErrInvalidConfig),
		"RunSPSA":             doccheck.Case(doccheck.Err2(match.RunSPSA(ctx, match.SPSAConfig{Iterations: -1})), match.ErrInvalidConfig),
		"SPSAConfig.Validate": doccheck.Case(match.SPSAConfig{}.Validate(), match.ErrInvalidConfig),
		"Shard.Validate":      doccheck.Case(match.Shard{Index: 1}.Validate(), match.ErrInvalidConfig),
	}
	doccheck.ErrorContract(t, ".", cases)
}
