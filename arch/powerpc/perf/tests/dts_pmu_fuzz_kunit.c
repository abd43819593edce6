// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit: a seeded fuzzer of the PMU description verifier.
 *
 * Each mutant is a copy of the built-in POWER10 or POWER9 description
 * with one to three random changes: a cell set to a boundary or random
 * value, a property deleted, added, renamed, resized, a string corrupted,
 * the cells of a 64-bit value swapped or re-formed, a node deleted,
 * added, renamed or duplicated; and targeted ones: two fields of one
 * width trading their code bits, a field landing elsewhere, a field given
 * a role's name, a format string out of range.  Every mutant the parser
 * accepts is run: random raw codes through check_attr_config,
 * get_constraint and the alternatives core-book3s asks for, random groups
 * through its constraint solver and compute_mmcr.  What is checked is
 * what the architecture and core-book3s require of any description,
 * never what the mutant says of itself (dts_fz_run(), dts_fz_group()).
 * The seed is new on every boot and printed; a violation prints the seed,
 * the mutant and the code, and dts_pmu_fuzz_kunit.seed= .first=
 * .mutants=1 (.verbose=1 to see the parser's verdict) replays it.  100
 * mutants by default; a test run raises it (.mutants=12500 is about 50
 * seconds on QEMU).  A very slow case (kunit.filter=speed>very_slow skips
 * it).
 */

#include <kunit/test.h>
#include <linux/libfdt.h>
#include <linux/moduleparam.h>
#include <linux/perf_event.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <asm/reg.h>

#include "../isa207-common.h"	/* and internal.h */
#include "../dts_pmu.h"
#include "dts_pmu_kunit.h"

static unsigned int mutants = 100;
module_param(mutants, uint, 0444);
MODULE_PARM_DESC(mutants, "mutants to run, half of each built-in description");
static unsigned int seed;
module_param(seed, uint, 0444);
MODULE_PARM_DESC(seed, "the fuzzer's seed (0: a new one each boot)");
static unsigned int first;
module_param(first, uint, 0444);
MODULE_PARM_DESC(first, "the first mutant to run (to replay one)");
static bool verbose;
module_param(verbose, bool, 0444);
MODULE_PARM_DESC(verbose, "print each mutant and the parser's verdict");

#define DTS_FZ_CODES	1000	/* random codes per accepted mutant */
#define DTS_FZ_GROUPS	100	/* and random groups */
#define DTS_FZ_SLACK	8192
#define DTS_FZ_REPORTS	20

/* The Linux ABI bits of a raw code: EBB, BHRB (isa207-common.h) */
#define DTS_FZ_EBB	BIT_ULL(EVENT_EBB_SHIFT)
/* The freeze fields of PMC @n in MMCR2 (FCnS .. FCnH) */
#define DTS_FZ_FREEZE(n)	(GENMASK_ULL(8, 0) << (55 - ((n) - 1) * 9))

enum {
	FZ_CELL, FZ_DELPROP, FZ_ADDPROP, FZ_RENAMEPROP, FZ_RESIZE, FZ_STRING,
	FZ_SWAP, FZ_DELNODE, FZ_ADDNODE, FZ_RENAMENODE, FZ_DUPNODE,
	FZ_TRADE, FZ_MOVE, FZ_ROLE, FZ_FORMAT, FZ_GROUP, FZ_NR
};

static const char * const dts_fz_names[FZ_NR] = {
	"cell", "delete", "add", "rename", "resize", "string", "swap",
	"delete node", "add node", "rename node", "duplicate node",
	"trade bits", "move", "role", "format", "group mask",
};

/* The names the backend gives behaviour to */
static const char * const dts_fz_roles[] = {
	"PMCx", "PMCxUNIT", "PMCxSEL", "MARK", "EBB", "BHRB", "IFM", "THRESH_SEL",
	"SDAR_MODE",
};

/* Format strings a firmware could write */
static const char * const dts_fz_formats[] = {
	"config:0-4294967355", "config:4294967296", "config:0-64", "config:63-0",
	"config2:0-3", "config1:0-31", "config:+1-3", "config:1-3,5", "config:",
};

struct dts_fz {
	struct kunit *test;
	struct rnd_state rnd;
	const char *platform;
	u8 *buf;
	int size;
	unsigned int mutant;
	char log[256];
	size_t len;
	/* results */
	unsigned int accepted, violations, codes, groups, scheduled;
	/* the accepted description being run */
	const struct dts_pmu *p;
	const struct dts_parse *ps;
	struct power_pmu *pp;
	struct perf_event *evs;
	u64 reach[DTS_PMU_MAX_MMCR];
};

static u32 dts_fz_rand(struct dts_fz *z, u32 n)
{
	return n ? prandom_u32_state(&z->rnd) % n : 0;
}

static __printf(2, 3) void dts_fz_log(struct dts_fz *z, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	z->len += vscnprintf(z->log + z->len, sizeof(z->log) - z->len, fmt, args);
	va_end(args);
}

/*
 * A random node of the description's subtree: from the description node
 * down, stop at a node with one chance in three, else go on to one of its
 * children.  Every branch (the counters, the fields, the rules, the
 * events) is as likely as the others, however many nodes it has.
 */
static int dts_fz_node(struct dts_fz *z)
{
	int node = fdt_path_offset(z->buf, "/pmus/pmu_dts@0");
	int child, n, pick;

	while (node >= 0 && dts_fz_rand(z, 3)) {
		n = 0;
		pick = -1;
		fdt_for_each_subnode(child, z->buf, node)
			if (!dts_fz_rand(z, ++n))
				pick = child;
		if (pick < 0)
			break;
		node = pick;
	}
	return node;
}

/* A random property of @node: its offset, or < 0 if it has none */
static int dts_fz_prop(struct dts_fz *z, int node)
{
	int prop, n = 0, pick = -FDT_ERR_NOTFOUND;

	fdt_for_each_property_offset(prop, z->buf, node)
		if (!dts_fz_rand(z, ++n))
			pick = prop;
	return pick;
}

/* A copy of a random property of a random node: name, value, length */
static int dts_fz_other_prop(struct dts_fz *z, char *name, u8 *val, int max)
{
	const char *pname;
	const void *pval;
	int prop, len;

	prop = dts_fz_prop(z, dts_fz_node(z));
	if (prop < 0)
		return prop;
	pval = fdt_getprop_by_offset(z->buf, prop, &pname, &len);
	strscpy(name, pname, 64);
	len = min(len, max);
	memcpy(val, pval, len);
	return len;
}

static const u32 dts_fz_values[] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 31, 32, 33, 63, 64, 65, 255, 256,
	0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff,
};

