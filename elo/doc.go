// Package elo computes what the games between two engines, A and B, say
// about their difference in strength: the Elo difference with its 95%
// confidence interval and the likelihood of superiority, from the results
// of single games (Counts) or of game pairs (Pentanomial), and a
// sequential probability ratio test (SPRT) that says when enough games
// have been played to accept one of two hypotheses about that difference.
// It is what an engine developer needs to test a change, in any game
// whose games end in a win, a draw or a loss: package match of this
// module plays the games, this package judges them. Every result is from
// A's point of view.
//
// The formulas are those of the tools chess engine developers test with,
// fishtest (the testing framework of Stockfish) and fastchess:
//
//   - Elo differences are logistic: a score s per game is
//     -400·log10(1/s - 1) Elo (FromScore), and A, d Elo stronger than B,
//     expects the score 1/(1 + 10^(-d/400)) per game (ExpectedScore).
//   - The interval of Counts.Elo is the trinomial model's: each game is a
//     sample worth 0, 1/2 or 1, and the interval is their mean ±
//     1.959964 standard errors of the mean, each end converted into Elo.
//     That of Pentanomial.Elo is the pentanomial model of fishtest and
//     fastchess: each pair is one sample, worth its mean score per game,
//     0, 1/4, 1/2, 3/4 or 1. The two games of a pair share an opening, so
//     their results are correlated, and only the pentanomial model, which
//     counts pairs, measures the variance of paired games right.
//   - The likelihood of superiority (Counts.LOS) is the normal
//     approximation on the decisive games.
//   - The log-likelihood ratio of the SPRT (SPRT.LLR) is fishtest's
//     generalized SPRT on the logistic Elo, which fastchess uses too: the
//     likelihood of the pairs under the distribution closest to the one
//     observed whose expected score is H1's, over that under the one
//     whose expected score is H0's, those distributions found as in M.
//     Van den Bergh's note on the maximum likelihood multinomial of a
//     given mean. The test stops at Wald's bounds, ln(β/(1-α)) and
//     ln((1-β)/α) (SPRT.Bounds).
//
// Every figure is tested against numbers computed independently. The
// package depends on the standard library alone.
//
// # Errors
//
// The errors of a game score that is not 0, 0.5 or 1 wrap ErrInvalidScore,
// those of counts that cannot be ErrInvalidCounts, and that of an SPRT
// that cannot decide ErrInvalidSPRT, for errors.Is: a caller tells them
// apart without reading their text.
package elo
