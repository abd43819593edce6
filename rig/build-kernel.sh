#!/bin/bash
# build-kernel.sh SRC OBJ [extra config fragments...]
# tinyconfig + rig/kernel.config (+ fragments), vmlinux only, through ccache
# (rig/ccache-cc.sh).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
src=$(realpath "$1") obj=$(realpath -m -s "$2")
shift 2
# The objects live inside the source tree, in SRC/obj-NAME (OBJ is a link
# to it): kbuild then names the source ".." (the top Makefile's "building
# in a subdirectory of the source tree"), so a file the series does not
# change compiles with the same command line in every tree and ccache
# gives the patched, prefix and stock builds each other's objects.
real=$src/obj-$(basename "$obj")
# SEED=<another build's OBJ>: a build not made yet starts from a copy of
# that one's objects, and kbuild compiles what differs (the patched build
# from the stock one: rig/patched-tree.sh dates the files the series does
# not change back to the base commit, older than those objects)
if [ -n "${SEED:-}" ] && [ ! -e "$real" ] && [ -f "$(realpath -m "$SEED")/vmlinux" ]; then
	rm -rf "$real.tmp"
	cp -a "$(realpath "$SEED")" "$real.tmp"
	mv "$real.tmp" "$real"
	# the files that differ from the seed's tree, newer than its objects
	# whatever their dates were (a make clean, a tree made earlier)
	seedsrc=$(dirname "$(realpath "$SEED")")
	git -C "$src" diff -z --name-only --diff-filter=d "$(git -C "$seedsrc" rev-parse HEAD)" HEAD |
		(cd "$src" && xargs -0 -r touch -h)
	echo "build-kernel: seeded from $SEED"
fi
if [ "$(readlink "$obj" 2>/dev/null)" != "$real" ]; then
	rm -rf "$obj"
	mkdir -p "$(dirname "$obj")" "$real"
	ln -s "$real" "$obj"
fi
excl=$(git -C "$src" rev-parse --path-format=absolute --git-common-dir 2>/dev/null)/info/exclude
if [ -d "$(dirname "$excl")" ] && ! grep -qx '/obj-\*' "$excl" 2>/dev/null; then
	echo '/obj-*' >> "$excl"
fi
export CCACHE_DIR=${CCACHE_DIR:-$top/build/ccache}
export CCACHE_BASEDIR=$top/build
export CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
# Reproducible build stamps, so ccache hits across trees and rebuilds.
export KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 2026"
export KBUILD_BUILD_USER=rig KBUILD_BUILD_HOST=rig KBUILD_BUILD_VERSION=1
mkdir -p "$obj"
frags="$top/rig/kernel.config"
for f in "$@"; do frags="$frags $f"; done
# Regenerate .config when a fragment or the tree changed: a tree whose
# Kconfig gained a symbol (a prefix of the series) needs the fragments
# merged again, or the new symbol silently takes its default.
want=$( (cat $frags; git -C "$src" rev-parse HEAD 2>/dev/null) | sha1sum | cut -c1-40)
if [ ! -f "$obj/.config" ] || [ "$(cat "$obj/.rig-config-sum" 2>/dev/null)" != "$want" ]; then
	make -s -C "$src" O="$real" ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- tinyconfig >/dev/null
	(cd "$src" && KCONFIG_CONFIG="$obj/.config" scripts/kconfig/merge_config.sh -m -O "$real" "$real/.config" $frags >/dev/null)
	make -s -C "$src" O="$real" ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- olddefconfig >/dev/null
	for f in $frags; do
		grep -E '^CONFIG_[A-Z0-9_]+=' "$f" | while IFS= read -r l; do
			grep -qxF "$l" "$obj/.config" || echo "note: $(basename "$f"): $l not set (symbol not in this tree?)" >&2
		done
	done
	echo "$want" > "$obj/.rig-config-sum"
fi
# the kernel warnings the rig compares with stock's need these
for c in CONFIG_BUG CONFIG_PERF_EVENTS; do
	grep -qx "$c=y" "$obj/.config" || { echo "build-kernel: $c is not set" >&2; exit 1; }
done
# ccache in its depend mode for the C files where that is safe
# (rig/ccache-cc.sh): a fifth less time a compile from an empty cache.  The
# host tools (scripts/) include system headers, which the kernel's -MMD
# lists leave out: the default mode for them.
cc="$top/rig/ccache-cc.sh"
RIG_CCACHE_DEPEND=0
sh "$cc" --tree "$src" && RIG_CCACHE_DEPEND=1
export RIG_CCACHE_DEPEND
make -s -C "$src" O="$real" ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- \
	CC="$cc powerpc64le-linux-gnu-gcc" HOSTCC="ccache gcc" -j"$(nproc)" vmlinux
echo "built $obj/vmlinux"
