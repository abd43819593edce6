#!/bin/bash
# qemu.sh: the rig's QEMU, built from Debian's qemu source (the package the
# rig used to install, bookworm-backports 10.0.2) with the patches of
# emulator/qemu/ (the EBB delivery and PMU fixes, each with its reason),
# qemu-system-ppc64 only, powernv only.  Every boot uses it
# (rig/boot.py).  The firmware (skiboot.lid) stays Debian's qemu-system-data.
#
#   build/qemu/src   the orig tarball unpacked, the patches applied
#   build/qemu/obj   meson's build directory; obj/qemu-system-ppc64
#
# Rebuilt when the patches or this script change (build/qemu/stamp).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
Q=$top/build/qemu
P=$top/emulator/qemu
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
VER=1:10.0.2+ds-2+deb13u1~bpo12+1
ORIG=qemu_10.0.2+ds.orig.tar.xz

stamp=$( (cat "$0"; cat "$P"/0*.patch) | sha1sum | cut -c1-40)
if [ -x "$Q/obj/qemu-system-ppc64" ] && [ "$(cat "$Q/stamp" 2>/dev/null)" = "$stamp" ]; then
	echo "qemu: up to date: $("$Q/obj/qemu-system-ppc64" --version | head -1)"
	exit 0
fi

# The source: Debian's, through apt (a deb-src entry the rig owns).  Only
# the orig tarball is used: the mirror answers 404 for this version's .dsc
# and debian.tar.xz, so Debian's own patches (none in target/ppc) are not
# applied; the tarball is checked against the Sources index's SHA256.
mkdir -p "$Q"
if [ ! -s "$Q/$ORIG" ]; then
	src=/etc/apt/sources.list.d/pmu-rig-backports-src.sources
	if [ ! -e "$src" ]; then
		printf '%s\n' "Types: deb-src" "URIs: http://deb.debian.org/debian" \
			"Suites: bookworm-backports" "Components: main" \
			"Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" | $SUDO tee "$src" >/dev/null
		# one apt at a time: make test fetches Linux 7.2.6 beside this
		flock "$top/build/apt.lock" $SUDO apt-get update -qq || true
	fi
	# --print-uris leaves out files already in the directory: ask in an
	# empty one.  Each line: 'URI' FILE SIZE SHA256:HASH
	mkdir -p "$Q/apt"
	line=$(cd "$Q/apt" && flock "$top/build/apt.lock" apt-get source --print-uris -qq "qemu=$VER" | awk -v f="$ORIG" '$2 == f')
	[ -n "$line" ] || { echo "qemu: apt knows no $ORIG for qemu $VER"; exit 1; }
	uri=$(echo "$line" | awk '{ gsub("'"'"'", "", $1); print $1 }')
	want=$(echo "$line" | awk '{ sub("SHA256:", "", $4); print $4 }')
	curl -fsS -o "$Q/$ORIG.tmp" "$uri"
	mv "$Q/$ORIG.tmp" "$Q/$ORIG"
	got=$(sha256sum "$Q/$ORIG" | cut -d' ' -f1)
	[ "$got" = "$want" ] || { echo "qemu: $ORIG: sha256 $got, Sources says $want"; rm -f "$Q/$ORIG"; exit 1; }
fi

rm -rf "$Q/src" "$Q/obj"
mkdir -p "$Q/src" "$Q/obj"
tar -xf "$Q/$ORIG" -C "$Q/src" --strip-components=1
for p in "$P"/0*.patch; do
	patch -d "$Q/src" -p1 -s --no-backup-if-mismatch < "$p"
done
# The machines the rig boots and nothing else.  POWERNV alone does not
# link in 10.0.2 (its I2C GPIO chips need I2C; the IPMI BT device needs
# ACPI's IPMI stub): both are named here, not patched.
printf '%s\n' CONFIG_POWERNV=y CONFIG_I2C=y CONFIG_ACPI=y > "$Q/src/configs/devices/ppc64-softmmu/rig.mak"

n=$(ls "$P"/0*.patch | wc -l)
cd "$Q/obj"
# No ccache: configure names the compiler in meson's cross file, and meson
# adds ccache only to a compiler it finds itself (built once a machine and
# patch set).  The firmware is Debian's qemu-system-data's (rig/boot.py:
# -L /usr/share/qemu).
"$Q/src/configure" --target-list=ppc64-softmmu --without-default-features \
	--without-default-devices --with-devices-ppc64=rig --enable-tcg --enable-fdt=system \
	--disable-install-blobs --disable-werror --disable-debug-info \
	--with-pkgversion="+rig.$n" --python=/usr/bin/python3 > configure.log 2>&1 ||
	{ tail -20 configure.log; exit 1; }
ninja -j"$(nproc)" qemu-system-ppc64 > build.log 2>&1 || { grep -B2 -A8 'error' build.log | head -60; exit 1; }
echo "$stamp" > "$Q/stamp"
echo "qemu: built $("$Q/obj/qemu-system-ppc64" --version | head -1)"
