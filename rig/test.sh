#!/bin/bash
# test.sh full|quick|run [BOOT]
#   full   rig/setup.sh, then rig/qemu.sh; build
#          the stock and patched kernels (the patched build seeded with
#          the stock build's objects), the selftests, perf, skiboot with
#          firmware/skiboot/ and the sanitizer kernel; Linux 7.2.6's
#          source is fetched beside the first builds (rig/upstream.sh).
#          Beside the builds, one at a time, the boots that run
#          no timed test: the fuzzer's (fuzz-a, fuzz-b, fuzz-a9, fuzz-b9),
#          dt and dt9 (powerpc_pmu=dt, the built-in descriptions: KUnit,
#          sysfs, the description dump, equal to fw's and fw9's) and lost
#          (stock, rig/long-tests.txt).  Then two at a time, one guest per
#          core, from one queue, longest first: fw9, fw, stock9, stock,
#          legacy, san, fw-broken, fw-auto, up.  stock, legacy
#          (powerpc_pmu=legacy) and fw (powerpc_pmu=dt with skiboot's
#          description in the boot device tree) on powernv10, stock9 and
#          fw9 on powernv9: each machine's boots compared with its stock
#          boot; fw-auto (the default mode) and fw-broken (a broken
#          description refused) are short; san: KASAN, kmemleak, failslab,
#          the schema/kernel differential; up: the series on the newer
#          kernel, its KUnit.  Beside the lanes, at the lowest priority:
#          rig/rigtest.py, the rig's own tests (no guest, no build), and in
#          the cores' idle time only (SCHED_IDLE) Linux 7.2.6's build, which
#          the up boot waits for.
#          Stops itself, failed, past LIMIT seconds
#          (5100: CI stops a run at 90 min without a word).  Ends with
#          "N passed, N failed, N skipped" and the time each step took
#          (summary.txt: time_*, time_wall).
#   quick  patched kernel, DT boot only, KUnit (no fuzzer) +
#          event_code_tests; build/results-quick, build/initrd-quick.
#   run    boot one kernel (BOOT=dt|legacy|stock, or dt9|stock9 on POWER9)
#          into a busybox shell with perf and the selftests, KUnit off.
set -uo pipefail
# make test in a process group of its own, so that its limit (below) can
# stop every build and boot it started
# stop every build and boot it started; an interrupt or a TERM of make
# stops that group too
if [ "${1:-full}" = full ] && [ -z "${RIG_GROUP:-}" ]; then
	RIG_GROUP=1 setsid bash "$0" "$@" &
	group=$!
	trap 'kill -TERM -- -"$group" 2>/dev/null' INT TERM HUP
	while :; do
		wait "$group"
		rc=$?
		kill -0 "$group" 2>/dev/null || exit $rc
	done
fi
top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build
R=$B/results
mode=${1:-full}
IDLE=${IDLE:-240}
t0=$(date +%s)

# Each mode its own results and initramfs: no target overwrites what
# another made (make bench: build/bench, rig/bench.sh).
I=$B/initrd
if [ "$mode" = quick ]; then
	R=$B/results-quick
	I=$B/initrd-quick
elif [ "$mode" = run ]; then
	R=$B/results-run	# make run must not wipe make test's results
	I=$B/initrd-run
fi
rm -rf "$R"
mkdir -p "$R/logs"
# steps.tsv: step, ok|fail, seconds (boots too, as boot-NAME: compare.py's
# time table)
: > "$R/steps.tsv"

# step NAME CMD...: run, log to $R/logs/NAME.log, record ok/fail.
step() {
	local name=$1 s rc
	shift
	s=$(date +%s)
	"$@" > "$R/logs/$name.log" 2>&1
	rc=$?
	if [ $rc -eq 0 ]; then
		printf '%s\tok\t%d\n' "$name" $(($(date +%s) - s)) >> "$R/steps.tsv"
	else
		printf '%s\tfail\t%d\n' "$name" $(($(date +%s) - s)) >> "$R/steps.tsv"
		tail -n 30 "$R/logs/$name.log"
	fi
	printf '%-18s %s  %4ds\n' "$name" "$([ $rc -eq 0 ] && echo ok || echo FAILED)" $(($(date +%s) - s))
	return $rc
}

