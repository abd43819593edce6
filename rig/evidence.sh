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
