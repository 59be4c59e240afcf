// Package splitmix is the SplitMix64 generator, which makes the Zobrist
// keys of package surakarta and spreads the bits of the seeds of package
// level: small, fast and well mixed, and the same numbers on every
// platform.
package splitmix

// Next advances state and returns the next number of the SplitMix64
// generator. From a copy of x, Next(&x) is the mixing function of x.
func Next(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	z := *state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
