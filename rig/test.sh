#!/bin/bash
# test.sh full|quick|run [BOOT]
#   full   rig/setup.sh; then QEMU (rig/qemu.sh) beside the stock kernel;
#          the patched kernel (seeded with the stock build's objects;
#          patches/ and the rig's test-only KUnit, rig/v2-overlay.sh, with
#          the described backend forced: rig/patched.config), the
#          selftests, perf, skiboot with firmware/skiboot/ and the
#          sanitizer kernel: Linux 7.2.6 (fetched beside the first
#          builds) with the series and the rig's test-only KUnit, KASAN
#          and kmemleak (rig/upstream.sh).
#          Beside the builds, one at a time, the boots that run no timed
#          test: kunit, kunit9 and kunit8 (the series' KUnit and the rig's:
#          equivalence with the base tree's isa207-common.c, the refused
#          weakenings, the fuzzer); and the binding and the descriptions
#          through dt-schema (rig/v2-draft-check.sh).  Then two lanes, one
#          guest each, one per core, take the other boots from one queue,
#          longest first: lane a once the KUnit boots are done, lane b once
#          the builds are: fw9, fw8, stock9, stock8, fw, stock, auto, lost,
#          san, fw-broken.  stock, auto and fw on powernv10, stock9
#          and fw9 on powernv9, stock8 and fw8 on powernv8 (fw: the patched
#          kernel on skiboot with firmware/skiboot/, which puts the
#          machine's description in the boot device tree; auto: the
#          series in its default mode, the default kernel, on the same
#          skiboot): each machine's boots compared with its stock boot;
#          lost: stock, rig/long-tests.txt; fw-broken (a broken
#          description refused) is short; san: the series on the newer
#          kernel, the described backend first, on fw-broken's skiboot:
#          KASAN and kmemleak under the refusal and the KUnit suites.  Beside
#          lane b, at the lowest priority, rig/rigtest.py, the rig's own
#          tests (no guest, no build).
#          Stops itself, failed, past LIMIT seconds
#          (5100: CI stops a run at 90 min without a word).  Ends with
#          "N passed, N failed, N skipped" and the time each step took
#          (summary.txt: time_*, time_wall).
#   quick  patched kernel and skiboot, the fw boot only (pmu/event_code_tests,
#          no KUnit, no stock comparison); build/results-quick,
#          build/initrd-quick.
#   run    boot one kernel (BOOT=fw|stock, or fw9|stock9, fw8|stock8)
#          into a busybox shell with perf and the selftests, KUnit off.
set -uo pipefail
# make test in a process group of its own, so that its limit (below) can
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

# the emulator every boot uses (rig/qemu.sh; a no-op once built): make
# test builds it beside the stock kernel (below), the others first
if [ "$mode" != full ]; then
	step qemu bash "$top/rig/qemu.sh" || { echo "0 passed, 1 failed"; exit 1; }
fi

# the fuzzer's mutants in each KUnit boot (3 boots: >= 10^5 in all)
MUTANTS=34000
boot_args() {
	case $1 in
	stock | stock9 | stock8 | lost) echo "" ;;
	# the firmware boots: skiboot with firmware/skiboot/ (rig/skiboot.sh)
	# puts the description in the boot device tree; their KUnit runs in
	# the kunit boots, on the same kernel
	fw | fw9 | fw8 | auto) echo "kunit.enable=0" ;;
	# the series' KUnit and the rig's (rig/v2-overlay.sh), beside the
	# builds
	kunit | kunit9 | kunit8) echo "kunit.filter_glob=isa207* isa207_fuzz_test.mutants=$MUTANTS" ;;
	# the series on a newer upstream kernel (rig/upstream.sh), KASAN,
	# kmemleak: the series' suite, the refusals and a smaller fuzz
	san) echo "kunit.filter_glob=isa207* isa207_equiv_test.sweeps=0 isa207_fuzz_test.mutants=2000" ;;
	# the short one (rig/guest/fw-stage.sh): a broken description refused
	fw-broken) echo "rig.fw=broken kunit.enable=0" ;;
	esac
}