/* A boundary value, a neighbour of @old, a bit of @old flipped or random */
static u32 dts_fz_value(struct dts_fz *z, u32 old)
{
	switch (dts_fz_rand(z, 4)) {
	case 0:
		return dts_fz_values[dts_fz_rand(z, ARRAY_SIZE(dts_fz_values))];
	case 1:
		return old + dts_fz_rand(z, 5) - 2;
	case 2:
		return old ^ BIT(dts_fz_rand(z, 32));
	default:
		return prandom_u32_state(&z->rnd);
	}
}

static bool dts_fz_is_string(const u8 *v, int len)
{
	int i;

	if (len < 2 || v[len - 1])
		return false;
	for (i = 0; i < len - 1; i++)
		if (v[i] && (v[i] < 0x20 || v[i] > 0x7e))
			return false;
	return true;
}

/* Mutate a property of @node in place */
static int dts_fz_mutate_prop(struct dts_fz *z, int node, int kind)
{
	char name[64], other[64];
	u8 val[512], *v = val + 16;
	const void *pval;
	const char *pname;
	int prop, len, i;
	fdt32_t c;

	prop = dts_fz_prop(z, node);
	if (prop < 0)
		return kind == FZ_ADDPROP ? 0 : prop;
	pval = fdt_getprop_by_offset(z->buf, prop, &pname, &len);
	strscpy(name, pname, sizeof(name));
	if (len > (int)sizeof(val) - 32)
		len = sizeof(val) - 32;
	memcpy(v, pval, len);
	dts_fz_log(z, " %s %s/%s", dts_fz_names[kind], fdt_get_name(z->buf, node, NULL), name);

	switch (kind) {
	case FZ_CELL:
		if (len < 4)
			return -FDT_ERR_BADVALUE;
		i = dts_fz_rand(z, len / 4) * 4;
		memcpy(&c, v + i, 4);
		c = cpu_to_fdt32(dts_fz_value(z, fdt32_to_cpu(c)));
		memcpy(v + i, &c, 4);
		dts_fz_log(z, " cell %d = 0x%x", i / 4, fdt32_to_cpu(c));
		return fdt_setprop(z->buf, node, name, v, len);
	case FZ_DELPROP:
		return fdt_delprop(z->buf, node, name);
	case FZ_ADDPROP:
		len = dts_fz_other_prop(z, other, v, sizeof(val) - 32);
		if (len < 0)
			return len;
		dts_fz_log(z, " as %s (%d bytes)", other, len);
		return fdt_setprop(z->buf, node, other, v, len);
	case FZ_RENAMEPROP:
		if (dts_fz_rand(z, 2) && dts_fz_other_prop(z, other, val, 16) >= 0) {
			strscpy(name + 32, other, 32);
		} else {
			strscpy(name + 32, name, 32);
			i = dts_fz_rand(z, strlen(name + 32));
			name[32 + i] = 'a' + dts_fz_rand(z, 26);
		}
		dts_fz_log(z, " to %s", name + 32);
		return fdt_delprop(z->buf, node, name) ?:
		       fdt_setprop(z->buf, node, name + 32, v, len);
	case FZ_RESIZE:
		i = len;
		len = dts_fz_rand(z, len + 9);
		for (; i < len; i++)
			v[i] = prandom_u32_state(&z->rnd);
		dts_fz_log(z, " to %d bytes", len);
		return fdt_setprop(z->buf, node, name, v, len);
	case FZ_STRING:
		if (!dts_fz_is_string(v, len))
			return -FDT_ERR_BADVALUE;
		i = dts_fz_rand(z, len - 1);
		switch (dts_fz_rand(z, 4)) {
		case 0:
			v[i] = 0x21 + dts_fz_rand(z, 94);
			break;
		case 1:
			v[i] = 0;
			break;
		case 2:
			len--;		/* no terminating NUL */
			break;
		default:
			len = 1;
			v[0] = 0;
			break;
		}
		dts_fz_log(z, " at %d: %d bytes", i, len);
		return fdt_setprop(z->buf, node, name, v, len);
	default:		/* FZ_SWAP */
		if (len == 8 && dts_fz_rand(z, 2)) {
			/* <hi lo> as <0 hi 0 lo> */
			memmove(v + 12, v + 4, 4);
			memmove(v + 4, v, 4);
			memset(v, 0, 4);
			memset(v + 8, 0, 4);
			len = 16;
		} else if (len == 16 && dts_fz_rand(z, 2)) {
			/* <0 hi 0 lo> as <hi lo> */
			memmove(v, v + 4, 4);
			memmove(v + 4, v + 12, 4);
			len = 8;
		} else if (len >= 8) {
			/* two neighbouring cells (or 2-cell halves) swapped */
			int w = len % 8 == 0 && len >= 16 && dts_fz_rand(z, 2) ? 8 : 4;

			i = dts_fz_rand(z, len / w - 1) * w;
			memcpy(val, v + i, w);
			memmove(v + i, v + i + w, w);
			memcpy(v + i + w, val, w);
		} else {
			return -FDT_ERR_BADVALUE;
		}
		dts_fz_log(z, " to %d bytes", len);
		return fdt_setprop(z->buf, node, name, v, len);
	}
}

