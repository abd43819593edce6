# SPDX-License-Identifier: GPL-2.0
#
# Entry points: setup, run, test, test-quick, check, bench, patches.
# Everything generated goes under build/.  See README.md.

SHELL := /bin/bash
TOP := $(CURDIR)
B := $(TOP)/build
R := $(B)/results
RIG := $(TOP)/rig

BOOT ?= dt

.PHONY: all setup test test-quick check patches run bench clean

all: test

setup:
	@bash $(RIG)/setup.sh

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
patches:
	@$(if $(AUTHOR),AUTHOR='$(AUTHOR)') bash $(RIG)/patches.sh

clean:
	rm -rf $(B)/obj $(B)/results $(B)/selftests $(B)/initrd
