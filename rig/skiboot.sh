#!/bin/bash
# skiboot.sh: the firmware the fw boots run (rig/boot.py --bios): skiboot
# from Debian's qemu source (roms/skiboot of the orig tarball rig/qemu.sh
# unpacks, the skiboot qemu-system-data's skiboot.lid is built from) with
# the patches of firmware/skiboot/, which put the core PMU description
# (hw/pmu-desc/power*-pmu.dts, their one copy) under /pmus.
#
#   build/skiboot/good     skiboot.lid with the descriptions as patched in
#   build/skiboot/broken   the same with PMU_DESC_DIR=build/skiboot/broken-desc:
#                          POWER10's description with one event's code
#                          carrying bit 60 (EBB, which only the kernel may
#                          set), for the refused-node fallback boot
#
# SKIBOOT_PATCHES, SKIBOOT_OUT, SKIBOOT_BROKEN (a description) and
# SKIBOOT_BROKEN_AS (the file of hw/pmu-desc/ it replaces): another series
# into another directory, another broken description.
#
# Built with Debian's powerpc64le cross compiler (skiboot builds itself
# big-endian with it) through ccache.  Rebuilt when the patches, the
# descriptions or this script change (build/skiboot/stamp).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
S=${SKIBOOT_OUT:-$top/build/skiboot}
P=${SKIBOOT_PATCHES:-$top/firmware/skiboot}
broken=${SKIBOOT_BROKEN:-}
broken_as=${SKIBOOT_BROKEN_AS:-power10-pmu.dts}
# PM_CYC's code, 0x600f4, with bit 60 set
BROKEN_SED='s|ibm,code = /bits/ 64 <0x600f4>;|ibm,code = /bits/ 64 <0x10000000000600f4>;|'
src=$top/build/qemu/src/roms/skiboot

stamp=$( (cat "$0" "$P"/0*.patch ${broken:+"$broken"} \
	"$src/.version" 2>/dev/null; powerpc64le-linux-gnu-gcc --version 2>/dev/null; true) |
	sha1sum | cut -c1-40)
if [ -s "$S/good/skiboot.lid" ] && [ -s "$S/broken/skiboot.lid" ] &&
	[ "$(cat "$S/stamp" 2>/dev/null)" = "$stamp" ]; then
	echo "skiboot: up to date: $(cat "$S/version")"
	exit 0
fi
[ -d "$src" ] || { echo "skiboot: no $src: run rig/qemu.sh first"; exit 1; }

rm -rf "$S"
mkdir -p "$S/broken-desc"
mapfile -t patches < <(ls "$P"/0*.patch | grep -v '/0000-cover-letter.patch$')
n=${#patches[@]}
# The version skiboot prints when it starts ("OPAL <version> starting..."):
# the tarball's (.version) and "+rig.N", N patches, as rig/qemu.sh names
# its QEMU.  Given on make's command line: make_version.sh would otherwise
# ask the git repository build/ lives in.
version="$(cat "$src/.version")+rig.$n"

export CCACHE_DIR=${CCACHE_DIR:-$top/build/ccache}
export CCACHE_BASEDIR=$top/build
export CCACHE_NOHASHDIR=1
for v in good broken; do
	cp -a "$src" "$S/$v"
	for p in "${patches[@]}"; do
		patch -d "$S/$v" -p1 -s --no-backup-if-mismatch < "$p"
	done
done

# The broken description: the patched-in sources, POWER10's replaced
cp "$S/good/hw/pmu-desc/"*.dts* "$S/broken-desc/"
if [ -n "$broken" ]; then
	cp "$broken" "$S/broken-desc/$broken_as"
else
	sed "$BROKEN_SED" "$S/good/hw/pmu-desc/$broken_as" > "$S/broken-desc/$broken_as"
fi
cmp -s "$S/good/hw/pmu-desc/$broken_as" "$S/broken-desc/$broken_as" &&
	{ echo "skiboot: the broken description is not broken"; exit 1; }

for v in good broken; do
	extra=()
	[ "$v" = broken ] && extra=(PMU_DESC_DIR="$S/broken-desc")
	make -C "$S/$v" -j"$(nproc)" CROSS=powerpc64le-linux-gnu- \
		CC="ccache powerpc64le-linux-gnu-gcc" VERSION="$version" "${extra[@]}" \
		skiboot.lid > "$S/$v.log" 2>&1 || { tail -30 "$S/$v.log"; exit 1; }
done
echo "$version" > "$S/version"
echo "$stamp" > "$S/stamp"
echo "skiboot: built $version"
