#!/bin/sh
# run.sh plays the tuning matches behind EndgameAdjusted's endgame piece
# weight and the PVS defaults. Each is a variant (A) against the current
# defaults (B), PVS + EndgameAdjusted on both sides, $MOVETIME per move
# (50ms unless set), openings from seed $SEED (2 unless set), SPRT [0, 10]
# stopping by itself or at 400 games ($GAMES to change). The records go to
# this directory, one gzipped file per match, NAME.txt.gz (NAME-MOVETIME
# when MOVETIME is set), and the final lines to summary.txt. Run it again to
# resume a match, or with a larger $GAMES to extend one. Usage, from the
# repository root:
#
#	sh experiments/matches/tune/run.sh [name...]
#	MOVETIME=200ms SEED=3 sh experiments/matches/tune/run.sh table16
#
# The records named *-24byte.txt.gz were played before the transposition
# table's entries were packed to 16 bytes, when a table of n MiB took
# 1.5n MiB and the default was 16 (see README); this script no longer
# plays them.
set -e
dir=experiments/matches/tune
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/match" ./cmd/surakarta-match
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
	table4) echo pvs,endgame,table=4 ;;
	table16) echo pvs,endgame,table=16 ;;
	table64) echo pvs,endgame,table=64 ;;
	nocutoffs) echo pvs,endgame,cutoffs=off ;;
	nohistory) echo pvs,endgame,history=off ;;
	nokillers) echo pvs,endgame,killers=off ;;
	noquiescence) echo pvs,endgame,quiescence=off ;;
	*) echo "unknown match $1" >&2; exit 2 ;;
	esac
}
names=${*:-weight20 weight60 weight100 noquiescence nocutoffs nolmr nonull nokillers nohistory noaspiration aspiration25 aspiration100 table4 table16}
for name in $names; do
	a=$(variant "$name")
	file=$dir/$name${MOVETIME:+-$MOVETIME}
	if [ -f "$file.txt.gz" ]; then
		gunzip "$file.txt.gz"
	fi
	"$bin/match" -engine "$a" -engine pvs,endgame -movetime "${MOVETIME:-50ms}" -games "${GAMES:-400}" \
		-sprt 0,10 -seed "${SEED:-2}" -out "$file.txt" 2>"$file.log" | tee -a "$dir/summary.txt"
	gzip -9 "$file.txt"
done
