#!/bin/sh
# make bench, in the guest (busybox sh, run by /init): the context_switch
# benchmark of tools/testing/selftests/powerpc/benchmarks (two threads
# yielding to each other on one CPU; it prints the switches of each
# second) with a counting event open on one of the two threads only, so
# that every switch takes the event off the core PMU or puts it back on
# (with the event on both, perf swaps their equivalent contexts without
# touching the PMU).  Three runs; seconds 3 to 7 of each are counted.
#   RIG: BENCH-CS <run> <switches in one second>
export PATH=/bin:/usr/bin
cd /tmp || exit 1
for run in 1 2 3; do
	/rig/context_switch --timeout=10 > /tmp/cs.out 2>&1 &
	pid=$!
	sleep 1
	tid=$(ls /proc/$pid/task | grep -v "^$pid\$" | head -n 1)
	perf stat -e cycles -t "$tid" -o /tmp/cs.stat -- sleep 7
	wait $pid
	grep -E '^[0-9]+$' /tmp/cs.out | sed -n '3,7p' | sed -e "s/^/RIG: BENCH-CS $run /"
	grep -E 'cycles' /tmp/cs.stat | sed -e "s/^/RIG: BENCH-CS-STAT $run /"
done
echo "RIG: BENCH-DONE"
