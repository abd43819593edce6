// SPDX-License-Identifier: GPL-2.0-only
/*
 * "Enabling an EBB event" in Documentation/arch/powerpc/pmu-ebb.rst:
 * enabling does not guarantee that the event is on the PMU.  With a
 * pinned counting event of the same task already on the PMU, enabling
 * the (pinned, exclusive) EBB event succeeds, through the ioctl and
 * through prctl(), but read() returns EOF.  Once the pinned event is
 * gone, enabling it again puts it on and read() returns its counts.  The
 * other order holds too: with the EBB event on, a pinned counting event
 * enabled later is the one that read() reports as not scheduled.
 * Checks kernel rules only, not EBB delivery.
 */

#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "ebb.h"

static void init_pinned(struct event *e)
{
	event_init_named(e, 0x400fa, "PM_RUN_INST_CMPL");
	e->attr.pinned = 1;
	e->attr.disabled = 1;
	e->attr.exclude_kernel = 1;
	e->attr.exclude_hv = 1;
	e->attr.exclude_idle = 1;
}

static void init_ebb(struct event *e)
{
	event_init_named(e, 0x1001e, "cycles");
	event_leader_ebb_init(e);
	e->attr.disabled = 1;
	e->attr.exclude_kernel = 1;
	e->attr.exclude_hv = 1;
	e->attr.exclude_idle = 1;
}

/* read() of @e: its length, 0 being EOF */
static ssize_t read_len(struct event *e)
{
	return read(e->fd, &e->result, sizeof(e->result));
}

static int pinned_vs_ebb_enable(void)
{
	struct event pinned, ebb;

	SKIP_IF(!ebb_is_supported());

	/* pinned counting event first */
	init_pinned(&pinned);
	FAIL_IF(event_open(&pinned));
	FAIL_IF(event_enable(&pinned));

	init_ebb(&ebb);
	FAIL_IF(event_open(&ebb));
	FAIL_IF(event_enable(&ebb));
	FAIL_IF(read_len(&ebb) != 0);

	FAIL_IF(prctl(PR_TASK_PERF_EVENTS_DISABLE));
	FAIL_IF(prctl(PR_TASK_PERF_EVENTS_ENABLE));
	FAIL_IF(read_len(&ebb) != 0);

	/* the pinned event kept the PMU */
	FAIL_IF(core_busy_loop());
	FAIL_IF(event_read(&pinned));
	FAIL_IF(pinned.result.running == 0);

	/* without it, enabling the EBB event again puts it on */
	event_close(&pinned);
	FAIL_IF(event_enable(&ebb));
	FAIL_IF(read_len(&ebb) != sizeof(ebb.result));

	/* now the pinned counting event is the one left out */
	init_pinned(&pinned);
	FAIL_IF(event_open(&pinned));
	FAIL_IF(event_enable(&pinned));
	FAIL_IF(read_len(&pinned) != 0);
	FAIL_IF(read_len(&ebb) != sizeof(ebb.result));

	event_close(&pinned);
	event_close(&ebb);
	return 0;
}

int main(void)
{
	return test_harness(pinned_vs_ebb_enable, "pinned_vs_ebb_enable");
}
