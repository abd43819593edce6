#!/bin/bash
# make check: the series applies with git am onto the pristine base; the
# files it creates are byte-identical here and in the patched tree;
# checkpatch --strict on every patch; every prefix of the series builds;
# sparse (C=2) and W=1 show no new warnings on the touched C files; the
# series' bindings pass dt_binding_check; the descriptions validate; the
# events generator; the skiboot series applies and carries the kernel's
# descriptions; the rig's own tests (rig/rigtest.py).  Exits non-zero
# on any finding.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build
R=$B/check
GIT="git -c user.name=rig -c user.email=rig@localhost -c advice.detachedHead=false"
ARCHMAKE="ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu-"
rm -rf "$R"
mkdir -p "$R"
bad=0
ok=0
pass() { ok=$((ok + 1)); printf 'ok    %s\n' "$*"; }
fail() { bad=$((bad + 1)); printf 'FAIL  %s\n' "$*"; }

bash "$top/rig/setup.sh" > "$R/setup.log" 2>&1 || { cat "$R/setup.log"; exit 1; }
mapfile -t pl < <(ls "$top"/patches/0*.patch 2>/dev/null | grep -v '/0000-cover-letter.patch$' || true)

# 1. git am onto base
if bash "$top/rig/patched-tree.sh" > "$R/am.log" 2>&1; then
	pass "git am: ${#pl[@]} patches apply onto base"
else
	fail "git am: series does not apply (build/check/am.log)"
	cat "$R/am.log"
	exit 1
fi
P=$B/patched

# 2. created files identical; nothing here that the series does not create
mapfile -t created < <(git -C "$P" diff --name-only --diff-filter=A base HEAD)
n=0
for f in "${created[@]}"; do
	[ "$f" = MAINTAINERS ] && continue
	if cmp -s "$top/$f" "$P/$f"; then n=$((n + 1)); else fail "created file differs or missing here: $f"; fi
done
while IFS= read -r f; do
	printf '%s\n' "${created[@]}" | grep -qxF "$f" || fail "file here is not created by the series: $f"
done < <(cd "$top" && git ls-files arch Documentation tools 2>/dev/null)
pass "created files: $n identical"

# 3. checkpatch --strict
for p in "${pl[@]}"; do
	# UNKNOWN_COMMIT_ID: the base tree is a tarball import with no upstream
	# history, so a Fixes: sha cannot be looked up here (patch 1 cites
	# c718547e4a92, the commit that added MMCR3/SIER2/SIER3 to the EBB
	# state); every other check, sign-offs included, is on.
	(cd "$P" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict -q \
		--ignore UNKNOWN_COMMIT_ID "$p") > "$R/checkpatch.log" 2>&1
	rc=$?
	# A CamelCase CHECK on an identifier the base tree already defines
	# (a register name such as MMCR0_PMCjCE) is not the patch's to fix.
	grep -oP '^CHECK: Avoid CamelCase: <\K[^>]+' "$R/checkpatch.log" | sort -u | while read -r id; do
		git -C "$B/stock" grep -qw -- "$id" -- arch include && echo "$id"
	done > "$R/camel-ok.txt"
	findings=$(grep -E '^(WARNING|ERROR|CHECK)|Traceback' "$R/checkpatch.log" |
		   grep -vF -f <(sed 's/.*/CHECK: Avoid CamelCase: <&>/' "$R/camel-ok.txt"; echo '@@none@@'))
	# checkpatch's exit status decides too: 0 clean; 1 with findings,
	# every one of them an accepted CamelCase and its total: line printed;
	# anything else (a perl error, a crash) is a failure
	if [ -z "$findings" ] && { [ $rc -eq 0 ] ||
	   { [ $rc -eq 1 ] && [ -s "$R/camel-ok.txt" ] && grep -q '^total: ' "$R/checkpatch.log"; }; }; then
		pass "checkpatch --strict: $(basename "$p")"
	else
		fail "checkpatch --strict: $(basename "$p") (exit $rc)"
		sed 's/^/      /' "$R/checkpatch.log" | head -40
	fi
	grep -q '^Signed-off-by: ' "$p" || fail "no Signed-off-by: $(basename "$p")"
