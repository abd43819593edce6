#!/bin/bash
# selftests.sh SRC OUT: build the powerpc pmu selftests (pmu/, ebb/,
# event_code_tests/, sampling_tests/ and whatever the series adds there)
# statically for ppc64le, with every output under OUT.
set -euo pipefail
src=$(realpath "$1") out=$(realpath -m "$2")
mkdir -p "$out/pmu"
rc=0
make -s -C "$src/tools/testing/selftests/powerpc/pmu" ARCH=powerpc \
	CROSS_COMPILE=powerpc64le-linux-gnu- OUTPUT="$out/pmu" \
	USERLDFLAGS=-static -j"$(nproc)" all > "$out/build.log" 2>&1 || rc=$?
grep -v "emit_tests'$" "$out/build.log" || true
[ $rc -eq 0 ] || { echo "selftests: build failed ($rc)"; exit $rc; }
find "$out" -type f -perm -u+x ! -path '*/TMPDIR/*' -exec powerpc64le-linux-gnu-strip {} +
echo "selftests: $(find "$out" -type f -perm -u+x ! -path '*/TMPDIR/*' | wc -l) programs"