/* Add a sibling of @node named @name with @node's properties (not children) */
static int dts_fz_dup_node(struct dts_fz *z, int node, const char *name)
{
	static u8 props[4096];
	int prop, len, n = 0, used = 0, parent, copy, i;
	const char *pname;
	const void *pval;

	fdt_for_each_property_offset(prop, z->buf, node) {
		pval = fdt_getprop_by_offset(z->buf, prop, &pname, &len);
		if (used + 64 + 4 + len > (int)sizeof(props))
			break;
		strscpy(props + used, pname, 64);
		memcpy(props + used + 64, &len, 4);
		memcpy(props + used + 68, pval, len);
		used += ALIGN(68 + len, 4);
		n++;
	}
	parent = fdt_parent_offset(z->buf, node);
	if (parent < 0)
		return parent;
	copy = fdt_add_subnode(z->buf, parent, name);
	if (copy < 0)
		return copy;
	for (i = 0, used = 0; i < n; i++) {
		int rc;

		memcpy(&len, props + used + 64, 4);
		rc = fdt_setprop(z->buf, copy, props + used, props + used + 68, len);
		if (rc)
			return rc;
		used += ALIGN(68 + len, 4);
	}
	return 0;
}

static int dts_fz_mutate_node(struct dts_fz *z, int node, int kind)
{
	char name[64];
	int other, i;

	strscpy(name, fdt_get_name(z->buf, node, NULL), sizeof(name));
	dts_fz_log(z, " %s %s", dts_fz_names[kind], name);
	switch (kind) {
	case FZ_DELNODE:
		return fdt_del_node(z->buf, node);
	case FZ_ADDNODE:
		other = dts_fz_node(z);
		if (other < 0)
			return other;
		strscpy(name, fdt_get_name(z->buf, other, NULL), sizeof(name));
		dts_fz_log(z, " child %s", name);
		other = fdt_add_subnode(z->buf, node, name);
		return other < 0 ? other : 0;
	case FZ_RENAMENODE:
		other = dts_fz_node(z);
		if (dts_fz_rand(z, 2) && other >= 0) {
			strscpy(name, fdt_get_name(z->buf, other, NULL), sizeof(name));
		} else {
			i = dts_fz_rand(z, strlen(name));
			name[i] = 'a' + dts_fz_rand(z, 26);
		}
		dts_fz_log(z, " to %s", name);
		return fdt_set_name(z->buf, node, name);
	default:		/* FZ_DUPNODE: "name@1" is a node named "name" too */
		if (strlen(name) > sizeof(name) - 3)
			return -FDT_ERR_BADVALUE;
		strcat(name, strchr(name, '@') ? "1" : "@1");
		return dts_fz_dup_node(z, node, name);
	}
}

