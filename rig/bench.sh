#!/bin/bash
# make bench: the DT backend against the hand-coded one.  A benchmark: it
# reports, it never passes or fails on timing.
#   - one boot of the patched kernel (powerpc_pmu=dt) running the KUnit
#     suite dts_pmu_bench: schedule path, get_constraint and compute_mmcr,
#     DT vs hand-coded on the same CPU, parse cost, table and blob sizes;
#     init_ppc64_pmu()'s time (initcall_debug); then context_switch with
#     a counting event open;
#   - one boot of the stock kernel running the same context_switch;
#   - one boot of the patched kernel on QEMU powernv9 running dts_pmu_bench
#     (schedule path DT vs the hand-coded POWER9 model; no context_switch);
#   - the same two dts_pmu_bench boots of the kernel built as the rig
#     builds it (-Os, no page alignment): keys prefixed "rig ".
# Every measure in host time and in guest instructions (PMC5, counted by
# the emulator: independent of the host's load and speed).
# The benchmark suite is not part of the series: rig/bench.patch is applied
# on top of it in build/benchtree and that kernel (build/obj/bench) boots.
# Writes build/bench/bench.txt (key: value; make test never touches
# build/bench) and prints a table.
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
GIT="git -c user.name=rig -c user.email=rig@localhost -c advice.detachedHead=false"
bench_tree() (
	[ -d "$B/benchtree" ] || $GIT -C "$B/linux" worktree add -q --detach "$B/benchtree" base
	cd "$B/benchtree" || return 1
	$GIT am --abort >/dev/null 2>&1
	$GIT checkout -q --detach "$(git -C "$B/patched" rev-parse HEAD)" &&
		$GIT reset -q --hard && $GIT am -q "$top/rig/bench.patch"
)
run bench-tree bench_tree
# Two builds of the bench tree: the measured functions of both models on
# their own 4 KiB page, -O2 (RIG_BENCH_ALIGN, see rig/bench.patch), and
# the kernel as the rig builds it (-Os, wherever the link puts them).
RIG_BENCH_ALIGN=1 run kernel-bench bash "$top/rig/build-kernel.sh" "$B/benchtree" "$B/obj/bench" \
	"$top/rig/patched.config"
run kernel-bench-rig bash "$top/rig/build-kernel.sh" "$B/benchtree" "$B/obj/bench-rig" \
	"$top/rig/patched.config"
run perf bash "$top/rig/perf.sh" "$B/stock" "$B/perf"
mkdir -p "$B/bench-st"
run context_switch make -s -C "$B/stock/tools/testing/selftests/powerpc/benchmarks" \
	ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- USERLDFLAGS=-static \
	OUTPUT="$B/bench-st" "$B/bench-st/context_switch"
mkdir -p "$B/bench-st/none"
RIG_PERF=0 RIG_BENCH="$B/bench-st/context_switch" \
	run initrd bash "$top/rig/mkinitrd.sh" "$B/bench-st/none" "$B/bench-st/initrd.gz"

# initcall_debug: init_ppc64_pmu()'s time at boot, measured by the kernel's
# own initcall accounting on both boots (the driver has no timing code)
python3 "$top/rig/boot.py" dt "$B/obj/bench/vmlinux" "$B/bench-st/initrd.gz" "$R/dt" \
	powerpc_pmu=dt kunit.filter_glob=dts_pmu_bench initcall_debug loglevel=8 || exit 1
python3 "$top/rig/boot.py" stock "$B/obj/stock/vmlinux" "$B/bench-st/initrd.gz" "$R/stock" \
	initcall_debug loglevel=8 || exit 1
RIG_PERF=0 run initrd9 bash "$top/rig/mkinitrd.sh" "$B/bench-st/none" "$B/bench-st/initrd9.gz"
python3 "$top/rig/boot.py" --machine powernv9 dt9 "$B/obj/bench/vmlinux" \
	"$B/bench-st/initrd9.gz" "$R/dt9" powerpc_pmu=dt kunit.filter_glob=dts_pmu_bench || exit 1
# the same benchmark on the kernel built as the rig builds it
python3 "$top/rig/boot.py" dtr "$B/obj/bench-rig/vmlinux" "$B/bench-st/initrd9.gz" "$R/dtr" \
	powerpc_pmu=dt kunit.filter_glob=dts_pmu_bench || exit 1
python3 "$top/rig/boot.py" --machine powernv9 dt9r "$B/obj/bench-rig/vmlinux" \
	"$B/bench-st/initrd9.gz" "$R/dt9r" powerpc_pmu=dt kunit.filter_glob=dts_pmu_bench || exit 1
python3 "$top/rig/bench.py" "$R" "$B/bench/bench.txt"
