#!/bin/sh
# smp.sh plays the match of docs/search.md of two search threads against
# one, threads2: PVS + EndgameAdjusted at 2 threads (A) against 1 thread
# (B), 100 ms per move, one game at a time so that each engine has the
# cores it asks for, SPRT [0, 10] stopping by itself or at 2,000 games
# ($GAMES to change), 4-ply openings from seed 4, with today's match tool
# (cmd/surakarta-match) and engines. The record goes to this directory,
# threads2.txt.gz, and the final line to summary.txt; run it again to
# resume. On a shared machine, wrap it in a lock so that no other timed job
# runs at the same time. Usage, from the repository root:
#
#	sh experiments/matches/tune/smp.sh [threads2]
#
# The search changes tried with the parallel search (multicut, threatext,
# roottablemove, nullr2, nullr4, nulldiv4, lmrlog; experiments/docs/experiments.md)
# were engine options that v0.2.0 removed: named here, smp.sh says which
# commit plays them, and plays nothing.
set -e
dir=experiments/matches/tune
# removed prints the engine spec of a match whose option is gone.
removed() {
	case $1 in
	multicut) echo pvs,endgame,multicut=on ;;
	threatext) echo pvs,endgame,threat-extension=on ;;
	roottablemove) echo pvs,endgame,root-table-move=on ;;
	nullr2) echo pvs,endgame,null-reduction=2 ;;
	nullr4) echo pvs,endgame,null-reduction=4 ;;
	nulldiv4) echo pvs,endgame,null-divisor=4 ;;
	lmrlog) echo pvs,endgame,lmr-log=on ;;
	*) return 1 ;;
	esac
}
names=${*:-threads2}
for name in $names; do
	if [ "$name" = threads2 ]; then
		continue
	fi
	if spec=$(removed "$name"); then
		cat >&2 <<EOF
smp.sh: $name tested the engine option ${spec#pvs,endgame,}, which v0.2.0 removed
with the other search experiments that were not adopted (the logarithmic
reductions, lmr-log=on, were adopted and are the search itself). Its
record, $dir/$name.txt.gz, was played by the engine of its day, whose
defaults had the late-move reductions before the logarithmic ones. Commit
98bdf83 is the last that has the option; its match tool is examples/match,
which takes the engines as -a and -b:

	git worktree add --detach ../surakarta-98bdf83 98bdf83
	cd ../surakarta-98bdf83
	go run ./examples/match -a $spec -b pvs,endgame -movetime 50ms -games 400 -sprt 0,10 -seed 2 -out $name.txt

Its B, the defaults of that commit, has the logarithmic reductions, so
this measures the change against a later engine than the record's.
EOF
	else
		echo "smp.sh: unknown match $name" >&2
	fi
	exit 2
done
# MATCH_BIN names a match binary built beforehand, so that a long series
# plays one build throughout.
bin=${MATCH_BIN:-${TMPDIR:-/tmp}/surakarta-match-smp}
if [ -z "$MATCH_BIN" ]; then
	go build -o "$bin" ./cmd/surakarta-match
fi
for name in $names; do
	if [ -f "$dir/$name.txt.gz" ]; then
		gunzip "$dir/$name.txt.gz"
	fi
	"$bin" -engine pvs,endgame,threads=2 -engine pvs,endgame -movetime 100ms -games "${GAMES:-2000}" \
		-opening-plies 4 -concurrency 1 -sprt 0,10 -seed 4 -out "$dir/$name.txt" 2>"$dir/$name.log" | tee -a "$dir/summary.txt"
	gzip -9 "$dir/$name.txt"
done
