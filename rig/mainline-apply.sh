#!/bin/bash
# mainline-apply.sh DIR: does the series apply where upstream moved on?
# DIR holds newer upstream versions of files the series modifies, at their
# kernel paths (read from a mainline tree; never kept in this repo).  On
# the base tree with those files swapped in, each patch of patches/ is
# applied with git apply --3way, as git am -3 would; prints per patch
# "clean", "3-way merged" or "conflict" with the files concerned.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
src=$(realpath "$1")
L=$top/build/linux
W=$top/build/mainline-apply
GIT="git -c user.name=rig -c user.email=rig@localhost -c advice.detachedHead=false"
[ -d "$W" ] || $GIT -C "$L" worktree add -q --detach "$W" base
cd "$W" || exit 1
$GIT am --abort >/dev/null 2>&1
$GIT checkout -q -f --detach base && $GIT clean -fdxq
mapfile -t files < <(cd "$src" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)
for f in "${files[@]}"; do
	[ -f "$f" ] || { echo "mainline-apply: $f is not in the base tree" >&2; exit 1; }
	cp "$src/$f" "$f"
done
$GIT add -A && $GIT commit -q -m "newer upstream: ${files[*]}"
echo "base + newer upstream versions of: ${files[*]}"
bad=0
for p in $(ls "$top"/patches/0*.patch | grep -v 0000-cover-letter); do
	touched=$(grep -E '^\+\+\+ b/|^--- a/' "$p" | sed -E 's#^(\+\+\+ b|--- a)/##' | sort -u)
	ours=$(printf '%s\n' "${files[@]}" | grep -xF -f <(echo "$touched") | tr '\n' ' ')
	if $GIT apply --index "$p" 2>/dev/null; then
		r="clean"
	elif $GIT apply --index --3way "$p" > "$top/build/mainline-apply.log" 2>&1; then
		r="3-way merged"
	else
		r="conflict: $(grep -E '^(error|U )' "$top/build/mainline-apply.log" | head -3 | tr '\n' ' ')"
		bad=$((bad + 1))
		$GIT reset -q --hard
		echo "$(basename "$p"): $r"
		continue
	fi
	$GIT commit -q -m "$(basename "$p")" --allow-empty
	[ -n "$ours" ] && echo "$(basename "$p"): $r (${ours% })"
done
echo "mainline-apply: $bad patches conflict"
[ $bad -eq 0 ]
