#!/bin/sh
# The firmware boot (make test's "fw" boot), run by /init for "rig.fw=STAGE"
# on the kernel command line.  Like petitboot on a POWER server, each stage
# kexecs the next kernel with the device tree it was given: kexec-tools
# flattens /proc/device-tree for the next kernel.  Here that tree is a copy
# of the live one whose /pmus is the running kernel's boot tree
# (/sys/firmware/fdt: skiboot's tree plus what earlier stages added) with a
# /pmus overlay applied (rig/guest/fdtmerge.c), mounted over
# /sys/firmware/devicetree/base.  So the description reaches the
# next kernel in its boot FDT, where firmware would put it.
#
#   first   skiboot's tree + the POWER10 description  -> auto
#   auto    no powerpc_pmu= (the default): prints its backend line;
#           tree + a deliberately broken description   -> broken
#   broken  powerpc_pmu=dt: prints its rejection and backend lines, runs the
#           PMU selftests of /rig/fw/broken-tests;
#           tree + the POWER10 description again        -> final
#   final   powerpc_pmu=dt with KUnit: /init goes on with the whole run.
# Lines for the host (rig/boot.py): RIG: FW-STAGE <stage>,
# RIG: FW-PMU <stage> <kernel log line>, RIG: FW-RESULT <test> <verdict>.
export PATH=/bin:/usr/bin
stage=$1
fw=/rig/fw
echo "RIG: FW-STAGE $stage"
dmesg | grep -e 'powerpc_pmu=[a-z]*:' -e 'dts-pmu: ' -e 'hardware support registered' |
	grep -v 'Kernel command line' | sed -e 's/^\[[ 0-9.]*\] //' -e "s/^/RIG: FW-PMU $stage /"

next() {
	# next STAGE OVERLAY KERNEL-ARGS...
	nstage=$1 ovl=$2
	shift 2
	rm -rf /tmp/dt
	cp -a /sys/firmware/devicetree/base /tmp/dt || return 1
	rm -rf /tmp/dt/pmus
	/rig/fdtmerge /sys/firmware/fdt "$fw/$ovl" /pmus /tmp/dt/pmus || return 1
	mount -o bind /tmp/dt /sys/firmware/devicetree/base || return 1
	# the next kernel's initramfs: this one, as it is
	(cd / && find . -xdev | cpio -o -H newc 2>/dev/null) > /tmp/initrd.cpio || return 1
	LD_LIBRARY_PATH=$fw/lib $fw/lib/ld64.so.2 $fw/kexec -l $fw/vmlinux \
		--initrd=/tmp/initrd.cpio \
		--append="console=hvc0 panic=-1 rig.fw=$nstage $*" || return 1
	echo "RIG: FW-KEXEC $nstage"
	sync
	LD_LIBRARY_PATH=$fw/lib $fw/lib/ld64.so.2 $fw/kexec -e
	echo "RIG: FW-KEXEC failed"
	return 1
}

case $stage in
first)
	next auto good.dtbo kunit.enable=0
	;;
auto)
	next broken broken.dtbo powerpc_pmu=dt kunit.enable=0
	;;
broken)
	while read -r t; do
		case "$t" in ''|'#'*) continue ;; esac
		out=$(cd "/rig/$(dirname "$t")" && timeout 60 "./$(basename "$t")" 2>&1)
		rc=$?
		v=fail
		echo "$out" | grep -q '^success:' && [ $rc -eq 0 ] && v=pass
		echo "$out" | grep -q '^skip:' && v=skip
		echo "RIG: FW-RESULT $t $v"
	done < $fw/broken-tests
	next final good.dtbo powerpc_pmu=dt 'kunit.filter=speed>very_slow'
	;;
esac
echo "RIG: FW-STAGE $stage failed"
exit 1
