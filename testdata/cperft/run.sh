#!/bin/sh
# Build and run the plain C Surakarta perft baseline.
# Usage: ./run.sh [maxdepth] [nobulk]   (default 6, with bulk counting)
set -e
cd "$(dirname "$0")"
gcc -O2 -o /tmp/cperft perft.c
exec /tmp/cperft "${1:-6}" ${2:+"$2"}
