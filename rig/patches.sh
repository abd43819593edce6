#!/bin/bash
# Regenerate patches/ from build/linux (branch "series": base + one commit
# per patch).  The cover letter's subject and body come from
# rig/cover-letter.txt.  The series is its own source: edit the branch (or
# a worktree of it), then make patches.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
L=$top/build/linux
# The one identity every patch and the cover letter carry: From: and
# Signed-off-by.  Set yours with make patches AUTHOR="Name <mail>".
AUTHOR=${AUTHOR:-PMU-DT Developers <pmu-dt-dev@example.org>}
case $AUTHOR in *" <"*@*">") ;; *) echo "patches: AUTHOR must be \"Name <mail>\"" >&2; exit 1 ;; esac
aname=${AUTHOR% <*}
amail=${AUTHOR##*<}
amail=${amail%>}
GIT=(git -C "$L" -c "user.name=$aname" -c "user.email=$amail")

[ -z "$("${GIT[@]}" status --porcelain --untracked-files=no)" ] ||
	{ echo "patches: build/linux has uncommitted changes; commit them first" >&2; exit 1; }

# build/patches.sum: the patches/ that branch series was last made from or
# written to.  patches/ changed since (a git pull, a checkout) and the
# series branch is older than the checkout: writing it out would revert
# what came in.  IMPORT=1 remakes the branch from patches/ instead.
stamp=$top/build/patches.sum
sum_patches() { cat "$top"/patches/*.patch 2>/dev/null | sha1sum | cut -c1-40; }
if [ -n "${IMPORT:-}" ]; then
	"${GIT[@]}" branch -f series-before-import series
	echo "patches: the old branch is series-before-import"
	"${GIT[@]}" checkout -q series
	"${GIT[@]}" reset -q --hard base
	"${GIT[@]}" am -q $(ls "$top"/patches/0*.patch | grep -v 0000-cover-letter)
	sum_patches > "$stamp"
	echo "patches: branch series = base + $("${GIT[@]}" rev-list --count base..series) patches from patches/"
	exit 0
fi
# No stamp (a tree made before it existed): the branch is patches/ if
# it formats to the same patches
if [ ! -f "$stamp" ]; then
	t=$(mktemp -d)
	"${GIT[@]}" format-patch -q --cover-letter --base=base --no-signature -o "$t" base..series
	if diff -q <(ls "$t"/0*.patch | grep -v 0000-cover-letter | xargs cat | grep -v '^Date: ') \
		<(ls "$top"/patches/0*.patch | grep -v 0000-cover-letter | xargs cat | grep -v '^Date: ') >/dev/null; then
		sum_patches > "$stamp"
	fi
	rm -rf "$t"
fi
if [ "$(cat "$stamp" 2>/dev/null)" != "$(sum_patches)" ]; then
	echo "patches: patches/ is not what build/linux's series branch was made from" >&2
	echo "  (changed by a pull or a checkout since); writing the branch out would" >&2
	echo "  revert that.  make patches IMPORT=1 remakes the branch from patches/" >&2
	echo "  (commits on it that patches/ lacks are lost: export them first)." >&2
	exit 1
fi

"${GIT[@]}" checkout -q series
"${GIT[@]}" rebase -q --exec "bash $top/rig/identity.sh '$AUTHOR'" base

n=$("${GIT[@]}" rev-list --count base..series)
"${GIT[@]}" config branch.series.description "$(cat "$top/rig/cover-letter.txt")"
rm -f "$top"/patches/*.patch
mkdir -p "$top/patches"
"${GIT[@]}" format-patch -q --cover-letter --cover-from-description=subject \
	--base=base --no-signature -o "$top/patches" base..series
# The cover letter carries the series tip's date, not the time of the run,
# so that regenerating an unchanged series changes nothing.
sed -i "s/^Date: .*/Date: $("${GIT[@]}" log -1 --format=%aD series)/" \
	"$top/patches/0000-cover-letter.patch"
echo "patches: $n patches + cover letter in patches/"
sum_patches > "$stamp"

