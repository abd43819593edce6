#!/bin/bash
# Bring build/patched to base + patches/*.patch (git am), only when the
# series changed.  Fails if the series does not apply.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build
GIT="git -c user.name=rig -c user.email=rig@localhost -c advice.detachedHead=false"
mapfile -t pl < <(ls "$top"/patches/0*.patch 2>/dev/null | grep -v '/0000-cover-letter.patch$' || true)
sum=$(cat "${pl[@]}" /dev/null | sha1sum | cut -c1-40)
[ -d "$B/patched" ] || $GIT -C "$B/linux" worktree add -q --detach "$B/patched" base
if [ "$(cat "$B/patched.series-sum" 2>/dev/null)" = "$sum" ]; then
	exit 0
fi
rm -f "$B/patched.series-sum"
cd "$B/patched"
old=$(git rev-parse HEAD)
$GIT am --abort >/dev/null 2>&1 || true
# the rig's overlay (rig/v2-overlay.sh) changed a tracked Makefile
$GIT reset -q --hard
$GIT checkout -q --detach base
$GIT reset -q --hard base
$GIT clean -q -fdx -e "/obj-*"
if [ ${#pl[@]} -gt 0 ]; then
	$GIT am -q "${pl[@]}"
fi
# The files the series does not change dated back to the base commit
# (rig/setup.sh), older than any object built from them: a build seeded
# with the stock build's objects (rig/build-kernel.sh SEED) then compiles
# only what the series changed and what depends on it (kbuild's .cmd
# files), and a build without a seed compiles everything as before.
find . -path ./.git -prune -o -path './obj-*' -prune -o -type f -print0 |
	xargs -0 touch -h -d "2026-01-01 00:00:00 UTC"
# and what any series applied here ever changed (build/patched.touched
# keeps the list: an object directory may hold objects of an older series
# than the last one, make test's san and default builds for one), and
# what differs from the tree this one was
{ cat "$B/patched.touched" 2>/dev/null || true; git diff --name-only base HEAD
  git diff --name-only "$old" HEAD; } | sort -u > "$B/patched.touched.new"
mv "$B/patched.touched.new" "$B/patched.touched"
while IFS= read -r f; do [ ! -e "$f" ] || printf '%s\0' "$f"; done < "$B/patched.touched" |
	xargs -0 -r touch -h
echo "$sum" > "$B/patched.series-sum"
echo "patched tree: base + ${#pl[@]} patches"