vmlinux_for() {
	case $1 in
	stock* | lost) echo "$B/obj/stock/vmlinux" ;;
	san) echo "$B/obj/upstream/vmlinux" ;;
	auto) echo "$B/obj/default/vmlinux" ;;
	*) echo "$B/obj/patched/vmlinux" ;;
	esac
}

# The firmware: skiboot with the PMU descriptions (rig/skiboot.sh) for the
# fw boots, a broken description for fw-broken and san; Debian's for the
# others
bios_for() {
	case $1 in
	# san: the refusal's path under the sanitizers
	fw-broken | san) echo "$B/skiboot/broken/skiboot.lid" ;;
	fw* | auto) echo "$B/skiboot/good/skiboot.lid" ;;
	esac
}

# boots named ...9 run on QEMU's POWER9 machine, ...8 on its POWER8
machine_for() {
	case $1 in
	*9) echo powernv9 ;;
	*8) echo powernv8 ;;
	*) echo powernv10 ;;
	esac
}

new_tests() {
	git -C "$B/patched" diff --name-only --diff-filter=A base HEAD -- \
		tools/testing/selftests/powerpc/pmu |
		sed -n 's|^tools/testing/selftests/powerpc/\(.*\)\.c$|\1|p' > "$B/new-tests.txt"
}

# the patched tree: patches/ (rig/patched-tree.sh), then the rig's
# test-only KUnit on top (rig/v2-overlay.sh, the firmware series'
# descriptions as rig/v2-desc.sh extracts them)
build_patched() {
	step patched-tree bash "$top/rig/patched-tree.sh" &&
	step overlay bash -c "bash '$top/rig/v2-desc.sh' '$B/desc' && bash '$top/rig/v2-overlay.sh' '$B/patched' '$B/desc'" &&
	SEED=$B/obj/stock step kernel-patched bash "$top/rig/build-kernel.sh" "$B/patched" \
		"$B/obj/patched" "$top/rig/patched.config"
}

# The sanitizer kernel (rig/upstream.sh): Linux 7.2.6 with patches/ (git
# am -3) and the rig's test-only KUnit (rig/v2-overlay.sh), with KASAN,
# kmemleak and the described backend tried first (rig/sanitize.config; the
# san boot runs the broken node's skiboot): one kernel
# for the series on a newer tree and under the sanitizers, one cold build
# (two before: about 12 core-minutes); it waits for the source's fetch,
# begun with the first builds.  Beside it, the binding and the
# descriptions through dt-schema (rig/v2-draft-check.sh: dt_binding_check,
# dtc's checks, dt-validate)
build_san() {
	local schema rc=1
	( step schema ${NICE:-} bash "$top/rig/v2-draft-check.sh"; echo $? > "$R/schema.end" ) &
	schema=$!
	wait "$upstream"
	cat "$R/logs/upstream-step.out"
	if [ "$(cat "$R/upstream-fetch.end" 2>/dev/null)" = 0 ]; then
		step upstream ${NICE:-} bash "$top/rig/upstream.sh" "$R/upstream.txt"
		rc=$?
		# 2: built, but it warned (a failed step; san is booted all the same)
		[ $rc -ne 2 ] || rc=0
	fi
	wait "$schema" 2> /dev/null
	[ "$(cat "$R/schema.end" 2> /dev/null)" = 0 ] && [ $rc -eq 0 ] &&
	RIG_SAN=1 RIG_PERF=0 step initrd-san bash "$top/rig/mkinitrd.sh" \
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
	kunit*) echo "$B/initrd-kunit/initrd.gz" ;;
	# rig/long-tests.txt: the tests in boots of their own
	lost) echo "$B/initrd-lost/initrd.gz" ;;
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
		"$name" "$(vmlinux_for "$name")" "$(initrd_for "$name")" "$R/$name" \
		$(boot_args "$name") \
		> "$R/logs/boot-$name.log" 2>&1
	printf 'boot-%s\t%s\t%d\n' "$name" "$([ -s "$R/$name/boot.txt" ] && echo ok || echo fail)" \
		$(($(date +%s) - s)) >> "$R/steps.tsv"
	cat "$R/logs/boot-$name.log"
}

