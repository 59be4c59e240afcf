// Package ratelimit bounds how often something may happen: log-in
// attempts per address and per name, challenges per account, frames per
// connection. Each key has a token bucket: Burst tokens at most, one more
// every Every; an event takes a token, and is refused when there is none.
package ratelimit

import (
	"sync"
	"time"
)

// Limiter is a token bucket per key. It is safe for concurrent use. Its
// memory is bounded: when it holds MaxKeys keys it forgets those whose
// buckets have refilled, which lose nothing by it.
type Limiter struct {
	Every time.Duration // one token more each Every
	Burst int           // tokens at most
	// Now, if not nil, is the clock (the tests' fake one); time.Now else.
	Now func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

// MaxKeys is how many keys a Limiter holds before it forgets the full ones.
const MaxKeys = 10_000

type bucket struct {
	tokens float64
	at     time.Time
}

// New returns a limiter of burst events at once and one more every every.
func New(every time.Duration, burst int) *Limiter {
	return &Limiter{Every: every, Burst: burst}
}

func (l *Limiter) now() time.Time {
	if l.Now != nil {
		return l.Now()
	}
	return time.Now()
}

// Allow takes a token of key's bucket and tells whether there was one.
func (l *Limiter) Allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if l.buckets == nil {
		l.buckets = map[string]*bucket{}
	}
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= MaxKeys {
			l.sweep(now)
		}
		b = &bucket{tokens: float64(l.Burst), at: now}
		l.buckets[key] = b
	}
	l.refill(b, now)
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

func (l *Limiter) refill(b *bucket, now time.Time) {
	if l.Every > 0 {
		b.tokens += float64(now.Sub(b.at)) / float64(l.Every)
	}
	b.tokens = min(b.tokens, float64(l.Burst))
	b.at = now
}

// sweep forgets the keys whose buckets are full again.
func (l *Limiter) sweep(now time.Time) {
	for k, b := range l.buckets {
		l.refill(b, now)
		if b.tokens >= float64(l.Burst) {
			delete(l.buckets, k)
		}
	}
}
