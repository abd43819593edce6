#!/bin/bash
# upstream.sh: the series on a newer upstream kernel than its 6.12 base.
#
# The source is upstream's release as Debian ships it: the orig tarball of
# Debian's linux package VERSION (trixie-backports, a deb-src entry the rig
# owns), checked against the Sources index's SHA256.  Only the orig tarball
# is used (upstream's files; Debian's own patches are not applied).  It is
# unpacked once into build/upstream/linux-X as a git repository; each run
# applies patches/ there with git am -3 (as a maintainer applying to a
# newer tree does) and says per patch whether it applied as is or needed a
# 3-way merge (build/upstream/apply.tsv), then builds the patched kernel
# with rig/patched.config (build/obj/upstream/vmlinux, for the "up" boot:
# rig/test.sh).  A patch that does not apply, or a compiler warning, fails.
# With SUMMARY, writes there what it found (rig/compare.py reads it).
#
# usage: upstream.sh [SUMMARY]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build
U=$B/upstream
VER=${UPSTREAM_DEB:-7.2.6-1~bpo13+1}
out=${1:-/dev/null}
uv=${VER%%-*}
ORIG=linux_$uv.orig.tar.xz
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
GIT="git -c user.name=rig -c user.email=rig@localhost -c advice.detachedHead=false"

mkdir -p "$U"
if [ ! -s "$U/$ORIG" ]; then
	src=/etc/apt/sources.list.d/pmu-rig-trixie-backports-src.sources
	if [ ! -e "$src" ]; then
		printf '%s\n' "Types: deb-src" "URIs: http://deb.debian.org/debian" \
			"Suites: trixie-backports" "Components: main" \
			"Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" | $SUDO tee "$src" >/dev/null
		$SUDO apt-get update -qq || true
	fi
	# --print-uris leaves out files already in the directory: ask in an
	# empty one.  Each line: 'URI' FILE SIZE SHA256:HASH
	rm -rf "$U/apt" && mkdir -p "$U/apt"
	line=$(cd "$U/apt" && apt-get source --print-uris -qq "linux=$VER" | awk -v f="$ORIG" '$2 == f')
	[ -n "$line" ] || { echo "upstream: apt knows no $ORIG for linux $VER"; exit 1; }
	uri=$(echo "$line" | awk '{ gsub("'"'"'", "", $1); print $1 }')
	want=$(echo "$line" | awk '{ sub("SHA256:", "", $4); print $4 }')
	curl -fsS -o "$U/$ORIG.tmp" "$uri"
	got=$(sha256sum "$U/$ORIG.tmp" | cut -d' ' -f1)
	[ "$got" = "$want" ] || { echo "upstream: $ORIG: sha256 $got, Sources says $want"; exit 1; }
	mv "$U/$ORIG.tmp" "$U/$ORIG"
fi

L=$U/linux-$uv
if ! $GIT -C "$L" rev-parse -q --verify refs/tags/upstream >/dev/null 2>&1; then
	rm -rf "$L"
	tar -xf "$U/$ORIG" -C "$U"
	$GIT -C "$L" init -q
	$GIT -C "$L" add -A
	$GIT -C "$L" commit -q -m "Linux $uv (Debian's $ORIG)"
	$GIT -C "$L" tag upstream
fi
echo "upstream: Linux $(make -s -C "$L" kernelversion) from Debian's $ORIG ($VER)"

cd "$L"
$GIT am --abort >/dev/null 2>&1 || true
$GIT checkout -q -f --detach upstream
$GIT clean -fdxq -e '/obj-*'
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

bash "$top/rig/build-kernel.sh" "$L" "$B/obj/upstream" "$top/rig/patched.config" 2>&1 |
	tee "$U/build.log"
warn=$(grep -cE 'warning:|error:' "$U/build.log" || true)
printf '%s\n' "upstream_kernel: $uv" "upstream_source: Debian $ORIG (linux $VER)" \
	"upstream_patches: $(wc -l < "$U/apply.tsv")" \
	"upstream_3way: $(grep -c '3-way$' "$U/apply.tsv" || true)" \
	"upstream_build_warnings: $warn" > "$out"
if [ "$warn" != 0 ]; then
	grep -E 'warning:|error:' "$U/build.log"
	echo "upstream: the build of $uv warns"
	exit 1
fi
