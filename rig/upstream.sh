#!/bin/bash
# upstream.sh: the series on a newer upstream kernel than its 6.12 base.
#
# The source is upstream's release as Debian ships it: the orig tarball of
# Debian's linux package VERSION (trixie-backports, a deb-src entry the rig
# owns), checked against the Sources index's SHA256.  Backports keeps few
# versions: when VERSION is gone, the newest linux source the index still
# lists and the mirror serves is used instead, and said (upstream_kernel).  Only the orig tarball
# is used (upstream's files; Debian's own patches are not applied).  It is
# unpacked once into build/upstream/linux-X as a git repository; each run
# applies patches/ there with git am -3 (as a maintainer applying to a
# newer tree does) and says per patch whether it applied as is or needed a
# 3-way merge (build/upstream/apply.tsv), applies the rig's fixes to
# 7.2.6's own code (rig/upstream-fixes/, each with its reason; exit 1 if
# one does not apply), puts the rig's test-only KUnit on top
# (rig/v2-overlay.sh, as on the 6.12 tree: build/desc and build/stock
# must exist; exit 1 without them) and builds the kernel with the
# series' KUnit (rig/v2/series.config), KASAN, kmemleak and the described
# backend tried first (rig/sanitize.config):
# build/obj/upstream/vmlinux, the san boot's (rig/test.sh).  A patch that
# does not apply fails (exit 1); a compiler warning too (exit 2: the
# kernel is built, and make test boots it all the same).
# With SUMMARY, writes there what it found (rig/compare.py reads it).
#
# The git repository tracks only the files the series touches (git am -3
# reads no other; hashing all 90,000 files took minutes on a 2-core
# machine); the rest of the tree is there, untracked, for the build.
# --fetch only downloads, unpacks and imports (rig/test.sh runs it beside
# the first builds).
#
# usage: upstream.sh [--fetch | SUMMARY]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build
U=$B/upstream
VER=${UPSTREAM_DEB:-7.2.6-1~bpo13+1}
fetch_only=
[ "${1:-}" = --fetch ] && fetch_only=1 && shift
out=${1:-/dev/null}
uv=${VER%%-*}
ORIG=linux_$uv.orig.tar.xz
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
GIT="git -c user.name=rig -c user.email=rig@localhost -c advice.detachedHead=false"

# orig URI SHA256 of Debian's linux source version $1, as apt knows it
orig_of() {
	local v=$1 o=linux_${1%%-*}.orig.tar.xz
	rm -rf "$U/apt" && mkdir -p "$U/apt"
	(cd "$U/apt" && flock "$B/apt.lock" apt-get source --print-uris -qq "linux=$v" 2>/dev/null) |
		awk -v f="$o" '$2 == f { gsub("'"'"'", "", $1); sub("SHA256:", "", $4); print f, $1, $4 }'
}

