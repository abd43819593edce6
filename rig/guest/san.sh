#!/bin/sh
# make test's sanitizer boot, in the guest (busybox sh, run by /init after
# the boot's KUnit suites, which read the descriptions and the fuzzer's
# mutants of them): a kmemleak scan.  The kernel has KASAN and kmemleak
# (rig/sanitize.config).
#   RIG: KMEMLEAK <unreferenced objects>, then their reports
export PATH=/bin:/usr/bin
D=/sys/kernel/debug
echo "RIG: SAN-BEGIN"
# objects allocated in the last seconds are not reported: scan twice
echo scan > $D/kmemleak
sleep 6
echo scan > $D/kmemleak
echo "RIG: KMEMLEAK $(grep -c 'unreferenced object' $D/kmemleak)"
sed -n '1,80s/^/RIG: KMEMLEAK-REPORT /p' $D/kmemleak
echo "RIG: SAN-END"
