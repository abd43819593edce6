# SPDX-License-Identifier: GPL-2.0
#
# Entry points: setup, run, test, test-quick, check, bench, patches.
# Everything generated goes under build/.  See README.md.

SHELL := /bin/bash
TOP := $(CURDIR)
B := $(TOP)/build
R := $(B)/results
RIG := $(TOP)/rig

BOOT ?= fw

.PHONY: all setup test test-quick check patches run bench clean

all: test

setup:
	@bash $(RIG)/setup.sh && bash $(RIG)/qemu.sh

# --- make test ------------------------------------------------------------

test:
	@bash $(RIG)/test.sh full

test-quick:
	@bash $(RIG)/test.sh quick

run:
	@bash $(RIG)/test.sh run $(BOOT)

bench:
	@bash $(RIG)/bench.sh

check:
	@bash $(RIG)/check.sh

# AUTHOR="Name <mail>": the identity of every patch (From: and Signed-off-by)
# IMPORT=1: remake build/linux's series branch from patches/ and
# build/skiboot-git's from firmware/skiboot/ (after a pull); else write
# patches/, then firmware/skiboot/ from build/skiboot-git
# (rig/skiboot-patches.sh)
patches:
	@$(if $(AUTHOR),AUTHOR='$(AUTHOR)') $(if $(IMPORT),IMPORT=1) bash $(RIG)/patches.sh
	@$(if $(AUTHOR),AUTHOR='$(AUTHOR)') $(if $(IMPORT),IMPORT=1) bash $(RIG)/skiboot-patches.sh

# the results, kernel objects (not the 7.2.6 build's), selftests, initramfs
# images, build/bench, QEMU's build and skiboot; keeps build/linux (the
# series branch), the trees, build/upstream, QEMU's source, ccache and the
# unpacked Debian packages
clean:
	rm -rf $(B)/obj $(B)/*/obj-* $(B)/results* $(B)/selftests $(B)/initrd* $(B)/bench $(B)/qemu/obj $(B)/skiboot
