#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The v2 series (patches/) against the base kernel's own code: stock
# 6.12 + the series + a rig-only KUnit (rig/v2/isa207-equiv-test.c) that
# compares the isa207 engine with the stock isa207-common.c, compiled into
# the same kernel under ref_ names.  The reference is generated here from
# build/stock (the unpacked base tree), never stored: isa207-ref.[ch] are
# the stock isa207-common.[ch] with their isa207_/isa3XX_ symbols renamed,
# isa207-ref-alt.h the stock alternatives tables of POWER8/9/10 with the
# event names resolved from the stock events lists.  Booted on powernv10,
# powernv9 and powernv8 with only that suite.  Cases: equiv_c (the C
# model of the CPU) and equiv_dt (its description read from the device
# tree, when the series has the reader; the descriptions are the v2
# firmware series', rig/v2-desc.sh),
# refuses_p10 (33 models each breaking one rule the ISA fixes, all
# refused by the compiler), and the series' own KUnit suite "isa207"
# (rig/v2/series.config).
# PLANTS=1: again per planted model fault (isa207_equiv_test.plant=1..6:
# a dropped rule, a wrong SDAR default, PMC2's and PMC3's PMCxSEL exchanged, a
# decode one bit off, a lost alternative, the reserved values of another
# ISA level), each of which must fail.
# ENGINE_PLANT=name: one rule the architecture fixes removed from the
# series' isa207-common.c (engine_plant below; each keeps every function
# used, since a warning stops the run); the run must fail, by the
# fuzzer, refuses_p10 or the equivalence.  MUTANTS: the fuzzer's size;
# SWEEPS=0 skips equiv_c and equiv_dt.
# SERIES=dir: another patch directory.  Not part of make test yet.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
B=$TOP/build
T=$B/v2check
S=${SERIES:-$TOP/patches}
Q=$B/qemu/obj/qemu-system-ppc64
[ -x "$Q" ] && [ -f "$B/stock/Makefile" ] || { echo "v2-series-check: run make setup first" >&2; exit 2; }
sum=$(cat "$S"/*.patch "$0" "$TOP/rig/v2/series.config" | sha1sum | cut -c1-40)
if [ "$(cat "$T/series.sum" 2>/dev/null)" != "$sum" ]; then
	rm -rf "$T/linux" "$T/obj" "$T/linux.tmp"
fi
if [ ! -d "$T/linux" ]; then
	mkdir -p "$T"
	cp -al "$B/stock" "$T/linux.tmp"
	rm -rf "$T/linux.tmp"/obj-*
	for p in "$S"/[0-9]*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		(cd "$T/linux.tmp" && patch -s -p1 < "$p") || { echo "v2-series-check: $p does not apply"; exit 1; }
	done
	mv "$T/linux.tmp" "$T/linux"
	echo "$sum" > "$T/series.sum"
fi
P=$T/linux/arch/powerpc/perf
st=$B/stock/arch/powerpc/perf
# the rules of the architecture, each removed alone: a sed script
engine_plant() {
	case $1 in
	ebb) echo 's/^\tval |= ebb << C_EBB_SHIFT;$/\tval |= 0;/' ;;
	bhrb) echo '/if (ev \& EVENT_WANTS_BHRB) {/,/C_IFM_SHIFT;/s/if (!ebb)/if (0)/' ;;
	bits60) echo 's/if (!f->word \&\& (bits \& EVENT_LINUX_MASK))/if (0)/' ;;
	owned) echo 's/if (bits \& owned_bits(m, p->reg))/if (bits \& owned_bits(m, p->reg) \& 0)/' ;;
	counters) echo 's/if (i < ISA207_NR_PROG ? m->fixed\[i\] : !m->fixed\[i\])/if (0)/' ;;
	sdar) echo 's/if (!m->sdar_mask || !m->field\[m->role\[ISA207_ROLE_SDAR\]\].def)/if (!m->sdar_mask)/' ;;
	reserved) echo 's/^\tif (!(m->isa \& ISA207_ISA_300))$/\tif (1)/' ;;
	fc56) echo 's/^\tif (!(pmc_inuse \& 0x60))$/\tif (0)/' ;;
	fixed) echo 's/if ((ev \& ~EVENT_LINUX_MASK) != m->fixed\[pmc - 1\])/if (0)/' ;;
	mmcr3) echo 's/(p->reg == ISA207_MMCR3 \&\& (!(m->isa \& ISA207_ISA_31) || !p->per_pmc))/(p->reg == ISA207_MMCR3 \&\& !p->per_pmc)/' ;;
	codes) echo 's/^\t\tif (\*code \& EVENT_LINUX_MASK)$/\t\tif (0)/' ;;
	ored) echo 's/!agreed(m, p->field))$/(!agreed(m, p->field) \&\& 0))/' ;;
	sdarplace) echo 's/p->to\[0\] != 42 || p->width != 2 || //' ;;
	psel) echo 's/f->width != 8 || p->to\[0\] != 24 || p->to\[1\] != 16 || p->to\[2\] != 8 ||/f->width != p->width ||/; s/p->to\[3\] != 0 || psel++))/psel++))/' ;;
	unitsplit) echo 's/(fi >= 0 \&\& fi != p->field) || //' ;;
	thrform) echo 's/^\tif ((a \& GENMASK(18, 16)) \&\& (cmp >> 7) \&\& !(cmp \& 0x60))$/\tif (0 \&\& (a \& GENMASK(18, 16)) \&\& (cmp >> 7) \&\& !(cmp \& 0x60))/' ;;
	thrcmp) echo 's/^\t\tif (f->role == ISA207_ROLE_THRESH_CMP ? !f->width || p->from || bits != cmp :$/\t\tif (0 \&\& (f->role == ISA207_ROLE_THRESH_CMP ? !f->width || p->from || bits != cmp :/; s/^\t\t    bits \& cmp)$/\t\t    bits \& cmp))/' ;;
	*) echo "v2-series-check: no engine plant $1" >&2; return 1 ;;
	esac
}
# the series' isa207-common.c, kept to plant in (the tree's is a new file
# each time: never an edit in place of a hard link)
[ -f "$T/isa207-common.c.series" ] && [ "$T/isa207-common.c.series" -nt "$T/series.sum" ] ||
	cp "$P/isa207-common.c" "$T/isa207-common.c.series"
ep=
if [ -n "${ENGINE_PLANT:-}" ]; then
	ep=$(engine_plant "$ENGINE_PLANT") || exit 2
fi
sed -e "$ep" "$T/isa207-common.c.series" > "$P/isa207-common.c.new"
if [ -n "$ep" ] && cmp -s "$P/isa207-common.c.new" "$T/isa207-common.c.series"; then
	echo "v2-series-check: engine plant $ENGINE_PLANT changed nothing"; exit 2
fi
bash "$TOP/rig/v2-desc.sh" "$T/desc" || exit 1
bash "$TOP/rig/v2-overlay.sh" "$T/linux" "$T/desc" || exit 1
bash "$TOP/rig/build-kernel.sh" "$T/linux" "$T/obj" "$TOP/rig/v2/series.config" > "$T/build.log" 2>&1 || { tail -20 "$T/build.log"; exit 1; }
if grep -iE 'warning|error' "$T/build.log"; then echo "v2-series-check: build warnings"; exit 1; fi
pass=0 failed=0 caught=
run() {	# machine plant
	local log=$T/$1-p$2.log c
	timeout 900 "$Q" -L /usr/share/qemu -machine "$1" -m 2G -smp 1 -nographic \
		-kernel "$T/obj/vmlinux" -no-reboot \
		-append "console=hvc0 kunit.filter_glob=isa207* isa207_equiv_test.plant=$2 isa207_fuzz_test.mutants=${MUTANTS:-1000} isa207_equiv_test.sweeps=${SWEEPS:-1} panic=-1" \
		2>&1 | tr -d '\r' > "$log"
	local cases="equiv_c equiv_dt"
	# the series' own KUnit (rig/v2/series.config), when it has it
	if [ "$2" = 0 ] && grep -q isa207_test_compile "$T/linux/arch/powerpc/perf/isa207-test.c" 2>/dev/null; then
		cases="$cases isa207_test_compile isa207_test_decode isa207_test_dt_read isa207_test_dt_refuse"
	fi
	if [ "$2" = 0 ]; then
		cases="$cases refuses_p10"
		grep -q fuzz "$T/linux/arch/powerpc/perf/Makefile" && cases="$cases fuzz_mutants fuzz_unknown fuzz_corpus fuzz_attacks"
	fi
	for c in $cases; do
		grep -oE "# $c: (codes|seed|mutants|mutant|unknown|attacks|corpus|  [a-z0-9]+:) .*" "$log" | sed "s/^# $c: /  $1 plant $2 $c: /"
		if grep -qE "^\[[ 0-9.]+\]     ok [0-9] $c # SKIP" "$log"; then
			echo "  $1 $c: skipped ($(grep -o "ok [0-9] $c # SKIP.*" "$log" | sed 's/.*SKIP //'))"
		elif [ "$2" = 0 ] && grep -qE "^\[[ 0-9.]+\]     ok [0-9] $c\$" "$log"; then
			pass=$((pass + 1))
		elif [ "$2" != 0 ] && grep -qE "not ok [0-9] $c\$" "$log"; then
			pass=$((pass + 1)); echo "  $1 plant $2 $c: failed, as it must"
		else
			failed=$((failed + 1)); caught="$caught $1/$c"
			echo "  FAIL $1 plant $2 $c"
		fi
	done
}
for m in ${MACHINES:-powernv10 powernv9 powernv8}; do
	run "$m" 0
	if [ "${PLANTS:-0}" = 1 ]; then
		for p in ${PLANT_LIST:-1 2 3 4 5 6}; do run "$m" "$p"; done
	fi
done
if [ -n "${ENGINE_PLANT:-}" ]; then
	# the run must fail: which cases caught the planted engine
	if [ "$failed" -gt 0 ]; then
		echo "engine plant $ENGINE_PLANT: $failed case(s) failed, as they must:$caught"
	else
		echo "engine plant $ENGINE_PLANT: NOT caught (every case passed)"
	fi
	[ "$failed" -gt 0 ]
	exit
fi
echo "$pass passed, $failed failed"
[ "$failed" -eq 0 ]
