// SPDX-License-Identifier: GPL-2.0-only
/*
 * EBB state is not inherited: after the parent has set BESCR, EBBHR and
 * EBBRR and opened an EBB event, a child made by fork(), and a program
 * exec'd by a vfork() child, read all three as zero and cannot reach the
 * PMU (no EBB event of their own: writing PMC1 raises SIGILL), while the
 * parent's registers and event are untouched.  Checks kernel rules only,
 * not EBB delivery.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ebb.h"

#define EXEC_ARG	"--exec-child"
#define EBBRR_VAL	0x10002000ul

static char *self;

/* In a child: zero EBB registers and no access to the PMU */
static int child_checks(void)
{
	unsigned long bescr = mfspr(SPRN_BESCR), ebbhr = mfspr(SPRN_EBBHR);
	unsigned long ebbrr = mfspr(SPRN_EBBRR);

	if (bescr || ebbhr || ebbrr) {
		printf("child: BESCR %lx EBBHR %lx EBBRR %lx, expected zeroes\n",
		       bescr, ebbhr, ebbrr);
		return 1;
	}
	/* catch_sigill() returns 0 when the write raised SIGILL */
	if (catch_sigill(write_pmc1)) {
		printf("child: PMC1 is writable, the child has the PMU\n");
		return 1;
	}
	return 0;
}

static int parent_state(unsigned long *regs)
{
	regs[0] = mfspr(SPRN_BESCR);
	regs[1] = mfspr(SPRN_EBBHR);
	regs[2] = mfspr(SPRN_EBBRR);
	return 0;
}

static int fork_clears_ebb(void)
{
	unsigned long before[3], after[3];
	struct event event;
	char *argv[3];
	pid_t pid;

	SKIP_IF(!ebb_is_supported());

	event_init_named(&event, 0x1001e, "cycles");
	event_leader_ebb_init(&event);
	event.attr.exclude_kernel = 1;
	event.attr.exclude_hv = 1;
	event.attr.exclude_idle = 1;
	FAIL_IF(event_open(&event));

	setup_ebb_handler(standard_ebb_callee);	/* EBBHR */
	mtspr(SPRN_EBBRR, EBBRR_VAL);
	ebb_global_enable();			/* BESCR */
	FAIL_IF(ebb_event_enable(&event));
	/* counters frozen: no EBB is wanted, only the state */
	mtspr(SPRN_MMCR0, MMCR0_FC);

	parent_state(before);
	FAIL_IF(!before[0] || !before[1] || before[2] != EBBRR_VAL);

	/* fork() */
	pid = fork();
	FAIL_IF(pid < 0);
	if (pid == 0)
		exit(child_checks());
	FAIL_IF(wait_for_child(pid));

	/* vfork() + exec() of this program */
	argv[0] = self;
	argv[1] = EXEC_ARG;
	argv[2] = NULL;
	pid = vfork();
	FAIL_IF(pid < 0);
	if (pid == 0) {
		execv("/proc/self/exe", argv);
		_exit(127);
	}
	FAIL_IF(wait_for_child(pid));

	/* the parent is untouched */
	parent_state(after);
	FAIL_IF(memcmp(before, after, sizeof(before)));
	FAIL_IF(event_read(&event));
	FAIL_IF(catch_sigill(write_pmc1) == 0);

	ebb_global_disable();
	event_close(&event);
	return 0;
}

int main(int argc, char *argv[])
{
	if (argc > 1 && !strcmp(argv[1], EXEC_ARG))
		return child_checks();

	self = argv[0];
	return test_harness(fork_clears_ebb, "fork_clears_ebb");
}
