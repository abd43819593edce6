#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The v2 series' described backend against the stock kernel, booted with
# the rig's full initramfs (make test builds stock and the initramfs) on
# MACHINES (default powernv10 powernv9 powernv8), one guest at a time.
# V: the v2 kernel (default build/obj/patched/vmlinux, make test's: patches with
# CONFIG_PPC_PMU_DT_PREFER=y) boots on the rig's skiboot with the v2
# firmware series (firmware/skiboot/, built by rig/skiboot.sh into
# build/skiboot, as make test), which puts the machine's description under /pmus, so
# the backend comes from the description; DTB=1 instead boots QEMU's own
# skiboot with the description added to the device tree (rig/v2-dtb.sh).
# Before them, the broken firmware (POWER10's description with a code
# using bits 60-63) on powernv10: the node must be refused and the
# hand-coded backend used.  Compared: the selftest verdicts,
# perf list, perf stat, perf test and perf's answers to bad input, and
# sysfs (events/, format/, caps/).  The selftests by make test's rules
# (rig/compare.py): a test of rig/stock-fixed.txt (a stock bug the series
# fixes) must pass on the v2 kernel, whatever stock does; one of
# rig/stock-must-fail.txt must fail on stock on its machine and pass on
# the v2 kernel; every other test gives stock's verdict.  Exit 1 if
# anything else differs or the backend was not the description's.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
B=$TOP/build
V=${V:-$B/obj/patched/vmlinux} S=$B/obj/stock/vmlinux I=$B/initrd/initrd.gz
O=$B/v2boot
for f in "$V" "$S" "$I"; do
	[ -f "$f" ] || { echo "v2-boot-compare: no $f" >&2; exit 2; }
done
bash "$TOP/rig/v2-desc.sh" "$O/desc" || exit 1
bash "$TOP/rig/skiboot.sh" || exit 1
rc=0
# the broken description: refused, the hand-coded backend used (no
# initramfs: the kernel stops at the root it cannot mount)
timeout 300 "$B/qemu/obj/qemu-system-ppc64" -L /usr/share/qemu -machine powernv10 -m 2G -smp 1 \
	-nographic -no-reboot -bios "$B/skiboot/broken/skiboot.lid" -kernel "$V" \
	-append "console=hvc0 panic=-1 kunit.enable=0" 2>&1 | tr -d '\r' > "$O/broken.log"
echo "powernv10 broken: $(grep -ao 'isa207-dt: .*\|.*performance monitor hardware support registered' "$O/broken.log" | sed 's/^\[[ 0-9.]*\] //' | tr '\n' ';')"
grep -aq 'isa207-dt: /pmus/pmu@0: not used' "$O/broken.log" &&
	grep -aq 'POWER10 performance monitor hardware support registered' "$O/broken.log" ||
	{ echo "  FAIL: the broken description was not refused for the hand-coded backend"; rc=1; }
for m in ${MACHINES:-powernv10 powernv9 powernv8}; do
	g=${m#powernv}
	if [ -n "${DTB:-}" ]; then
		bash "$TOP/rig/v2-dtb.sh" "$m" "$O/desc/power$g-pmu.dts" "$V" "$I" "$O/$m.dtb" || exit 1
		fw=(--dtb "$O/$m.dtb")
	else
		fw=(--bios "$B/skiboot/good/skiboot.lid")
	fi
	python3 "$TOP/rig/boot.py" "v2-$m" "$V" "$I" "$O/v2-$m" --machine "$m" "${fw[@]}" | tail -1
	[ -f "$O/stock-$m/verdicts.tsv" ] && [ -z "${RESTOCK:-}" ] ||
		python3 "$TOP/rig/boot.py" "stock-$m" "$S" "$I" "$O/stock-$m" --machine "$m" | tail -1
	line=$(grep -ao 'isa207-dt: .*\|PMU-DESC: .*' "$O/v2-$m/console.log" | head -3 | tr '\n' ' ')
	echo "$m: $line"
	case $line in *"PMU from /pmus/pmu@0"*) ;; *) echo "  FAIL: not the description's backend"; rc=1 ;; esac
	# the selftests, by rig/compare.py's rules
	python3 - "$m" "$O/v2-$m/verdicts.tsv" "$O/stock-$m/verdicts.tsv" \
		"$TOP/rig/stock-fixed.txt" "$TOP/rig/stock-must-fail.txt" <<'PY' || rc=1
import sys
m, v2f, stf, fixedf, mustf = sys.argv[1:]
def verdicts(f):
    return dict(l.rstrip('\n').split('\t')[:2] for l in open(f) if '\t' in l)
def rows(f):
    return [l.rstrip('\n').split('\t') for l in open(f) if l.strip() and not l.startswith('#')]
v2, st = verdicts(v2f), verdicts(stf)
fixed = {r[0] for r in rows(fixedf)}
must = {r[0] for r in rows(mustf) if r[1] == m}
bad = []
for t in sorted(set(v2) | set(st)):
    a, b = v2.get(t, 'missing'), st.get(t, 'missing')
    if t in fixed or t in must:
        if a != 'pass' or (t in must and b != 'fail'):
            bad.append(f'{t}\tv2 {a}\tstock {b}\t(' + ('stock-must-fail' if t in must else 'stock-fixed') + ')')
    elif a != b:
        bad.append(f'{t}\tv2 {a}\tstock {b}')
print(f'  selftests: {len(v2)}, {len(bad)} differ by the rules'
      f' ({len(fixed & set(v2))} stock-fixed, {len(must & set(v2))} stock-must-fail here)')
for b in bad:
    print('    ' + b)
sys.exit(1 if bad or not v2 else 0)
PY
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
