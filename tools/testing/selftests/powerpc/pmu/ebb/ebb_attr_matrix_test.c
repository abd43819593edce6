// SPDX-License-Identifier: GPL-2.0-only
/*
 * The attribute rules of Documentation/arch/powerpc/pmu-ebb.rst, as a
 * table: every forbidden attribute of an EBB event alone and in pairs,
 * group leaders and members, mixed groups, missing PMCs, the PMC5/PMC6
 * codes and the BHRB request bits.  Each broken variant must fail with
 * EINVAL, each legal one must open.  This checks kernel rules only, not
 * EBB delivery.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "ebb.h"

#define EBB		0x8000000000000000ull	/* bit 63 */
#define BHRB		0x4000000000000000ull	/* bit 62 */
#define IFM(x)		((unsigned long long)(x) << 60)

/* The ways a lone EBB event can break the rules */
enum {
	NOT_PINNED,
	NOT_EXCLUSIVE,
	INHERIT,
	SAMPLE_PERIOD,
	FREQ,
	ENABLE_ON_EXEC,
	SAMPLE_TYPE,
	CPU_WIDE,
	NR_BAD,
};

static const char * const bad_names[NR_BAD] = {
	"not pinned", "not exclusive", "inherit", "sample_period", "freq",
	"enable_on_exec", "sample_type", "cpu-wide",
};

static int failures;

static int sys_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group)
{
	return syscall(__NR_perf_event_open, attr, pid, cpu, group, 0);
}

static void leader_attr(struct perf_event_attr *attr, u64 config)
{
	struct event e;

	event_init(&e, config);
	event_leader_ebb_init(&e);
	*attr = e.attr;
}

static void member_attr(struct perf_event_attr *attr, u64 config)
{
	struct event e;

	event_init(&e, config);
	event_ebb_init(&e);
	*attr = e.attr;
}

/* Report one case; @fd is what perf_event_open() returned */
static void expect(const char *what, int fd, bool legal)
{
	int err = errno;

	if (legal && fd >= 0) {
		printf("ok   opens: %s\n", what);
	} else if (!legal && fd < 0 && err == EINVAL) {
		printf("ok   EINVAL: %s\n", what);
	} else {
		printf("FAIL %s: %s, expected %s\n", what,
		       fd >= 0 ? "opened" : strerror(err),
		       legal ? "to open" : "EINVAL");
		failures++;
	}
	if (fd >= 0)
		close(fd);
}

/* An EBB leader on PMC1 with the rule breaks in @bad (a bit mask) */
static int open_bad(unsigned int bad)
{
	struct perf_event_attr attr;
	pid_t pid = 0;
	int cpu = -1;

	leader_attr(&attr, 0x1001e);
	if (bad & (1 << NOT_PINNED))
		attr.pinned = 0;
	if (bad & (1 << NOT_EXCLUSIVE))
		attr.exclusive = 0;
	if (bad & (1 << INHERIT))
		attr.inherit = 1;
	if (bad & (1 << SAMPLE_PERIOD))
		attr.sample_period = 100000;
	if (bad & (1 << FREQ)) {
		attr.freq = 1;
		if (!(bad & (1 << SAMPLE_PERIOD)))
			attr.sample_freq = 1000;
	}
	if (bad & (1 << ENABLE_ON_EXEC))
		attr.enable_on_exec = 1;
	if (bad & (1 << SAMPLE_TYPE))
		attr.sample_type = PERF_SAMPLE_IP;
	if (bad & (1 << CPU_WIDE)) {
		pid = -1;
		cpu = 0;
	}
	return sys_open(&attr, pid, cpu, -1);
}

static void forbidden_attributes(void)
{
	char what[96];
	int i, j;

	for (i = 0; i < NR_BAD; i++) {
		snprintf(what, sizeof(what), "EBB leader, %s", bad_names[i]);
		expect(what, open_bad(1 << i), false);
	}
	for (i = 0; i < NR_BAD; i++) {
		for (j = i + 1; j < NR_BAD; j++) {
			snprintf(what, sizeof(what), "EBB leader, %s and %s",
				 bad_names[i], bad_names[j]);
			expect(what, open_bad(1 << i | 1 << j), false);
		}
	}
}