if [ "$mode" = full ]; then
	# CI kills a run at 90 min without a word: past 85 the rig stops
	# itself, says so and fails (the limit, LIMIT seconds, is a knob for
	# the rig's own test of it)
	limit=${LIMIT:-5100}
	# TERM the process groups of $R/pgids (the lanes, rigtest, the boots
	# beside the builds), then those named
	kill_groups() {
		for g in $(cat "$R/pgids" 2>/dev/null) "$@"; do
			kill -TERM -- -"$g" 2>/dev/null
		done
	}
	(
		trap 'kill $sl 2>/dev/null; exit 0' TERM
		sleep "$limit" > /dev/null 2>&1 < /dev/null &
		sl=$!
		wait $sl
		echo "FAILED: make test ran past its limit of $limit s; stopped (build/results/logs/)"
		echo "0 passed, 1 failed"
		kill_groups $$
	) &
	watchdog=$!
	# Transparent huge pages for every process while make test runs, the
	# setting it found put back on the way out.  gcc's heap is mmap'd
	# memory nothing madvises, so with "madvise" (Debian's default) each
	# compile takes its memory 4 KiB at a time, and on a virtual machine a
	# page fault is dear: kernel/sched/core.c's compile went from 27,100
	# faults and 1.85 s to 5,550 and 1.6 s with "always" (2026-11-27).
	# Only as root; the guests' RAM QEMU madvises either way.
	thp=/sys/kernel/mm/transparent_hugepage/enabled
	thp_was=$(sed -n 's/.*\[\(.*\)\].*/\1/p' "$thp" 2>/dev/null)
	if [ -w "$thp" ] && [ -n "$thp_was" ] && [ "$thp_was" != always ] &&
	   echo always > "$thp" 2>/dev/null; then
		echo "make test: transparent huge pages always (was $thp_was) until it ends"
	else
		thp_was=
	fi
	# on any way out: the watchdog, what runs in groups of its own, and
	# the huge page setting
	cleanup() {
		kill "$watchdog" 2>/dev/null
		kill_groups
		[ -z "$thp_was" ] || echo "$thp_was" > "$thp" 2>/dev/null
	}
	trap cleanup EXIT
fi

mkdir -p "$B"
bash "$top/rig/setup.sh" > "$B/setup.log" 2>&1 || { cat "$B/setup.log"; echo "0 passed, 1 failed"; exit 1; }
grep "base tree" "$B/setup.log"
t_setup=$(($(date +%s) - t0))
printf 'setup\tok\t%d\n' "$t_setup" >> "$R/steps.tsv"

# the emulator every boot uses (rig/qemu.sh; a no-op once built)
step qemu bash "$top/rig/qemu.sh" || { echo "0 passed, 1 failed"; exit 1; }

