// Package pvsexp carries experimental settings of the PVS searcher from
// the engine specs of package match to package surakarta without making
// them part of the public API. Each setting is a search change that has
// not been adopted, or an alternative to a default, kept so that a tuning
// match can measure it (README lists them). The zero Settings is the
// searcher as it is.
package pvsexp

// Settings are the experimental settings of a PVS.
type Settings struct {
	// MultiCut prunes a non-PV node whose static evaluation is at least
	// beta when MultiCutCuts of its first MultiCutMoves moves, searched
	// MultiCutReduction plies shallower than usual, score at least beta.
	MultiCut bool
	// ThreatExtension searches a capture one ply deeper when afterwards
	// the capturing side attacks two or more pieces at once and the
	// opponent has no capture of its own, like a check: the opponent can
	// save only one of them.
	ThreatExtension bool
	// RootTableMove orders the root's moves with the previous iteration's
	// best move as the table move, instead of moving it to the front of
	// the root move list.
	RootTableMove bool
	// NullReduction and NullDivisor, when not 0, replace the 3 and 6 of
	// the null move's depth reduction, 3 + depth/6.
	NullReduction, NullDivisor int
	// LinearReductions reduces late moves as PVS did before the
	// logarithmic reductions were adopted: by 1 ply, or 2 for the ninth
	// move on at depth 6 or more.
	LinearReductions bool
}

// Set gives a *surakarta.PVS the settings; package surakarta installs it.
var Set func(pvs any, s Settings)
