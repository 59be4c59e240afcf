package tablebase

import "math/bits"

// numSymmetries is the number of symmetries of the square board: the
// identity, three rotations and four reflections. Each maps the two
// capture circuits onto themselves, and so legal moves onto legal moves
// (captures included) and a position's value onto its image's: the
// tables hold one entry for each orbit of positions under them.
const numSymmetries = 8

// squareImages[s][k] is the bit of the image of point s under symmetry
// k: for k 0 to 3, k quarter turns (0 the identity); for 4 to 7, the
// reflection in the vertical midline and then k − 4 quarter turns. The
// eight images of a point are one cache line.
var squareImages = func() (im [numSquares][numSymmetries]uint64) {
	for s := range numSquares {
		for k := range numSymmetries {
			f, r := s%6, s/6
			if k >= 4 {
				f = 5 - f
			}
			for range k % 4 {
				f, r = 5-r, f
			}
			im[s][k] = 1 << (r*6 + f)
		}
	}
	return im
}()

// byteImages[k][j][b] is the image under symmetry k of the set of
// points 8j to 8j+7 that the bits of b are: imageOf's table.
var byteImages = func() (t [numSymmetries][(numSquares + 7) / 8][256]uint64) {
	for k := range t {
		for j := range t[k] {
			for b := range 256 {
				for i := range 8 {
					if s := 8*j + i; b&(1<<i) != 0 && s < numSquares {
						t[k][j][b] |= squareImages[s][k]
					}
				}
			}
		}
	}
	return t
}()

// imageOf returns the image of set under symmetry k.
func imageOf(k int, set uint64) uint64 {
	t := &byteImages[k]
	return t[0][set&0xff] | t[1][set>>8&0xff] | t[2][set>>16&0xff] | t[3][set>>24&0xff] | t[4][set>>32&0xff]
}

// images are the images of a set of points under the symmetries, by
// symmetry.
type images [numSymmetries]uint64

// imagesOf returns the images of set.
func imagesOf(set uint64) images {
	var im images
	for ; set != 0; set &= set - 1 {
		sq := &squareImages[bits.TrailingZeros64(set)]
		for k := range im {
			im[k] |= sq[k]
		}
	}
	return im
}

// moved returns the images of the set whose images are im with the
// piece on point from moved to the empty point to.
func (im *images) moved(from, to int) images {
	out := *im
	a, b := &squareImages[from], &squareImages[to]
	for k := range out {
		out[k] ^= a[k] ^ b[k]
	}
	return out
}
