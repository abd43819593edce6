#!/bin/sh
# ccache-cc.sh COMPILER ARGS...: ccache, in its depend mode for a C file
# that names no assembler input of its own.
#
# On a miss, ccache's default mode runs the preprocessor once more than a
# plain compile to find the key (measured 2026-11-28: 20-25 % more time
# for each of five kernel files; the stock kernel 510 s against 369 s from
# an empty cache, the same vmlinux); its depend mode keys on the file, the
# command line and the headers the compiler's own -MMD list names, and runs
# the compiler once.  That list holds the file's #includes (not system
# headers: a kernel compile has none but the compiler's own,
# which ccache checks; the host tools are compiled in the default mode,
# rig/build-kernel.sh), but not a file an assembler directive reads.  An
# .incbin (the built-in descriptions' *.dtb.S, skiboot's) would give the
# object of an earlier blob in depend mode (2026-11-27: skiboot's
# broken-description build got the good build's description); the default
# mode refuses to cache it.  An .include neither mode sees: no ccache for
# it.  So depend mode only for a .c file whose text names neither; the
# default mode for other files; none for a file naming .include.
# Depend mode passes the compiler the paths it was given, where the default
# mode makes those under CCACHE_BASEDIR relative: an object whose __FILE__
# is an absolute path (skiboot's asserts) differs by mode, and a direct-mode
# hit serves either.  kbuild's paths are relative already (the vmlinux is
# the same byte for byte); skiboot is built in the default mode.
# The headers a C file includes are checked once a tree, by the caller
# (rig/build-kernel.sh): RIG_CCACHE_DEPEND=1 when
# "ccache-cc.sh --tree DIR" finds that none of DIR's (*.h, *.inc; in a
# kernel tree powerpc's and the common ones) names either.  Not seen: a .c
# file #included by another and naming one (the kernels' three such files,
# kernel/configs.c, kernel/kheaders.c and a wireless test, are compiled on
# their own, where the check below sees them).  A compile without -MD
# falls back to the default mode in ccache itself.  Anything unreadable:
# the default mode.
if [ "$1" = --tree ]; then
	cd "$2" || exit 1
	hits=$(grep -rIl --include='*.h' --include='*.inc' --exclude-dir='obj-*' \
		--exclude-dir=.git --exclude-dir=tools -e incbin -e '\.include' .)
	[ $? -le 1 ] || exit 1
	hits=$(echo "$hits" | grep -Ev '^\./arch/([^p]|p[^o])')
	[ -z "$hits" ] && exit 0
	echo "ccache-cc: $2: headers name an assembler input, ccache in its default mode:" \
		"$(echo "$hits" | tr '\n' ' ')"
	exit 1
fi
src=
for a; do
	case $a in
	*.c | *.S | *.s) src=$a ;;
	esac
done
# the default mode unless this file may have the depend mode, whatever the
# environment or a ccache.conf says
unset CCACHE_DEPEND
CCACHE_NODEPEND=1
export CCACHE_NODEPEND
if [ -n "$src" ] && [ -f "$src" ]; then
	# one read of the file: which of the two it names (grep: 0 some, 1 none)
	names=$(grep -o -e incbin -e '\.include' "$src")
	rc=$?
	case $rc:$names in
	0:*.include*)
		CCACHE_DISABLE=1
		export CCACHE_DISABLE
		;;
	1:)
		case ${RIG_CCACHE_DEPEND:-0}:$src in
		1:*.c)
			unset CCACHE_NODEPEND
			CCACHE_DEPEND=1
			export CCACHE_DEPEND
			;;
		esac
		;;
	esac
fi
exec ccache "$@"
