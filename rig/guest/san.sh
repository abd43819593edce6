#!/bin/sh
# make test's sanitizer boot, in the guest (busybox sh, run by /init after
# the boot's KUnit suites): the schema/kernel differential's kernel side,
# slab fault injection over the description check path, and a kmemleak
# scan.  The kernel has KASAN, kmemleak and failslab (rig/sanitize.config).
#   RIG: SCHEMA <case> <accepted|rejected> <verdict>   (rig/guest/dtscheck.c)
#   RIG: FAILSLAB <blob> <injections> <refused> <absorbed> <wrong> <baseline>
#   RIG: KMEMLEAK <unreferenced objects>, then their reports
export PATH=/bin:/usr/bin
D=/sys/kernel/debug
echo "RIG: SAN-BEGIN"
/rig/dtscheck /rig/schema/list.tsv /rig/schema
# every allocation of the check path, one at a time, on the POWER10 and
# POWER9 descriptions and on one refused late (rig/schema-corpus.py)
# (fail-nth counts only the allocations failslab may fail: GFP_KERNEL ones
# too with ignore-gfp-wait off)
echo N > $D/failslab/ignore-gfp-wait
echo 0 > $D/failslab/verbose
/rig/dtscheck --fail-nth /rig/schema/00000.dtb /rig/schema/00001.dtb /rig/schema/00002.dtb
# after the error paths the injections took: objects allocated in the
# last seconds are not reported, so scan twice
echo scan > $D/kmemleak
sleep 6
echo scan > $D/kmemleak
echo "RIG: KMEMLEAK $(grep -c 'unreferenced object' $D/kmemleak)"
sed -n '1,80s/^/RIG: KMEMLEAK-REPORT /p' $D/kmemleak
echo "RIG: SAN-END"
