#!/bin/bash
# evidence.sh N: boot the stock kernel N times on powernv10 and on powernv9
# with make test's initramfs on the rig's QEMU, the two machines side by
# side (as make test's two lanes), then tally the outcomes
# (rig/evidence.py) of these boots and of make test's own stock boots
# (build/results) into build/evidence/: rig/emulator-evidence.tsv and
# rig/emulator-flaky.txt's lines.  Needs a make test run first (kernels,
# initrd).  Run it on a quiet host: nothing else beside the two guests.
#
# evidence.sh --perf-test N REPS: one boot of each stock kernel whose perf
# part is perf test N, REPS times (rig/guest/perf-repeat.sh), no selftests:
# for a perf test the emulator's timing decides too rarely for whole boots
# to show it.  Its boots go by the label pN-K in the evidence.
#
# evidence.sh --rates REPS LOAD RATE...: the tests of rig/emulator-retry.txt
# (the sampling tests whose outcome the host's timer latency decides),
# each REPS times with one attempt, in one boot of the stock kernel per
# RATE (the PMU's cycles a nanosecond, rig/boot.py --pmu-rate) on
# powernv10 and then on powernv9; a machine's boots side by side, with
# LOAD busy loops beside them (the loaded host where these tests fail).
# Tallies each boot's runs and outcomes other than pass by test into
# build/evidence/rates-K/tally.txt.  Whether a rate changes their odds.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build
E=$B/evidence
mkdir -p "$E"
if [ "${1:-}" = --perf-test ]; then
	t=$2 reps=$3
	k=$(find "$E" -maxdepth 1 -name "perf$t-*" -type d | wc -l)
	out=$E/perf$t-$((k + 1))
	RIG_PERF_REPEAT="$t $reps" bash "$top/rig/mkinitrd.sh" "$B/selftests" "$out/initrd/initrd.gz" \
		--only 'no-selftests'
	for m in stock stock9; do
		machine=powernv10
		[ "$m" = stock9 ] && machine=powernv9
		python3 "$top/rig/boot.py" --tests "$out/initrd/initramfs/rig/tests.list" \
			--machine "$machine" "$m" "$B/obj/stock/vmlinux" "$out/initrd/initrd.gz" \
			"$out/$m" > /dev/null || true &
	done
	wait
	echo "evidence: $out (perf test $t, $reps times per machine); rerun evidence.sh 0 to tally"
	exit 0
fi
if [ "${1:-}" = --rates ]; then
	reps=$2 load=$3
	shift 3
	k=$(find "$E" -maxdepth 1 -name "rates-*" -type d | wc -l)
	out=$E/rates-$((k + 1))
	bash "$top/rig/mkinitrd.sh" "$B/selftests" "$out/initrd/initrd.gz" \
		--only 'pmu/sampling_tests/*' > /dev/null
	st=$out/initrd/initramfs
	grep -v '^#' "$top/rig/emulator-retry.txt" | cut -f1 | grep . > "$out/tests.txt"
	awk 'NR == FNR { want[$1] = 1; next } $2 in want' "$out/tests.txt" \
		"$st/rig/tests.list" | awk '{ print $1, $2 }' > "$out/one.list"
	[ "$(wc -l < "$out/one.list")" = "$(wc -l < "$out/tests.txt")" ] ||
		{ echo "evidence: a test of rig/emulator-retry.txt is not in the initramfs" >&2; exit 1; }
	for i in $(seq 1 "$reps"); do cat "$out/one.list"; done > "$st/rig/tests.list"
	(cd "$st" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) | gzip -1 > "$out/initrd/initrd.gz"
	pids=""
	for i in $(seq 1 "$load"); do
		( while :; do :; done ) &
		pids="$pids $!"
	done
	for machine in powernv10 powernv9; do
		boots=""
		for r in "$@"; do
			python3 "$top/rig/boot.py" --pmu-rate "$r" --tests "$st/rig/tests.list" \
				--machine "$machine" "stock-$r" "$B/obj/stock/vmlinux" \
				"$out/initrd/initrd.gz" "$out/$machine-$r" > /dev/null || true &
			boots="$boots $!"
		done
		# shellcheck disable=SC2086
		wait $boots
	done
	# shellcheck disable=SC2086
	kill $pids 2>/dev/null || true
	for machine in powernv10 powernv9; do
		for r in "$@"; do
			grep 'RIG: RESULT' "$out/$machine-$r/console.log" |
				awk -v h="$machine rate $r:" '
				{ t = $3; sub(".*/", "", t); n[t]++; if ($4 != "pass") k[t, $4]++ }
				END {
					printf "%s", h
					for (t in n) {
						printf " %s %d runs", t, n[t]
						for (v in k) { split(v, x, SUBSEP); if (x[1] == t) printf " %s %d", x[2], k[v] }
						printf ";"
					}
					print ""
				}'
		done
	done | tee "$out/tally.txt"
	exit 0
fi
n=${1:-3}
boot() {
	local m=$1 out=$2 machine=powernv10
	[ "$m" = stock9 ] && machine=powernv9
	python3 "$top/rig/boot.py" --tests "$B/initrd/initramfs/rig/tests.list" \
		--machine "$machine" "$m" "$B/obj/stock/vmlinux" "$B/initrd/initrd.gz" \
		"$out/$m" > /dev/null || true
}
for i in $(seq 1 "$n"); do
	k=$(find "$E" -maxdepth 1 -name 'run-*' | wc -l)
	out=$E/run-$((k + 1))
	boot stock "$out" &
	boot stock9 "$out"
	wait
done
set -- "mt=$B/results"
for d in "$E"/run-*; do
	set -- "$@" "ev${d##*/run-}=$d"
done
for d in "$E"/perf*-*; do
	[ -d "$d" ] && set -- "$@" "p${d##*/perf}=$d"
done
python3 "$top/rig/evidence.py" "$@" > "$E/tally.txt"
python3 "$top/rig/evidence.py" --tsv "$@" > "$E/evidence.tsv"
python3 "$top/rig/evidence.py" --flaky "$@" > "$E/flaky.txt"
echo "evidence: $E/tally.txt, $E/evidence.tsv (rig/emulator-evidence.tsv), $E/flaky.txt (rig/emulator-flaky.txt's lines)"
