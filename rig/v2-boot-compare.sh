#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The v2 prototype kernel (rig/v2-engine-check.sh builds it: the hand-coded
# POWER8/9/10 backends on the model-driven engine) and the stock kernel,
# each booted with the rig's full initramfs (make test builds both) on
# MACHINES (default powernv10 powernv9 powernv8), one guest at a time;
# prints the tests whose verdicts differ.  The three EBB race tests
# (cpu_event_vs_ebb, ebb_vs_cpu_event, task_event_vs_ebb) differ from boot
# to boot on stock itself (rig/emulator-evidence.tsv): they are listed,
# not counted.  Exit 1 if any other test differs.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
B=$TOP/build
V=$B/v2engine/obj/vmlinux S=$B/obj/stock/vmlinux I=$B/initrd/initrd.gz
for f in "$V" "$S" "$I"; do
	[ -f "$f" ] || { echo "v2-boot-compare: no $f (run make test and rig/v2-engine-check.sh)" >&2; exit 2; }
done
race='cpu_event_vs_ebb_test|ebb_vs_cpu_event_test|task_event_vs_ebb_test'
rc=0
for m in ${MACHINES:-powernv10 powernv9 powernv8}; do
	for k in v2:$V stock:$S; do
		python3 "$TOP/rig/boot.py" "${k%%:*}-$m" "${k#*:}" "$I" "$B/v2boot/${k%%:*}-$m" \
			--machine "$m" | tail -1
	done
	diff=$(join -t$'\t' <(cut -f1,2 "$B/v2boot/v2-$m/verdicts.tsv" | sort) \
			    <(cut -f1,2 "$B/v2boot/stock-$m/verdicts.tsv" | sort) | awk -F'\t' '$2 != $3')
	n=$(cut -f1 "$B/v2boot/v2-$m/verdicts.tsv" | wc -l)
	other=$(printf '%s\n' "$diff" | grep -vE "$race" | grep -c . || true)
	echo "$m: $n tests, $(printf '%s\n' "$diff" | grep -c . || true) differ ($other outside the race tests)"
	[ -n "$diff" ] && printf '%s\n' "$diff" | sed 's/^/    /'
	[ "$other" -eq 0 ] || rc=1
done
exit $rc