/* A random field node of the description, or < 0 */
static int dts_fz_field(struct dts_fz *z)
{
	int fields = fdt_path_offset(z->buf, "/pmus/pmu_dts@0/evt_code_format");
	int child, n = 0, pick = -FDT_ERR_NOTFOUND;

	fdt_for_each_subnode(child, z->buf, fields)
		if (!dts_fz_rand(z, ++n))
			pick = child;
	return pick;
}

/*
 * The targeted mutations: two fields of one width trade their code bits;
 * a field lands at other bits or in another register; a field takes the
 * name of a role; a format string is replaced by one out of range; the
 * group constraint mask takes one more bit of the counter or adder fields.
 */
static int dts_fz_mutate_target(struct dts_fz *z, int kind)
{
	int a = dts_fz_field(z), b, len, wa, wb, t;
	fdt32_t ba[2], bb[2];
	const fdt32_t *v;
	char name[64];

	if (kind == FZ_GROUP) {
		t = fdt_path_offset(z->buf, "/pmus/pmu_dts@0/constraints/grouping");
		v = fdt_getprop(z->buf, t, "group-constraint-mask", &len);
		if (!v || len != 8)
			return -FDT_ERR_BADVALUE;
		memcpy(ba, v, 8);
		wa = dts_fz_rand(z, 16);
		ba[1] = cpu_to_fdt32(fdt32_to_cpu(ba[1]) | BIT(wa));
		dts_fz_log(z, " %s bit %d", dts_fz_names[kind], wa);
		return fdt_setprop_inplace(z->buf, t, "group-constraint-mask", ba, 8);
	}
	if (kind == FZ_FORMAT) {
		strscpy(name, dts_fz_formats[dts_fz_rand(z, ARRAY_SIZE(dts_fz_formats))],
			sizeof(name));
		t = fdt_path_offset(z->buf, "/pmus/pmu_dts@0");
		dts_fz_log(z, " %s %s", dts_fz_names[kind], name);
		return fdt_setprop_string(z->buf, t, "format-names", "fz") ?:
		       fdt_setprop_string(z->buf, t, "format-fields", name);
	}
	if (a < 0)
		return a;
	strscpy(name, fdt_get_name(z->buf, a, NULL), sizeof(name));
	dts_fz_log(z, " %s %s", dts_fz_names[kind], name);
	switch (kind) {
	case FZ_TRADE:
		b = dts_fz_field(z);
		v = fdt_getprop(z->buf, a, "bits", &len);
		if (b < 0 || !v || len != 8)
			return -FDT_ERR_BADVALUE;
		memcpy(ba, v, 8);
		v = fdt_getprop(z->buf, b, "bits", &len);
		if (!v || len != 8)
			return -FDT_ERR_BADVALUE;
		memcpy(bb, v, 8);
		wa = fdt32_to_cpu(ba[1]) - fdt32_to_cpu(ba[0]);
		wb = fdt32_to_cpu(bb[1]) - fdt32_to_cpu(bb[0]);
		if (wa != wb)
			return -FDT_ERR_BADVALUE;
		dts_fz_log(z, " with %s", fdt_get_name(z->buf, b, NULL));
		/* same sizes in place: no offset moves */
		return fdt_setprop_inplace(z->buf, a, "bits", bb, 8) ?:
		       fdt_setprop_inplace(z->buf, b, "bits", ba, 8);
	case FZ_MOVE:
		v = fdt_getprop(z->buf, a, "target_fields", &len);
		if (!v || len != 8 || !dts_fz_rand(z, 4)) {
			t = dts_fz_rand(z, 5);
			dts_fz_log(z, " to mmcr %d", t);
			return fdt_setprop_u32(z->buf, a, "mmcr", t);
		}
		wa = fdt32_to_cpu(v[1]) - fdt32_to_cpu(v[0]);
		t = dts_fz_rand(z, 64 - wa);
		dts_fz_log(z, " to bits %d-%d", t, t + wa);
		return fdt_setprop_u32(z->buf, a, "target_fields", t) ?:
		       fdt_appendprop_u32(z->buf, a, "target_fields", t + wa);
	default:		/* FZ_ROLE */
		strscpy(name, dts_fz_roles[dts_fz_rand(z, ARRAY_SIZE(dts_fz_roles))],
			sizeof(name));
		dts_fz_log(z, " to %s", name);
		return fdt_set_name(z->buf, a, name);
	}
}

