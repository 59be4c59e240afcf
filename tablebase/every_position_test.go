package tablebase

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/surakarta-go/surakarta/internal/testsize"
)

// TestEveryPosition: for every position of every class up to 4 pieces
// (5 with SURAKARTA_FULL=1, 3 with -short), under capture-all and the
// quiet-ply limits of 6 (not at 5 pieces, to spare CI's full pass half a
// minute) and 50, the tables, which hold one entry an
// orbit of the symmetries, give the position and each of its eight
// images the entry that the generator of an entry a placement gives the
// position: the same bytes, the result and distance or the two
// thresholds. That generator is the one of format version 2, the same
// retrograde analysis under the indexing of every placement (the
// identity alone of the symmetries), each level built on its own
// smaller tables; so what the symmetries change (entries that stand for
// orbits of fewer than eight positions, the counts of quiet moves taken
// down an orbit at a time, the captures looked up by their orbit's
// entry) is checked against what they do not.
func TestEveryPosition(t *testing.T) {
	pieces := testsize.Sized(5, testPieces, 3)
	for _, limit := range []int{0, testLimit, 50} {
		if limit == testLimit && pieces > testPieces {
			continue
		}
		t.Run(fmt.Sprintf("limit=%d", limit), func(t *testing.T) {
			dir := tablesDir(t, limit)
			if pieces != testPieces {
				dir = t.TempDir()
				if err := Generate(context.Background(), dir, Options{Pieces: pieces, QuietPlyLimit: limit}); err != nil {
					t.Fatal(err)
				}
			}
			eb := uint64(entryBytes(limit))
			ref := map[class][]byte{}
			exit := func(c class, i uint64) uint16 { return exitCode(ref[c][i*eb:], c, limit) }
			for n := 2; n <= pieces; n++ {
				for _, first := range pairsOf(n) {
					p := newPairOf(first, everyPlacement)
					data, err := solvePair(context.Background(), p, limit, exit, 2)
					if err != nil {
						t.Fatal(err)
					}
					for k, c := range p.classes {
						ref[c] = data[k]
					}
				}
			}
			for n := 2; n <= pieces; n++ {
				for _, c := range classesOf(n) {
					table := readWhole(t, filepath.Join(dir, fileName(c, limit)), c, limit)
					bad := 0
					cur := everyPlacement.newCursor(c, 0)
					for i := range c.placements() {
						if i > 0 {
							cur.next()
						}
						m, o := cur.placement()
						want := ref[c][i*eb : (i+1)*eb]
						for k, im := range imageSets(m, o) {
							e := canonical.index(c, im[0], im[1])
							if got := table[e*eb : (e+1)*eb]; !bytes.Equal(got, want) {
								if bad++; bad <= 5 {
									t.Errorf("%dv%d placement %x/%x, image %d: entry %d holds %x, the generator of every placement %x", c.mover, c.other, m, o, k, e, got, want)
								}
							}
						}
					}
					if bad > 0 {
						t.Errorf("%dv%d: %d differ", c.mover, c.other, bad)
					}
				}
			}
		})
	}
}

// readWhole returns the entries of the table file name, of class c
// under limit, every block read and checked.
func readWhole(t *testing.T, name string, c class, limit int) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := decodeTable(data, c, limit)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Join(blocks, nil)
}