/* A lone event with code @config: an EBB leader when @config has EBB */
static void lone(const char *what, u64 config, bool legal)
{
	struct perf_event_attr attr;

	if (config & EBB) {
		leader_attr(&attr, config);
	} else {
		member_attr(&attr, config);
		attr.config = config;
	}
	expect(what, sys_open(&attr, 0, -1, -1), legal);
}

static void codes(void)
{
	lone("EBB on PMC1 (0x1001e)", EBB | 0x1001e, true);
	lone("EBB on PMC4 (0x400fa)", EBB | 0x400fa, true);
	lone("EBB, PMC5 instructions (0x500fa)", EBB | 0x500fa, true);
	lone("EBB, PMC6 cycles (0x600f4)", EBB | 0x600f4, true);
	lone("EBB with BHRB, IFM 1", EBB | BHRB | IFM(1) | 0x1001e, true);
	lone("EBB with BHRB, IFM 3", EBB | BHRB | IFM(3) | 0x1001e, true);
	lone("EBB without a PMC (0x1e)", EBB | 0x1e, false);
	lone("EBB without a PMC (0x500fa's selector, PMC 0)", EBB | 0xfa, false);
	lone("EBB, PMC5 with a code other than 0x500fa", EBB | 0x5001e, false);
	lone("EBB, PMC6 with a code other than 0x600f4", EBB | 0x6001e, false);
	lone("EBB, PMC5 with PMC6's code", EBB | 0x500f4, false);
	lone("BHRB request without EBB", BHRB | 0x1001e, false);
	lone("BHRB request and IFM 1 without EBB", BHRB | IFM(1) | 0x1001e, false);
	lone("BHRB request and IFM 3 without EBB, PMC5", BHRB | IFM(3) | 0x500fa, false);
}

/*
 * A leader with code @lc (EBB leader attributes when it has EBB), then
 * a member with code @mc and the tweaks in @pinned/@exclusive/@period.
 */
static void group(const char *what, u64 lc, u64 mc, int pinned, int exclusive,
		  int period, bool legal)
{
	struct perf_event_attr la, ma;
	int lfd;

	if (lc & EBB)
		leader_attr(&la, lc);
	else
		member_attr(&la, lc);
	la.config = lc;
	member_attr(&ma, mc);
	ma.config = mc;
	ma.pinned = pinned;
	ma.exclusive = exclusive;
	if (period)
		ma.sample_period = period;

	lfd = sys_open(&la, 0, -1, -1);
	if (lfd < 0) {
		printf("FAIL %s: leader did not open: %s\n", what, strerror(errno));
		failures++;
		return;
	}
	expect(what, sys_open(&ma, 0, -1, lfd), legal);
	close(lfd);
}

static void groups(void)
{
	group("EBB group, member plain", EBB | 0x1001e, EBB | 0x20002, 0, 0, 0, true);
	group("EBB group, member on PMC6", EBB | 0x1001e, EBB | 0x600f4, 0, 0, 0, true);
	group("EBB group, member pinned", EBB | 0x1001e, EBB | 0x20002, 1, 0, 0, false);
	group("EBB group, member exclusive", EBB | 0x1001e, EBB | 0x20002, 0, 1, 0, false);
	group("EBB group, member pinned and exclusive", EBB | 0x1001e, EBB | 0x20002,
	      1, 1, 0, false);
	group("EBB group, member sample_period", EBB | 0x1001e, EBB | 0x20002, 0, 0,
	      100000, false);
	group("EBB group, member without a PMC", EBB | 0x1001e, EBB | 0x2, 0, 0, 0, false);
	group("EBB leader, non-EBB member", EBB | 0x1001e, 0x20002, 0, 0, 0, false);
	group("non-EBB leader, EBB member", 0x1001e, EBB | 0x20002, 0, 0, 0, false);
	group("non-EBB group (control)", 0x1001e, 0x20002, 0, 0, 0, true);
}

static int ebb_attr_matrix(void)
{
	SKIP_IF(!ebb_is_supported());

	forbidden_attributes();
	codes();
	groups();
	printf("%d failures\n", failures);
	return failures != 0;
}

int main(void)
{
	return test_harness(ebb_attr_matrix, "ebb_attr_matrix");
}