/* One random mutation of z->buf; 0 if it was made */
static int dts_fz_mutate(struct dts_fz *z)
{
	int kind = dts_fz_rand(z, FZ_NR);
	int node;

	if (kind >= FZ_TRADE)
		return dts_fz_mutate_target(z, kind);
	node = dts_fz_node(z);
	if (node < 0)
		return node;
	if (kind < FZ_DELNODE)
		return dts_fz_mutate_prop(z, node, kind);
	return dts_fz_mutate_node(z, node, kind);
}

static __printf(3, 4) void dts_fz_violation(struct dts_fz *z, u64 code, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	if (z->violations++ >= DTS_FZ_REPORTS)
		return;
	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	KUNIT_FAIL(z->test, "seed 0x%x mutant %u (%s):%s: code 0x%llx: %pV", seed, z->mutant,
		   z->platform, z->log, code, &vaf);
	va_end(args);
}

static unsigned int dts_fz_pmc(const struct dts_pmu *p, u64 code)
{
	return (code >> p->pmc_shift) & p->pmc_mask;
}

/*
 * What must hold of any code get_constraint accepts: its PMC is one of
 * the described counters; an EBB event names its PMC; only an EBB event
 * asks for the BHRB; a restricted counter counts only a code described for it.
 */
static void dts_fz_code_ok(struct dts_fz *z, u64 code, unsigned int pmc)
{
	const struct dts_pmu *p = z->p;
	u64 base = code & ~EVENT_LINUX_MASK;

	if (pmc > p->nr_pmc || pmc > DTS_PMU_MAX_PMC)
		dts_fz_violation(z, code, "PMC%u of %u", pmc, p->nr_pmc);
	if ((code & DTS_FZ_EBB) && !pmc)
		dts_fz_violation(z, code, "an EBB event without its PMC");
	if ((code & EVENT_WANTS_BHRB) && !(code & DTS_FZ_EBB))
		dts_fz_violation(z, code, "BHRB without EBB");
	if (pmc && pmc <= DTS_PMU_MAX_PMC && !(p->programmable & BIT(pmc)) &&
	    !dts_restricted_ok(p, pmc, code))
		dts_fz_violation(z, code, "PMC%u counts 0x%llx, which it is not described to",
				 pmc, base);
}

/* A random raw code: a described event or random described bits, changed */
static u64 dts_fz_code(struct dts_fz *z)
{
	const struct dts_pmu *p = z->p;
	u32 r = prandom_u32_state(&z->rnd);
	u64 c;

	if (z->ps->nr_events && (r & 3))
		c = z->ps->ev_codes[dts_fz_rand(z, z->ps->nr_events)];
	else
		c = (((u64)prandom_u32_state(&z->rnd) << 32) | prandom_u32_state(&z->rnd)) &
		    (p->code_mask | EVENT_LINUX_MASK);
	if (r & 4)
		c ^= BIT_ULL(dts_fz_rand(z, 64));
	if (r & 8)
		c = (c & ~((u64)p->pmc_mask << p->pmc_shift)) |
		    ((u64)dts_fz_rand(z, 8) << p->pmc_shift);
	if ((r & 0x30) == 0x30)
		c |= DTS_FZ_EBB;
	if ((r & 0xc0) == 0xc0)
		c |= EVENT_WANTS_BHRB;
	return c;
}

/* The bits a described field can set in each MMCR */
static void dts_fz_reach(struct dts_fz *z)
{
	const struct dts_pmu *p = z->p;
	unsigned int i, n;

	memset(z->reach, 0, sizeof(z->reach));
	for (i = 0; i < p->nr_fields; i++) {
		const struct dts_pmu_field *f = &p->fields[i];
		u64 m = f->encoding == DTS_ENC_THRESH_CMP_P10 ? 0x7ff : f->mask;

		if (f->mmcr >= DTS_PMU_MAX_MMCR)
			continue;
		if (!f->per_pmc) {
			z->reach[f->mmcr] |= m << f->target;
			continue;
		}
		for (n = 1; n <= p->nr_pmc; n++)
			if (p->programmable & BIT(n))
				z->reach[f->mmcr] |= m << f->pmc_shift[n];
	}
}

/*
 * Schedule a random group of 1-7 events.  If it schedules, each event is
 * on its own described counter, every code chosen keeps dts_fz_code_ok()
 * with that counter, MMCR0 is exactly what core-book3s sets for the
 * counters in use, MMCR2's freeze fields are exactly those exclude_user,
 * _kernel, _hv and _idle ask for on the counters in use, MMCRA[BHRBRD] is
 * set unless an event asks for the BHRB, and every other bit set in
 * MMCR1, MMCR2, MMCR3 and MMCRA is one a described field can reach.
 */
