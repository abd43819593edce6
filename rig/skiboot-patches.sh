#!/bin/bash
# Regenerate firmware/skiboot/ (the skiboot series: cover letter and
# patches) from build/skiboot-git, branch "series": base (roms/skiboot of
# Debian's qemu source, as rig/skiboot.sh builds it) + one commit per patch.
# Run by make patches after the kernel series.
#
# The first patch adds the descriptions, hw/pmu-desc/power*-pmu.dts: their
# one copy (the kernel series carries none; rig/v2-desc.sh extracts them).
# Without build/skiboot-git, or with IMPORT=1, the branch is made from
# firmware/skiboot/.  build/skiboot-patches.sum: the firmware/skiboot/ the
# branch was last made from or written to; if firmware/skiboot/ changed
# since (a pull), writing the branch out would revert that: refused.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
G=$top/build/skiboot-git
# the tree comes from a Debian source package, files owned by whoever
# packed it: git refuses such a repository to another user unless told
export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0=$G
out=$top/firmware/skiboot
src=$top/build/qemu/src/roms/skiboot
AUTHOR=${AUTHOR:-PMU-DT Developers <pmu-dt-dev@example.org>}
aname=${AUTHOR% <*}
amail=${AUTHOR##*<}
amail=${amail%>}
GIT=(git -C "$G" -c "user.name=$aname" -c "user.email=$amail")
stamp=$top/build/skiboot-patches.sum
sum_patches() { cat "$out"/*.patch 2>/dev/null | sha1sum | cut -c1-40; }

[ -z "${IMPORT:-}" ] || rm -rf "$G"
if [ ! -d "$G/.git" ]; then
	[ -d "$src" ] || { echo "skiboot-patches: no $src: run rig/qemu.sh first" >&2; exit 1; }
	mkdir -p "$G"
	cp -a "$src/." "$G/"
	git -C "$G" init -q -b series
	git -C "$G" add -A -f .
	GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z" \
		git -C "$G" -c user.name=rig -c user.email=rig@localhost commit -q \
		-m "skiboot $(cat "$src/.version") (Debian qemu source, roms/skiboot)"
	git -C "$G" tag base
	"${GIT[@]}" am -q $(ls "$out"/0*.patch | grep -v 0000-cover-letter)
	echo "skiboot-patches: build/skiboot-git made from firmware/skiboot/"
	sum_patches > "$stamp"
fi
if [ -f "$stamp" ] && [ "$(cat "$stamp")" != "$(sum_patches)" ]; then
	echo "skiboot-patches: firmware/skiboot/ is not what build/skiboot-git was made from" >&2
	echo "  (changed by a pull or a checkout since); make patches IMPORT=1 remakes" >&2
	echo "  the branch from it (commits on the branch it lacks are lost)." >&2
	exit 1
fi
[ -z "$("${GIT[@]}" status --porcelain --untracked-files=no)" ] ||
	{ echo "skiboot-patches: build/skiboot-git has uncommitted changes; commit them first" >&2; exit 1; }

"${GIT[@]}" checkout -q series
"${GIT[@]}" rebase -q --committer-date-is-author-date \
	--exec "bash $top/rig/identity.sh '$AUTHOR'" base

"${GIT[@]}" config branch.series.description "$(cat "$top/rig/skiboot-cover-letter.txt")"
rm -f "$out"/0*.patch
mkdir -p "$out"
"${GIT[@]}" format-patch -q --cover-letter --cover-from-description=subject \
	--base=base --no-signature -o "$out" base..series
# the series tip's date: an unchanged series gives unchanged files
sed -i "s/^Date: .*/Date: $("${GIT[@]}" log -1 --format=%aD series)/" "$out/0000-cover-letter.patch"
sum_patches > "$stamp"
echo "skiboot-patches: $("${GIT[@]}" rev-list --count base..series) patches + cover letter in firmware/skiboot/"
