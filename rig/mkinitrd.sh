#!/bin/bash
# mkinitrd.sh SELFTEST_DIR OUT.cpio.gz [--only GLOB]
# Packs the static /init (rig/guest/init.c), the selftests and /rig/tests.list,
# and, once built, busybox and perf with its checks (rig/guest/).
# With --only, just the tests whose path matches GLOB.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
st=$(realpath "$1") out=$(realpath -m "$2")
only='*'
[ "${3:-}" = --only ] && only=$4
stage=$(dirname "$out")/initramfs
rm -rf "$stage"
mkdir -p "$stage/rig" "$stage/tmp" "$stage/proc" "$stage/sys" "$stage/dev"
powerpc64le-linux-gnu-gcc -static -O2 -Wall -Wextra -Werror \
	-o "$stage/init" "$top/rig/guest/init.c"
(cd "$st" && find . -type f -perm -u+x ! -path '*/TMPDIR/*' | sed 's|^\./||' | LC_ALL=C sort) > "$stage/all.txt"
: > "$(dirname "$out")/selftests-all.txt"
: > "$stage/rig/tests.list"
while read -r t; do
	# shellcheck disable=SC2254
	case "$t" in $only) ;; *) continue ;; esac
	echo "$t" >> "$(dirname "$out")/selftests-all.txt"
	if grep -qE "^${t}[[:space:]]" "$top/rig/emulator-skip.txt"; then
		continue
	fi
	# a test of rig/long-tests.txt runs in boots of its own (--only)
	if [ "$only" = '*' ] && grep -qE "^${t}[[:space:]]" "$top/rig/long-tests.txt"; then
		continue
	fi
	to=""
	while read -r pat secs _; do
		case "$pat" in ''|'#'*) continue ;; esac
		# shellcheck disable=SC2254
		case "$t" in $pat) to=$secs; break ;; esac
	done < "$top/rig/timeouts.txt"
	# runs again after a failure: rig/emulator-retry.txt says which and why
	n=$(awk -F'\t' -v t="$t" '$1 == t { print $2 }' "$top/rig/emulator-retry.txt")
	mkdir -p "$stage/rig/$(dirname "$t")"
	cp "$st/$t" "$stage/rig/$t"
	echo "$to $t${n:+ $n}" >> "$stage/rig/tests.list"
done < "$stage/all.txt"
rm "$stage/all.txt"

# The guest's tools: busybox (shell for make run, runs the perf checks) and
# perf with its checks; RIG_PERF=0 leaves the perf checks out,
# RIG_PERF_REPEAT="N REPS" runs perf test N REPS times instead (evidence).
B=$top/build
if [ -x "$B/busybox/bin/busybox" ]; then
	mkdir -p "$stage/bin"
	cp "$B/busybox/bin/busybox" "$stage/bin/busybox"
fi
if [ -f "$B/perf/perf.stripped" ]; then
	mkdir -p "$stage/usr/bin"
	cp "$B/perf/perf.stripped" "$stage/usr/bin/perf"
	if [ -n "${RIG_PERF_REPEAT:-}" ]; then
		# rig/evidence.sh --perf-test: one perf test, many times
		cp "$top/rig/guest/perf-repeat.sh" "$stage/rig/perf-checks.sh"
		echo "$RIG_PERF_REPEAT" > "$stage/rig/perf-repeat.args"
	elif [ "${RIG_PERF:-1}" != 0 ]; then
		cp "$top/rig/guest/perf-checks.sh" "$top/rig/guest/perf-bad.txt" "$stage/rig/"
	fi
fi
# make test's short firmware boots (rig/guest/fw-stage.sh, "rig.fw=STAGE"):
# the script and the selftests the broken stage runs
cp "$top/rig/guest/fw-stage.sh" "$stage/rig/"
mkdir -p "$stage/rig/fw"
grep -v '^#' "$top/rig/fw-broken-tests.txt" > "$stage/rig/fw/broken-tests"
# make bench: RIG_BENCH=<context_switch program> adds it and the script
if [ -n "${RIG_BENCH:-}" ]; then
	cp "$RIG_BENCH" "$stage/rig/context_switch"
	cp "$top/rig/guest/bench.sh" "$stage/rig/bench.sh"
fi
# make test's sanitizer boot: RIG_SAN=1 adds its script (rig/guest/san.sh)
if [ -n "${RIG_SAN:-}" ]; then
	cp "$top/rig/guest/san.sh" "$stage/rig/"
fi
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) | gzip -1 > "$out"
echo "initrd: $(wc -l < "$stage/rig/tests.list") tests, $(du -h "$out" | cut -f1)"
