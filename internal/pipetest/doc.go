// Package pipetest is for the tests of the readers that refuse a named
// pipe (the match tool's merge, the commands' input files): it makes a
// pipe, and runs a reader under a deadline, so that a reader that waits
// in the pipe's open for a writer fails its test rather than hang it. It
// also makes a null device of the test's own, for the readers that refuse
// a device, so that no test writes to the system's /dev/null. Its
// functions are on Unix alone, where there are named pipes.
package pipetest
