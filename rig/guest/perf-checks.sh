#!/bin/sh
# perf as a client of the core PMU, run by /init after the selftests on
# every boot (busybox sh).  Prints the lines the host compares between
# boots (rig/boot.py, rig/compare.py):
#   RIG: PERF-LIST <line of "perf list pmu">
#   RIG: PERF-STAT-EVENTS <the events perf stat counts>
#   RIG: PERF-STAT <perf stat -x';' line: value;unit;event;...>
#   RIG: PERF-TEST <number> <verdict> <name>
#   RIG: PERF-BAD <case> rc=<exit status> <perf's first error line>
export PATH=/bin:/usr/bin
cd /tmp || exit 1

perf list --no-desc pmu 2>&1 | sed -e 's/^/RIG: PERF-LIST /'

# Generic, JSON-named, sysfs-named, format-term and raw events over a fixed
# workload (a shell loop): every one must count on every boot.  One perf
# stat per event: together they would multiplex, and on POWER9 the scheduler
# may then move one of the two PMC6 cycle events to its alternative code
# 0x200f4 on PMC2, which QEMU 7.2 does not count (seen: 0 on a stock boot).
EVENTS="cycles instructions PM_RUN_INST_CMPL cpu/PM_CYC/ cpu/pmcxsel=0x1e,pmc=1/"
EVENTS="$EVENTS cpu/pmcxsel=0xfa,pmc=4/ cpu/event=0x600f4/ r600f4"
echo "RIG: PERF-STAT-EVENTS $EVENTS"
rc=0
: > /tmp/stat.csv
for e in $EVENTS; do
	perf stat -x ';' -o /tmp/one.csv -e "$e" \
		-- /bin/busybox sh -c 'i=0; while [ $i -lt 20000 ]; do i=$((i + 1)); done' ||
		rc=$?
	cat /tmp/one.csv >> /tmp/stat.csv
done
echo "RIG: PERF-STAT-RC $rc"
grep -v -e '^#' -e '^$' /tmp/stat.csv | sed -e 's/^/RIG: PERF-STAT /'

# Bad input through perf: rig/guest/perf-bad.txt, "<case>|<event>"
while IFS='|' read -r name ev; do
	case "$name" in ''|'#'*) continue ;; esac
	perf stat -e "$ev" -- true > /tmp/bad.out 2>&1
	rc=$?
	# perf's diagnosis, without the timings of a perf stat that ran
	msg=$(grep -i -e 'error' -e 'invalid' -e 'unknown' -e 'not supported' \
		-e 'not valid' -e 'syscall' -e '\\___' /tmp/bad.out | tr -s ' \n' ' ')
	echo "RIG: PERF-BAD $name rc=$rc ${msg:-<no message>}"
done < /rig/perf-bad.txt

# perf test: its built-in suites, one at a time, with a verdict each
timeout 900 perf test 2>&1 | tee /tmp/test.out |
	sed -n -e 's/^ *\([0-9][0-9.]*\): \(.*[^ ]\) *: \(Ok\|FAILED!\|Skip.*\)$/RIG: PERF-TEST \1|\3|\2/p'
echo "RIG: PERF-TEST-DONE"
