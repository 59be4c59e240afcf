#!/bin/sh
# run.sh plays the tuning matches of experiments/docs/experiments.md whose engine
# options still exist: EndgameAdjusted's endgame piece weight and the PVS
# table size. Each is a variant (A) against the defaults (B), PVS +
# EndgameAdjusted on both sides, $MOVETIME per move (50ms unless set),
# 4-ply openings from seed $SEED (2 unless set), SPRT [0, 10] stopping by
# itself or at 400 games ($GAMES to change), played by today's match tool
# (cmd/surakarta-match) and engines. The records go to this directory, one
# gzipped file per match, NAME.txt.gz (NAME-MOVETIME when MOVETIME is set),
# and the final lines to summary.txt. Run it again to resume a match, or
# with a larger $GAMES to extend one. Usage, from the repository root:
#
#	sh experiments/matches/tune/run.sh [name...]
#	MOVETIME=200ms SEED=3 sh experiments/matches/tune/run.sh table16
#
# The other tuning matches (noquiescence, nocutoffs, nolmr, nonull,
# nokillers, nohistory, noaspiration, aspiration25, aspiration100) tested
# options that v0.2.0 removed, when every enhancement of PVS became always
# on: named here, run.sh says which commit plays them, and plays nothing.
# The records named *-24byte.txt.gz were played before the transposition
# table's entries were packed to 16 bytes, when a table of n MiB took
# 1.5n MiB and the default was 16; no build plays them as they were.
set -e
dir=experiments/matches/tune
variant() {
	case $1 in
	weight20) echo pvs,endgame,endgame-weight=20 ;;
	weight30) echo pvs,endgame,endgame-weight=30 ;;
	weight60) echo pvs,endgame,endgame-weight=60 ;;
	weight100) echo pvs,endgame,endgame-weight=100 ;;
	table4) echo pvs,endgame,table=4 ;;
	table16) echo pvs,endgame,table=16 ;;
	table64) echo pvs,endgame,table=64 ;;
	*) return 1 ;;
	esac
}
# removed prints the engine spec of a match whose option is gone.
removed() {
	case $1 in
	noquiescence) echo pvs,endgame,quiescence=off ;;
	nocutoffs) echo pvs,endgame,cutoffs=off ;;
	nolmr) echo pvs,endgame,lmr=off ;;
	nonull) echo pvs,endgame,nullmove=off ;;
	nokillers) echo pvs,endgame,killers=off ;;
	nohistory) echo pvs,endgame,history=off ;;
	noaspiration) echo pvs,endgame,aspiration=0 ;;
	aspiration25) echo pvs,endgame,aspiration=25 ;;
	aspiration100) echo pvs,endgame,aspiration=100 ;;
	*) return 1 ;;
	esac
}
names=${*:-weight20 weight60 weight100 table4 table16}
# Every name is checked before anything is played.
for name in $names; do
	if variant "$name" >/dev/null; then
		continue
	fi
	if spec=$(removed "$name"); then
		cat >&2 <<EOF
run.sh: $name tested the engine option ${spec#pvs,endgame,}, which v0.2.0 removed
(every enhancement of PVS is always on); today's engines cannot play it.
Its record, $dir/$name.txt.gz, was played by the engine of its day. Commit
98bdf83 is the last that has the option; its match tool is examples/match,
which takes the engines as -a and -b:

	git worktree add --detach ../surakarta-98bdf83 98bdf83
	cd ../surakarta-98bdf83
	go run ./examples/match -a $spec -b pvs,endgame -movetime 50ms -games 400 -sprt 0,10 -seed 2 -out $name.txt

Its B, the defaults of that commit, has the logarithmic late-move
reductions and today's time management, which the recorded match predates.
EOF
	else
		echo "run.sh: unknown match $name" >&2
	fi
	exit 2
done
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/surakarta-match" ./cmd/surakarta-match
for name in $names; do
	a=$(variant "$name")
	file=$dir/$name${MOVETIME:+-$MOVETIME}
	if [ -f "$file.txt.gz" ]; then
		gunzip "$file.txt.gz"
	fi
	"$bin/surakarta-match" -engine "$a" -engine pvs,endgame -movetime "${MOVETIME:-50ms}" -games "${GAMES:-400}" \
		-opening-plies 4 -sprt 0,10 -seed "${SEED:-2}" -out "$file.txt" 2>"$file.log" | tee -a "$dir/summary.txt"
	gzip -9 "$file.txt"
done
