package tablebase

import (
	"context"
	"sync"
)

// chunk is the number of positions a worker takes at a time.
const chunk = 1 << 16

// parallel runs work on every class of the pair in chunks of positions,
// on workers goroutines. Each chunk writes only its own positions, so
// that the result does not depend on the number of workers. It stops
// early, with the context's error, when ctx is done.
func parallel(ctx context.Context, p pair, workers int, work func(k int, c class, from, to uint64)) error {
	type job struct {
		k        int
		from, to uint64
	}
	jobs := make(chan job)
	var wg sync.WaitGroup
	// No more goroutines than chunks: the others would have nothing to do.
	var chunks uint64
	for _, c := range p.classes {
		chunks += (p.ix.size(c) + chunk - 1) / chunk
	}
	for range min(uint64(max(workers, 1)), chunks) {
		wg.Go(func() {
			for j := range jobs {
				work(j.k, p.classes[j.k], j.from, j.to)
			}
		})
	}
	defer wg.Wait()
	defer close(jobs)
	for k, c := range p.classes {
		for from := uint64(0); from < p.ix.size(c); from += chunk {
			select {
			case jobs <- job{k, from, min(from+chunk, p.ix.size(c))}:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
	return ctx.Err()
}
