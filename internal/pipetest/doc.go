// Package pipetest is for the tests of the readers that refuse a named
// pipe (the match tool's merge, the commands' input files): it makes a
// pipe, and runs a reader under a deadline, so that a reader that waits
// in the pipe's open for a writer fails its test rather than hang it.
// Its functions are on Unix alone, where there are named pipes.
package pipetest
