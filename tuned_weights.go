package surakarta

// tunedOpening and tunedEndgame are the weights of NewTuned, in the order
// of TunedFeatureNames. Provisional: a piece is worth 50 points and nothing
// else counts, until examples/tune fit writes the fitted weights here.
var (
	tunedOpening = [numTuned]int{50 * TunedUnit}
	tunedEndgame = [numTuned]int{50 * TunedUnit}
)
