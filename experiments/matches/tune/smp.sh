#!/bin/sh
# smp.sh plays the matches behind README's parallel search figures and the
# search changes tried with it. threads2: PVS + EndgameAdjusted at 2 threads
# (A) against 1 thread (B), 100 ms per move, one game at a time so that each
# engine has the cores it asks for, SPRT [0, 10] stopping by itself or at
# 2,000 games, openings from seed 4. The others: one search change (A)
# against the defaults (B) as in run.sh (50 ms per move, two games at a
# time, seed 2), SPRT [0, 10], at most 400 games ($GAMES to change). Records
# and summary.txt as in run.sh. On a shared machine, wrap it in a lock so
# that no other timed job runs at the same time. Usage, from the
# repository root:
#
#	sh experiments/matches/tune/smp.sh [name...]
set -e
dir=experiments/matches/tune
# MATCH_BIN names a match binary built beforehand, so that a long series
# plays one build throughout.
bin=${MATCH_BIN:-${TMPDIR:-/tmp}/surakarta-match-smp}
if [ -z "$MATCH_BIN" ]; then
	go build -o "$bin" ./cmd/surakarta-match
fi
variant() {
	case $1 in
	multicut) echo pvs,endgame,multicut=on ;;
	threatext) echo pvs,endgame,threat-extension=on ;;
	roottablemove) echo pvs,endgame,root-table-move=on ;;
	nullr2) echo pvs,endgame,null-reduction=2 ;;
	nullr4) echo pvs,endgame,null-reduction=4 ;;
	nulldiv4) echo pvs,endgame,null-divisor=4 ;;
	# lmrlog was played while the old reductions were the default; since
	# it won, lmr-log=on is the default and A and B search alike, so it is
	# no longer among the matches played by default (its record stays).
	lmrlog) echo pvs,endgame,lmr-log=on ;;
	*) echo "unknown match $1" >&2; exit 2 ;;
	esac
}
names=${*:-threads2 multicut nullr4 threatext nullr2 nulldiv4 roottablemove}
for name in $names; do
	if [ -f "$dir/$name.txt.gz" ]; then
		gunzip "$dir/$name.txt.gz"
	fi
	if [ "$name" = threads2 ]; then
		"$bin" -engine pvs,endgame,threads=2 -engine pvs,endgame -movetime 100ms -games "${GAMES:-2000}" \
			-concurrency 1 -sprt 0,10 -seed 4 -out "$dir/$name.txt" 2>"$dir/$name.log" | tee -a "$dir/summary.txt"
	else
		"$bin" -engine "$(variant "$name")" -engine pvs,endgame -movetime 50ms -games "${GAMES:-400}" \
			-sprt 0,10 -seed 2 -out "$dir/$name.txt" 2>"$dir/$name.log" | tee -a "$dir/summary.txt"
	fi
	gzip -9 "$dir/$name.txt"
done