EQUIV="dts_pmu_kunit.codes=1000000 dts_pmu_kunit.groups=40000"
boot_args() {
	case $1 in
	stock | stock9 | lost) echo "" ;;
	# the kernel dt runs KUnit on, on the same machine: no second run
	legacy) echo "powerpc_pmu=legacy kunit.enable=0" ;;
	# the fuzzer, the one very slow KUnit case, has boots of its own; the
	# equivalence sweeps raised from their small defaults (DESIGN: 10^6
	# codes, 10^4 groups and more)
	dt | dt9) echo "powerpc_pmu=dt kunit.filter=speed>very_slow $EQUIV" ;;
	# the fuzzer: a quarter of 5*10^4 mutants each, beside the builds
	# (10^5 made the builds, which share the cores with these boots, the
	# longest part of the run before the lanes; the three planted rule
	# removals were each found in half a 10^5 run)
	fuzz-a | fuzz-b | fuzz-a9 | fuzz-b9) echo "powerpc_pmu=dt kunit.filter_glob=dts_pmu_fuzz" \
		"dts_pmu_fuzz_kunit.mutants=12500 dts_pmu_fuzz_kunit.first=$(fuzz_first "$1")" ;;
	# KASAN, kmemleak, failslab: the parser, corpus and fuzzer suites
	san) echo "powerpc_pmu=dt kunit.filter_glob=dts_pmu_[pf]* dts_pmu_fuzz_kunit.mutants=2000" ;;
	# the firmware boots: skiboot with firmware/skiboot/ (rig/skiboot.sh)
	# puts the description in the boot device tree
	fw | fw9) echo "powerpc_pmu=dt kunit.filter=speed>very_slow $EQUIV" ;;
	# the short ones (rig/guest/fw-stage.sh): the default mode with the
	# firmware's description there, and a broken one refused
	fw-auto) echo "rig.fw=auto kunit.enable=0" ;;
	fw-broken) echo "rig.fw=broken powerpc_pmu=dt kunit.enable=0" ;;
	# the series on a newer upstream kernel (rig/upstream.sh): KUnit at
	# its default sizes
	up) echo "powerpc_pmu=dt kunit.filter=speed>very_slow" ;;
	esac
}

fuzz_first() {
	case $1 in
	fuzz-a) echo 0 ;;
	fuzz-b) echo 12500 ;;
	fuzz-a9) echo 25000 ;;
	fuzz-b9) echo 37500 ;;
	esac
}

vmlinux_for() {
	case $1 in
	stock* | lost) echo "$B/obj/stock/vmlinux" ;;
	san) echo "$B/obj/san/vmlinux" ;;
	up) echo "$B/obj/upstream/vmlinux" ;;
	*) echo "$B/obj/patched/vmlinux" ;;
	esac
}

# The firmware: skiboot with the PMU description (rig/skiboot.sh) for the
# fw boots, a broken description for fw-broken; Debian's for the others
bios_for() {
	case $1 in
	fw-broken) echo "$B/skiboot/broken/skiboot.lid" ;;
	fw*) echo "$B/skiboot/good/skiboot.lid" ;;
	esac
}

# boots named ...9 run on QEMU's POWER9 machine
machine_for() {
	case $1 in
	*9) echo powernv9 ;;
	*) echo powernv10 ;;
	esac
}

new_tests() {
	git -C "$B/patched" diff --name-only --diff-filter=A base HEAD -- \
		tools/testing/selftests/powerpc/pmu |
		sed -n 's|^tools/testing/selftests/powerpc/\(.*\)\.c$|\1|p' > "$B/new-tests.txt"
}

build_patched() {
	step patched-tree bash "$top/rig/patched-tree.sh" &&
	SEED=$B/obj/stock step kernel-patched bash "$top/rig/build-kernel.sh" "$B/patched" \
		"$B/obj/patched" "$top/rig/patched.config"
}

