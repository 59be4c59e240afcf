package match_test

import (
	"context"
	"errors"
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
	cases := map[string]struct {
		err  error
		want error
	}{
		"Config.Validate":     {match.Config{}.Validate(), match.ErrInvalidConfig},
		"Merge":               {err2(match.Merge(match.Config{})), match.ErrInvalidConfig},
		"Openings":            {err2(match.Openings(1, -1, 2)), match.ErrInvalidConfig},
		"ParseSPSAParam":      {err2(match.ParseSPSAParam("Hash,16,1,64")), match.ErrInvalidConfig},
		"ParseShard":          {err2(match.ParseShard("4/4")), match.ErrInvalidConfig},
		"ReadConfig":          {err2(match.ReadConfig()), match.ErrMismatch},
		"Run":                 {err2(match.Run(ctx, match.Config{Games: -2})), match.ErrInvalidConfig},
		"RunSPSA":             {err2(match.RunSPSA(ctx, match.SPSAConfig{Iterations: -1})), match.ErrInvalidConfig},
		"SPSAConfig.Validate": {match.SPSAConfig{}.Validate(), match.ErrInvalidConfig},
		"Shard.Validate":      {match.Shard{Index: 1}.Validate(), match.ErrInvalidConfig},
	}
	for _, name := range doccheck.ErrorFuncs(t, ".") {
		c, ok := cases[name]
		if !ok {
			t.Errorf("%s returns an error but has no case here: add one with bad input and the sentinel it wraps", name)
			continue
		}
		delete(cases, name)
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v, want an error wrapping %q", name, c.err, c.want)
		}
	}
	for name := range cases {
		t.Errorf("the case %s is of no exported function that returns an error", name)
	}
}

// err2 returns the error of a call that returns a value and an error.
func err2[T any](_ T, err error) error { return err }