static void dts_fz_group(struct dts_fz *z)
{
	const struct dts_pmu *p = z->p;
	bool isa31 = p->features & DTS_FEAT_ISA31, bhrb = false, marked = false, reserved;
	unsigned int hwc[8] = { }, used = 0, nev, i;
	int rc;
	struct perf_event *pev[8];
	u64 ev[8], r0 = 0, r2 = 0, fc = 0;
	struct mmcr_regs m = { };

	nev = 1 + dts_fz_rand(z, 7);
	for (i = 0; i < nev; i++) {
		struct perf_event *e = &z->evs[i];

		memset(e, 0, sizeof(*e));
		ev[i] = dts_fz_code(z);
		e->attr.config = ev[i];
		if (!dts_fz_rand(z, 4))
			e->attr.config1 = prandom_u32_state(&z->rnd) & 0x3ffff;
		e->attr.exclude_user = dts_fz_rand(z, 2);
		e->attr.exclude_kernel = dts_fz_rand(z, 2);
		e->attr.exclude_hv = dts_fz_rand(z, 2);
		e->attr.exclude_idle = dts_fz_rand(z, 2);
		pev[i] = e;
	}
	/* what event_init refuses never reaches the PMU */
	for (i = 0; i < nev; i++)
		if (dts_attr_config(p, pev[i]))
			return;
	z->groups++;
	rc = power_pmu_schedule_test(z->pp, ev, pev, nev, hwc, &m);
	if (rc == -EINVAL)
		dts_fz_violation(z, ev[0],
				 "compute_mmcr failed on a group the solver accepted (%u events)",
				 nev);
	if (rc)
		return;
	z->scheduled++;

	for (i = 0; i < nev; i++) {
		const struct perf_event_attr *a = &pev[i]->attr;
		unsigned int pmc = hwc[i] + 1;

		if (pmc > z->pp->n_counter || (used & BIT(pmc))) {
			dts_fz_violation(z, ev[i], "on counter %u (in use 0x%x)", pmc, used);
			continue;
		}
		used |= BIT(pmc);
		if (dts_fz_pmc(p, ev[i]) && dts_fz_pmc(p, ev[i]) != pmc)
			dts_fz_violation(z, ev[i], "asks for PMC%u, on PMC%u",
					 dts_fz_pmc(p, ev[i]), pmc);
		dts_fz_code_ok(z, ev[i], pmc);
		bhrb |= !!(ev[i] & EVENT_WANTS_BHRB);
		/* marked by the description's MARK: the other fields must not sample */
		marked |= !!(ev[i] & p->mark_bits);
		if (a->exclude_user)
			r2 |= MMCR2_FCP(pmc);
		if (a->exclude_hv)
			r2 |= MMCR2_FCH(pmc);
		if (a->exclude_kernel)
			r2 |= cpu_has_feature(CPU_FTR_HVMODE) ? MMCR2_FCH(pmc) : MMCR2_FCS(pmc);
		if (a->exclude_idle)
			r2 |= MMCR2_FCWAIT(pmc);
	}
	for (i = 1; i <= DTS_PMU_MAX_PMC; i++)
		fc |= DTS_FZ_FREEZE(i);

	if (used & BIT(1))
		r0 |= MMCR0_PMC1CE;
	if (used & GENMASK(6, 2))
		r0 |= MMCR0_PMCjCE;
	if (!(used & (BIT(5) | BIT(6))))
		r0 |= MMCR0_FC56;
	if (isa31)
		r0 |= MMCR0_PMCCEXT | MMCR0_C56RUN;
	if (m.mmcr0 != r0)
		dts_fz_violation(z, ev[0], "MMCR0 0x%lx, not 0x%llx", m.mmcr0, r0);
	if ((m.mmcr2 & fc) != r2)
		dts_fz_violation(z, ev[0], "MMCR2 freeze 0x%llx, not 0x%llx",
				 m.mmcr2 & fc, r2);
	if (isa31 && !(m.mmcra & MMCRA_BHRB_DISABLE) != bhrb)
		dts_fz_violation(z, ev[0], "MMCRA 0x%lx: BHRBRD wrong", m.mmcra);
	/*
	 * MMCRA: no reserved value check_attr_config refuses (of one event:
	 * isa207 ORs the threshold fields of a group's events too), no
	 * sampling state for events that do not ask for it.
	 */
	reserved = ((m.mmcra >> MMCRA_SAMP_MODE_SHIFT) & 3) == 3 ||
		   ((m.mmcra >> MMCRA_THR_CTL_SHIFT) & 0xf) == 0xf ||
		   ((m.mmcra >> MMCRA_THR_CTL_SHIFT) & 0xf0) == 0xf0;
	if (nev == 1 && reserved)
		dts_fz_violation(z, ev[0], "MMCRA 0x%lx: a reserved sampling or threshold value",
				 m.mmcra);
	if ((m.mmcra & MMCRA_SAMPLE_ENABLE) && !marked)
		dts_fz_violation(z, ev[0], "MMCRA 0x%lx: sampling with no marked event", m.mmcra);
	if (marked && (m.mmcra & ~MMCRA_SDAR_MODE_NO_UPDATES))
		dts_fz_violation(z, ev[0], "MMCRA 0x%lx: SDAR updates with a marked event",
				 m.mmcra);
	if ((m.mmcra & (EVENT_IFM_MASK << MMCRA_IFM_SHIFT)) && !bhrb)
		dts_fz_violation(z, ev[0], "MMCRA 0x%lx: a BHRB filter with no BHRB event",
				 m.mmcra);
	if (m.mmcr1 & ~z->reach[DTS_MMCR1])
		dts_fz_violation(z, ev[0], "MMCR1 0x%lx beyond 0x%llx", m.mmcr1,
				 z->reach[DTS_MMCR1]);
	if (m.mmcr2 & ~fc & ~z->reach[DTS_MMCR2])
		dts_fz_violation(z, ev[0], "MMCR2 0x%lx beyond the fields", m.mmcr2);
	if (m.mmcr3 & ~z->reach[DTS_MMCR3])
		dts_fz_violation(z, ev[0], "MMCR3 0x%lx beyond 0x%llx", m.mmcr3,
				 z->reach[DTS_MMCR3]);
	if (m.mmcra & ~(z->reach[DTS_MMCRA] | (isa31 ? MMCRA_BHRB_DISABLE : 0)))
		dts_fz_violation(z, ev[0], "MMCRA 0x%lx beyond 0x%llx", m.mmcra,
				 z->reach[DTS_MMCRA]);
}

