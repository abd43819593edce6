#!/bin/bash
# Idempotent setup: Debian packages (from bookworm-backports, through a
# sources file the rig owns: qemu-system-data, the firmware, and meson and
# pycotap for rig/qemu.sh), the 6.12 base tree as a git repository under
# build/, the stock worktree and the guest's busybox.
#
#   build/linux      git repository; branch "series" = base + one commit per
#                    patch (made from patches/ on a fresh machine), the tree
#                    developers edit (make patches reads it)
#   build/stock      worktree at tag "base" (pristine, never edited)
#   build/busybox    Debian's busybox-static for ppc64el, unpacked (the
#                    guest's shell; make run, perf checks)
# build/patched (base + git am patches/*.patch) is rig/patched-tree.sh's.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
GIT="git -c user.name=rig -c user.email=rig@localhost -c advice.detachedHead=false"
PKGS="gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross device-tree-compiler sparse dt-schema yamllint bc bison flex
libssl-dev libelf-dev cpio ccache linux-source-6.12 xz-utils python3 git make
gcc libc6-dev python3-ply python3-git python3-libfdt"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "setup: installing:$missing"
	$SUDO apt-get update -qq || true
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
		--no-install-recommends $missing >/dev/null
fi

# QEMU: the rig builds its own (rig/qemu.sh) from Debian's 10.0.2 source in
# bookworm-backports; from that suite come the firmware (skiboot.lid, in
# qemu-system-data) and the build's meson and pycotap, which bookworm has
# too old or not at all.  The rig owns this sources file.
QEMU_VER=1:10.0.2+ds-2+deb13u1~bpo12+1
BPO_PKGS="qemu-system-data=$QEMU_VER meson python3-pycotap"
QEMU_BUILD_PKGS="ninja-build libglib2.0-dev libfdt-dev pkgconf curl"
bpo=/etc/apt/sources.list.d/pmu-rig-backports.sources
need=""
for p in $BPO_PKGS; do
	v=$(dpkg-query -W -f='${Version}' "${p%%=*}" 2>/dev/null || true)
	case $p in
	*=*) [ "$v" = "${p#*=}" ] || need="$need $p" ;;
	*) [ -n "$v" ] || need="$need $p" ;;
	esac
done
for p in $QEMU_BUILD_PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || need="$need $p"
done
if [ -n "$need" ]; then
	if [ ! -e "$bpo" ]; then
		printf '%s\n' "Types: deb" "URIs: http://deb.debian.org/debian" \
			"Suites: bookworm-backports" "Components: main" \
			"Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" |
			$SUDO tee "$bpo" >/dev/null
	fi
	$SUDO apt-get update -qq || true
	echo "setup: installing$need (bookworm-backports where bookworm has none)"
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
		-t bookworm-backports $need >/dev/null
fi
echo "setup: firmware $(dpkg-query -W -f='qemu-system-data ${Version}' qemu-system-data)"

mkdir -p "$B"
if [ ! -e "$B/linux/.git/refs/tags/base" ] && ! git -C "$B/linux" rev-parse -q --verify base >/dev/null 2>&1; then
	tarball=$(ls /usr/src/linux-source-6.12.tar.xz)
	rm -rf "$B/linux" "$B/stock" "$B/patched"
	mkdir -p "$B/linux"
	echo "setup: extracting $tarball"
	tar -xf "$tarball" -C "$B/linux" --strip-components=1
	cd "$B/linux"
	ver=$(make -s kernelversion)
	$GIT init -q -b series
	$GIT add -A -f .
	# Fixed identity and dates: the same tarball gives the same base
	# commit on every machine, so base-commit: in the series is stable.
	GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z" \
		$GIT commit -q -m "Linux $ver (Debian linux-source-6.12)"
	$GIT tag base
	cd "$top"
fi
echo "setup: base tree $(git -C "$B/linux" log -1 --format='%h %s' base)"

if [ ! -d "$B/stock" ]; then
	$GIT -C "$B/linux" worktree add -q --detach "$B/stock" base
fi

# The developer branch starts as base + patches/ if it has not been made yet.
if [ "$(git -C "$B/linux" rev-parse series)" = "$(git -C "$B/linux" rev-parse base)" ] &&
   ls "$top"/patches/0*.patch 2>/dev/null | grep -v 0000-cover >/dev/null; then
	$GIT -C "$B/linux" am -q $(ls "$top"/patches/0*.patch | grep -v 0000-cover-letter)
	# what make patches checks it would not revert (rig/patches.sh)
	cat "$top"/patches/*.patch | sha1sum | cut -c1-40 > "$B/patches.sum"
	echo "setup: series branch = base + $(ls "$top"/patches/0*.patch | grep -vc 0000-cover) patches"
fi
# unpack_deb PKG DIR: Debian's ppc64el package PKG unpacked into DIR (once).
# apt-get update may fail on one ppc64el index while the rest works, so
# only the download counts.
unpack_deb() {
	local pkg=$1 dir=$2
	dpkg --print-foreign-architectures | grep -qx ppc64el ||
		$SUDO dpkg --add-architecture ppc64el
	rm -rf "$dir.tmp"
	mkdir -p "$dir.tmp"
	if ! (cd "$dir.tmp" && apt-get download -qq "$pkg:ppc64el") 2>/dev/null; then
		$SUDO apt-get update -qq || true
		(cd "$dir.tmp" && apt-get download -qq "$pkg:ppc64el")
	fi
	dpkg-deb -x "$dir".tmp/"${pkg}"_*_ppc64el.deb "$dir.tmp/root"
	rm -rf "$dir"
	mv "$dir.tmp/root" "$dir"
	rm -rf "$dir.tmp"
}
# busybox for the guest (make run's shell, the perf checks)
[ -x "$B/busybox/bin/busybox" ] || unpack_deb busybox-static "$B/busybox"
echo "setup: busybox $(stat -c %s "$B/busybox/bin/busybox") bytes"
echo "setup: ok"
