// Command perft prints the perft table of a Surakarta position (by default
// the start) with the time and speed of each depth.
//
//	go run ./examples/perft                 # depths 1–6 from the start, all cores
//	go run ./examples/perft -depth 7        # up to depth 7
//	go run ./examples/perft -workers 1      # single-threaded
//	go run ./examples/perft -position "6/1w4/6/6/bw4/6 b" -depth 8
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/surakarta-go/surakarta"
)

func main() {
	depth := flag.Int("depth", 6, "deepest depth to count")
	workers := flag.Int("workers", 0, "goroutines to use (0 = all cores)")
	position := flag.String("position", surakarta.StartText, "position in the text format of DESIGN §2")
	flag.Parse()

	p, err := surakarta.ParsePosition(*position)
	if err != nil {
		fmt.Fprintln(os.Stderr, "perft:", err)
		os.Exit(2)
	}
	if *depth < 1 || *depth > 12 {
		fmt.Fprintln(os.Stderr, "perft: -depth must be 1…12")
		os.Exit(2)
	}
	n := *workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	fmt.Printf("perft of %v with %d worker(s)\n", p, n)
	fmt.Printf("%5s %16s %12s %16s\n", "depth", "leaves", "time", "leaves/s")
	for d := 1; d <= *depth; d++ {
		start := time.Now()
		var leaves uint64
		if n == 1 {
			leaves = p.Perft(d)
		} else {
			leaves = p.PerftParallel(d, n)
		}
		elapsed := time.Since(start)
		fmt.Printf("%5d %16d %12v %16.0f\n", d, leaves, elapsed.Round(time.Microsecond), float64(leaves)/elapsed.Seconds())
	}
}
