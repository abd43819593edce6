// SPDX-License-Identifier: GPL-2.0-only
/*
 * A child made by fork() starts with none of its parent's ISA v3.1 PMU
 * state.  The parent, an EBB user, writes MMCR3 and sleeps, so that the
 * kernel saves MMCR3, SIER2 and SIER3 with its EBB state; its child opens
 * an EBB event of its own, and the kernel then writes the child's saved
 * state into the registers: it must be zeroes, not the parent's.  The
 * parent sets MMCR3 only (SIER2 and SIER3 are the hardware's to set), so
 * only MMCR3 tells a kernel that clears the state from one that copies it.
 * Needs ISA v3.1 (POWER10): skipped elsewhere.
 */

#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ebb.h"

/* The problem-state numbers of SIER2, SIER3 and MMCR3 */
#define SPRN_USIER2	736
#define SPRN_USIER3	737
#define SPRN_UMMCR3	738

/* A PMC1 event selection in MMCR3; the counters stay frozen */
#define MMCR3_VAL	0x0002000000000000ul

static void write_mmcr3(void)
{
	mtspr(SPRN_UMMCR3, MMCR3_VAL);
}

static int open_ebb(struct event *event)
{
	event_init_named(event, 0x1001e, "cycles");
	event_leader_ebb_init(event);
	event->attr.exclude_kernel = 1;
	event->attr.exclude_hv = 1;
	event->attr.exclude_idle = 1;
	FAIL_IF(event_open(event));

	setup_ebb_handler(standard_ebb_callee);
	ebb_global_enable();
	FAIL_IF(ebb_event_enable(event));
	/* counters frozen: no EBB is wanted, only the state */
	mtspr(SPRN_MMCR0, MMCR0_FC);
	return 0;
}

static int in_child(void)
{
	unsigned long mmcr3, sier2, sier3;
	struct event event;

	/* on the PMU: the kernel wrote this task's saved state */
	FAIL_IF(open_ebb(&event));
	mmcr3 = mfspr(SPRN_UMMCR3);
	sier2 = mfspr(SPRN_USIER2);
	sier3 = mfspr(SPRN_USIER3);
	if (mmcr3 || sier2 || sier3) {
		printf("child: MMCR3 %lx SIER2 %lx SIER3 %lx, expected zeroes\n",
		       mmcr3, sier2, sier3);
		return 1;
	}
	ebb_global_disable();
	event_close(&event);
	return 0;
}

static int fork_clears_mmcr3(void)
{
	struct event event;
	unsigned long mmcr3;
	pid_t pid;

	SKIP_IF(!ebb_is_supported());
	SKIP_IF(!have_hwcap2(PPC_FEATURE2_ARCH_3_1));

	FAIL_IF(open_ebb(&event));
	/* catch_sigill() returns 0 when the write raised SIGILL */
	if (!catch_sigill(write_mmcr3)) {
		printf("MMCR3 is not writable from problem state here\n");
		ebb_global_disable();
		event_close(&event);
		return MAGIC_SKIP_RETURN_VALUE;
	}
	mmcr3 = mfspr(SPRN_UMMCR3);
	FAIL_IF(!mmcr3);
	/* switched out and in: the kernel saved MMCR3 and restored it */
	usleep(10000);
	FAIL_IF(mfspr(SPRN_UMMCR3) != mmcr3);

	pid = fork();
	FAIL_IF(pid < 0);
	if (pid == 0)
		exit(in_child());
	FAIL_IF(wait_for_child(pid));

	FAIL_IF(mfspr(SPRN_UMMCR3) != mmcr3);
	ebb_global_disable();
	event_close(&event);
	return 0;
}

int main(void)
{
	return test_harness(fork_clears_mmcr3, "fork_clears_mmcr3");
}
