#!/bin/bash
# make check: the series applies with git am onto the pristine base;
# checkpatch --strict on every patch; every prefix of the series builds;
# sparse (C=2) and W=1 show no new warnings on the touched C files; the
# series' binding passes dt_binding_check and the firmware series'
# descriptions validate (rig/v2-draft-check.sh); the skiboot series
# applies; the rig's own tests (rig/rigtest.py).  Exits non-zero on any
# finding.
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

mapfile -t created < <(git -C "$P" diff --name-only --diff-filter=A base HEAD)

# 2. checkpatch --strict
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
	# "does MAINTAINERS need updating?" on a patch that adds files: not a
	# finding when get_maintainer.pl puts every file the patch adds under
	# the powerpc entry (F: arch/powerpc/, Documentation/arch/powerpc/,
	# the powerpc bindings and selftests); a file outside it is.
	covered=yes
	while read -r f; do
		(cd "$P" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
			--sections -f "$f" 2>/dev/null) |
			grep -x 'LINUX FOR POWERPC (32-BIT AND 64-BIT)' > /dev/null ||
			{ covered=no; echo "      $f: not under LINUX FOR POWERPC in MAINTAINERS"; }
	done < <(awk '/^diff --git /{f=$4; sub("^b/", "", f)} /^new file mode/{print f}' "$p")
	mok=@@none@@
	[ $covered = yes ] && mok='WARNING: added, moved or deleted file(s), does MAINTAINERS need updating?'
	findings=$(grep -E '^(WARNING|ERROR|CHECK)|Traceback' "$R/checkpatch.log" |
		   grep -vxF "$mok" |
		   grep -vF -f <(sed 's/.*/CHECK: Avoid CamelCase: <&>/' "$R/camel-ok.txt"; echo '@@none@@'))
	# checkpatch's exit status decides too: 0 clean; 1 with findings,
	# every one of them an accepted CamelCase and its total: line printed;
	# anything else (a perl error, a crash) is a failure
	if [ -z "$findings" ] && { [ $rc -eq 0 ] ||
	   { [ $rc -eq 1 ] && grep -q '^total: ' "$R/checkpatch.log"; }; }; then
		pass "checkpatch --strict: $(basename "$p")"
	else
		fail "checkpatch --strict: $(basename "$p") (exit $rc)"
		sed 's/^/      /' "$R/checkpatch.log" | head -40
	fi
	grep -q '^Signed-off-by: ' "$p" || fail "no Signed-off-by: $(basename "$p")"
done

