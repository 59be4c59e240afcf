package live

import "testing"

func TestHubPublishesAndDropsSlowFollowers(t *testing.T) {
	h := NewHub()
	a := h.Subscribe("g")
	b := h.Subscribe("g")
	other := h.Subscribe("h")
	h.Publish("g", []byte("1"))
	if got := string(<-a.C); got != "1" {
		t.Fatalf("a got %q", got)
	}
	if len(other.C) != 0 {
		t.Fatal("a follower of another game got the frame")
	}
	for range Buffer {
		h.Publish("g", []byte("x"))
	}
	// a has room for all of them (it took one), b is one behind: dropped.
	if h.Followers("g") != 1 {
		t.Fatalf("%d followers of g, want 1 (b dropped)", h.Followers("g"))
	}
	n := 0
	for range b.C {
		n++
	}
	if n != Buffer {
		t.Fatalf("b had %d frames before its channel closed, want %d", n, Buffer)
	}
	h.Unsubscribe(a)
	h.Unsubscribe(a)
	h.CloseAll([]byte("bye"))
	if got := string(<-other.C); got != "bye" {
		t.Fatalf("the last word: %q", got)
	}
	if _, open := <-other.C; open {
		t.Fatal("a follower's channel open after CloseAll")
	}
}
