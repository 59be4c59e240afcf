// Package surakartatest helps you test your own Surakarta code against the
// rules of package surakarta, as net/http/httptest helps you test HTTP code.
//
// PositionFrom and GameFrom turn any bytes, such as a fuzzer's input, into a
// valid position or a legal game; EncodePosition and EncodeGame turn them
// back into bytes, to seed a corpus. RandomPosition and RandomGame draw them
// from a math/rand/v2 generator, for property tests over many seeds.
package surakartatest
