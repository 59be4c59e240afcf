#!/bin/sh
# check.sh checks that every patch of this directory still applies to the
# commit that its Base-Commit line names: git apply --check in a temporary
# worktree of that commit, removed at the end. It needs a clone with the
# whole history; run it from anywhere: sh experiments/patches/check.sh
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'git -C "$dir" worktree remove --force "$tmp/base" 2>/dev/null || true; rm -rf "$tmp"' EXIT
status=0
for patch in "$dir"/*.patch; do
	name=$(basename "$patch")
	base=$(sed -n 's/^Base-Commit: //p' "$patch")
	if [ -z "$base" ]; then
		echo "FAIL $name: no Base-Commit line"
		status=1
		continue
	fi
	if [ -d "$tmp/base" ]; then
		git -C "$tmp/base" checkout -q --detach "$base"
	else
		git -C "$dir" worktree add -q --detach "$tmp/base" "$base"
	fi
	if git -C "$tmp/base" apply --check "$patch"; then
		echo "ok   $name on $base"
	else
		echo "FAIL $name on $base"
		status=1
	fi
done
exit $status
