#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The v2 engine prototype (docs/v2/engine-prototype.patch) against the
# stock isa207-common.c, in the same kernel: 6.12 + the patch + the v2
# descriptions of docs/v2 as test data, booted on powernv10, powernv9 and
# powernv8 with only its KUnit suite.  Three cases must pass on each: the
# C model of the CPU, and its description read by isa207_dt_read(), against
# isa207; and model_refuses: 26 models each weakening one rule the
# architecture fixes, every one refused by the compiler.  With
# PLANTS=1, once more per planted model fault (isa207_model_test.plant=
# 1..4: a dropped rule, a wrong SDAR default, PMCxSEL one bit off on PMC2,
# a decode one bit off), which must fail; DTS_SED='sed expression' edits the descriptions
# before the build (a planted description: then a failure is expected and
# reported, the exit status is the test's).  Not part of make test (the
# prototype is not the series).  Needs make setup's stock tree and QEMU.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
B=$TOP/build
T=$B/v2engine
Q=$B/qemu/obj/qemu-system-ppc64
[ -x "$Q" ] && [ -f "$B/stock/Makefile" ] || { echo "v2-engine-check: run make setup first" >&2; exit 2; }
# the tree again whenever the patch changed
sum=$(sha1sum < "$TOP/docs/v2/engine-prototype.patch" | cut -c1-40)
if [ "$(cat "$T/patch.sum" 2>/dev/null)" != "$sum" ]; then
	rm -rf "$T/linux" "$T/obj" "$T"/linux.tmp
fi
if [ ! -d "$T/linux" ]; then
	mkdir -p "$T"
	cp -al "$B/stock" "$T/linux.tmp"
	rm -rf "$T/linux.tmp"/obj-*
	(cd "$T/linux.tmp" && patch -s -p1 < "$TOP/docs/v2/engine-prototype.patch") || exit 1
	mv "$T/linux.tmp" "$T/linux"
	echo "$sum" > "$T/patch.sum"
fi
for g in 8 9 10; do
	d=$T/linux/arch/powerpc/perf/v2test-power$g.dts
	sed -e "${DTS_SED:-}" "$TOP/docs/v2/power$g-pmu.dts" > "$d.new"
	cmp -s "$d.new" "$d" && rm "$d.new" || mv "$d.new" "$d"
done
bash "$TOP/rig/build-kernel.sh" "$T/linux" "$T/obj" > "$T/build.log" 2>&1 || { tail -20 "$T/build.log"; exit 1; }
if grep -iE 'warning|error' "$T/build.log"; then echo "v2-engine-check: build warnings"; exit 1; fi
pass=0 failed=0
run() {	# machine plant
	local log=$T/$1-p$2.log
	timeout 900 "$Q" -L /usr/share/qemu -machine "$1" -m 2G -smp 1 -nographic \
		-kernel "$T/obj/vmlinux" -no-reboot \
		-append "console=hvc0 kunit.filter_glob=isa207_model isa207_model_test.plant=$2 panic=-1" \
		2>&1 | tr -d '\r' > "$log"
	local c cases="model_equiv model_equiv_dt"
	# the compiler refusing each weakened model: planted faults do not touch it
	[ "$2" = 0 ] && cases="$cases model_refuses"
	for c in $cases; do
		grep -o "# $c: codes .*" "$log" | sed "s/^# $c: /  $1 plant $2 $c: /"
		if [ "$2" = 0 ] && grep -qE "^\[[ 0-9.]+\]     ok [0-9] $c\$" "$log"; then
			pass=$((pass + 1))
		elif [ "$2" != 0 ] && grep -qE "not ok [0-9] $c\$" "$log"; then
			pass=$((pass + 1)); echo "  $1 plant $2 $c: failed, as it must"
		else
			failed=$((failed + 1)); echo "  FAIL $1 plant $2 $c"
		fi
	done
}
for m in powernv10 powernv9 powernv8; do
	run "$m" 0
	if [ "${PLANTS:-0}" = 1 ]; then
		for p in 1 2 3 4; do run "$m" "$p"; done
	fi
done
echo "$pass passed, $failed failed"
[ "$failed" -eq 0 ]
