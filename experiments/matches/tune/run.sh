#!/bin/sh
# run.sh plays the tuning matches behind EndgameAdjusted's endgame piece
# weight and the PVS defaults. Each is a variant (A) against the current
# defaults (B; the recorded matches were played while the default table was
# 16 MiB), PVS + EndgameAdjusted on both sides, 50 ms per move, SPRT
# [0, 10] stopping by itself or at 400 games ($GAMES to change). The
# records go to this directory, one gzipped file per match, and the final
# lines to summary.txt. Run it again to resume a match, or with a larger
# $GAMES to extend one. Usage, from the repository root:
#
#	sh experiments/matches/tune/run.sh [name...]
set -e
dir=experiments/matches/tune
go build -o /tmp/surakarta-match ./examples/match
variant() {
	case $1 in
	weight20) echo pvs,endgame,endgame-weight=20 ;;
	weight30) echo pvs,endgame,endgame-weight=30 ;;
	weight60) echo pvs,endgame,endgame-weight=60 ;;
	weight100) echo pvs,endgame,endgame-weight=100 ;;
	nonull) echo pvs,endgame,nullmove=off ;;
	nolmr) echo pvs,endgame,lmr=off ;;
	noaspiration) echo pvs,endgame,aspiration=0 ;;
	aspiration25) echo pvs,endgame,aspiration=25 ;;
	aspiration100) echo pvs,endgame,aspiration=100 ;;
	table1) echo pvs,endgame,table=1 ;;
	table4) echo pvs,endgame,table=4 ;;
	table64) echo pvs,endgame,table=64 ;;
	nocutoffs) echo pvs,endgame,cutoffs=off ;;
	nohistory) echo pvs,endgame,history=off ;;
	nokillers) echo pvs,endgame,killers=off ;;
	noquiescence) echo pvs,endgame,quiescence=off ;;
	*) echo "unknown match $1" >&2; exit 2 ;;
	esac
}
names=${*:-weight20 weight60 weight100 noquiescence nocutoffs nolmr nonull nokillers nohistory noaspiration aspiration25 aspiration100 table1 table4}
for name in $names; do
	a=$(variant "$name")
	if [ -f "$dir/$name.txt.gz" ]; then
		gunzip "$dir/$name.txt.gz"
	fi
	/tmp/surakarta-match -a "$a" -b pvs,endgame -movetime 50ms -games "${GAMES:-400}" \
		-sprt 0,10 -seed 2 -out "$dir/$name.txt" 2>"$dir/$name.log" | tee -a "$dir/summary.txt"
	gzip -9 "$dir/$name.txt"
done
