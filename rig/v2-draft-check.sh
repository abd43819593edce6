#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The v2 binding draft (docs/v2/, docs/v2-plan.md) checked as the series'
# binding will be: dt_binding_check on it in a hard-linked copy of the stock
# tree, then each draft description through dtc with every check dtc has
# enabled (its strict name checks included) and dt-validate.  Not part of
# make test until the series carries the binding.  Prints "N passed, N
# failed"; exits non-zero on a failure.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
B=$TOP/build
W=$B/v2draft
S=$B/stock
pass=0 failed=0
ok() { echo "  ok   $*"; pass=$((pass + 1)); }
bad() { echo "  FAIL $*"; failed=$((failed + 1)); }

[ -f "$S/Makefile" ] || { echo "v2-draft-check: no $S (run make setup)" >&2; exit 2; }
mkdir -p "$W"
[ -d "$W/tree" ] || cp -al "$S" "$W/tree"
bind=$W/tree/Documentation/devicetree/bindings/powerpc/ibm,power-pmu.yaml
rm -f "$bind"
cp "$TOP/docs/v2/ibm,power-pmu.yaml" "$bind"

log=$W/dtbc.log
if make -C "$W/tree" O="$W/obj" DT_SCHEMA_MIN_VERSION=2022.08 \
	DT_SCHEMA_FILES=powerpc/ibm,power-pmu.yaml dt_binding_check > "$log" 2>&1 &&
   ! grep 'ibm,power-pmu' "$log" | grep -qiE 'warning|error'; then
	ok "dt_binding_check: ibm,power-pmu.yaml ($(dt-doc-validate --version 2>/dev/null || echo '?'))"
else
	bad "dt_binding_check: ibm,power-pmu.yaml"
	grep -E 'ibm,power-pmu|rror' "$log" | head -30 | sed 's/^/      /'
fi

# every check dtc has, as a warning: the names in its checks.c that it
# accepts (some macros name a check differently)
dtcbin=$W/obj/scripts/dtc/dtc
printf '/dts-v1/;\n/ { };\n' > "$W/empty.dts"
checks=
for c in $(grep -oE '^(WARNING|ERROR|CHECK)[A-Z_]*\(([a-z0-9_]+)' "$S/scripts/dtc/checks.c" |
	   sed -E 's/.*\(//' | grep -v '^always_fail$' | sort -u); do
	"$dtcbin" -W"$c" -o /dev/null "$W/empty.dts" 2> /dev/null && checks="$checks -W$c"
	"$dtcbin" -W"${c}_property" -o /dev/null "$W/empty.dts" 2> /dev/null && checks="$checks -W${c}_property"
done
echo "  dtc checks enabled: $(echo $checks | wc -w)"
schema=$W/obj/Documentation/devicetree/bindings/processed-schema.json
for d in "$TOP"/docs/v2/*.dts; do
	n=$(basename "$d" .dts)
	# shellcheck disable=SC2086
	if "$dtcbin" $checks -I dts -O dtb -o "$W/$n.dtb" "$d" > "$W/$n.dtc.log" 2>&1 &&
	   [ ! -s "$W/$n.dtc.log" ]; then
		ok "dtc, every check: $n.dts"
	else
		bad "dtc, every check: $n.dts"
		head -20 "$W/$n.dtc.log" | sed 's/^/      /'
		continue
	fi
	if dt-validate -s "$schema" "$W/$n.dtb" > "$W/$n.dtv.log" 2>&1 &&
	   [ ! -s "$W/$n.dtv.log" ]; then
		ok "dt-validate: $n.dts"
	else
		bad "dt-validate: $n.dts"
		head -20 "$W/$n.dtv.log" | sed 's/^/      /'
	fi
done
echo "$pass passed, $failed failed"
[ "$failed" -eq 0 ]