/* perf's format syntax, read on its own: configN:lo-hi, N 1 or none */
static bool dts_fz_format_ok(const char *spec)
{
	unsigned int v[2] = { }, k = 0, digits = 0;
	const char *s;

	if (!strncmp(spec, "config:", 7))
		s = spec + 7;
	else if (!strncmp(spec, "config1:", 8))
		s = spec + 8;
	else
		return false;
	for (; *s; s++) {
		if (*s == '-' && !k && digits) {
			k = 1;
			digits = 0;
		} else if (*s >= '0' && *s <= '9' && ++digits <= 2) {
			v[k] = v[k] * 10 + *s - '0';
		} else {
			return false;
		}
	}
	return digits && v[0] <= 63 && v[1] <= 63 && (!k || v[0] <= v[1]);
}

/*
 * The alternatives core-book3s asks for (flags 0, or PPMU_ONLY_COUNT_RUN
 * for a task's counting event): each one a code this description
 * accepts, on a counter it describes.
 */
static void dts_fz_alternatives(struct dts_fz *z, u64 code)
{
	unsigned long mask, val;
	u64 alt[2 * MAX_ALT];
	int n, i;

	n = z->pp->get_alternatives(code, dts_fz_rand(z, 2) ? PPMU_ONLY_COUNT_RUN : 0, alt);
	for (i = 1; i < n; i++) {
		if (dts_constraint(z->p, alt[i], &mask, &val, 0))
			dts_fz_violation(z, code, "alternative 0x%llx refused by the description",
					 alt[i]);
		else
			dts_fz_code_ok(z, alt[i], dts_fz_pmc(z->p, alt[i]));
	}
}

/* A BHRB filter lands in MMCRA[IFM] and nowhere else */
static void dts_fz_bhrb(struct dts_fz *z, u64 code)
{
	u64 type = prandom_u32_state(&z->rnd) & (PERF_SAMPLE_BRANCH_MAX - 1);
	u64 f = z->pp->bhrb_filter_map(type);

	if (f != (u64)-1 && (f & ~(EVENT_IFM_MASK << MMCRA_IFM_SHIFT)))
		dts_fz_violation(z, code, "BHRB filter 0x%llx outside MMCRA[IFM]", f);
}

/* Run an accepted description: random codes, then random groups */
static void dts_fz_run(struct dts_fz *z, const struct dts_parse *ps, const struct dts_pmu *p)
{
	unsigned long mask, val;
	unsigned int i;

	z->p = p;
	z->ps = ps;
	dts_test_fill_power_pmu(p, z->pp);
	dts_fz_reach(z);

	/* the interrupt handler reads every counter an event can get */
	if (z->pp->n_counter > DTS_PMU_MAX_PMC)
		dts_fz_violation(z, 0, "the interrupt handler scans %u counters",
				 z->pp->n_counter);
	for (i = 1; i <= DTS_PMU_MAX_PMC; i++)
		if (((p->programmable & BIT(i)) || p->nr_restricted[i]) && i > z->pp->n_counter)
			dts_fz_violation(z, 0, "PMC%u can be given, the interrupt handler scans %u",
					 i, z->pp->n_counter);
	for (i = 0; i < ps->nr_formats; i++)
		if (!dts_fz_format_ok(ps->fmt_specs[i]))
			dts_fz_violation(z, 0, "format %s: \"%s\" outside config/config1 0..63",
					 ps->fmt_names[i], ps->fmt_specs[i]);
	for (i = 0; i < DTS_FZ_CODES; i++) {
		u64 code = dts_fz_code(z);
		u64 cfg1 = dts_fz_rand(z, 4) ? 0 : prandom_u32_state(&z->rnd) & 0x3ffff;

		z->codes++;
		if (dts_constraint(p, code, &mask, &val, cfg1))
			continue;
		dts_fz_code_ok(z, code, dts_fz_pmc(p, code));
		dts_fz_alternatives(z, code);
		if (z->pp->bhrb_filter_map)
			dts_fz_bhrb(z, code);
	}
	for (i = 0; i < DTS_FZ_GROUPS; i++)
		dts_fz_group(z);
}