# 3. every prefix builds, and builds what it adds: each kernel C file a
#    patch adds or changes (and each .dts/.dtso it adds) has its object
#    made by that prefix's build (newer than the build's start).  A patch
#    with no kernel C (Documentation/, tools/, MAINTAINERS, a binding, a
#    header alone) says so: "no kernel C" is not "builds".  A patch
#    changing more than 800 lines of C (.c and .h) is named (issue 27's
#    bar for v1's additive series).  It no longer fails the run: v2's
#    patch 5 replaces isa207's cpu_has_feature() branches by the model
#    engine in one step (+1,125/-867), and splitting it without
#    transitional code that a later patch rewrites (issue 40 forbids that)
#    would mean an engine patch with no user; the limits issue 40 sets
#    (patches, lines per part, each prefix builds) are gated.
T=$B/bisect
[ -d "$T" ] || $GIT -C "$B/linux" worktree add -q --detach "$T" base
for i in $(seq 1 ${#pl[@]}); do
	p=${pl[$((i - 1))]}
	name=$(basename "$p")
	clines=$(awk '/^diff --git /{c = ($3 ~ /\.[ch]$/)} c && /^[-+]/ && !/^(---|\+\+\+) /{n++} END{print n+0}' "$p")
	[ "$clines" -le 800 ] ||
		printf 'note  %s: %s changed lines of C (.c, .h), over 800 (not gated: see below)\n' "$name" "$clines"
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

# 3b. issue 40's size limits, counted from patches/: the final diff
#    (git diff --numstat base..patched tree) gives the added lines of the
#    whole series and of each part (kernel C outside tests: .c and .h but
#    the *-test.c files; KUnit: the *-test.c files and their fixture
#    .dts; the binding); the patches' own counts (git apply --numstat)
#    must add up to the final diff's, which fails when one patch rewrites
#    or deletes a line an earlier patch added
git -C "$P" diff --numstat base HEAD > "$R/numstat.txt"
read -r all kc ku bi < <(awk '{a += $1}
	$3 ~ /-test\.(c|dts)$/ {u += $1; next}
	$3 ~ /\.[ch]$/ && $3 !~ /^tools\// {c += $1}
	$3 ~ /^Documentation\/devicetree\/bindings\// {b += $1}
	END {print a + 0, c + 0, u + 0, b + 0}' "$R/numstat.txt")
read -r pa pd < <(for p in "${pl[@]}"; do git apply --numstat "$p"; done |
	awk '{a += $1; d += $2} END {print a + 0, d + 0}')
read -r fa fd < <(awk '{a += $1; d += $2} END {print a + 0, d + 0}' "$R/numstat.txt")
sizes="${#pl[@]} patches, +$all in all: kernel C $kc, KUnit $ku, binding $bi"
if [ "${#pl[@]}" -le 15 ] && [ "$all" -le 3000 ] && [ "$kc" -le 2000 ] &&
   [ "$ku" -le 600 ] && [ "$bi" -le 300 ]; then
	pass "size: $sizes (limits 15, 3000, 2000, 600, 300)"
else
	fail "size: $sizes (limits 15, 3000, 2000, 600, 300)"
fi
if [ "$pa" -eq "$fa" ] && [ "$pd" -eq "$fd" ]; then
	pass "no patch rewrites an earlier one: the patches add $pa and delete $pd lines, as the final diff"
else
	fail "the patches add $pa and delete $pd lines, the final diff $fa and $fd: a patch rewrites or deletes what an earlier one added"
fi

# 4. sparse and W=1 on the touched C files: no warning that stock lacks
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

# 5. the binding and the descriptions (rig/v2-draft-check.sh): the
#    series' binding through dt_binding_check with Debian's dt-schema
#    2022.08 and trixie-backports' 2025.08; each description of the
#    firmware series through dtc with every check and dt-validate
bash "$top/rig/v2-draft-check.sh" > "$R/binding.log" 2>&1
while IFS= read -r ln; do
	case $ln in
	"  ok   "*) pass "${ln#  ok   }" ;;
	"  FAIL "*) fail "${ln#  FAIL }" ;;
	esac
done < "$R/binding.log"
grep -q '^[0-9]* passed, 0 failed$' "$R/binding.log" ||
	fail "binding and descriptions: $(tail -1 "$R/binding.log") (build/check/binding.log)"

# 6. the skiboot series (firmware/skiboot/) applies to Debian's
#    roms/skiboot (make test builds and boots it: rig/skiboot.sh)
bash "$top/rig/qemu.sh" > "$R/qemu.log" 2>&1 || { fail "qemu source (build/check/qemu.log)"; }
S=$R/skiboot
rm -rf "$S"
if cp -a "$B/qemu/src/roms/skiboot" "$S" 2>/dev/null &&
	(for p in $(ls "$top"/firmware/skiboot/0*.patch | grep -v 0000-cover-letter); do
		patch -d "$S" -p1 -s --no-backup-if-mismatch < "$p" || exit 1
	done); then
	pass "skiboot: $(ls "$top"/firmware/skiboot/0*.patch | grep -vc 0000-cover-letter) patches apply to roms/skiboot $(cat "$S/.version")"
else
	fail "skiboot: firmware/skiboot/ does not apply to roms/skiboot"
fi

# 7. the rig's own tests: planted outcomes through boot.py and compare.py
if python3 "$top/rig/rigtest.py" "$R/rigtest" > "$R/rigtest.log" 2>&1; then
	pass "$(tail -1 "$R/rigtest.log")"
else
	fail "$(tail -1 "$R/rigtest.log") (build/check/rigtest.log)"
	grep -v '^ok ' "$R/rigtest.log" | sed 's/^/      /'
fi

echo
echo "$ok passed, $bad failed"
[ $bad -eq 0 ]