mkdir -p "$U"
have=$(ls "$U"/linux_*.orig.tar.xz 2>/dev/null | sort -V | tail -1 || true)
if [ -n "$have" ] && [ ! -s "$U/$ORIG" ] && [ -z "${UPSTREAM_DEB:-}" ]; then
	# an earlier run's fallback: keep using it
	ORIG=$(basename "$have") uv=${ORIG#linux_} uv=${uv%.orig.tar.xz} VER="$uv (kept)"
fi
if [ ! -s "$U/$ORIG" ]; then
	src=/etc/apt/sources.list.d/pmu-rig-trixie-backports-src.sources
	if [ ! -e "$src" ]; then
		printf '%s\n' "Types: deb-src" "URIs: http://deb.debian.org/debian" \
			"Suites: trixie-backports" "Components: main" \
			"Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" | $SUDO tee "$src" >/dev/null
	fi
	line=$(orig_of "$VER" || true)
	if [ -z "$line" ]; then
		# one apt at a time (rig/qemu.sh runs beside this in make test)
		flock "$B/apt.lock" $SUDO apt-get update -qq || true
		line=$(orig_of "$VER" || true)
	fi
	# VERSION first, then the others newer than 6.13, newest first
	cands=$( (echo "$VER"; flock "$B/apt.lock" apt-cache showsrc linux 2>/dev/null |
		  awk '/^Package: linux$/ { p = 1; next } /^Package:/ { p = 0 } p && /^Version:/ { print $2 }' |
		  sort -rV) | awk '!seen[$0]++' || true)
	got=
	for v in $cands; do
		if [ "$v" != "$VER" ]; then
			dpkg --compare-versions "$v" gt 6.13 || continue
			line=$(orig_of "$v" || true)
		fi
		[ -n "$line" ] || continue
		read -r o uri want <<< "$line"
		# a stalled download fails (the sanitizer boot waits for it)
		if curl -fsS --connect-timeout 30 --speed-limit 1024 --speed-time 60 \
			-o "$U/$o.tmp" "$uri" 2>/dev/null; then
			sum=$(sha256sum "$U/$o.tmp" | cut -d' ' -f1)
			[ "$sum" = "$want" ] || { echo "upstream: $o: sha256 $sum, Sources says $want"; exit 1; }
			mv "$U/$o.tmp" "$U/$o"
			[ "$v" = "$VER" ] || echo "upstream: linux $VER is not served; using $v"
			ORIG=$o uv=${o#linux_} uv=${uv%.orig.tar.xz} VER=$v got=1
			break
		fi
		rm -f "$U/$o.tmp"
	done
	[ -n "$got" ] || { echo "upstream: no linux orig tarball apt knows is served (wanted $VER)"; exit 1; }
fi

L=$U/linux-$uv
if ! $GIT -C "$L" rev-parse -q --verify refs/tags/upstream >/dev/null 2>&1; then
	rm -rf "$L"
	tar -xf "$U/$ORIG" -C "$U"
	$GIT -C "$L" init -q
	$GIT -C "$L" commit -q --allow-empty -m "Linux $uv (Debian's $ORIG): the files the series touches"
	$GIT -C "$L" tag upstream
fi
echo "upstream: Linux $(make -s -C "$L" kernelversion) from Debian's $ORIG ($VER)"

cd "$L"
$GIT am --abort >/dev/null 2>&1 || true
$GIT checkout -q -f --detach upstream
# the files the series touches that upstream has and the import does not
# track yet (a series that grew): into the import, the tag moved to it
mapfile -t touched < <(sed -n 's|^diff --git a/\(.*\) b/.*|\1|p' "$top"/patches/0*.patch | sort -u)
add=()
for f in "${touched[@]}"; do
	[ -f "$f" ] && ! git ls-files --error-unmatch -- "$f" >/dev/null 2>&1 && add+=("$f")
done
if [ ${#add[@]} -gt 0 ]; then
	$GIT add -f -- "${add[@]}"
	$GIT commit -q -m "Linux $uv: ${#add[@]} more files the series touches"
	$GIT tag -f upstream >/dev/null
fi
[ -z "$fetch_only" ] || exit 0
: > "$U/apply.tsv"
for p in $(ls "$top"/patches/0*.patch | grep -v 0000-cover-letter); do
	if $GIT apply --check "$p" 2>/dev/null; then
		how=clean
	else
		how=3-way
	fi
	if ! $GIT am -q -3 "$p" > "$U/am.log" 2>&1; then
		cat "$U/am.log"
		printf '%s\tconflict\n' "$(basename "$p")" >> "$U/apply.tsv"
		$GIT am --abort
		echo "upstream: $(basename "$p") does not apply to $uv"
		exit 1
	fi
	printf '%s\t%s\n' "$(basename "$p")" "$how" >> "$U/apply.tsv"
done
echo "upstream: $(wc -l < "$U/apply.tsv") patches applied," \
	"$(grep -c '3-way$' "$U/apply.tsv" || true) of them with a 3-way merge:"
awk -F'\t' '$2 == "3-way" { print "  " $1 }' "$U/apply.tsv"

# The rig's fixes to upstream's own code, in files the series does not
# touch (rig/upstream-fixes/, each with its reason): applied after the
# series, once (the import does not track those files, so the checkout
# above leaves them as the last run made them)
nfix=0
for p in "$top"/rig/upstream-fixes/0*.patch; do
	[ -e "$p" ] || continue
	nfix=$((nfix + 1))
	patch -p1 -R -s -f --dry-run < "$p" > /dev/null 2>&1 && continue
	patch -p1 -s -f --no-backup-if-mismatch < "$p" ||
		{ echo "upstream: the rig's $(basename "$p") does not apply to $uv"; exit 1; }
	echo "upstream: the rig's fix $(basename "$p") applied"
done

[ -d "$B/desc" ] && [ -d "$B/stock" ] ||
	{ echo "upstream: no build/desc or build/stock for the overlay (rig/test.sh makes them)"; exit 1; }
bash "$top/rig/v2-overlay.sh" "$L" "$B/desc"
bash "$top/rig/build-kernel.sh" "$L" "$B/obj/upstream" "$top/rig/v2/series.config" \
	"$top/rig/sanitize.config" 2>&1 | tee "$U/build.log"
# compiler, modpost and dtc warnings; a config line the tree lacks
pat='warning|error|not set \(symbol not in this tree'
warn=$(grep -ciE "$pat" "$U/build.log" || true)
printf '%s\n' "upstream_kernel: $uv" "upstream_source: Debian $ORIG (linux $VER)" \
	"upstream_patches: $(wc -l < "$U/apply.tsv")" \
	"upstream_3way: $(grep -c '3-way$' "$U/apply.tsv" || true)" \
	"upstream_rig_fixes: $nfix" \
	"upstream_build_warnings: $warn" > "$out"
if [ "$warn" != 0 ]; then
	grep -iE "$pat" "$U/build.log"
	echo "upstream: the build of $uv warns"
	# built all the same: rig/test.sh boots it (its step fails, and
	# rig/compare.py's upstream check)
	exit 2
fi