# The sanitizer boot (rig/sanitize.config: KASAN, kmemleak, failslab) and
# the schema/kernel differential: mutants of the built-in descriptions
# (rig/schema-corpus.py), checked by dt-schema here (rig/schema-check.py)
# and by the kernel in that boot (rig/guest/san.sh).
build_san() {
	local dtb=$B/obj/patched/arch/powerpc/perf schema rc
	local binding=$B/patched/Documentation/devicetree/bindings/perf/ibm,power-pmu.yaml
	# the schema side (dt-schema in one Python process) beside the
	# kernel build, so that no core idles through it
	(
		step schema-corpus ${NICE:-} /usr/bin/python3 "$top/rig/schema-corpus.py" "$B/schema" 0x5c4e 1000 \
			"$binding" "$dtb/dts-pmu-power10.dtb" "$dtb/dts-pmu-power9.dtb" &&
		step schema-binding ${NICE:-} make -C "$B/patched" O="$B/obj/schema" DT_SCHEMA_MIN_VERSION=2022.08 \
			DT_SCHEMA_FILES=ibm,power-pmu.yaml dt_binding_check &&
		step schema-check ${NICE:-} /usr/bin/python3 "$top/rig/schema-check.py" \
			"$B/obj/schema/Documentation/devicetree/bindings/processed-schema.json" \
			"$B/schema" "$R/schema.tsv"
	) &
	schema=$!
	step kernel-san ${NICE:-} bash "$top/rig/build-kernel.sh" "$B/patched" "$B/obj/san" \
		"$top/rig/patched.config" "$top/rig/sanitize.config"
	rc=$?
	wait "$schema" && [ $rc -eq 0 ] &&
	RIG_SAN=$B/schema RIG_PERF=0 step initrd-san bash "$top/rig/mkinitrd.sh" \
		"$B/selftests" "$B/initrd-san/initrd.gz" --only 'no-selftests'
}

build_selftests() {
	step selftests bash "$top/rig/selftests.sh" "$B/patched" "$B/selftests" &&
	step perf bash "$top/rig/perf.sh" "$B/stock" "$B/perf" &&
	new_tests &&
	step initrd bash "$top/rig/mkinitrd.sh" "$B/selftests" "$I/initrd.gz" "$@"
}

initrd_for() {
	case $1 in
	# dt, dt9: fw and fw9 run the selftests and perf on the same tables
	# (the kernel refuses a firmware node that differs from its built-in
	# description); dt and dt9 show the built-in one read, KUnit and sysfs
	fuzz* | dt9 | up) echo "$B/initrd-kunit/initrd.gz" ;;
	# rig/long-tests.txt: the tests in boots of their own
	lost) echo "$B/initrd-lost/initrd.gz" ;;
	# (make test-quick's dt boot runs its few selftests)
	dt) [ "$mode" = full ] && echo "$B/initrd-kunit/initrd.gz" || echo "$I/initrd.gz" ;;
	san) echo "$B/initrd-san/initrd.gz" ;;
	*) echo "$I/initrd.gz" ;;
	esac
}

boot() {
	local name=$1 s bios
	s=$(date +%s)
	bios=$(bios_for "$name")
	python3 "$top/rig/boot.py" --idle "$IDLE" --tests "$(dirname "$(initrd_for "$name")")/initramfs/rig/tests.list" \
		--machine "$(machine_for "$name")" ${bios:+--bios "$bios"} \
		"$name" "$(vmlinux_for "$name")" "$(initrd_for "$name")" "$R/$name" $(boot_args "$name") \
		> "$R/logs/boot-$name.log" 2>&1
	printf 'boot-%s\t%s\t%d\n' "$name" "$([ -s "$R/$name/boot.txt" ] && echo ok || echo fail)" \
		$(($(date +%s) - s)) >> "$R/steps.tsv"
	cat "$R/logs/boot-$name.log"
}