case $mode in
full)
	# Linux 7.2.6's source (rig/upstream.sh --fetch: download, unpack,
	# import; the network and xz more than the cores) beside the first
	# builds; its build is the sanitizer kernel's (build_san, below)
	set -m
	( step upstream-fetch nice -n 10 bash "$top/rig/upstream.sh" --fetch
	  echo $? > "$R/upstream-fetch.end" ) > "$R/logs/upstream-step.out" 2>&1 &
	upstream=$!
	echo $upstream >> "$R/pgids"
	set +m
	# the emulator beside the stock kernel: each leaves the cores idle at
	# times (QEMU's configure, the kernel's link), and neither needs the
	# other before the first boot
	# (a background step's status goes through a file: with pid_max 32768
	# a build's processes wrap the pids, and a later child of this shell
	# given a finished job's pid makes bash forget that job's status:
	# "wait: pid N is not a child of this shell", 127; seen 2026-12-07;
	# rig/wait-pid-reuse.sh shows it)
	( step qemu bash "$top/rig/qemu.sh"; echo $? > "$R/qemu.end" ) > "$R/logs/qemu-step.out" 2>&1 &
	qemu=$!
	step kernel-stock bash "$top/rig/build-kernel.sh" "$B/stock" "$B/obj/stock"
	# The queue of the boots that run the timed tests, the longest first,
	# so that the two lanes end together (times of the make test of
	# 5145e0d on a 2-core machine, 2026-12-02, the PMU at 4 cycles a
	# nanosecond: fw9, fw8, stock9, stock8 504-514 s, fw, stock, auto
	# 474-485, lost 305, san 177, the others under 20).  Two lanes take boots from it,
	# one guest each, one per core: lane a once the KUnit boots are done
	# (below), lane b once the builds are (further below).  A lane waits
	# for what its boot needs: the initramfs and skiboot (lanes.ready),
	# the sanitizer kernel (san.end: not booted when it failed).
	printf '%s\n' fw9 fw8 stock9 stock8 fw stock auto lost san fw-broken > "$R/lanes.queue"
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
			if [ "$name" = san ]; then
				while [ ! -e "$R/san.end" ]; do sleep 2; done
				[ "$(cat "$R/san.end")" = 0 ] || continue
			fi
			boot "$name"
		done
	}
	# The KUnit boots (kunit, kunit9, kunit8: KUnit only, the fuzzer's
	# longest) run one after the other beside the builds below, which run
	# at the lowest priority meanwhile so that the guest keeps its core:
	# one guest at a time; then this lane takes boots from the queue.
	# Every boot sees at most one other guest beside it, and a build at
	# nice 19 or none.
	# the QEMU build's end, before the first boot: its log; a failure
	# ends the run
	qemu_built() {
		wait "$qemu" 2> /dev/null
		cat "$R/logs/qemu-step.out"
		[ "$(cat "$R/qemu.end" 2> /dev/null)" = 0 ] || { echo "0 passed, 1 failed"; exit 1; }
	}
	kpid=
	if build_patched &&
	   step selftests bash "$top/rig/selftests.sh" "$B/patched" "$B/selftests" &&
	   RIG_PERF=0 step initrd-kunit bash "$top/rig/mkinitrd.sh" "$B/selftests" \
		"$B/initrd-kunit/initrd.gz" --only 'no-selftests' &&
	   RIG_PERF=0 step initrd-lost bash "$top/rig/mkinitrd.sh" "$B/selftests" \
		"$B/initrd-lost/initrd.gz" --only 'pmu/ebb/lost_exception_test'; then
		qemu_built
		set -m		# its own process group, killed with the run
		( for f in kunit kunit9 kunit8; do boot "$f"; done
		  while [ ! -e "$R/lanes.ready" ]; do sleep 2; done
		  lane ) > "$R/logs/lane-a.out" 2>&1 &
		kpid=$!
		echo $kpid >> "$R/pgids"
		set +m
	else
		qemu_built
	fi
	NICE="nice -n 19"
	# the default kernel: the patched tree in the series' default mode
	# (what a user gets), seeded with the patched build's objects
	SEED=$B/obj/patched step kernel-default $NICE bash "$top/rig/build-kernel.sh" "$B/patched" \
		"$B/obj/default" "$top/rig/v2/series.config"
	step perf $NICE bash "$top/rig/perf.sh" "$B/stock" "$B/perf" &&
	new_tests &&
	step initrd bash "$top/rig/mkinitrd.sh" "$B/selftests" "$I/initrd.gz"
	step skiboot $NICE bash "$top/rig/skiboot.sh"
	: > "$R/lanes.ready"
	build_san
	echo $? > "$R/san.end.tmp"
	mv "$R/san.end.tmp" "$R/san.end"
	NICE=
	set -m
	lane > "$R/logs/lane-b.out" 2>&1 &
	lane_b=$!
	echo $lane_b >> "$R/pgids"
	# the rig's own tests (rig/rigtest.py: planted faults through boot.py
	# --reparse and compare.py; no guest, no build, one Python process) at
	# the lowest priority beside the lanes (next to no idle time there,
	# above); 15 s alone since it reads each distinct console once
	step rigtest nice -n 19 python3 "$top/rig/rigtest.py" "$B/rigtest" > "$R/logs/rigtest.out" 2>&1 &
	rigtest=$!
	echo $rigtest >> "$R/pgids"
	set +m
	[ -z "$kpid" ] || wait "$kpid"
	wait "$lane_b"
	cat "$R/logs/lane-a.out" "$R/logs/lane-b.out"
	wait "$rigtest"
	cat "$R/logs/rigtest.out"
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
	build_patched &&
	step skiboot bash "$top/rig/skiboot.sh" &&
	RIG_PERF=0 build_selftests --only 'pmu/event_code_tests/*'
	boot fw
	python3 "$top/rig/compare.py" "$R" "$I/selftests-all.txt" "$B/new-tests.txt" \
		"$top/rig/emulator-skip.txt" "$R/steps.tsv" --only fw
	rc=$?
	echo "make test-quick: $(( ($(date +%s) - t0) / 60 )) min $(( ($(date +%s) - t0) % 60 )) s"
	exit $rc
	;;
run)
	name=${2:-fw}
	case $name in
	stock | stock9 | stock8 | fw | fw9 | fw8) ;;
	*) echo "make run: BOOT=$name: one of fw stock fw9 stock9 fw8 stock8"; exit 1 ;;
	esac
	# the selftests come from the patched tree whichever kernel boots
	if [ "${name%[89]}" = stock ]; then
		step patched-tree bash "$top/rig/patched-tree.sh" &&
		step kernel-stock bash "$top/rig/build-kernel.sh" "$B/stock" "$B/obj/stock" || exit 1
	else
		build_patched && step skiboot bash "$top/rig/skiboot.sh" || exit 1
	fi
	build_selftests || exit 1
	echo "make run: $(( $(date +%s) - t0 )) s to build; booting the $name kernel into a shell" \
		"(KUnit off: make test runs it); leave with exit, or Ctrl-a x"
	# the KUnit suites (the fuzzer alone takes minutes) are make test's
	bios=$(bios_for "$name")
	exec python3 "$top/rig/boot.py" --interactive --machine "$(machine_for "$name")" \
		${bios:+--bios "$bios"} "$name" "$(vmlinux_for "$name")" \
		"$I/initrd.gz" "$R/$name" kunit.enable=0 rig.shell
	;;
esac
