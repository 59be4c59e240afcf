#!/bin/sh
# run.sh plays the matches that calibrate the strength levels of package
# level (docs/levels.md), from the repository root:
#
#	sh experiments/matches/levels/run.sh
#
# Every engine searches at most 20,000 nodes a move and no time limit, so
# the games are the same on every machine: each level keeps to its own
# smaller budget, level10 (the engine at full strength) searches the
# 20,000. Each match is A (the stronger, the first -engine) against B, 4-ply
# openings from seed 1, each opening played with both colours; its records
# go to experiments/matches/levels/A-vs-B.txt, gzipped at the end. A match
# whose .txt.gz is there is skipped; CONCURRENCY (2) games are played at
# once.
set -eu
dir=experiments/matches/levels
match() { # A B GAMES
	out="$dir/$1-vs-$2.txt"
	[ -e "$out.gz" ] && return
	go run ./cmd/surakarta-match -engine "$1" -engine "$2" -games "$3" -movetime 0 -nodes 20000 \
		-concurrency "${CONCURRENCY:-2}" -out "$out" 2>/dev/null | tee -a "$dir/summary.txt"
	gzip -9n "$out"
}
# The adjacent pairs, which make the scale.
match greedy random 400
match level1 greedy 400
for n in 2 3 4 5 6 7 8 9 10; do
	match "level$n" "level$((n - 1))" 400
done
# Cross-checks two levels apart.
match level2 greedy 200
for n in 3 5 7 9; do
	match "level$n" "level$((n - 2))" 200
done
match level10 level8 200
