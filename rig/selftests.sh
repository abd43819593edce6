#!/bin/bash
# selftests.sh SRC OUT: build the powerpc pmu selftests (pmu/, ebb/,
# event_code_tests/, sampling_tests/ and whatever the series adds there)
# statically for ppc64le, with every output under OUT.
set -euo pipefail
src=$(realpath "$1") out=$(realpath -m "$2")
mkdir -p "$out/pmu"
# The harness' limit the rig gives a test (rig/timeouts.txt, third
# column, on a line naming the test's exact path): set in main() on the
# line of its test_harness() call, so that no FAIL_IF line moves
# (rig/compare.py reads them); again on every run, whatever an earlier
# run set
sel=$src/tools/testing/selftests/powerpc
while read -r t _ h; do
	case "$t" in ''|'#'*) continue ;; esac
	[ -n "$h" ] || continue
	# an exact test path, a number of seconds
	case $h in *[!0-9]*) echo "selftests: $t: harness limit '$h' is not a number"; exit 1 ;; esac
	f=$sel/$t.c
	grep -q 'return test_harness(' "$f" || { echo "selftests: $t: no test_harness() call"; exit 1; }
	sed -i -e 's/^\(\s*\)\(test_harness_set_timeout([0-9]*); \)*return test_harness(/\1test_harness_set_timeout('"$h"'); return test_harness(/' "$f"
done < "$(dirname "$0")/timeouts.txt"
rc=0
make -s -C "$src/tools/testing/selftests/powerpc/pmu" ARCH=powerpc \
	CROSS_COMPILE=powerpc64le-linux-gnu- OUTPUT="$out/pmu" \
	USERLDFLAGS=-static -j"$(nproc)" all > "$out/build.log" 2>&1 || rc=$?
grep -v "emit_tests'$" "$out/build.log" || true
[ $rc -eq 0 ] || { echo "selftests: build failed ($rc)"; exit $rc; }
find "$out" -type f -perm -u+x ! -path '*/TMPDIR/*' -exec powerpc64le-linux-gnu-strip {} +
echo "selftests: $(find "$out" -type f -perm -u+x ! -path '*/TMPDIR/*' | wc -l) programs"
