#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# v2-dtb.sh MACHINE DTS VMLINUX INITRD OUT.dtb [kernel args...]
# The device tree QEMU's powernv MACHINE gives skiboot for this kernel,
# initramfs and command line (QEMU's dumpdtb), with the /pmus of DTS (a
# v2 description, rig/v2-desc.sh's power*-pmu.dts) added: booted with
# -dtb OUT.dtb in place of -append, QEMU's own skiboot passes the node on
# to the kernel, as a petitboot/kexec --dtb does on a real system
# (rig/v2-boot-compare.sh DTB=1; the rig's skiboot puts it there itself).
set -eu
machine=$1 dts=$2 vmlinux=$3 initrd=$4 out=$5
shift 5
TOP=$(cd "$(dirname "$0")/.." && pwd)
Q=$TOP/build/qemu/obj/qemu-system-ppc64
tmp=$(mktemp -d "$TOP/build/v2dtb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# the tree exists once the machine is reset: dump it from the monitor of a
# stopped guest (-machine dumpdtb= runs before it is made)
printf 'dumpdtb %s\nquit\n' "$tmp/base.dtb" |
	timeout 120 "$Q" -L /usr/share/qemu -machine "$machine" -m 2G -smp 1 -display none \
	-serial null -monitor stdio -S -kernel "$vmlinux" -initrd "$initrd" \
	-append "console=hvc0 panic=-1 $*" >/dev/null 2>&1 || true
[ -s "$tmp/base.dtb" ] || { echo "v2-dtb: QEMU wrote no device tree" >&2; exit 1; }
dtc -q -I dtb -O dts -o "$tmp/base.dts" "$tmp/base.dtb"
# only /pmus: the description's root properties are not the machine's
{ cat "$tmp/base.dts"; echo '/ {'; sed -n '/^\tpmus {/,/^\t};/p' "$dts"; echo '};'; } > "$tmp/merged.dts"
dtc -q -I dts -O dtb -o "$out" "$tmp/merged.dts"
