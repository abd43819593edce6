#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The binding (patches/'s, SERIES=dir for another): dt_binding_check on
# it in a hard-linked copy of the stock tree, then each description of
# the firmware series (rig/v2-desc.sh) through dtc with every check dtc
# has enabled (its strict name checks included) and dt-validate.  Run by
# make test (beside the sanitizer build) and make check.  Prints "N
# passed, N failed"; exits non-zero on a failure.
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
rm -rf "$W/series"
mkdir -p "$W/series"
for p in "${SERIES:-$TOP/patches}"/0*.patch; do
	case $p in */0000-cover-letter.patch) continue ;; esac
	(cd "$W/series" && GIT_CEILING_DIRECTORIES=$W git apply \
		--include='Documentation/devicetree/bindings/powerpc/ibm,power-pmu.yaml' "$p")
done
cp "$W/series/Documentation/devicetree/bindings/powerpc/ibm,power-pmu.yaml" "$bind" || exit 1
bash "$TOP/rig/v2-desc.sh" "$W/desc" || exit 1

# Debian's newest dt-schema: trixie-backports' source (pure Python), run
# from its tree in build/ with bookworm's jsonschema, ruamel and libfdt
dtschema_2025() {
	local d=$B/dtschema D
	D=$d/dt-schema-2025.08
	if [ ! -x "$d/bin/dt-validate" ]; then
		mkdir -p "$d"
		# trixie-backports' deb-src, the entry rig/upstream.sh adds too;
		# apt-get update retried while another apt (upstream.sh's, beside
		# this in make test) holds the lists' lock
		local src=/etc/apt/sources.list.d/pmu-rig-trixie-backports-src.sources i
		if [ ! -e "$src" ]; then
			printf '%s\n' "Types: deb-src" "URIs: http://deb.debian.org/debian" \
				"Suites: trixie-backports" "Components: main" \
				"Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" > "$src.tmp" &&
				mv "$src.tmp" "$src"
		fi
		for i in 1 2 3 4 5 6 7 8 9 10; do
			(cd "$d" && flock "$B/apt.lock" apt-get source --download-only dt-schema > get.log 2>&1) && break
			flock "$B/apt.lock" apt-get update -qq >> "$d/get.log" 2>&1 || sleep 15
		done
		ls "$d"/dt-schema_2025.08.orig.tar.gz > /dev/null || return 1
		tar -C "$d" -xzf "$d"/dt-schema_2025.08.orig.tar.gz
		echo '__version__ = "2025.08"' > "$D/dtschema/version.py"
		mkdir -p "$d/bin"
		for t in doc_validate:dt-doc-validate extract_example:dt-extract-example \
			 mk_schema:dt-mk-schema dtb_validate:dt-validate; do
			printf '#!/bin/sh\nPYTHONPATH=%s exec /usr/bin/python3 -c "import sys; from dtschema.%s import main; sys.argv[0]=\\"%s\\"; sys.exit(main())" "$@"\n' \
				"$D" "${t%%:*}" "${t##*:}" > "$d/bin/${t##*:}"
			chmod +x "$d/bin/${t##*:}"
		done
	fi
	echo "$d/bin"
}

check() {	# tag: 2022.08 (Debian bookworm's, installed) or 2025.08
	local tag=$1
	log=$W/dtbc-$tag.log
	# 2022.08 cannot split matrices decoded from a blob, so its check of
	# the example is not a verdict: from it, only the schema's own check
	# (messages about the .yaml); 2025.08's every message counts
	# (and so, for 2022.08, processed-schema.json, which only the
	# example's validation reads, from this binding alone, not from the
	# tree's 4,000: dt-mk-schema over them took 2 min 20 s of a core,
	# 2026-12-02)
	local one=
	[ "$tag" = 2022.08 ] && one='find_all_cmd=find $(src)/powerpc -name ibm,power-pmu.yaml'
	make -C "$W/tree" O="$W/obj-$tag" DT_SCHEMA_MIN_VERSION=2022.08 ${one:+"$one"} \
		DT_SCHEMA_FILES=powerpc/ibm,power-pmu.yaml dt_binding_check > "$log" 2>&1
	local mrc=$? pat='ibm,power-pmu'
	[ "$tag" = 2022.08 ] && pat='^[^[:space:]]*ibm,power-pmu\.yaml:'
	if [ $mrc -eq 0 ] && ! grep -E "$pat" "$log" | grep -vE '^ *(DTEX|DTC|CHKDT|SCHEMA|LINT) ' | grep -q .; then
		if [ "$tag" = 2022.08 ]; then
			ok "dt_binding_check ($tag): ibm,power-pmu.yaml, the schema only (not its example)"
		else
			ok "dt_binding_check ($tag): ibm,power-pmu.yaml and its example"
		fi
	else
		bad "dt_binding_check ($tag): ibm,power-pmu.yaml"
		grep -E "$pat|rror" "$log" | grep -vE '^ *(DTEX|DTC|CHKDT|SCHEMA|LINT) ' | head -30 | sed 's/^/      /'
	fi

	# every check dtc has, as a warning: the names in its checks.c that it
	# accepts (some macros name a check differently)
	dtcbin=$W/obj-$tag/scripts/dtc/dtc
	printf '/dts-v1/;\n/ { };\n' > "$W/empty.dts"
	checks=
	for c in $(grep -oE '^(WARNING|ERROR|CHECK)[A-Z_]*\(([a-z0-9_]+)' "$S/scripts/dtc/checks.c" |
		   sed -E 's/.*\(//' | grep -v '^always_fail$' | sort -u); do
		"$dtcbin" -W"$c" -o /dev/null "$W/empty.dts" 2> /dev/null && checks="$checks -W$c"
		"$dtcbin" -W"${c}_property" -o /dev/null "$W/empty.dts" 2> /dev/null && checks="$checks -W${c}_property"
	done
	echo "  dtc checks enabled: $(echo $checks | wc -w)"
	schema=$W/obj-$tag/Documentation/devicetree/bindings/processed-schema.json
	for d in "$W"/desc/*.dts; do
		n=$(basename "$d" .dts)
		# shellcheck disable=SC2086
		if "$dtcbin" $checks -i "$W/desc" -I dts -O dtb -o "$W/$n.dtb" "$d" > "$W/$n.dtc.log" 2>&1 &&
		   [ ! -s "$W/$n.dtc.log" ]; then
			[ "$tag" = 2022.08 ] && ok "dtc, every check: $n.dts"
		else
			bad "dtc, every check: $n.dts"
			head -20 "$W/$n.dtc.log" | sed 's/^/      /'
			continue
		fi
		# 2022.08 cannot split matrices decoded from a blob: 2025.08 checks
		[ "$tag" = 2022.08 ] && continue
	if dt-validate -s "$schema" "$W/$n.dtb" > "$W/$n.dtv-$tag.log" 2>&1 &&
		   [ ! -s "$W/$n.dtv-$tag.log" ]; then
			ok "dt-validate ($tag): $n.dts"
		else
			bad "dt-validate ($tag): $n.dts"
			head -20 "$W/$n.dtv-$tag.log" | sed 's/^/      /'
		fi
	done
}

check 2022.08
if bin=$(dtschema_2025); then
	PATH=$bin:$PATH check 2025.08
else
	bad "dt-schema 2025.08: no source from apt (trixie-backports deb-src)"
fi
echo "$pass passed, $failed failed"
[ "$failed" -eq 0 ]
