#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Each architecture rule of the v2 engine removed alone
# (rig/v2-series-check.sh ENGINE_PLANT=name), on powernv10 (thrform, a
# rule before ISA 3.1: powernv9): the run must
# fail.  SWEEPS=0 first (refuses_p10, the fuzzer, the series' KUnit);
# a plant none of them catches is run again with the equivalence sweeps.
# PLANTS="a b": only those.  Prints one verdict line per plant.
TOP=$(cd "$(dirname "$0")/.." && pwd)
rc=0
for p in ${PLANTS:-ebb bhrb bits60 owned counters sdar reserved fc56 fixed codes ored sdarplace psel unitsplit mmcr3 thrcmp thrform}; do
	# a rule of the ISA levels before 3.1 is planted on powernv9
	m=powernv10
	[ "$p" = thrform ] && m=powernv9
	out=$(ENGINE_PLANT=$p MACHINES=$m SWEEPS=0 MUTANTS=${MUTANTS:-10000} \
		bash "$TOP/rig/v2-series-check.sh" 2>&1)
	if ! printf '%s\n' "$out" | grep -q 'failed, as they must'; then
		echo "[$p: again with the sweeps]"
		out=$(ENGINE_PLANT=$p MACHINES=$m SWEEPS=1 MUTANTS=${MUTANTS:-10000} \
			bash "$TOP/rig/v2-series-check.sh" 2>&1)
	fi
	printf '%s\n' "$out" | grep -E 'build warnings|engine plant|  [a-z0-9]+: [0-9]+$'
	printf '%s\n' "$out" | grep -q 'failed, as they must' || rc=1
done
exit $rc
