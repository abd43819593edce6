#!/bin/bash
# evidence.sh N: boot the stock kernel N times on powernv10 and on powernv9
# with make test's initramfs (one guest at a time), then tally the outcomes
# (rig/evidence.py) into build/evidence/: the evidence behind
# rig/emulator-flaky.txt.  Needs a make test run first (kernels, initrd).
# Run it on a quiet host: a boot beside a build sees other timing.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build
E=$B/evidence
n=${1:-3}
mkdir -p "$E"
for i in $(seq 1 "$n"); do
	for m in stock stock9; do
		k=$(find "$E" -maxdepth 1 -name 'run-*' | wc -l)
		out=$E/run-$((k + 1))
		machine=powernv10
		[ "$m" = stock9 ] && machine=powernv9
		python3 "$top/rig/boot.py" --tests "$B/initrd/initramfs/rig/tests.list" \
			--machine "$machine" "$m" "$B/obj/stock/vmlinux" "$B/initrd/initrd.gz" \
			"$out/$m" || true
	done
done
python3 "$top/rig/evidence.py" "$E"/run-* > "$E/tally.txt"
python3 "$top/rig/evidence.py" --flaky "$B/patched/tools/testing/selftests/powerpc" \
	"$E"/run-* > "$E/flaky.txt"
echo "evidence: $E/tally.txt (every row), $E/flaky.txt (rig/emulator-flaky.txt's lines)"