/* Mutant z->mutant of @orig: made, parsed and, if accepted, run */
static void dts_fz_one(struct dts_fz *z, const void *orig, struct dts_parse *ps,
		       struct dts_pmu *p)
{
	unsigned int n, k;

	prandom_seed_state(&z->rnd, ((u64)seed << 32) | z->mutant);
	KUNIT_ASSERT_EQ(z->test, fdt_open_into(orig, z->buf, z->size), 0);
	z->len = 0;
	z->log[0] = 0;
	n = 1 + !dts_fz_rand(z, 4) + !dts_fz_rand(z, 16);
	for (k = 0; k < n; k++)
		dts_fz_mutate(z);	/* a change libfdt refuses is no change */

	if (!dts_pmu_parse_fdt(ps, p, z->buf, z->platform)) {
		z->accepted++;
		if (verbose)
			kunit_info(z->test, "mutant %u:%s: accepted\n", z->mutant, z->log);
		dts_fz_run(z, ps, p);
		dts_parse_free(ps);
	} else if (verbose) {
		kunit_info(z->test, "mutant %u:%s: %s\n", z->mutant, z->log, ps->err);
	}
}

/*
 * Proves: no description the verifier accepts, of the seeded mutants of
 * the built-in POWER10 and POWER9 descriptions (even ones of POWER10, odd
 * ones of POWER9), breaks an invariant of
 * dts_fz_code_ok() or dts_fz_group() for 1000 random codes and 100
 * random groups.
 */
static void __init dts_test_fuzz(struct kunit *test)
{
	static const char * const platforms[] __initconst = { "power10", "power9" };
	static const u8 * const blobs[] __initconst = {
		__dtb_dts_pmu_power10_begin, __dtb_dts_pmu_power9_begin,
	};
	struct dts_fz *z = kunit_kzalloc(test, sizeof(*z), GFP_KERNEL);
	struct dts_parse *ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	struct dts_pmu *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, z);
	KUNIT_ASSERT_NOT_NULL(test, ps);
	KUNIT_ASSERT_NOT_NULL(test, p);
	z->test = test;
	z->size = max(fdt_totalsize(blobs[0]), fdt_totalsize(blobs[1])) + DTS_FZ_SLACK;
	z->buf = kunit_kzalloc(test, z->size, GFP_KERNEL);
	z->pp = kunit_kzalloc(test, sizeof(*z->pp), GFP_KERNEL);
	z->evs = kunit_kcalloc(test, 8, sizeof(*z->evs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, z->buf);
	KUNIT_ASSERT_NOT_NULL(test, z->pp);
	KUNIT_ASSERT_NOT_NULL(test, z->evs);

	if (!seed)
		seed = get_random_u32() ?: 1;
	kunit_info(test, "fuzz: seed 0x%x\n", seed);
	for (i = 0; i < mutants; i++) {
		z->mutant = first + i;
		z->platform = platforms[z->mutant & 1];
		dts_fz_one(z, blobs[z->mutant & 1], ps, p);
		cond_resched();
	}
	kunit_info(test, "fuzz: seed 0x%x, %u mutants, %u accepted, %u invariant violations, %u codes, %u groups (%u scheduled)\n",
		   seed, mutants, z->accepted, z->violations, z->codes, z->groups,
		   z->scheduled);
	KUNIT_EXPECT_EQ(test, z->violations, 0);
	/* the invariants must be exercised */
	KUNIT_EXPECT_GT(test, z->accepted, 0);
}

static struct kunit_case dts_pmu_fuzz_cases[] __initdata = {
	KUNIT_CASE_ATTR(dts_test_fuzz, { .speed = KUNIT_SPEED_VERY_SLOW }),
	{}
};

static struct kunit_suite dts_pmu_fuzz_suite __initdata = {
	.name = "dts_pmu_fuzz",
	.test_cases = dts_pmu_fuzz_cases,
};

kunit_test_init_section_suites(&dts_pmu_fuzz_suite);
