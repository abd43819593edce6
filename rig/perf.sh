#!/bin/bash
# perf.sh SRC OUT: cross-build tools/perf of SRC (the base tree: perf is
# the unmodified client) statically for ppc64le into OUT, with every
# optional library switched off.  OUT/perf is the program.
set -euo pipefail
src=$(realpath "$1") out=$(realpath -m "$2")
mkdir -p "$out"
make -s -C "$src/tools/perf" O="$out" ARCH=powerpc \
	CROSS_COMPILE=powerpc64le-linux-gnu- LDFLAGS=-static \
	NO_LIBELF=1 NO_LIBTRACEEVENT=1 NO_LIBPYTHON=1 NO_LIBPERL=1 NO_SLANG=1 \
	NO_GTK2=1 NO_LIBUNWIND=1 NO_LIBDW=1 NO_DEMANGLE=1 NO_LIBBPF=1 \
	NO_LIBCAP=1 NO_LIBNUMA=1 NO_LIBZSTD=1 NO_LZMA=1 NO_ZLIB=1 \
	NO_LIBCRYPTO=1 NO_LIBBABELTRACE=1 NO_JVMTI=1 NO_AUXTRACE=1 \
	NO_LIBPFM4=1 BUILD_BPF_SKEL=0 NO_SDT=1 NO_LIBLLVM=1 NO_CAPSTONE=1 \
	-j"$(nproc)" > "$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
# glibc's static-link notes (dlopen, getpwnam_r) are expected; show the rest
grep -i -e 'warning' -e 'error' "$out/build.log" |
	grep -v -e "statically linked applications requires at runtime" -e "in function" || true
powerpc64le-linux-gnu-strip -o "$out/perf.stripped" "$out/perf"
echo "perf: $(stat -c %s "$out/perf.stripped") bytes, static ppc64le"
