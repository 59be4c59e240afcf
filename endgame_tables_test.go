package surakarta_test

import (
	"errors"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestNewPositionFromSets: the position of two sets is the one Put
// builds, and sets that are no position are refused.
func TestNewPositionFromSets(t *testing.T) {
	black := surakarta.SquareSet(1<<surakarta.A1 | 1<<surakarta.C3 | 1<<surakarta.F6)
	white := surakarta.SquareSet(1<<surakarta.B2 | 1<<surakarta.E5)
	got, err := surakarta.NewPositionFromSets(black, white, surakarta.White)
	if err != nil {
		t.Fatal(err)
	}
	var want surakarta.Position
	for _, s := range []surakarta.Square{surakarta.A1, surakarta.C3, surakarta.F6} {
		want.Put(s, surakarta.Black)
	}
	for _, s := range []surakarta.Square{surakarta.B2, surakarta.E5} {
		want.Put(s, surakarta.White)
	}
	want.SetSideToMove(surakarta.White)
	if got != want {
		t.Errorf("NewPositionFromSets: %v, want %v", got, want)
	}
	for _, tc := range []struct {
		black, white surakarta.SquareSet
		c            surakarta.Color
		err          error
	}{
		{black, black, surakarta.Black, surakarta.ErrInvalidPosition},
		{1 << 36, 0, surakarta.Black, surakarta.ErrInvalidPosition},
		{0, 1 << 63, surakarta.White, surakarta.ErrInvalidPosition},
		{1<<13 - 1, 0, surakarta.Black, surakarta.ErrInvalidPosition},
		{black, white, surakarta.Color(2), surakarta.ErrInvalidColor},
		{black, white, surakarta.Color(255), surakarta.ErrInvalidColor},
	} {
		if p, err := surakarta.NewPositionFromSets(tc.black, tc.white, tc.c); !errors.Is(err, tc.err) || p != (surakarta.Position{}) {
			t.Errorf("NewPositionFromSets(%#x, %#x, %d) = %v, %v; want the zero position and %v", uint64(tc.black), uint64(tc.white), tc.c, p, err, tc.err)
		}
	}
}

// FuzzNewPositionFromSets: any sets and colour give either an error or a
// valid position with exactly those pieces, whose text parses back.
func FuzzNewPositionFromSets(f *testing.F) {
	f.Add(uint64(1<<12-1), uint64(1<<12-1)<<24, uint8(0))
	f.Add(uint64(1<<36-1), uint64(0), uint8(1))
	f.Add(uint64(1), uint64(1), uint8(2))
	f.Fuzz(func(t *testing.T, black, white uint64, c uint8) {
		p, err := surakarta.NewPositionFromSets(surakarta.SquareSet(black), surakarta.SquareSet(white), surakarta.Color(c))
		if err != nil {
			return
		}
		if uint64(p.Pieces(surakarta.Black)) != black || uint64(p.Pieces(surakarta.White)) != white || p.SideToMove() != surakarta.Color(c) {
			t.Fatalf("NewPositionFromSets(%#x, %#x, %d) = %v", black, white, c, p)
		}
		q, err := surakarta.ParsePosition(p.String())
		if err != nil || q != p {
			t.Fatalf("%v parses back as %v, %v", p, q, err)
		}
	})
}

func TestTableResultString(t *testing.T) {
	for r, want := range map[surakarta.TableResult]string{surakarta.TableWin: "win", surakarta.TableDraw: "draw", surakarta.TableLoss: "loss", 7: "TableResult(7)"} {
		if got := r.String(); got != want {
			t.Errorf("TableResult(%d).String() = %q, want %q", int8(r), got, want)
		}
	}
}
