#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# v2-desc.sh OUTDIR: the v2 descriptions, hw/pmu-desc/power*-pmu.dts, as
# the firmware series (firmware/skiboot/, FW=dir for another) adds
# them: their one copy in the repository.  Written to OUTDIR, replaced.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
FW=${FW:-$TOP/firmware/skiboot}
out=$(realpath -m "$1")
rm -rf "$out.tmp"
mkdir -p "$out.tmp"
for p in "$FW"/0*.patch; do
	case $p in */0000-cover-letter.patch) continue ;; esac
	(cd "$out.tmp" && GIT_CEILING_DIRECTORIES="$(dirname "$out")" git apply --include='hw/pmu-desc/*' "$p")
done
ls "$out.tmp"/hw/pmu-desc/power*-pmu.dts > /dev/null
rm -rf "$out"
mv "$out.tmp/hw/pmu-desc" "$out"
rm -rf "$out.tmp"
