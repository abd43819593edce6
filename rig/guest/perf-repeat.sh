#!/bin/sh
# Evidence boots only (rig/evidence.sh --perf-test N REPS): run perf's
# built-in test N, REPS times (/rig/perf-repeat.args: "N REPS"), printing
# each verdict in perf-checks.sh's format, so that rig/boot.py writes one
# perf_test.tsv row per run and rig/evidence.py counts what the stock
# kernel gave.  For a perf test whose outcome the emulator's timing
# decides rarely: one run per boot would need hundreds of boots.
export PATH=/bin:/usr/bin
read -r n reps < /rig/perf-repeat.args
i=0
while [ "$i" -lt "$reps" ]; do
	i=$((i + 1))
	timeout 60 perf test "$n" 2>&1 |
		sed -n -e 's/^ *\([0-9][0-9.]*\): \(.*[^ ]\) *: \(Ok\|FAILED!\|Skip.*\)$/RIG: PERF-TEST \1|\3|\2/p'
done
echo "RIG: PERF-TEST-DONE"
