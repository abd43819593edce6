#!/bin/sh
# ccache-cc.sh COMPILER ARGS...: ccache, in its depend mode for a C file
# that names no assembler input of its own.
#
# On a miss, ccache's default mode runs the preprocessor once more than a
# plain compile to find the key (measured 2026-11-28: 20-25 % more time
# for each of five kernel files; the stock kernel 510 s against 369 s from
# an empty cache, the same vmlinux); its depend mode keys on the file, the
# command line and the headers the compiler's own -MD list names, and runs
# the compiler once.  That list holds every #include, but not a file an
# assembler directive reads: an .incbin (the built-in descriptions'
# *.dtb.S, skiboot's) or an .include would give the object of an earlier
# input (2026-11-27: skiboot's broken-description build got the good
# build's description).  So depend mode only for a .c file whose text
# names neither; assembler files and everything else in the default mode.
# The headers a C file includes are checked once a tree, by the caller
# (rig/build-kernel.sh, rig/skiboot.sh): RIG_CCACHE_DEPEND=1 when
# "ccache-cc.sh --tree DIR" finds that none of DIR's (*.h, *.inc; in a
# kernel tree powerpc's and the common ones) names either.  Not seen: a .c
# file #included by another and naming one (the kernels' three such files,
# kernel/configs.c, kernel/kheaders.c and a wireless test, are compiled on
# their own, where the check above sees them).  A compile without -MD falls
# back to the default mode in ccache itself.
if [ "$1" = --tree ]; then
	hits=$(cd "$2" && grep -rIl --include='*.h' --include='*.inc' --exclude-dir='obj-*' \
		--exclude-dir=.git --exclude-dir=tools -e incbin -e '\.include' . |
		grep -Ev '^\./arch/([^p]|p[^o])')
	[ -z "$hits" ] && exit 0
	echo "ccache-cc: $2: headers name an assembler input, ccache in its default mode:" \
		"$(echo "$hits" | tr '\n' ' ')" >&2
	exit 1
fi
src=
for a; do
	case $a in
	*.c) src=$a ;;
	esac
done
if [ "${RIG_CCACHE_DEPEND:-0}" = 1 ] && [ -n "$src" ] && [ -f "$src" ] &&
   ! grep -q -e incbin -e '\.include' "$src"; then
	CCACHE_DEPEND=1
	export CCACHE_DEPEND
fi
exec ccache "$@"