case $mode in
full)
	# Linux 7.2.6's source (rig/upstream.sh: download, unpack, import; the
	# network and xz more than the cores) beside the first builds
	( step upstream-fetch nice -n 10 bash "$top/rig/upstream.sh" --fetch ) &
	fetch=$!
	step kernel-stock bash "$top/rig/build-kernel.sh" "$B/stock" "$B/obj/stock"
	# The boots that run no timed test (the fuzzer's, KUnit only; the
	# built-in descriptions' short ones; lost_exception_test, which counts
	# instructions and EBBs, not time, on stock: rig/long-tests.txt) run
	# one after the other beside the builds below, which run at the
	# lowest priority meanwhile so that the guest keeps its core: still one
	# guest at a time.
	kpid=
	if build_patched &&
	   step selftests bash "$top/rig/selftests.sh" "$B/patched" "$B/selftests" &&
	   RIG_PERF=0 step initrd-kunit bash "$top/rig/mkinitrd.sh" "$B/selftests" \
		"$B/initrd-kunit/initrd.gz" --only 'no-selftests' &&
	   RIG_PERF=0 step initrd-lost bash "$top/rig/mkinitrd.sh" "$B/selftests" \
		"$B/initrd-lost/initrd.gz" --only 'pmu/ebb/lost_exception_test'; then
		set -m		# its own process group, killed with the run
		( for f in fuzz-a fuzz-b fuzz-a9 fuzz-b9 dt dt9 lost; do boot "$f"; done ) \
			> "$R/logs/kunit-boots.out" 2>&1 &
		kpid=$!
		echo $kpid >> "$R/pgids"
		set +m
	fi
	NICE="nice -n 19"
	step perf $NICE bash "$top/rig/perf.sh" "$B/stock" "$B/perf" &&
	new_tests &&
	step initrd bash "$top/rig/mkinitrd.sh" "$B/selftests" "$I/initrd.gz"
	step skiboot $NICE bash "$top/rig/skiboot.sh"
	build_san
	NICE=
	if [ -n "$kpid" ]; then
		wait "$kpid"
		cat "$R/logs/kunit-boots.out"
	fi
	wait "$fetch"
	# Linux 7.2.6 with the series (rig/upstream.sh), built from here on
	# beside the lanes that follow, in the time their guests leave the
	# cores idle: SCHED_IDLE, so a guest that wakes takes its core back at
	# once (against rigtest's nice 19 it still gets a sixth).  That time is
	# short (0 % idle in vmstat on 2026-11-28), and most of the build runs
	# after the last lane boot: 280 of its 1,070 s that day, 47 min 48 s in
	# all, no later than with the build before the lanes.  The up boot,
	# last in the queue, waits for it, and is not booted when the build
	# failed (upstream.end: its status).
	set -m
	( step upstream chrt --idle 0 bash "$top/rig/upstream.sh" "$R/upstream.txt"
	  echo $? > "$R/upstream.end" ) > "$R/logs/upstream-step.out" 2>&1 &
	upstream=$!
	echo $upstream >> "$R/pgids"
	set +m
	# Two guests at a time, one per core, and no other guest beside them
	# (rigtest, at the lowest priority, below, and Linux 7.2.6's build in
	# the idle time only, above): the
	# EBB suite now runs for real on the rig's QEMU (rig/qemu.sh) and takes
	# minutes a boot (its tests wait for 10-50 EBBs of 2^30 cycles, a
	# quarter of a second each: rig/boot.py sets the PMU's cycles to 4 a
	# nanosecond, emulator/qemu/0009), so the boots run in two lanes.  Every
	# test boot sees one other guest beside it.  The host's load changes
	# how many cycles guest code takes (the PMU's cycles are the guest's
	# virtual time, no -icount), not what the tests check: the counts at
	# an overflow, which freeze there in the vCPU's own thread (0004).
	# The two lanes take the boots from one queue, the longest first, so
	# that they end together (times of a make test on a slow 2-core
	# machine, 2026-11-27, the PMU at 4 cycles a nanosecond: fw9 371 s,
	# fw 270, stock 260, stock9 253, legacy 252, san 237, the others
	# under 20).
	printf '%s\n' fw9 fw stock9 stock legacy san fw-broken fw-auto up > "$R/lanes.queue"
	# The queue's lock is a file of its own: sed -i replaces lanes.queue by
	# a new file, and a lock on the one it replaced would let the other
	# lane read the same line (a boot run twice, another never: 8 of 30
	# runs of a two-lane simulation with instant boots, 0 of 30 with the
	# lock apart, 2026-11-28).
	lane() {
		local name
		while :; do
			name=$(flock "$R/lanes.lock" sh -c \
				'n=$(head -n 1 "$1"); [ -z "$n" ] || sed -i 1d "$1"; echo "$n"' _ "$R/lanes.queue")
			[ -n "$name" ] || break
			if [ "$name" = up ]; then
				while [ ! -e "$R/upstream.end" ] && kill -0 "$upstream" 2>/dev/null; do
					sleep 2
				done
				[ "$(cat "$R/upstream.end" 2>/dev/null)" = 0 ] || continue
			fi
			boot "$name"
		done
	}
	set -m
	lane > "$R/logs/lane-a.out" 2>&1 &
	lane_a=$!
	lane > "$R/logs/lane-b.out" 2>&1 &
	lane_b=$!
	echo $lane_a $lane_b >> "$R/pgids"
	# the rig's own tests (rig/rigtest.py: planted faults through boot.py
	# --reparse and compare.py; no guest, no build, one Python process) at
	# the lowest priority beside the lanes (next to no idle time there,
	# above); 15 s alone since it reads each distinct console once
	step rigtest nice -n 19 python3 "$top/rig/rigtest.py" "$B/rigtest" > "$R/logs/rigtest.out" 2>&1 &
	rigtest=$!
	echo $rigtest >> "$R/pgids"
	set +m
	wait "$lane_a" "$lane_b"
	cat "$R/logs/lane-a.out" "$R/logs/lane-b.out"
	wait "$rigtest"
	cat "$R/logs/rigtest.out"
	wait "$upstream"
	cat "$R/logs/upstream-step.out"
	: > "$R/pgids"		# all ended
	cleanup
	RIG_T0=$t0 RIG_SELFTEST_SRC=$B/patched/tools/testing/selftests/powerpc python3 "$top/rig/compare.py" "$R" "$B/initrd/selftests-all.txt" "$B/new-tests.txt" \
		"$top/rig/emulator-skip.txt" "$R/steps.tsv"
	rc=$?
	# a boot that oopsed or did not finish: its console around the event
	cat "$R"/*/incident.txt 2>/dev/null
	echo "make test: $(( ($(date +%s) - t0) / 60 )) min $(( ($(date +%s) - t0) % 60 )) s"
	exit $rc
	;;
quick)
	build_patched
	RIG_PERF=0 build_selftests --only 'pmu/event_code_tests/*'
	boot dt
	python3 "$top/rig/compare.py" "$R" "$I/selftests-all.txt" "$B/new-tests.txt" \
		"$top/rig/emulator-skip.txt" "$R/steps.tsv" --only dt
	rc=$?
	echo "make test-quick: $(( ($(date +%s) - t0) / 60 )) min $(( ($(date +%s) - t0) % 60 )) s"
	exit $rc
	;;
run)
	name=${2:-dt}
	case $name in
	stock | stock9 | dt | dt9 | legacy) ;;
	*) echo "make run: BOOT=$name: one of dt legacy stock dt9 stock9"; exit 1 ;;
	esac
	# the selftests come from the patched tree whichever kernel boots
	if [ "${name%9}" = stock ]; then
		step patched-tree bash "$top/rig/patched-tree.sh" &&
		step kernel-stock bash "$top/rig/build-kernel.sh" "$B/stock" "$B/obj/stock" || exit 1
	else
		build_patched || exit 1
	fi
	build_selftests || exit 1
	echo "make run: $(( $(date +%s) - t0 )) s to build; booting the $name kernel into a shell" \
		"(KUnit off: make test runs it); leave with exit, or Ctrl-a x"
	# the KUnit suites (the fuzzer alone takes minutes) are make test's
	exec python3 "$top/rig/boot.py" --interactive --machine "$(machine_for "$name")" \
		"$name" "$(vmlinux_for "$name")" \
		"$I/initrd.gz" "$R/$name" $(boot_args "$name" | sed 's/dts_pmu_fuzz_kunit[^ ]*//g') \
		kunit.enable=0 rig.shell
	;;
esac
