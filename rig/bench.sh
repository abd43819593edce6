#!/bin/bash
# make bench: a benchmark, it reports and never passes or fails on timing.
#   - the patched kernel as make test builds it (patches/ and the rig's
#     overlay, rig/v2-overlay.sh) boots with QEMU's own firmware (the
#     hand-coded backend registered) on powernv10, powernv9 and powernv8
#     and runs the KUnit suite rigbench_isa207 (rig/v2/isa207-equiv-test.c):
#     the schedule path of groups of 1, 4 and 6 events (each event's
#     constraint, the group test, compute_mmcr) for the base tree's
#     isa207-common.c ("stock": the hand-coded code before the series),
#     the series' engine with the C model ("c": the hand-coded backend
#     with the series) and with the model read from the firmware series'
#     description ("dt"), all in the same boot; the decode made once when
#     an event is created (c and dt); the read of the description;
#   - init_ppc64_pmu()'s time at boot (initcall_debug, the kernel's own
#     accounting: the driver has no timing code) on powernv10: the stock
#     kernel, the patched kernel with its hand-coded backend, the patched
#     kernel on the rig's skiboot with the description it prefers
#     (rig/patched.config: CONFIG_PPC_PMU_DT_PREFER).
# Every figure in host time and in guest instructions (PMC5, which QEMU
# counts whatever the host's load and speed).  Writes build/bench/bench.txt
# (key: value; make test never touches build/bench) and prints a table.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build
R=$B/bench/boots
mkdir -p "$B"
bash "$top/rig/setup.sh" > "$B/setup.log" 2>&1 || { cat "$B/setup.log"; exit 1; }
rm -rf "$R"
mkdir -p "$R"

run() {
	local name=$1
	shift
	"$@" > "$R/$name.log" 2>&1 || { tail -30 "$R/$name.log"; echo "bench: $name failed"; exit 1; }
}
run qemu bash "$top/rig/qemu.sh"
run kernel-stock bash "$top/rig/build-kernel.sh" "$B/stock" "$B/obj/stock"
run patched-tree bash "$top/rig/patched-tree.sh"
run overlay bash -c "bash '$top/rig/v2-desc.sh' '$B/desc' && bash '$top/rig/v2-overlay.sh' '$B/patched' '$B/desc'"
SEED=$B/obj/stock run kernel-patched bash "$top/rig/build-kernel.sh" "$B/patched" \
	"$B/obj/patched" "$top/rig/patched.config"
run skiboot bash "$top/rig/skiboot.sh"
run selftests bash "$top/rig/selftests.sh" "$B/patched" "$B/selftests"
RIG_PERF=0 run initrd bash "$top/rig/mkinitrd.sh" "$B/selftests" "$B/bench/initrd.gz" \
	--only 'no-selftests'

# boot NAME MACHINE VMLINUX BIOS|- ARGS...
boot() {
	local name=$1 machine=$2 vmlinux=$3 bios=$4
	shift 4
	[ "$bios" = - ] && bios=
	python3 "$top/rig/boot.py" --idle 400 --machine "$machine" ${bios:+--bios "$bios"} \
		"$name" "$vmlinux" "$B/bench/initrd.gz" "$R/$name" "$@" > "$R/boot-$name.log" 2>&1 ||
		{ tail -20 "$R/boot-$name.log"; echo "bench: boot $name failed"; exit 1; }
}
# one guest at a time: a second one would take the other core
for m in 10 9 8; do
	boot "bench$m" "powernv$m" "$B/obj/patched/vmlinux" - kunit.filter_glob=rigbench_isa207
done
boot init-stock powernv10 "$B/obj/stock/vmlinux" - initcall_debug loglevel=8
boot init-c powernv10 "$B/obj/patched/vmlinux" - initcall_debug loglevel=8 kunit.enable=0
boot init-dt powernv10 "$B/obj/patched/vmlinux" "$B/skiboot/good/skiboot.lid" \
	initcall_debug loglevel=8 kunit.enable=0
python3 "$top/rig/bench.py" "$R" "$B/bench/bench.txt" "$B/obj"