done

# 4. every prefix builds, and builds what it adds: each kernel C file a
#    patch adds or changes (and each .dts/.dtso it adds) has its object
#    made by that prefix's build (newer than the build's start).  A patch
#    with no kernel C (Documentation/, tools/, MAINTAINERS, a binding, a
#    header alone) says so: "no kernel C" is not "builds".  No patch
#    changes more than 800 lines of C (.c and .h).
T=$B/bisect
[ -d "$T" ] || $GIT -C "$B/linux" worktree add -q --detach "$T" base
for i in $(seq 1 ${#pl[@]}); do
	p=${pl[$((i - 1))]}
	name=$(basename "$p")
	clines=$(awk '/^diff --git /{c = ($3 ~ /\.[ch]$/)} c && /^[-+]/ && !/^(---|\+\+\+) /{n++} END{print n+0}' "$p")
	[ "$clines" -le 800 ] || fail "$name: $clines changed lines of C (.c, .h), over 800"
	# the kernel files it touches, and the objects it must make: its
	# kernel .c files and its .dts/.dtso files (not the ones it deletes)
	mapfile -t kfiles < <(grep -E '^diff --git a/' "$p" | sed -E 's#^diff --git a/[^ ]* b/##' |
		grep -vE '^(Documentation|tools)/|^MAINTAINERS$' || true)
	if [ ${#kfiles[@]} -eq 0 ]; then
		pass "prefix $i: no kernel C (Documentation/, tools/, MAINTAINERS only)"
		continue
	fi
	mapfile -t srcs < <(grep -E '^\+\+\+ b/' "$p" | sed 's#^+++ b/##' |
		grep -vE '^(Documentation|tools|scripts)/' | grep -E '\.(c|dts|dtso)$' || true)
	stamp=$R/bisect-$i.stamp
	if [ "$i" -eq ${#pl[@]} ]; then
		# the whole series: the patched tree make test builds too
		obj=$B/obj/patched
		touch "$stamp" && sleep 1 &&
		bash "$top/rig/build-kernel.sh" "$P" "$obj" "$top/rig/patched.config" \
			> "$R/bisect-$i.log" 2>&1
	else
		obj=$B/obj/bisect
		(cd "$T" && $GIT am --abort >/dev/null 2>&1; $GIT checkout -q --detach base &&
		 $GIT reset -q --hard && $GIT am -q "${pl[@]:0:$i}") > "$R/bisect-$i.log" 2>&1 &&
		touch "$stamp" && sleep 1 &&
		bash "$top/rig/build-kernel.sh" "$T" "$obj" "$top/rig/patched.config" \
			>> "$R/bisect-$i.log" 2>&1
	fi
	rc=$?	# the build's (or git am's) exit status decides, then its warnings
	if [ $rc -ne 0 ]; then
		fail "prefix $i does not build (exit $rc, build/check/bisect-$i.log)"
		tail -20 "$R/bisect-$i.log"
		continue
	elif grep -E '(warning|Warning|WARNING)' "$R/bisect-$i.log"; then
		fail "prefix $i: build warnings"
		continue
	fi
	made=() missing=()
	for f in "${srcs[@]}"; do
		case $f in
		*.c) o=${f%.c}.o ;;
		*.dts) o=${f%.dts}.dtb.o ;;
		*.dtso) o=${f%.dtso}.dtbo.o ;;
		esac
		if [ "$obj/$o" -nt "$stamp" ]; then made+=("$(basename "$o")"); else missing+=("$o"); fi
	done
	if [ ${#missing[@]} -gt 0 ]; then
		fail "prefix $i builds, but not what $name adds or changes: ${missing[*]}"
	elif [ ${#made[@]} -eq 0 ]; then
		# a header, Makefile or Kconfig change: built by what includes it
		pass "prefix $i builds (no object of its own: $(printf '%s\n' "${kfiles[@]}" |
			xargs -n1 basename | tr '\n' ' ' | sed 's/ $//'))"
	else
		pass "prefix $i builds ${made[*]}"
	fi
done

# 5. sparse and W=1 on the touched C files: no warning that stock lacks
mapfile -t cfiles < <(git -C "$P" diff --name-only base HEAD -- 'arch/*.c' 'kernel/*.c' 'drivers/*.c')
if [ ${#cfiles[@]} -gt 0 ]; then
	bash "$top/rig/build-kernel.sh" "$P" "$B/obj/patched" "$top/rig/patched.config" \
		> "$R/patched-build.log" 2>&1 ||
		fail "patched kernel does not build"
	bash "$top/rig/build-kernel.sh" "$B/stock" "$B/obj/stock" > "$R/stock-build.log" 2>&1
fi
# a finding without its line number and tree (patched and stock differ in
# both), every copy kept: a second copy of a warning stock already has is
# a new one (comm pairs equal lines one to one); the new ones are shown
# with their lines
norm() {
	sed -E 's/:[0-9]+:[0-9]+:/:/; s/:[0-9]+:/:/; s#^[^ :]*/(arch|include|kernel|drivers)/#\1/#' |
		grep -E 'warning|error' | sort
}
for f in "${cfiles[@]}"; do
	o=${f%.c}.o
	if [ ! -f "$B/obj/patched/$o" ]; then
		# not an object of its own (a test #included by another file, or
		# not configured): it is checked as part of what builds it
		pass "sparse+W=1: $f (no object of its own: checked where it is built)"
		continue
	fi
	make -s -C "$P" O="$B/obj/patched" $ARCHMAKE C=2 W=1 "$o" > "$R/sparse-new.log" 2>&1
	rc=$?
	norm < "$R/sparse-new.log" > "$R/sparse-new.txt"
	: > "$R/sparse-old.txt"
	[ -f "$B/stock/$f" ] &&
		make -s -C "$B/stock" O="$B/obj/stock" $ARCHMAKE C=2 W=1 "$o" 2>&1 | norm > "$R/sparse-old.txt"
	new=$(comm -23 "$R/sparse-new.txt" "$R/sparse-old.txt")
	if [ $rc -eq 0 ] && [ -z "$new" ]; then
		pass "sparse+W=1: $f"
	else
		fail "sparse+W=1: $f (exit $rc)"
		# each new finding where it is
		echo "$new" | sed -E 's/^[^:]*: //' | sort -u | while IFS= read -r msg; do
			[ -n "$msg" ] && grep -F -- "$msg" "$R/sparse-new.log"
		done | sed 's/^/      /'
	fi
done

# 6. dt_binding_check on the series' bindings (Debian's dt-schema is
#    2022.08.2, older than the 2023.9 the kernel asks for; see docs/rig.md).
mapfile -t bindings < <(printf '%s\n' "${created[@]}" | grep '^Documentation/devicetree/bindings/.*\.yaml$' || true)
for y in "${bindings[@]}"; do
	if make -C "$P" O="$B/obj/dtcheck" DT_SCHEMA_MIN_VERSION=2022.08 \
		DT_SCHEMA_FILES="$(basename "$y")" dt_binding_check > "$R/dtbc.log" 2>&1 &&
	   ! grep -E "$(basename "$y" .yaml)" "$R/dtbc.log" | grep -qiE 'warning|error'; then
		pass "dt_binding_check: $(basename "$y")"
	else
		fail "dt_binding_check: $(basename "$y")"
		grep -E "$(basename "$y" .yaml)|rror" "$R/dtbc.log" | head -30 | sed 's/^/      /'
	fi
done

# 7. descriptions: dtc without warnings, dt-validate against the binding
schema=$B/obj/dtcheck/Documentation/devicetree/bindings/processed-schema.json
mapfile -t dts < <(printf '%s\n' "${created[@]}" | grep -E '^arch/powerpc/perf/.*\.dts$' || true)
for d in "${dts[@]}"; do
	out=$R/$(basename "$d" .dts).dtb
	case $d in
	*/tests/*)
		# a KUnit fixture, not a description: skiboot's node as emitted
		# is not the binding's on purpose.  Through cpp, as kbuild
		# builds it, and dtc.
		if cpp -P -nostdinc -undef -D__DTS__ -x assembler-with-cpp "$P/$d" 2> "$R/dtc.log" |
		   dtc -I dts -O dtb -o "$out" - >> "$R/dtc.log" 2>&1 && [ ! -s "$R/dtc.log" ]; then
			pass "cpp+dtc (no warnings): $d, a KUnit fixture"
		else
			fail "cpp+dtc: $d"
			sed 's/^/      /' "$R/dtc.log" | head -20
		fi
		continue ;;
	esac
	if ! dtc -i "$P/$(dirname "$d")" -I dts -O dtb -o "$out" "$P/$d" > "$R/dtc.log" 2>&1 ||
	   [ -s "$R/dtc.log" ]; then
		fail "dtc: $d"
		sed 's/^/      /' "$R/dtc.log" | head -20
		continue
	fi
	pass "dtc (no warnings): $d, $(stat -c %s "$out") bytes"
	# A description is a detached tree, not a board: give a copy the
	# root model/compatible dt-schema requires of every root node.
	fdtput -t s "$out" / model "description check" &&
		fdtput -t s "$out" / compatible "rig,description-check"
	if [ ! -f "$schema" ]; then
		fail "dt-validate: $d (no processed schema: binding check did not run)"
	elif dt-validate -s "$schema" "$out" > "$R/dtv.log" 2>&1 && [ ! -s "$R/dtv.log" ]; then
		pass "dt-validate: $d"
	else
		fail "dt-validate: $d"
		sed 's/^/      /' "$R/dtv.log" | head -20
	fi
done

# 8. the events generator: the POWER10 and POWER9 perf JSON (read from the
#    tree, not copied) through it, merged into that CPU's description,
#    validated; and its error paths (clear message, exit 1, no output file).
gen=$top/rig/pmu-json-to-dts.py
if [ -f "$gen" ]; then
	G=$R/gen
	for cpu in power10 power9; do
		[ -f "$P/arch/powerpc/perf/dts-pmu-$cpu.dts" ] || continue
		json=$P/tools/perf/pmu-events/arch/powerpc/$cpu
		W=$G/$cpu
		mkdir -p "$W"
		if python3 "$gen" -o "$W/events.dtsi" "$json" 2> "$W/gen.log"; then
			n=$(grep -c 'event_code = ' "$W/events.dtsi")
			cp "$P"/arch/powerpc/perf/dts-pmu-$cpu.dts* "$W/"
			mv "$W/dts-pmu-$cpu.dts" "$W/desc.dts"
			printf '/include/ "desc.dts"\n\n&{/pmus/pmu_dts@0} {\n/include/ "events.dtsi"\n};\n' > "$W/wrap.dts"
			if dtc -I dts -O dtb -o "$W/wrap.dtb" "$W/wrap.dts" > "$W/dtc.log" 2>&1 && [ ! -s "$W/dtc.log" ] &&
			   fdtput -t s "$W/wrap.dtb" / model "description check" &&
			   fdtput -t s "$W/wrap.dtb" / compatible "rig,description-check" &&
			   dt-validate -s "$schema" "$W/wrap.dtb" > "$W/dtv.log" 2>&1 && [ ! -s "$W/dtv.log" ]; then
				pass "generator: $n $cpu events, $(stat -c %s "$W/events.dtsi") bytes of source, validates in the $cpu description"
			else
				fail "generator output for $cpu does not validate"
				cat "$W/dtc.log" "$W/dtv.log" | head -20 | sed 's/^/      /'
			fi
		else
			fail "generator failed on the $cpu JSON"
			sed 's/^/      /' "$W/gen.log"
		fi
	done
	# error paths: each must exit 1 with a message and leave no file
	mkdir -p "$G/bad"
	printf '[{"EventCode": "0x1", "EventName": "A"},' > "$G/bad/truncated.json"
	printf '[{"EventCode": "0x1", "EventName": "A"}, {"EventCode": "0x2", "EventName": "A"}]' > "$G/bad/dup.json"
	printf '[{"EventCode": "0xzz", "EventName": "A"}]' > "$G/bad/code.json"
	printf '[{"EventCode": "0x1"}]' > "$G/bad/noname.json"
	for input in "$G/bad/missing.json" "$G/bad/truncated.json" "$G/bad/dup.json" \
		     "$G/bad/code.json" "$G/bad/noname.json"; do
		rm -f "$G/bad/out.dtsi"
		python3 "$gen" -o "$G/bad/out.dtsi" "$input" 2> "$G/bad/err.log"
		rc=$?
		if [ $rc -eq 1 ] && [ ! -e "$G/bad/out.dtsi" ] && grep -q "^pmu-json-to-dts: .*$(basename "$input")" "$G/bad/err.log" &&
		   [ -z "$(ls -A "$G/bad" | grep '^\.pmu-json')" ]; then
			pass "generator rejects $(basename "$input"): $(cat "$G/bad/err.log")"
		else
			fail "generator on $(basename "$input"): exit $rc, $(cat "$G/bad/err.log")"
		fi
	done
fi

# 9. the skiboot series (firmware/skiboot/): applies to Debian's
#    roms/skiboot, and its descriptions are the kernel's, byte for byte
#    (make test builds and boots it: rig/skiboot.sh)
bash "$top/rig/qemu.sh" > "$R/qemu.log" 2>&1 || { fail "qemu source (build/check/qemu.log)"; }
S=$R/skiboot
rm -rf "$S"
if cp -a "$B/qemu/src/roms/skiboot" "$S" 2>/dev/null &&
	(for p in $(ls "$top"/firmware/skiboot/0*.patch | grep -v 0000-cover-letter); do
		patch -d "$S" -p1 -s --no-backup-if-mismatch < "$p" || exit 1
	done); then
	pass "skiboot: $(ls "$top"/firmware/skiboot/0*.patch | grep -vc 0000-cover-letter) patches apply to roms/skiboot $(cat "$S/.version")"
	n=0
	for f in "$top"/arch/powerpc/perf/dts-pmu-*.dts "$top"/arch/powerpc/perf/dts-pmu-*.dtsi; do
		if cmp -s "$f" "$S/hw/pmu-desc/$(basename "$f")"; then n=$((n + 1))
		else fail "skiboot: hw/pmu-desc/$(basename "$f") is not the kernel's (make patches)"; fi
	done
	extra=$(cd "$S/hw/pmu-desc" && ls | grep -v '^dts-pmu-.*\.dtsi\?$' || true)
	[ -z "$extra" ] || fail "skiboot: hw/pmu-desc/ has files the kernel lacks: $extra"
	pass "skiboot: $n descriptions identical to arch/powerpc/perf/"
else
	fail "skiboot: firmware/skiboot/ does not apply to roms/skiboot"
fi

# 10. the rig's own tests: planted outcomes through boot.py and compare.py
if python3 "$top/rig/rigtest.py" "$R/rigtest" > "$R/rigtest.log" 2>&1; then
	pass "$(tail -1 "$R/rigtest.log")"
else
	fail "$(tail -1 "$R/rigtest.log") (build/check/rigtest.log)"
	grep -v '^ok ' "$R/rigtest.log" | sed 's/^/      /'
fi

echo
echo "$ok passed, $bad failed"
[ $bad -eq 0 ]
