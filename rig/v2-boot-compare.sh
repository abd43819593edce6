#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The v2 series' described backend against the stock kernel, booted with
# the rig's full initramfs (make test builds stock and the initramfs) on
# MACHINES (default powernv10 powernv9 powernv8), one guest at a time.
# V: the v2 kernel (default build/v2prefer/vmlinux: patches-v2 with
# CONFIG_PPC_PMU_DT_PREFER=y); its boot gets the machine's device tree
# with docs/v2/power<N>-pmu.dts's /pmus added (rig/v2-dtb.sh), so the
# backend comes from the description.  Compared: the selftest verdicts,
# perf list, perf stat, perf test and perf's answers to bad input, and
# sysfs (events/, format/, caps/).  The three EBB race tests
# (cpu_event_vs_ebb, ebb_vs_cpu_event, task_event_vs_ebb) differ from boot
# to boot on stock itself (rig/emulator-evidence.tsv): listed, not
# counted.  Exit 1 if anything else differs or the backend was not the
# description's.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
B=$TOP/build
V=${V:-$B/v2prefer/vmlinux} S=$B/obj/stock/vmlinux I=$B/initrd/initrd.gz
O=$B/v2boot
for f in "$V" "$S" "$I"; do
	[ -f "$f" ] || { echo "v2-boot-compare: no $f" >&2; exit 2; }
done
race='cpu_event_vs_ebb_test|ebb_vs_cpu_event_test|task_event_vs_ebb_test'
rc=0
for m in ${MACHINES:-powernv10 powernv9 powernv8}; do
	g=${m#powernv}
	bash "$TOP/rig/v2-dtb.sh" "$m" "$TOP/docs/v2/power$g-pmu.dts" "$V" "$I" "$O/$m.dtb" || exit 1
	python3 "$TOP/rig/boot.py" "v2-$m" "$V" "$I" "$O/v2-$m" --machine "$m" --dtb "$O/$m.dtb" | tail -1
	[ -f "$O/stock-$m/verdicts.tsv" ] && [ -z "${RESTOCK:-}" ] ||
		python3 "$TOP/rig/boot.py" "stock-$m" "$S" "$I" "$O/stock-$m" --machine "$m" | tail -1
	line=$(grep -ao 'isa207-dt: .*' "$O/v2-$m/console.log" | head -3)
	echo "$m: $line"
	case $line in *"PMU from /pmus/pmu@0"*) ;; *) echo "  FAIL: not the description's backend"; rc=1 ;; esac
	diff=$(join -t$'\t' <(cut -f1,2 "$O/v2-$m/verdicts.tsv" | sort) \
			    <(cut -f1,2 "$O/stock-$m/verdicts.tsv" | sort) | awk -F'\t' '$2 != $3')
	n=$(cut -f1 "$O/v2-$m/verdicts.tsv" | wc -l)
	other=$(printf '%s\n' "$diff" | grep -vE "$race" | grep -c . || true)
	echo "  selftests: $n, $(printf '%s\n' "$diff" | grep -c . || true) differ ($other outside the race tests)"
	[ -n "$diff" ] && printf '%s\n' "$diff" | sed 's/^/    /'
	[ "$other" -eq 0 ] || rc=1
	# perf stat: which events counted (their counts differ from boot to boot)
	for k in v2 stock; do
		[ -f "$O/$k-$m/perf_stat.tsv" ] &&
			awk -F'\t' '{print $1 "\t" ($2 ~ /^[0-9]+$/ && $2 > 0 ? "counted" : $2)}' \
				"$O/$k-$m/perf_stat.tsv" > "$O/$k-$m/perf_stat_counted.tsv"
	done
	for f in sysfs.txt perf_list.txt perf_stat_counted.tsv perf_test.tsv perf_bad.tsv; do
		if [ ! -f "$O/v2-$m/$f" ] || [ ! -f "$O/stock-$m/$f" ]; then
			echo "  $f: missing"; rc=1
		elif cmp -s "$O/v2-$m/$f" "$O/stock-$m/$f"; then
			echo "  $f: identical ($(wc -l < "$O/v2-$m/$f") lines)"
		else
			echo "  $f: differs"; diff "$O/stock-$m/$f" "$O/v2-$m/$f" | head -20 | sed 's/^/    /'
			rc=1
		fi
	done
done
exit $rc
