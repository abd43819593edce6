#!/bin/sh
# The short firmware boot (make test's fw-broken), run by /init
# for "rig.fw=STAGE" on the kernel command line.  Both boot skiboot with
# firmware/skiboot/ (rig/skiboot.sh), which puts a core PMU description
# under /pmus in the device tree it hands the kernel.
#
#   auto    skiboot's POWER10 description: prints the kernel's backend
#           lines (make test's auto boot runs the full tests instead).
#   broken  skiboot built with a deliberately broken POWER10 description
#           (rig/skiboot.sh), the described backend preferred (the fw
#           boots' kernel): prints the rejection and backend lines and runs
#           the PMU selftests of /rig/fw/broken-tests on the backend the
#           kernel fell back to.
# Lines for the host (rig/boot.py): RIG: FW-STAGE <stage>,
# RIG: FW-PMU <stage> <kernel log line>, RIG: FW-RESULT <test> <verdict>.
export PATH=/bin:/usr/bin
stage=$1
echo "RIG: FW-STAGE $stage"
dmesg | grep -e 'isa207-dt: ' -e 'hardware support registered' |
	grep -v 'Kernel command line' | sed -e 's/^\[[ 0-9.]*\] //' -e "s/^/RIG: FW-PMU $stage /"

case $stage in
broken)
	while read -r t; do
		case "$t" in ''|'#'*) continue ;; esac
		out=$(cd "/rig/$(dirname "$t")" && timeout 60 "./$(basename "$t")" 2>&1)
		rc=$?
		v=fail
		echo "$out" | grep -q '^success:' && [ $rc -eq 0 ] && v=pass
		echo "$out" | grep -q '^skip:' && v=skip
		echo "RIG: FW-RESULT $t $v"
	done < /rig/fw/broken-tests
	;;
esac
