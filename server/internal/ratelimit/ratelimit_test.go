package ratelimit

import (
	"testing"
	"time"
)

func TestLimiter(t *testing.T) {
	now := time.Unix(0, 0)
	l := New(time.Second, 3)
	l.Now = func() time.Time { return now }
	for i := range 3 {
		if !l.Allow("a") {
			t.Fatalf("event %d of a burst of 3 refused", i+1)
		}
	}
	if l.Allow("a") {
		t.Fatal("a fourth event at once allowed")
	}
	if !l.Allow("b") {
		t.Fatal("another key refused")
	}
	now = now.Add(time.Second)
	if !l.Allow("a") || l.Allow("a") {
		t.Fatal("one token a second: want one event allowed after a second, and not two")
	}
}

func TestLimiterForgetsFullBuckets(t *testing.T) {
	now := time.Unix(0, 0)
	l := New(time.Second, 1)
	l.Now = func() time.Time { return now }
	for i := range MaxKeys {
		l.Allow(string(rune(i + 1000)))
	}
	now = now.Add(time.Minute)
	l.Allow("new")
	if n := len(l.buckets); n != 1 {
		t.Fatalf("%d keys held after the sweep, want 1", n)
	}
}
