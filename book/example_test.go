package book_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/book"
)

// Two games' records: Black won the first, White the second.
const records = `[Result "1-0"]
[Reason "adjudicated: move limit"]

1. b2b3 e5e4 2. a2a3 1-0

[Result "0-1"]
[Reason "adjudicated: move limit"]

1. b2b3 f5f4 0-1
`

// A book from two records, written as a file and read back, and the
// moves it knows after 1. b2b3, with their counts and scores for White.
func Example() {
	builder, err := book.NewBuilder(book.DefaultPlies)
	if err != nil {
		panic(err)
	}
	sc := record.NewScanner(strings.NewReader(records))
	for sc.Scan() {
		if _, err := builder.Add(sc.Record()); err != nil {
			panic(err)
		}
	}
	if err := sc.Err(); err != nil {
		panic(err)
	}
	var file bytes.Buffer
	if _, err := builder.Book().WriteTo(&file); err != nil {
		panic(err)
	}
	fmt.Println(file.Len(), "bytes")
	b, err := book.Read(&file)
	if err != nil {
		panic(err)
	}
	p := surakarta.NewPosition()
	if err := p.Play(surakarta.NewMove(surakarta.B2, surakarta.B3)); err != nil {
		panic(err)
	}
	for _, m := range b.Moves(p) {
		fmt.Printf("%v played %d times, scored %.0f%%\n", m.Move, m.Count(), 100*m.Score())
	}
	// Output:
	// 112 bytes
	// f5f4 played 1 times, scored 100%
	// e5e4 played 1 times, scored 0%
}
