#!/bin/sh
# Compare single-threaded perft 6 from the start: the Go library's
# BenchmarkPerft against the plain C baseline, interleaved round by round so
# that both see the same machine load. Prints each round and the medians.
# Usage: bash testdata/cperft/compare.sh [rounds]   (default 7)
set -e
cd "$(dirname "$0")/../.."
rounds=${1:-7}
gcc -O2 -o /tmp/cperft testdata/cperft/perft.c
go test -c -o /tmp/surakarta.test .
i=1
while [ "$i" -le "$rounds" ]; do
	go=$(/tmp/surakarta.test -test.run '^$' -test.bench 'BenchmarkPerft/depth=6$' -test.benchtime 5x |
		awk '{for (f = 2; f <= NF; f++) if ($f == "leaves/s") print $(f-1)}')
	c=$(/tmp/cperft 6 | awk '/^depth 6 / {print $NF}')
	echo "round $i: go $go c $c ratio $(echo "$go $c" | awk '{printf "%.2f", $1/$2}')"
	i=$((i + 1))
done | tee /tmp/perft-compare.txt
median() { sort -n | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
gomed=$(awk '{print $4}' /tmp/perft-compare.txt | median)
cmed=$(awk '{print $6}' /tmp/perft-compare.txt | median)
rmed=$(awk '{print $8}' /tmp/perft-compare.txt | median)
printf 'median leaves/s: go %.0f  c %.0f  median ratio %.2f\n' "$gomed" "$cmed" "$rmed"
