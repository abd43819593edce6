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
$GIT am --abort >/dev/null 2>&1 || true
$GIT checkout -q --detach base
$GIT reset -q --hard base
$GIT clean -q -fdx -e "/obj-*"
if [ ${#pl[@]} -gt 0 ]; then
	$GIT am -q "${pl[@]}"
fi
echo "$sum" > "$B/patched.series-sum"
echo "patched tree: base + ${#pl[@]} patches"
