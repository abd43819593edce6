#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The v2 engine prototype (docs/v2/engine-prototype.patch) against the
# stock isa207-common.c, in the same kernel: 6.12 + the patch, booted on
# powernv10, powernv9 and powernv8 with only its KUnit suite; then, with
# PLANTS=1, once per planted model fault (isa207_model_test.plant=1..3),
# each of which must fail.  Not part of make test (the prototype is not the
# series).  Needs make setup's stock tree and QEMU.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
B=$TOP/build
T=$B/v2engine
Q=$B/qemu/obj/qemu-system-ppc64
[ -x "$Q" ] && [ -f "$B/stock/Makefile" ] || { echo "v2-engine-check: run make setup first" >&2; exit 2; }
if [ ! -d "$T/linux" ]; then
	mkdir -p "$T"
	cp -al "$B/stock" "$T/linux.tmp"
	rm -rf "$T/linux.tmp"/obj-*
	(cd "$T/linux.tmp" && patch -s -p1 < "$TOP/docs/v2/engine-prototype.patch") || exit 1
	mv "$T/linux.tmp" "$T/linux"
fi
bash "$TOP/rig/build-kernel.sh" "$T/linux" "$T/obj" > "$T/build.log" 2>&1 || { tail -20 "$T/build.log"; exit 1; }
if grep -iE 'warning|error' "$T/build.log"; then echo "v2-engine-check: build warnings"; exit 1; fi
pass=0 failed=0
run() {	# machine plant
	local log=$T/$1-p$2.log
	timeout 900 "$Q" -L /usr/share/qemu -machine "$1" -m 2G -smp 1 -nographic \
		-kernel "$T/obj/vmlinux" -no-reboot \
		-append "console=hvc0 kunit.filter_glob=isa207_model isa207_model_test.plant=$2 panic=-1" \
		> "$log" 2>&1
	grep -o 'codes .*' "$log" | sed "s/^/  $1 plant $2: /"
	if [ "$2" = 0 ] && grep -q '    ok 1 model_equiv' "$log"; then
		pass=$((pass + 1))
	elif [ "$2" != 0 ] && grep -q 'not ok 1 model_equiv' "$log"; then
		pass=$((pass + 1)); echo "  $1 plant $2: failed, as it must"
	else
		failed=$((failed + 1)); echo "  FAIL $1 plant $2"
	fi
}
for m in powernv10 powernv9 powernv8; do
	run "$m" 0
	if [ "${PLANTS:-0}" = 1 ]; then
		for p in 1 2 3; do run "$m" "$p"; done
	fi
done
echo "$pass passed, $failed failed"
[ "$failed" -eq 0 ]
