#!/bin/sh
# make bench, in the guest (busybox sh, run by /init): the context_switch
# benchmark of tools/testing/selftests/powerpc/benchmarks (two threads
# yielding to each other on one CPU) with a counting event open on it, so
# that every switch schedules the event on the core PMU.  Three runs of
# six seconds; the benchmark prints switches per second each second.
#   RIG: BENCH-CS <run> <iterations in one second>
export PATH=/bin:/usr/bin
cd /tmp || exit 1
for run in 1 2 3; do
	perf stat -e cycles -o /tmp/cs.stat -- /rig/context_switch --timeout=6 \
		> /tmp/cs.out 2>&1
	# the first sample is the warm-up
	grep -E '^[0-9]+$' /tmp/cs.out | sed 1d | sed -e "s/^/RIG: BENCH-CS $run /"
	grep -E 'cycles' /tmp/cs.stat | sed -e "s/^/RIG: BENCH-CS-STAT $run /"
done
echo "RIG: BENCH-DONE"
