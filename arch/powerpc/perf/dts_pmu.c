// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Core PMU driven by a device-tree description ("ibm,power-pmu").
 *
 * Three rooms, one direction:
 *   description - a firmware node under /pmus, or a built-in description
 *                 for the running CPU unflattened into a detached tree;
 *   tables      - parsed, validated and compiled once at early_initcall
 *                 time into struct dts_pmu (per-PMC shifts and masks);
 *   backend     - the struct power_pmu callbacks below, which read only
 *                 the compiled tables: no DT access, no strings, no lists.
 *
 * Behaviour stays in C (freeze bits from exclude_*, PMC1CE/PMCjCE/FC56,
 * the SDAR mode, BHRB disable, the threshold compare encoding, EBB rules);
 * the description selects the data it works on.
 */

#define pr_fmt(fmt)	"dts-pmu: " fmt

#include <linux/debugfs.h>
#include <linux/hash.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/perf_event.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <asm/cputable.h>
#include <asm/dts_pmu.h>
#include <asm/reg.h>

#include "isa207-common.h"	/* and internal.h */

extern u64 PERF_REG_EXTENDED_MASK;

/* core-book3s.c keeps this many BHRB entries per CPU */
#define DTS_BHRB_MAX_ENTRIES	32

/* The SPR numbers core-book3s can use: it knows PMCs and MMCRs statically. */
static const u16 dts_pmc_sprn[DTS_PMU_MAX_PMC + 1] = {
	0, SPRN_PMC1, SPRN_PMC2, SPRN_PMC3, SPRN_PMC4,
	SPRN_PMC5, SPRN_PMC6, SPRN_PMC7, SPRN_PMC8,
};

static const struct {
	const char *name;
	u16 sprn;
} dts_mmcr_regs[DTS_PMU_MAX_MMCR] = {
	[DTS_MMCR0] = { "mmcr0", SPRN_MMCR0 },
	[DTS_MMCR1] = { "mmcr1", SPRN_MMCR1 },
	[DTS_MMCR2] = { "mmcr2", SPRN_MMCR2 },
	[DTS_MMCR3] = { "mmcr3", SPRN_MMCR3 },
	[DTS_MMCRA] = { "mmcra", SPRN_MMCRA },
};

static const char * const dts_role_names[DTS_ROLE_MAX] = {
	[DTS_ROLE_PMC]		= "PMCx",
	[DTS_ROLE_UNIT]		= "PMCxUNIT",
	[DTS_ROLE_PSEL]		= "PMCxSEL",
	[DTS_ROLE_MARK]		= "MARK",
	[DTS_ROLE_EBB]		= "EBB",
	[DTS_ROLE_BHRB]		= "BHRB",
	[DTS_ROLE_IFM]		= "IFM",
	[DTS_ROLE_THRESH_SEL]	= "THRESH_SEL",
	[DTS_ROLE_SDAR]		= "SDAR_MODE",
};

/* perf's generic hardware events, by the names sysfs events/ uses */
static const char * const dts_generic_names[DTS_PMU_NR_GENERIC] = {
	[PERF_COUNT_HW_CPU_CYCLES]		= "cpu-cycles",
	[PERF_COUNT_HW_INSTRUCTIONS]		= "instructions",
	[PERF_COUNT_HW_CACHE_REFERENCES]	= "cache-references",
	[PERF_COUNT_HW_CACHE_MISSES]		= "cache-misses",
	[PERF_COUNT_HW_BRANCH_INSTRUCTIONS]	= "branch-instructions",
	[PERF_COUNT_HW_BRANCH_MISSES]		= "branch-misses",
	[PERF_COUNT_HW_BUS_CYCLES]		= "bus-cycles",
	[PERF_COUNT_HW_STALLED_CYCLES_FRONTEND]	= "stalled-cycles-frontend",
	[PERF_COUNT_HW_STALLED_CYCLES_BACKEND]	= "stalled-cycles-backend",
};

static const char * const dts_encoding_names[DTS_ENC_MAX + 1] = {
	[DTS_ENC_NONE]		= "none",
	[DTS_ENC_THRESH_CMP_P10]	= "thresh-cmp-p10",
	[DTS_ENC_THRESH_CMP_P9]	= "thresh-cmp-p9",
};

static const char * const dts_cache_names[PERF_COUNT_HW_CACHE_MAX] = {
	[PERF_COUNT_HW_CACHE_L1D]	= "l1d",
	[PERF_COUNT_HW_CACHE_L1I]	= "l1i",
	[PERF_COUNT_HW_CACHE_LL]	= "ll",
	[PERF_COUNT_HW_CACHE_DTLB]	= "dtlb",
	[PERF_COUNT_HW_CACHE_ITLB]	= "itlb",
	[PERF_COUNT_HW_CACHE_BPU]	= "bpu",
	[PERF_COUNT_HW_CACHE_NODE]	= "node",
};

static const char * const dts_cache_op_names[PERF_COUNT_HW_CACHE_OP_MAX] = {
	[PERF_COUNT_HW_CACHE_OP_READ]		= "read",
	[PERF_COUNT_HW_CACHE_OP_WRITE]		= "write",
	[PERF_COUNT_HW_CACHE_OP_PREFETCH]	= "prefetch",
};

/* perf branch filters, in the order the hand-coded backends test them */
enum { BR_ANY, BR_ANY_RETURN, BR_IND_CALL, BR_COND, BR_CALL, BR_ANY_CALL, BR_MAX };

static const struct {
	const char *name;
	u64 type;
} dts_branch_filters[BR_MAX] = {
	[BR_ANY]	= { "any",		PERF_SAMPLE_BRANCH_ANY },
	[BR_ANY_RETURN]	= { "any-return",	PERF_SAMPLE_BRANCH_ANY_RETURN },
	[BR_IND_CALL]	= { "ind-call",		PERF_SAMPLE_BRANCH_IND_CALL },
	[BR_COND]	= { "cond",		PERF_SAMPLE_BRANCH_COND },
	[BR_CALL]	= { "call",		PERF_SAMPLE_BRANCH_CALL },
	[BR_ANY_CALL]	= { "any-call",		PERF_SAMPLE_BRANCH_ANY_CALL },
};

/* ---------------------------------------------------------------------- */
/* Room 2: the compiled tables                                            */
/* ---------------------------------------------------------------------- */

static struct dts_pmu dts_pmu __ro_after_init;
static const struct dts_pmu *dp __ro_after_init;

/* What the description cost at boot (debugfs, make bench) */
static struct {
	u64 start_ns;		/* first init_dts_pmu() call */
	u64 parse_ns;		/* parse, validate, compile the description used */
	u64 init_ns;		/* from start_ns to registration */
	size_t bytes;		/* kernel memory kept for it */
} dts_boot __ro_after_init;

/* ---------------------------------------------------------------------- */
/* Room 3: the backend                                                    */
/* ---------------------------------------------------------------------- */

static inline u64 dts_field_val(const struct dts_pmu_field *f, const u64 cfg[3])
{
	return (cfg[f->config] >> f->shift) & f->mask;
}

/* The MMCR of @m that field @f lands in (reg_off is compiled for every MMCR field) */
static inline unsigned long *dts_reg(struct mmcr_regs *m, const struct dts_pmu_field *f)
{
	return (unsigned long *)((u8 *)m + f->reg_off);
}

/* A role's value in a code, from the compiled tables (0 if not described) */
static __always_inline u64 dts_rv(const struct dts_pmu *p, enum dts_pmu_role r,
				  u64 event)
{
	return (event >> p->role_shift[r]) & p->role_mask[r];
}

/* The event attributes the conditions look at, decoded once per event */
struct dts_ev {
	u64 cfg[3];
	unsigned int pmc;
	bool marked;
	bool bhrb;
	bool ebb;
	unsigned int conds;		/* BIT(c) for each condition c that holds */
};

static __always_inline void dts_decode(const struct dts_pmu *p, u64 event,
				       u64 config1, struct dts_ev *e)
{
	unsigned int unit = dts_rv(p, DTS_ROLE_UNIT, event);
	unsigned int conds = BIT(DTS_COND_ALWAYS) | BIT(DTS_COND_RADIX);

	e->cfg[0] = event;
	e->cfg[1] = config1;
	e->cfg[2] = 0;
	e->pmc = dts_rv(p, DTS_ROLE_PMC, event);
	e->marked = dts_rv(p, DTS_ROLE_MARK, event);
	e->bhrb = dts_rv(p, DTS_ROLE_BHRB, event);
	e->ebb = dts_rv(p, DTS_ROLE_EBB, event);
	if (e->marked)
		conds |= BIT(DTS_COND_MARKED);
	if (dts_rv(p, DTS_ROLE_THRESH_SEL, event))
		conds |= BIT(DTS_COND_THRESHOLD);
	if (e->bhrb)
		conds |= BIT(DTS_COND_BHRB);
	if (unit >= 6 && unit <= 9)
		conds |= BIT(DTS_COND_CACHE) | (unit == 6 ? BIT(DTS_COND_UNIT6) : 0);
	else
		conds |= BIT(DTS_COND_L1);
	e->conds = conds;
}

/*
 * POWER10 threshold compare: take an 18-bit number N, clamped to 261120,
 * and shift it right 2 places, incrementing the exponent, until it fits in
 * 8 bits; the result is exponent << 8 | mantissa.  A mantissa whose upper
 * two bits are zero with a non-zero exponent is invalid (-1).
 */
static s64 dts_thresh_cmp_p10(u64 value)
{
	unsigned int exp = 0;

	if (!value)
		return 0;
	if (value > 261120)
		value = 261120;
	while (fls64(value) > 8) {
		exp++;
		value >>= 2;
	}
	if (!(value & 0xc0) && exp)
		return -1;
	return (exp << 8) | value;
}

/*
 * POWER9 threshold compare: 3-bit exponent, 7-bit mantissa, written as
 * given.  A mantissa whose upper two bits are zero with a non-zero
 * exponent is invalid.
 */
static bool dts_thresh_cmp_p9_ok(u64 value)
{
	unsigned int cmp = value & 0x3ff;

	return !(cmp >> 7) || (cmp & 0x60);
}

/* A field's or rule's source value, encoded; false if it cannot be encoded */
static bool dts_encode(u8 encoding, u64 raw, u64 *out)
{
	s64 v;

	switch (encoding) {
	case DTS_ENC_THRESH_CMP_P10:
		v = dts_thresh_cmp_p10(raw);
		*out = (u64)v;
		return v >= 0;
	case DTS_ENC_THRESH_CMP_P9:
		*out = raw;
		return dts_thresh_cmp_p9_ok(raw);
	default:
		*out = raw;
		return true;
	}
}

static bool dts_restricted_ok(const struct dts_pmu *p, unsigned int pmc, u64 event)
{
	u64 base = event & ~p->linux_mask;
	unsigned int i;

	for (i = 0; i < p->nr_restricted[pmc]; i++)
		if (base == p->restricted[pmc][i])
			return true;
	return false;
}

#define DTS_CNST_PMC_VAL(pmc)	(1UL << (((pmc) - 1) * 2))
#define DTS_CNST_PMC_MASK(pmc)	(2UL << (((pmc) - 1) * 2))

/* get_constraint of a decoded event */
static int dts_constraint_ev(const struct dts_pmu *p, const struct dts_ev *e,
			     unsigned long *maskp, unsigned long *valp)
{
	unsigned long mask = 0, value = 0;
	u64 event = e->cfg[0];
	bool restricted = false;
	unsigned int i;

	if (event & ~p->code_mask)
		return -1;
	if (e->pmc) {
		if (e->pmc > p->nr_pmc)
			return -1;
		if (!(p->programmable & BIT(e->pmc))) {
			if (!dts_restricted_ok(p, e->pmc, event))
				return -1;
			restricted = true;
		}
		mask |= DTS_CNST_PMC_MASK(e->pmc);
		value |= DTS_CNST_PMC_VAL(e->pmc);
	}

	if (!restricted) {
		/* one more event on the programmable counters */
		mask |= 8UL << p->nc_shift;
		value |= 1UL << p->nc_shift;
	}

	for (i = 0; i < p->nr_rules; i++) {
		const struct dts_pmu_rule *r = &p->rules[i];
		u64 src = e->cfg[r->config] >> r->eshift;

		if (!(e->conds & r->cond_bit) || (restricted && !r->restricted_too))
			continue;
		if (unlikely(r->encoding) && !dts_encode(r->encoding, src, &src))
			return -1;
		mask |= r->cmask;
		value |= ((src & r->emask) << r->cshift) & r->cmask;
	}

	/* EBB events must name their PMC; only EBB events can ask for BHRB */
	if (p->ebb_needs_pmc && e->ebb && !e->pmc)
		return -1;
	if (p->bhrb_needs_ebb && e->bhrb && !e->ebb)
		return -1;

	*maskp = mask;
	*valp = value;
	return 0;
}

static int dts_constraint(const struct dts_pmu *p, u64 event, unsigned long *maskp,
			  unsigned long *valp, u64 config1)
{
	struct dts_ev e;

	dts_decode(p, event, config1, &e);
	return dts_constraint_ev(p, &e, maskp, valp);
}

/*
 * The per-event work of both callbacks depends only on the description,
 * the code and config1, and a context switch schedules the same events
 * again and again: it is kept in a small per-CPU cache, filled and read
 * with interrupts off (soft-masked on ppc64: no MSR write).
 */
#define DTS_CACHE_BITS		4
#define DTS_REG(r)		(offsetof(struct mmcr_regs, r) / sizeof(unsigned long))

/* An event's fields placed in the MMCRs, for any counter */
struct dts_evplace {
	unsigned long shared[sizeof(struct mmcr_regs) / sizeof(unsigned long)];
	u64 per_pmc[DTS_PMU_MAX_PMC_FIELDS];	/* values, p->pmc_place order */
};

struct dts_cache_ent {
	const struct dts_pmu *p;	/* NULL: empty */
	u64 event;
	u64 config1;
	struct dts_ev e;
	int rc;				/* dts_constraint() */
	unsigned long mask;
	unsigned long value;
	struct dts_evplace pl;
};

struct dts_cache {
	struct dts_cache_ent ent[1 << DTS_CACHE_BITS];
	u8 older[1 << (DTS_CACHE_BITS - 1)];	/* per set: the way to replace */
};

static DEFINE_PER_CPU(struct dts_cache, dts_cache);
static bool dts_cache_off;		/* for the benchmark only: */
static bool dts_memo_off;		/* no caches, or no group memo */

static void dts_place_event(const struct dts_pmu *p, const struct dts_ev *e,
			    struct dts_evplace *pl)
{
	unsigned int j, k = 0;

	memset(pl->shared, 0, sizeof(pl->shared));
	for (j = 0; j < p->nr_place; j++) {
		const struct dts_pmu_field *f = &p->fields[p->place[j]];
		u64 val = dts_field_val(f, e->cfg);

		if (!(e->conds & f->cond_bit))
			val = 0;
		else if (unlikely(f->encoding))
			dts_encode(f->encoding, val, &val);
		if (f->per_pmc) {
			if (k < DTS_PMU_MAX_PMC_FIELDS)
				pl->per_pmc[k++] = val;
			continue;
		}
		pl->shared[f->reg_off / sizeof(unsigned long)] |= val << f->target;
	}
}

static inline bool dts_hit(const struct dts_cache_ent *c, const struct dts_pmu *p,
			   u64 event, u64 config1)
{
	return c->p == p && c->event == event && c->config1 == config1;
}

/*
 * The cache entry of @event/@config1 under @p, filled if needed; irqs off.
 * Two-way: a set is two adjacent entries, the older one is replaced.
 */
static const struct dts_cache_ent *dts_cached(const struct dts_pmu *p, u64 event,
					      u64 config1)
{
	struct dts_cache *dc = this_cpu_ptr(&dts_cache);
	unsigned int set = hash_64(event ^ config1, DTS_CACHE_BITS - 1) * 2;
	struct dts_cache_ent *c = &dc->ent[set];

	if (likely(dts_hit(c, p, event, config1)))
		return c;
	if (likely(dts_hit(c + 1, p, event, config1)))
		return c + 1;
	c += dc->older[set / 2];
	dc->older[set / 2] ^= 1;
	c->event = event;
	c->config1 = config1;
	dts_decode(p, event, config1, &c->e);
	c->rc = dts_constraint_ev(p, &c->e, &c->mask, &c->value);
	dts_place_event(p, &c->e, &c->pl);
	c->p = p;
	return c;
}

/* The last group compute_mmcr saw on this CPU: a context switch brings it back */
struct dts_group_memo {
	const struct dts_pmu *p;	/* NULL: empty */
	int n_ev;
	u64 event[MAX_HWEVENTS];
	u64 config1[MAX_HWEVENTS];
	u8 attrs[MAX_HWEVENTS];		/* dts_attr_bits() */
	unsigned int hwc[MAX_HWEVENTS];
	struct mmcr_regs m;
};

static DEFINE_PER_CPU(struct dts_group_memo, dts_group_memo);

/* The attributes of an event that compute_mmcr reads besides its codes */
static inline u8 dts_attr_bits(struct perf_event *ev)
{
	const struct perf_event_attr *a = &ev->attr;

	return a->exclude_user | a->exclude_kernel << 1 | a->exclude_hv << 2 |
	       a->exclude_idle << 3 | !!has_branch_stack(ev) << 4;
}

/* Is @gm the group @event[0..@n_ev) with these attributes under @p? */
static bool dts_memo_hit(const struct dts_group_memo *gm, const struct dts_pmu *p,
			 const u64 event[], int n_ev, struct perf_event *pevents[])
{
	int i;

	if (gm->p != p || gm->n_ev != n_ev)
		return false;
	for (i = 0; i < n_ev; i++)
		if (gm->event[i] != event[i] ||
		    gm->config1[i] != pevents[i]->attr.config1 ||
		    gm->attrs[i] != dts_attr_bits(pevents[i]))
			return false;
	return true;
}

/* Forget every cached event and group, before a description is used or tested */
static void __init dts_cache_flush(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		memset(per_cpu_ptr(&dts_cache, cpu), 0, sizeof(struct dts_cache));
		memset(per_cpu_ptr(&dts_group_memo, cpu), 0, sizeof(struct dts_group_memo));
	}
}

static int dts_get_constraint(u64 event, unsigned long *maskp,
			      unsigned long *valp, u64 config1)
{
	const struct dts_cache_ent *c;
	unsigned long flags;
	int rc;

	if (unlikely(dts_cache_off))
		return dts_constraint(dp, event, maskp, valp, config1);
	local_irq_save(flags);
	c = dts_cached(dp, event, config1);
	rc = c->rc;
	if (!rc) {
		*maskp = c->mask;
		*valp = c->value;
	}
	local_irq_restore(flags);
	return rc;
}

/*
 * MMCRA[SDAR_MODE]: no updates once any event of the group is marked,
 * otherwise the event's mode, or the description's default when it has
 * none (the hardware needs a non-zero mode).
 */
static void dts_sdar_mode(const struct dts_pmu *p, const struct dts_ev *e,
			  struct mmcr_regs *m)
{
	const struct dts_pmu_field *f = &p->fields[p->role[DTS_ROLE_SDAR]];
	unsigned long *reg = dts_reg(m, f);
	u64 val;

	if (e->marked || (m->mmcra & MMCRA_SAMPLE_ENABLE)) {
		*reg &= ~(f->mask << f->target);
		return;
	}
	val = dts_field_val(f, e->cfg);
	*reg |= (val ? val : f->default_val) << f->target;
}

/*
 * compute_mmcr from the tables.  @cached: take each event's decoded and
 * placed fields from the per-CPU cache; the caller has interrupts off.
 */
static void dts_mmcrs(const struct dts_pmu *p, u64 event[], int n_ev,
		      unsigned int hwc[], struct mmcr_regs *mmcr,
		      struct perf_event *pevents[], bool cached)
{
	struct dts_group_memo *gm = NULL;
	unsigned int pmc_inuse = 0;
	struct mmcr_regs m = { };
	int i;

	if (cached && !dts_memo_off && n_ev <= MAX_HWEVENTS) {
		gm = this_cpu_ptr(&dts_group_memo);
		if (dts_memo_hit(gm, p, event, n_ev, pevents)) {
			memcpy(hwc, gm->hwc, n_ev * sizeof(*hwc));
			*mmcr = gm->m;
			return;
		}
	}

	for (i = 0; i < n_ev; i++)
		pmc_inuse |= BIT(dts_rv(p, DTS_ROLE_PMC, event[i]));
	pmc_inuse &= ~1U;

	/* Disable BHRB unless explicitly requested (MMCRA[BHRBRD]) */
	if (cpu_has_feature(CPU_FTR_ARCH_31))
		m.mmcra |= MMCRA_BHRB_DISABLE;

	for (i = 0; i < n_ev; i++) {
		struct perf_event_attr *attr = &pevents[i]->attr;
		const struct dts_cache_ent *c;
		const struct dts_evplace *pl;
		struct dts_evplace place;
		const struct dts_ev *e;
		struct dts_ev ev;
		unsigned int pmc, j;

		if (cached) {
			c = dts_cached(p, event[i], attr->config1);
			e = &c->e;
			pl = &c->pl;
		} else {
			dts_decode(p, event[i], attr->config1, &ev);
			dts_place_event(p, &ev, &place);
			e = &ev;
			pl = &place;
		}
		pmc = e->pmc;
		if (!pmc) {
			/* the lowest free programmable counter */
			for (pmc = 1; pmc <= p->nr_pmc; pmc++)
				if ((p->programmable & BIT(pmc)) &&
				    !(pmc_inuse & BIT(pmc)))
					break;
			pmc_inuse |= BIT(pmc);
		}

		if (p->role[DTS_ROLE_SDAR] != DTS_PMU_NO_FIELD)
			dts_sdar_mode(p, e, &m);

		m.mmcr0 |= pl->shared[DTS_REG(mmcr0)];
		m.mmcr1 |= pl->shared[DTS_REG(mmcr1)];
		m.mmcr2 |= pl->shared[DTS_REG(mmcr2)];
		m.mmcr3 |= pl->shared[DTS_REG(mmcr3)];
		m.mmcra |= pl->shared[DTS_REG(mmcra)];
		if (pmc <= p->nr_pmc && (p->programmable & BIT(pmc))) {
			for (j = 0; j < p->nr_pmc_place; j++) {
				const struct dts_pmu_field *f = &p->fields[p->pmc_place[j]];

				*dts_reg(&m, f) |= pl->per_pmc[j] << f->pmc_shift[pmc];
			}
		}

		if (cpu_has_feature(CPU_FTR_ARCH_31) &&
		    (has_branch_stack(pevents[i]) || e->bhrb))
			m.mmcra &= ~MMCRA_BHRB_DISABLE;

		if (attr->exclude_user)
			m.mmcr2 |= MMCR2_FCP(pmc);
		if (attr->exclude_hv)
			m.mmcr2 |= MMCR2_FCH(pmc);
		if (attr->exclude_kernel) {
			if (cpu_has_feature(CPU_FTR_HVMODE))
				m.mmcr2 |= MMCR2_FCH(pmc);
			else
				m.mmcr2 |= MMCR2_FCS(pmc);
		}
		if (attr->exclude_idle)
			m.mmcr2 |= MMCR2_FCWAIT(pmc);

		hwc[i] = pmc - 1;
	}

	/* pmc_inuse is 1-based */
	m.mmcr0 = 0;
	if (pmc_inuse & BIT(1))
		m.mmcr0 |= MMCR0_PMC1CE;
	if (pmc_inuse & GENMASK(6, 2))
		m.mmcr0 |= MMCR0_PMCjCE;
	/* If we're not using PMC 5 or 6, freeze them */
	if (!(pmc_inuse & (BIT(5) | BIT(6))))
		m.mmcr0 |= MMCR0_FC56;
	if (cpu_has_feature(CPU_FTR_ARCH_31))
		m.mmcr0 |= MMCR0_PMCCEXT | MMCR0_C56RUN;

	*mmcr = m;
	if (gm) {
		for (i = 0; i < n_ev; i++) {
			gm->event[i] = event[i];
			gm->config1[i] = pevents[i]->attr.config1;
			gm->attrs[i] = dts_attr_bits(pevents[i]);
			gm->hwc[i] = hwc[i];
		}
		gm->n_ev = n_ev;
		gm->m = m;
		gm->p = p;
	}
}

static int dts_compute_mmcr(u64 event[], int n_ev, unsigned int hwc[],
			    struct mmcr_regs *mmcr, struct perf_event *pevents[],
			    u32 flags)
{
	unsigned long irqflags;

	local_irq_save(irqflags);
	dts_mmcrs(dp, event, n_ev, hwc, mmcr, pevents, !dts_cache_off);
	local_irq_restore(irqflags);
	return 0;
}

static void dts_clear_pmc(const struct dts_pmu *p, unsigned int pmc,
			  struct mmcr_regs *mmcr)
{
	const struct dts_pmu_field *f = &p->fields[p->role[DTS_ROLE_PSEL]];

	pmc++;
	if (pmc >= 1 && pmc <= p->nr_pmc && (p->programmable & BIT(pmc)))
		*dts_reg(mmcr, f) &= ~(f->mask << f->pmc_shift[pmc]);
}

static void dts_disable_pmc(unsigned int pmc, struct mmcr_regs *mmcr)
{
	dts_clear_pmc(dp, pmc, mmcr);
}

static int dts_get_alternatives(u64 event, unsigned int flags, u64 alt[])
{
	return isa207_get_alternatives(event, alt, dp->nr_alt, flags,
				       (const unsigned int (*)[MAX_ALT])dp->alt);
}

static int dts_check_attr_config(struct perf_event *ev)
{
	u64 val = (ev->attr.config >> EVENT_SAMPLE_SHIFT) & EVENT_SAMPLE_MASK;

	/* reserved random-sampling eligibility values differ by generation */
	if (val == (cpu_has_feature(CPU_FTR_ARCH_31) ? 0x10 : 0xc))
		return -EINVAL;
	return isa3XX_check_attr_config(ev);
}

static u64 dts_bhrb_filter_map(u64 branch_sample_type)
{
	const struct dts_pmu_field *ifm;
	int i;

	if (dp->role[DTS_ROLE_IFM] == DTS_PMU_NO_FIELD)
		return -1;
	ifm = &dp->fields[dp->role[DTS_ROLE_IFM]];

	for (i = 0; i < BR_MAX; i++) {
		if (!(branch_sample_type & dts_branch_filters[i].type) ||
		    dp->bhrb_ifm[i] == DTS_BHRB_IGNORED)
			continue;
		if (dp->bhrb_ifm[i] < 0)
			return -1;
		return (u64)dp->bhrb_ifm[i] << ifm->target;
	}
	return -1;
}

static void dts_config_bhrb(u64 pmu_bhrb_filter)
{
	const struct dts_pmu_field *ifm = &dp->fields[dp->role[DTS_ROLE_IFM]];

	pmu_bhrb_filter &= ifm->mask << ifm->target;
	mtspr(SPRN_MMCRA, mfspr(SPRN_MMCRA) | pmu_bhrb_filter);
}

static struct attribute_group dts_format_group = { .name = "format" };
static struct attribute_group dts_events_group = { .name = "events" };
static struct attribute *dts_caps_attrs[] = { NULL };
static struct attribute_group dts_caps_group = {
	.name = "caps",
	.attrs = dts_caps_attrs,
};

static const struct attribute_group *dts_attr_groups[] = {
	&dts_format_group,
	&dts_events_group,
	&dts_caps_group,
	NULL,
};

static struct power_pmu dts_power_pmu = {
	.n_generic		= DTS_PMU_NR_GENERIC,
	.attr_groups		= dts_attr_groups,
	.compute_mmcr		= dts_compute_mmcr,
	.get_constraint		= dts_get_constraint,
	.get_alternatives	= dts_get_alternatives,
	.get_mem_data_src	= isa207_get_mem_data_src,
	.get_mem_weight		= isa207_get_mem_weight,
	.disable_pmc		= dts_disable_pmc,
	.check_attr_config	= dts_check_attr_config,
	.capabilities		= PERF_PMU_CAP_EXTENDED_REGS,
};

/* ---------------------------------------------------------------------- */
/* Room 1: reading the description                                        */
/* ---------------------------------------------------------------------- */

struct dts_parse {
	struct dts_pmu *pmu;
	char err[192];
	/* sysfs attributes, kept only if the whole description is good */
	struct perf_pmu_events_attr *ev_attrs;
	struct attribute **ev_ptrs;
	unsigned int nr_events;
	struct dev_ext_attribute *fmt_attrs;
	struct attribute **fmt_ptrs;
	const char **fmt_strs;
	unsigned int nr_formats;
};

static __printf(3, 4) int bad(struct dts_parse *ps, const struct device_node *np,
			      const char *fmt, ...)
{
	int n = 0;
	va_list args;

	if (ps->err[0])
		return -EINVAL;		/* keep the first error */
	if (np)
		n = scnprintf(ps->err, sizeof(ps->err), "%pOF: ", np);
	va_start(args, fmt);
	vscnprintf(ps->err + n, sizeof(ps->err) - n, fmt, args);
	va_end(args);
	return -EINVAL;
}

static int get_u32(struct dts_parse *ps, const struct device_node *np,
		   const char *name, u32 *val, u32 min, u32 max, bool required)
{
	int len;

	if (!of_find_property(np, name, &len)) {
		if (required)
			return bad(ps, np, "missing property %s", name);
		return -ENOENT;
	}
	if (len != sizeof(u32))
		return bad(ps, np, "%s: %d bytes, expected one cell", name, len);
	of_property_read_u32(np, name, val);
	if (*val < min || *val > max)
		return bad(ps, np, "%s = %u, outside %u..%u", name, *val, min, max);
	return 0;
}

/*
 * A 64-bit value: <hi lo>, or skiboot's dt_add_property_u64s() form (two
 * 64-bit numbers, the high and the low half), or, where one_cell allows it,
 * a single cell.  Any other length is rejected.
 */
static int get_u64(struct dts_parse *ps, const struct device_node *np,
		   const char *name, u64 *val, bool one_cell, bool required)
{
	const __be32 *c;
	int len;

	c = of_get_property(np, name, &len);
	if (!c) {
		if (required)
			return bad(ps, np, "missing property %s", name);
		return -ENOENT;
	}
	switch (len) {
	case 4:
		if (!one_cell)
			break;
		*val = be32_to_cpup(c);
		return 0;
	case 8:
		*val = (u64)be32_to_cpup(c) << 32 | be32_to_cpup(c + 1);
		return 0;
	case 16:
		if (c[0] || c[2])
			return bad(ps, np, "%s: four-cell value with a half over 32 bits",
				   name);
		*val = (u64)be32_to_cpup(c + 1) << 32 | be32_to_cpup(c + 3);
		return 0;
	}
	return bad(ps, np, "%s: %d bytes, expected %s<hi lo> or four cells", name,
		   len, one_cell ? "one cell, " : "");
}

/* A list of 64-bit values, each <hi lo>; returns the count */
static int get_u64_list(struct dts_parse *ps, const struct device_node *np,
			const char *name, u64 *vals, int max)
{
	const __be32 *c;
	int len, i, n;

	c = of_get_property(np, name, &len);
	if (!c)
		return bad(ps, np, "missing property %s", name);
	if (len <= 0 || len % 8)
		return bad(ps, np, "%s: %d bytes, expected <hi lo> pairs", name, len);
	n = len / 8;
	if (n > max)
		return bad(ps, np, "%s: %d values, at most %d", name, n, max);
	for (i = 0; i < n; i++)
		vals[i] = (u64)be32_to_cpup(c + 2 * i) << 32 | be32_to_cpup(c + 2 * i + 1);
	return n;
}

static int get_string(struct dts_parse *ps, const struct device_node *np,
		      const char *name, const char **str, bool required)
{
	int len;
	const char *s = of_get_property(np, name, &len);

	if (!s) {
		if (required)
			return bad(ps, np, "missing property %s", name);
		return -ENOENT;
	}
	if (len < 1 || strnlen(s, len) != len - 1)
		return bad(ps, np, "%s: not a single string", name);
	*str = s;
	return 0;
}

static bool dts_name_ok(const char *s, size_t max)
{
	size_t len = strlen(s);

	return len > 0 && len < max;
}

/* sprs { pmcs { pmcN } mmcr { mmcrX } } */
static int dts_parse_sprs(struct dts_parse *ps, const struct device_node *pmu_np)
{
	struct dts_pmu *p = ps->pmu;
	struct device_node *sprs, *grp, *np;
	unsigned int n;
	char name[8];
	int rc = 0;
	u32 v;

	sprs = of_get_child_by_name(pmu_np, "sprs");
	if (!sprs)
		return bad(ps, pmu_np, "missing node sprs");

	grp = of_get_child_by_name(sprs, "pmcs");
	if (!grp) {
		rc = bad(ps, sprs, "missing node pmcs");
		goto out;
	}
	for (n = 1; n <= p->nr_pmc && !rc; n++) {
		snprintf(name, sizeof(name), "pmc%u", n);
		np = of_get_child_by_name(grp, name);
		if (!np) {
			rc = bad(ps, grp, "missing node %s (nr_pmc = %u)", name, p->nr_pmc);
			break;
		}
		rc = get_u32(ps, np, "sprn", &v, 0, 1023, true);
		if (!rc && v != dts_pmc_sprn[n])
			rc = bad(ps, np, "sprn = %u, but PMC%u is SPR %u", v, n,
				 dts_pmc_sprn[n]);
		if (!rc)
			rc = get_u32(ps, np, "register-width", &v, 32, 32, true);
		if (!rc)
			rc = get_u32(ps, np, "programmable", &v, 0, 1, true);
		if (!rc && v)
			p->programmable |= BIT(n);
		of_node_put(np);
	}
	of_node_put(grp);
	if (rc)
		goto out;

	grp = of_get_child_by_name(sprs, "mmcr");
	if (!grp) {
		rc = bad(ps, sprs, "missing node mmcr");
		goto out;
	}
	/* MMCR0 and MMCR1 always; MMCR2, MMCR3, MMCRA where the CPU has them */
	for (n = 0; n < DTS_PMU_MAX_MMCR && !rc; n++) {
		np = of_get_child_by_name(grp, dts_mmcr_regs[n].name);
		if (!np) {
			if (n <= DTS_MMCR1)
				rc = bad(ps, grp, "missing node %s", dts_mmcr_regs[n].name);
			continue;
		}
		rc = get_u32(ps, np, "sprn", &v, 0, 1023, true);
		if (!rc && v != dts_mmcr_regs[n].sprn)
			rc = bad(ps, np, "sprn = %u, but %s is SPR %u", v,
				 dts_mmcr_regs[n].name, dts_mmcr_regs[n].sprn);
		if (!rc)
			rc = get_u32(ps, np, "register-width", &v, 64, 64, true);
		p->mmcrs |= BIT(n);
		of_node_put(np);
	}
	if (!rc && hweight8(p->mmcrs) != p->nr_mmcr)
		rc = bad(ps, grp, "%u mmcr nodes, but nr_mmcr = %u", hweight8(p->mmcrs),
			 p->nr_mmcr);
	of_node_put(grp);
out:
	of_node_put(sprs);
	return rc;
}

static int dts_parse_condition(struct dts_parse *ps, const struct device_node *np,
			       u8 *cond)
{
	u32 v = DTS_COND_ALWAYS;
	int rc = get_u32(ps, np, "condition", &v, 0, DTS_COND_MAX, false);

	if (rc && rc != -ENOENT)
		return rc;
	*cond = v;
	return 0;
}

static int dts_parse_encoding(struct dts_parse *ps, const struct device_node *np,
			      u8 *enc)
{
	const char *s;
	int rc = get_string(ps, np, "encoding", &s, false);

	*enc = DTS_ENC_NONE;
	if (rc == -ENOENT)
		return 0;
	if (rc)
		return rc;
	/* "none" is how debugfs shows no encoding, not a value to give */
	rc = match_string(dts_encoding_names, ARRAY_SIZE(dts_encoding_names), s);
	if (rc <= DTS_ENC_NONE)
		return bad(ps, np, "encoding \"%s\" unknown", s);
	*enc = rc;
	return 0;
}

static int dts_parse_field(struct dts_parse *ps, struct device_node *np)
{
	struct dts_pmu *p = ps->pmu;
	struct dts_pmu_field *f;
	u32 bits[2], len, cfg = 0, v, base, stride, tgt[2];
	unsigned int width, n;
	bool has_base, has_tgt;
	int rc, r;

	if (p->nr_fields == DTS_PMU_MAX_FIELDS)
		return bad(ps, np, "more than %d fields", DTS_PMU_MAX_FIELDS);
	f = &p->fields[p->nr_fields];
	if (!dts_name_ok(kbasename(np->full_name), sizeof(f->name)))
		return bad(ps, np, "field name too long");
	strscpy(f->name, kbasename(np->full_name), sizeof(f->name));

	if (of_property_count_u32_elems(np, "bits") != 2)
		return bad(ps, np, "bits: expected <first last>");
	of_property_read_u32_array(np, "bits", bits, 2);
	if (bits[0] > bits[1] || bits[1] > 63)
		return bad(ps, np, "bits = <%u %u>, not a range inside 0..63",
			   bits[0], bits[1]);
	rc = get_u32(ps, np, "length", &len, 1, 64, true);
	if (rc)
		return rc;
	width = bits[1] - bits[0] + 1;
	if (len != width)
		return bad(ps, np, "length = %u, but bits <%u %u> are %u wide", len,
			   bits[0], bits[1], width);
	rc = get_u32(ps, np, "config", &cfg, 0, 2, false);
	if (rc && rc != -ENOENT)
		return rc;
	f->config = cfg;
	f->shift = bits[0];
	f->mask = width == 64 ? ~0ULL : (1ULL << width) - 1;

	rc = dts_parse_condition(ps, np, &f->cond);
	if (!rc)
		rc = dts_parse_encoding(ps, np, &f->encoding);
	if (rc)
		return rc;
	/* the encoding defines the width of what lands in the MMCR */
	if (f->encoding == DTS_ENC_THRESH_CMP_P10)
		width = 11;
	else if (f->encoding == DTS_ENC_THRESH_CMP_P9 && width != 10)
		return bad(ps, np, "encoding thresh-cmp-p9 takes 10 bits, not %u", width);

	v = 0;
	rc = get_u32(ps, np, "default-value", &v, 0, U32_MAX, false);
	if (rc && rc != -ENOENT)
		return rc;
	if (v > f->mask)
		return bad(ps, np, "default-value %u does not fit %u bits", v, len);
	f->default_val = v;

	has_base = of_property_present(np, "target_field_base");
	has_tgt = of_property_present(np, "target_fields");
	f->mmcr = DTS_PMU_NO_FIELD;
	rc = get_u32(ps, np, "mmcr", &v, 0, DTS_PMU_MAX_MMCR - 1, false);
	if (rc && rc != -ENOENT)
		return rc;
	if (!rc && !(p->mmcrs & BIT(v)))
		return bad(ps, np, "mmcr = %u, but sprs describes no %s", v,
			   dts_mmcr_regs[v].name);
	if (!has_base && !has_tgt) {
		/*
		 * A selector names bits of the code and lands nowhere.  PMCx
		 * always is one (skiboot gives it an mmcr, which says nothing).
		 */
		if (!rc && strcmp(f->name, dts_role_names[DTS_ROLE_PMC]))
			return bad(ps, np, "mmcr without target_field_base or target_fields");
		if (f->encoding || f->cond)
			return bad(ps, np, "condition or encoding without a target");
		goto done;
	}
	if (rc == -ENOENT)
		return bad(ps, np, "a target without mmcr");
	f->mmcr = v;

	if (has_base && has_tgt)
		return bad(ps, np, "both target_field_base and target_fields");
	if (has_tgt) {
		if (of_property_count_u32_elems(np, "target_fields") != 2)
			return bad(ps, np, "target_fields: expected <first last>");
		of_property_read_u32_array(np, "target_fields", tgt, 2);
		if (tgt[0] > tgt[1] || tgt[1] > 63)
			return bad(ps, np, "target_fields = <%u %u> outside the 64-bit %s",
				   tgt[0], tgt[1], dts_mmcr_regs[f->mmcr].name);
		if (tgt[1] - tgt[0] + 1 != width)
			return bad(ps, np, "target_fields <%u %u> are not %u bits wide",
				   tgt[0], tgt[1], width);
		f->target = tgt[0];
		goto done;
	}

	rc = get_u32(ps, np, "target_field_base", &base, 0, 127, true);
	if (!rc)
		rc = get_u32(ps, np, "target_field_shift", &stride, 0, 63, true);
	if (rc)
		return rc;
	if (f->encoding != DTS_ENC_NONE)
		return bad(ps, np, "an encoded field cannot be per-counter");
	f->per_pmc = true;
	for (n = 1; n <= p->nr_pmc; n++) {
		int at = (int)base - (int)(n * stride);

		if (!(p->programmable & BIT(n)))
			continue;
		if (at < 0 || at + width > 64)
			return bad(ps, np, "PMC%u field at bit %d outside the 64-bit %s",
				   n, at, dts_mmcr_regs[f->mmcr].name);
		f->pmc_shift[n] = at;
	}
done:
	for (r = 0; r < DTS_ROLE_MAX; r++)
		if (!strcmp(f->name, dts_role_names[r]))
			p->role[r] = p->nr_fields;
	p->nr_fields++;
	return 0;
}

/* Bits a field instance occupies in its MMCR */
static u64 dts_field_target_mask(const struct dts_pmu_field *f, unsigned int pmc)
{
	unsigned int width = f->encoding == DTS_ENC_THRESH_CMP_P10 ? 11 : fls64(f->mask);
	u64 m = width == 64 ? ~0ULL : (1ULL << width) - 1;

	return m << (f->per_pmc ? f->pmc_shift[pmc] : f->target);
}

/* The fast-path form of the fields: role masks, condition bits, placements */
static void dts_compile_fields(struct dts_pmu *p)
{
	static const u8 reg_off[DTS_PMU_MAX_MMCR] = {
		[DTS_MMCR0] = offsetof(struct mmcr_regs, mmcr0),
		[DTS_MMCR1] = offsetof(struct mmcr_regs, mmcr1),
		[DTS_MMCR2] = offsetof(struct mmcr_regs, mmcr2),
		[DTS_MMCR3] = offsetof(struct mmcr_regs, mmcr3),
		[DTS_MMCRA] = offsetof(struct mmcr_regs, mmcra),
	};
	unsigned int i, r;

	for (r = 0; r < DTS_ROLE_MAX; r++) {
		p->role_mask[r] = 0;
		p->role_shift[r] = 0;
		if (p->role[r] == DTS_PMU_NO_FIELD)
			continue;
		p->role_mask[r] = p->fields[p->role[r]].mask;
		p->role_shift[r] = p->fields[p->role[r]].shift;
	}
	p->code_mask = p->linux_mask;
	p->nr_place = 0;
	p->nr_pmc_place = 0;
	for (i = 0; i < p->nr_fields; i++) {
		struct dts_pmu_field *f = &p->fields[i];

		if (!f->config)
			p->code_mask |= f->mask << f->shift;
		f->cond_bit = BIT(f->cond);
		if (f->mmcr == DTS_PMU_NO_FIELD)
			continue;
		f->reg_off = reg_off[f->mmcr];
		if (i == p->role[DTS_ROLE_SDAR])
			continue;
		p->place[p->nr_place++] = i;
		if (f->per_pmc && p->nr_pmc_place < DTS_PMU_MAX_PMC_FIELDS)
			p->pmc_place[p->nr_pmc_place++] = i;
	}
}

static int dts_check_fields(struct dts_parse *ps, const struct device_node *np)
{
	struct dts_pmu *p = ps->pmu;
	u64 src[3] = { }, dst[DTS_PMU_MAX_MMCR];
	unsigned int i, n;
	int r;

	/* no two fields take the same bits of an event code */
	for (i = 0; i < p->nr_fields; i++) {
		const struct dts_pmu_field *f = &p->fields[i];

		if (src[f->config] & (f->mask << f->shift))
			return bad(ps, np, "field %s overlaps another field in config%s",
				   f->name, f->config ? (f->config == 1 ? "1" : "2") : "");
		src[f->config] |= f->mask << f->shift;
	}

	/* no two fields, of one PMC or of two, land on the same MMCR bits */
	memset(dst, 0, sizeof(dst));
	for (i = 0; i < p->nr_fields; i++) {
		const struct dts_pmu_field *f = &p->fields[i];

		if (f->mmcr == DTS_PMU_NO_FIELD)
			continue;
		for (n = 1; n <= p->nr_pmc; n++) {
			u64 m;

			if (f->per_pmc ? !(p->programmable & BIT(n)) : n > 1)
				continue;
			m = dts_field_target_mask(f, n);
			if (dst[f->mmcr] & m)
				return bad(ps, np, "field %s (PMC%u) overlaps another field in %s",
					   f->name, n, dts_mmcr_regs[f->mmcr].name);
			dst[f->mmcr] |= m;
		}
	}

	if (p->role[DTS_ROLE_PMC] == DTS_PMU_NO_FIELD ||
	    p->role[DTS_ROLE_PSEL] == DTS_PMU_NO_FIELD)
		return bad(ps, np, "fields PMCx and PMCxSEL are required");
	for (r = 0; r < DTS_ROLE_MAX; r++) {
		const struct dts_pmu_field *f;

		if (p->role[r] == DTS_PMU_NO_FIELD)
			continue;
		f = &p->fields[p->role[r]];
		if (f->config)
			return bad(ps, np, "field %s must come from config", f->name);
	}
	if (!p->fields[p->role[DTS_ROLE_PSEL]].per_pmc)
		return bad(ps, np, "field PMCxSEL must be per-counter");
	/* the Linux-defined bits of the raw event ABI */
	if (p->role[DTS_ROLE_EBB] != DTS_PMU_NO_FIELD &&
	    p->fields[p->role[DTS_ROLE_EBB]].shift != PERF_EVENT_CONFIG_EBB_SHIFT)
		return bad(ps, np, "field EBB must be bit %d", PERF_EVENT_CONFIG_EBB_SHIFT);
	if (p->role[DTS_ROLE_SDAR] != DTS_PMU_NO_FIELD &&
	    p->fields[p->role[DTS_ROLE_SDAR]].mmcr != DTS_MMCRA)
		return bad(ps, np, "field SDAR_MODE must target mmcra");
	if (p->role[DTS_ROLE_IFM] != DTS_PMU_NO_FIELD &&
	    (p->fields[p->role[DTS_ROLE_IFM]].mmcr != DTS_MMCRA ||
	     p->fields[p->role[DTS_ROLE_IFM]].per_pmc))
		return bad(ps, np, "field IFM must be a shared mmcra field");
	for (i = 0; i < p->nr_fields; i++) {
		const struct dts_pmu_field *f = &p->fields[i];

		if ((f->cond == DTS_COND_L1 || f->cond == DTS_COND_CACHE ||
		     f->cond == DTS_COND_UNIT6) && p->role[DTS_ROLE_UNIT] == DTS_PMU_NO_FIELD)
			return bad(ps, np, "field %s: condition needs a PMCxUNIT field", f->name);
	}
	n = 0;
	for (i = 0; i < p->nr_fields; i++)
		n += p->fields[i].per_pmc && p->fields[i].mmcr != DTS_PMU_NO_FIELD;
	if (n > DTS_PMU_MAX_PMC_FIELDS)
		return bad(ps, np, "more than %d per-counter fields", DTS_PMU_MAX_PMC_FIELDS);
	p->linux_mask = GENMASK_ULL(63, 60);
	dts_compile_fields(p);
	return 0;
}

static int dts_parse_format(struct dts_parse *ps, const struct device_node *np)
{
	int n = of_property_count_strings(np, "format-names");
	int m = of_property_count_strings(np, "format-fields");
	const char *name, *spec;
	int i, j;

	if (n == -EINVAL && m == -EINVAL)
		return 0;
	if (n <= 0 || m != n)
		return bad(ps, np, "format-names (%d) and format-fields (%d) differ in length",
			   n, m);
	ps->fmt_attrs = kcalloc(n, sizeof(*ps->fmt_attrs), GFP_KERNEL);
	ps->fmt_ptrs = kcalloc(n + 1, sizeof(*ps->fmt_ptrs), GFP_KERNEL);
	ps->fmt_strs = kcalloc(n, sizeof(*ps->fmt_strs), GFP_KERNEL);
	if (!ps->fmt_attrs || !ps->fmt_ptrs || !ps->fmt_strs)
		return -ENOMEM;

	for (i = 0; i < n; i++) {
		unsigned int lo, hi;
		const char *s;
		char tail;

		of_property_read_string_index(np, "format-names", i, &name);
		of_property_read_string_index(np, "format-fields", i, &spec);
		if (!dts_name_ok(name, DTS_PMU_NAME_LEN) ||
		    strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(name))
			return bad(ps, np, "format-names: \"%s\" is not a format name", name);
		for (j = 0; j < i; j++)
			if (!strcmp(name, ps->fmt_attrs[j].attr.attr.name))
				return bad(ps, np, "format-names: \"%s\" twice", name);
		if (!strncmp(spec, "config1:", 8) || !strncmp(spec, "config2:", 8)) {
			s = spec + 8;
		} else if (!strncmp(spec, "config:", 7)) {
			s = spec + 7;
		} else {
			return bad(ps, np, "format-fields: \"%s\" does not start with configN:",
				   spec);
		}
		if (sscanf(s, "%u-%u%c", &lo, &hi, &tail) != 2) {
			if (sscanf(s, "%u%c", &lo, &tail) != 1)
				return bad(ps, np, "format-fields: \"%s\" is not configN:lo-hi",
					   spec);
			hi = lo;
		}
		if (lo > hi || hi > 63)
			return bad(ps, np, "format-fields: \"%s\" is not a range inside 0..63",
				   spec);
		/* the tree may live in init memory (the built-in blob): copy */
		ps->fmt_strs[i] = kstrdup(spec, GFP_KERNEL);
		ps->fmt_attrs[i].attr.attr.name = kstrdup(name, GFP_KERNEL);
		ps->nr_formats = i + 1;
		if (!ps->fmt_strs[i] || !ps->fmt_attrs[i].attr.attr.name)
			return -ENOMEM;
		sysfs_attr_init(&ps->fmt_attrs[i].attr.attr);
		ps->fmt_attrs[i].attr.attr.mode = 0444;
		ps->fmt_attrs[i].attr.show = device_show_string;
		ps->fmt_attrs[i].var = (void *)ps->fmt_strs[i];
		ps->fmt_ptrs[i] = &ps->fmt_attrs[i].attr.attr;
	}
	return 0;
}

/* Is a code something the described fields can express? */
static int dts_check_code(struct dts_parse *ps, const struct device_node *np,
			  const char *what, u64 code)
{
	struct dts_pmu *p = ps->pmu;
	unsigned int pmc;

	if (code & ~p->code_mask)
		return bad(ps, np, "%s 0x%llx sets bits 0x%llx no field describes", what,
			   code, code & ~p->code_mask);
	pmc = dts_rv(p, DTS_ROLE_PMC, code);
	if (pmc > p->nr_pmc)
		return bad(ps, np, "%s 0x%llx names PMC%u of %u", what, code, pmc, p->nr_pmc);
	if (pmc && !(p->programmable & BIT(pmc)) && !dts_restricted_ok(p, pmc, code))
		return bad(ps, np, "%s 0x%llx is not one of the codes PMC%u counts", what,
			   code, pmc);
	return 0;
}

/* Does rule @r constrain the field of @role? */
static bool dts_rule_covers(const struct dts_pmu *p, const struct dts_pmu_rule *r,
			    enum dts_pmu_role role)
{
	const struct dts_pmu_field *f;

	if (p->role[role] == DTS_PMU_NO_FIELD)
		return false;
	f = &p->fields[p->role[role]];
	return r->config == f->config && r->cond == DTS_COND_ALWAYS &&
	       ((r->emask << r->eshift) & (f->mask << f->shift));
}

static int dts_parse_rule(struct dts_parse *ps, struct device_node *np)
{
	struct dts_pmu *p = ps->pmu;
	struct dts_pmu_rule *r;
	u32 v;
	int rc;

	if (p->nr_rules == DTS_PMU_MAX_RULES)
		return bad(ps, np, "more than %d constraint rules", DTS_PMU_MAX_RULES);
	r = &p->rules[p->nr_rules];
	strscpy(r->name, kbasename(np->full_name), sizeof(r->name));

	rc = dts_parse_condition(ps, np, &r->cond);
	if (!rc)
		rc = dts_parse_encoding(ps, np, &r->encoding);
	if (!rc)
		rc = get_u64(ps, np, "constraint-mask", &r->cmask, false, true);
	if (!rc)
		rc = get_u64(ps, np, "event-mask", &r->emask, true, true);
	if (rc)
		return rc;
	rc = get_u32(ps, np, "event-shift", &v, 0, 63, false);
	if (rc && rc != -ENOENT)
		return rc;
	r->eshift = rc ? 0 : v;
	rc = get_u32(ps, np, "constraint-shift", &v, 0, 63, true);
	if (rc)
		return rc;
	r->cshift = v;
	v = 0;
	rc = get_u32(ps, np, "config", &v, 0, 2, false);
	if (rc && rc != -ENOENT)
		return rc;
	r->config = v;

	if (!r->cmask || r->emask << r->cshift != r->cmask ||
	    (r->cmask >> r->cshift) != r->emask)
		return bad(ps, np, "constraint-mask 0x%llx != event-mask 0x%llx << %u",
			   r->cmask, r->emask, r->cshift);
	if ((r->cond == DTS_COND_L1 || r->cond == DTS_COND_CACHE ||
	     r->cond == DTS_COND_UNIT6) && p->role[DTS_ROLE_UNIT] == DTS_PMU_NO_FIELD)
		return bad(ps, np, "condition %u needs a PMCxUNIT field", r->cond);
	if ((r->cond == DTS_COND_MARKED && p->role[DTS_ROLE_MARK] == DTS_PMU_NO_FIELD) ||
	    (r->cond == DTS_COND_THRESHOLD && p->role[DTS_ROLE_THRESH_SEL] == DTS_PMU_NO_FIELD))
		return bad(ps, np, "condition %u needs a MARK or THRESH_SEL field", r->cond);
	r->cond_bit = BIT(r->cond);
	r->restricted_too = of_property_read_bool(np, "restricted-counters-too");
	if (of_property_read_bool(np, "require-pmc"))
		p->ebb_needs_pmc = true;
	else if (dts_rule_covers(p, r, DTS_ROLE_EBB))
		return bad(ps, np, "the EBB rule lacks require-pmc");
	if (of_property_read_bool(np, "requires-ebb"))
		p->bhrb_needs_ebb = true;
	else if (r->cond == DTS_COND_BHRB)
		return bad(ps, np, "a BHRB rule lacks requires-ebb");
	p->nr_rules++;
	return 0;
}

static int dts_parse_restricted(struct dts_parse *ps, struct device_node *pc)
{
	struct dts_pmu *p = ps->pmu;
	struct device_node *np;
	unsigned int n;
	int rc = 0, cnt;
	u32 pmc, v;

	rc = get_u32(ps, pc, "max-counter", &v, 1, p->nr_pmc, true);
	if (rc)
		return rc;
	p->max_counter = v;

	for_each_child_of_node(pc, np) {
		if (!of_node_name_prefix(np, "restricted-counters-")) {
			rc = bad(ps, np, "unknown node in pmc-constraints");
			break;
		}
		rc = get_u32(ps, np, "pmc", &pmc, 1, p->nr_pmc, true);
		if (rc)
			break;
		if (p->programmable & BIT(pmc)) {
			rc = bad(ps, np, "PMC%u is programmable: it cannot be restricted", pmc);
			break;
		}
		if (p->nr_restricted[pmc]) {
			rc = bad(ps, np, "PMC%u restricted twice", pmc);
			break;
		}
		cnt = get_u64_list(ps, np, "valid-events", p->restricted[pmc],
				   DTS_PMU_MAX_RESTRICTED);
		if (cnt < 0) {
			rc = cnt;
			break;
		}
		for (n = 0; n < cnt; n++) {
			if (!p->restricted[pmc][n] ||
			    (p->restricted[pmc][n] & p->linux_mask) ||
			    dts_rv(p, DTS_ROLE_PMC, p->restricted[pmc][n]) != pmc) {
				rc = bad(ps, np, "valid-events: 0x%llx is not a PMC%u code",
					 p->restricted[pmc][n], pmc);
				break;
			}
		}
		if (rc)
			break;
		p->nr_restricted[pmc] = cnt;
	}
	of_node_put(np);
	if (rc)
		return rc;

	for (n = 1; n <= p->nr_pmc; n++)
		if (!(p->programmable & BIT(n)) && !p->nr_restricted[n])
			return bad(ps, pc, "PMC%u: not programmable, not restricted", n);
	return 0;
}

static int dts_parse_nc(struct dts_parse *ps, const struct device_node *np)
{
	struct dts_pmu *p = ps->pmu;
	unsigned int k, nprog = hweight32(p->programmable);
	u64 mask;
	u32 v;
	int rc;

	rc = get_u64(ps, np, "mask", &mask, false, true);
	if (!rc)
		rc = get_u32(ps, np, "shift", &v, 2 * p->nr_pmc, 60, true);
	if (rc)
		return rc;
	p->nc_shift = v;
	/* a k-bit adder field: the top bit flags overflow */
	if (hweight64(mask) != 1 || __ffs64(mask) <= v)
		return bad(ps, np, "mask 0x%llx is not the top bit of a field at bit %u",
			   mask, v);
	k = __ffs64(mask) - v + 1;
	if (k != 4)
		return bad(ps, np, "mask 0x%llx: the counter field must be 4 bits wide", mask);
	v = nprog;
	rc = get_u32(ps, np, "limit", &v, 1, (1U << (k - 1)) - 1, false);
	if (rc && rc != -ENOENT)
		return rc;
	p->nc_limit = v;
	return 0;
}

static int dts_alt_cmp(const void *a, const void *b)
{
	const unsigned int *x = a, *y = b;

	return x[0] < y[0] ? -1 : x[0] > y[0];
}

static int dts_parse_alternatives(struct dts_parse *ps, struct device_node *an)
{
	struct dts_pmu *p = ps->pmu;
	struct device_node *np;
	u64 codes[MAX_ALT + 1];
	int n, i, rc = 0;

	for_each_child_of_node(an, np) {
		n = get_u64_list(ps, np, "codes", codes, MAX_ALT);
		if (n < 0) {
			rc = n;
			break;
		}
		if (n < 2) {
			rc = bad(ps, np, "codes: an alternative needs two codes");
			break;
		}
		if (p->nr_alt == DTS_PMU_MAX_ALT) {
			rc = bad(ps, np, "more than %d alternatives", DTS_PMU_MAX_ALT);
			break;
		}
		for (i = 0; i < n && !rc; i++) {
			if (codes[i] > U32_MAX)
				rc = bad(ps, np, "codes: 0x%llx wider than 32 bits", codes[i]);
			else
				rc = dts_check_code(ps, np, "alternative", codes[i]);
			p->alt[p->nr_alt][i] = codes[i];
		}
		if (rc)
			break;
		p->nr_alt++;
	}
	of_node_put(np);
	if (rc)
		return rc;
	sort(p->alt, p->nr_alt, sizeof(p->alt[0]), dts_alt_cmp, NULL);
	return 0;
}

static int dts_parse_grouping(struct dts_parse *ps, const struct device_node *np)
{
	struct dts_pmu *p = ps->pmu;
	int rc;

	rc = get_u64(ps, np, "group-constraint-mask", &p->group_mask, true, false);
	if (rc && rc != -ENOENT)
		return rc;
	rc = get_u64(ps, np, "group-constraint-value", &p->group_val, true, false);
	if (rc && rc != -ENOENT)
		return rc;
	if (p->group_val & ~p->group_mask)
		return bad(ps, np, "group-constraint-value 0x%llx outside the mask 0x%llx",
			   p->group_val, p->group_mask);
	return 0;
}

static int dts_parse_constraints(struct dts_parse *ps, const struct device_node *pmu_np)
{
	struct dts_pmu *p = ps->pmu;
	struct device_node *cn, *np, *sub;
	u64 used;
	unsigned int i, j;
	int rc = 0;

	cn = of_get_child_by_name(pmu_np, "constraints");
	if (!cn)
		return bad(ps, pmu_np, "missing node constraints");

	for_each_child_of_node(cn, np) {
		if (of_node_name_eq(np, "pmc-constraints"))
			rc = dts_parse_restricted(ps, np);
		else if (of_node_name_eq(np, "nc"))
			rc = dts_parse_nc(ps, np);
		else if (of_node_name_eq(np, "alternatives"))
			continue;	/* after the restricted counters */
		else if (of_node_name_eq(np, "grouping"))
			rc = dts_parse_grouping(ps, np);
		else if (!of_get_child_count(np))
			rc = dts_parse_rule(ps, np);
		else
			/* a group of rules: threshold { }, cache { } */
			for_each_child_of_node(np, sub) {
				rc = dts_parse_rule(ps, sub);
				if (rc) {
					of_node_put(sub);
					break;
				}
			}
		if (rc && rc != -ENOENT) {
			of_node_put(np);
			goto out;
		}
		rc = 0;
	}

	if (!p->max_counter) {
		rc = bad(ps, cn, "missing node pmc-constraints");
		goto out;
	}
	if (!p->nc_limit) {
		rc = bad(ps, cn, "missing node nc");
		goto out;
	}
	/* EBB events must name a PMC, BHRB requests need EBB (pmu-ebb.rst) */
	if (p->role[DTS_ROLE_EBB] != DTS_PMU_NO_FIELD && !p->ebb_needs_pmc) {
		rc = bad(ps, cn, "no rule for the EBB field with require-pmc");
		goto out;
	}
	if (p->role[DTS_ROLE_BHRB] != DTS_PMU_NO_FIELD && !p->bhrb_needs_ebb) {
		rc = bad(ps, cn, "no BHRB rule with requires-ebb");
		goto out;
	}

	np = of_get_child_by_name(cn, "alternatives");
	if (np) {
		rc = dts_parse_alternatives(ps, np);
		of_node_put(np);
		if (rc)
			goto out;
	}

	/* rules may not share constraint bits with each other or the adders */
	used = GENMASK_ULL(2 * p->nr_pmc - 1, 0) | GENMASK_ULL(p->nc_shift + 3, p->nc_shift);
	for (i = 0; i < p->nr_rules; i++) {
		const struct dts_pmu_rule *r = &p->rules[i];

		if (r->cmask & used) {
			rc = bad(ps, cn, "rule %s: mask 0x%llx overlaps the counter fields",
				 r->name, r->cmask);
			goto out;
		}
		for (j = 0; j < i; j++) {
			if (p->rules[j].cmask & r->cmask) {
				rc = bad(ps, cn, "rule %s: constraint-mask 0x%llx overlaps rule %s",
					 r->name, r->cmask, p->rules[j].name);
				goto out;
			}
		}
	}
out:
	of_node_put(cn);
	return rc;
}

static int dts_parse_events(struct dts_parse *ps, const struct device_node *pmu_np)
{
	struct device_node *en, *np;
	unsigned int n, i, g;
	int rc = 0;
	u64 code;

	en = of_get_child_by_name(pmu_np, "events");
	if (!en)
		return bad(ps, pmu_np, "missing node events");

	n = of_get_child_count(en);
	if (!n || n > 4096) {
		rc = bad(ps, en, "%u events, expected 1..4096", n);
		goto out;
	}
	ps->ev_attrs = kcalloc(n, sizeof(*ps->ev_attrs), GFP_KERNEL);
	ps->ev_ptrs = kcalloc(n + 1, sizeof(*ps->ev_ptrs), GFP_KERNEL);
	if (!ps->ev_attrs || !ps->ev_ptrs) {
		rc = -ENOMEM;
		goto out;
	}

	i = 0;
	for_each_child_of_node(en, np) {
		struct perf_pmu_events_attr *a = &ps->ev_attrs[i];
		const char *name = kbasename(np->full_name);
		unsigned int j;

		rc = get_u64(ps, np, "event_code", &code, true, true);
		if (!rc && !code)
			rc = bad(ps, np, "event_code is 0");
		if (!rc)
			rc = dts_check_code(ps, np, "event_code", code);
		if (!rc && !dts_name_ok(name, 64))
			rc = bad(ps, np, "event name longer than 63 characters");
		for (j = 0; !rc && j < i; j++)
			if (!strcmp(name, ps->ev_attrs[j].attr.attr.name))
				rc = bad(ps, np, "event name twice");
		if (!rc) {
			a->attr.attr.name = kstrdup(name, GFP_KERNEL);
			if (!a->attr.attr.name)
				rc = -ENOMEM;
		}
		if (rc) {
			of_node_put(np);
			goto out;
		}
		sysfs_attr_init(&a->attr.attr);
		a->attr.attr.mode = 0444;
		a->attr.show = power_events_sysfs_show;
		a->id = code;
		ps->ev_ptrs[i] = &a->attr.attr;
		ps->nr_events = ++i;

		for (g = 0; g < ARRAY_SIZE(dts_generic_names); g++) {
			if (strcmp(name, dts_generic_names[g]))
				continue;
			if (code > INT_MAX) {
				rc = bad(ps, np, "a generic event code must fit 31 bits");
				of_node_put(np);
				goto out;
			}
			ps->pmu->generic[g] = code;
		}
	}
out:
	of_node_put(en);
	return rc;
}

static int dts_parse_cache_events(struct dts_parse *ps, const struct device_node *pmu_np)
{
	struct device_node *cn, *np;
	unsigned int c, o;
	u64 v[2];
	int rc = 0;

	/* not described: makes no sense (-1) */
	memset(ps->pmu->cache, 0xff, sizeof(ps->pmu->cache));
	cn = of_get_child_by_name(pmu_np, "cache-events");
	if (!cn)
		return 0;
	for (c = 0; c < PERF_COUNT_HW_CACHE_MAX && !rc; c++) {
		np = of_get_child_by_name(cn, dts_cache_names[c]);
		if (!np)
			continue;
		for (o = 0; o < PERF_COUNT_HW_CACHE_OP_MAX && !rc; o++) {
			int n;

			if (!of_property_present(np, dts_cache_op_names[o]))
				continue;
			n = get_u64_list(ps, np, dts_cache_op_names[o], v, 2);
			if (n >= 0 && n != 2)
				rc = bad(ps, np, "%s: expected <access miss>",
					 dts_cache_op_names[o]);
			else if (n < 0)
				rc = n;
			if (rc)
				break;
			for (n = 0; n < 2 && !rc; n++) {
				if (v[n] && v[n] != ~0ULL)
					rc = dts_check_code(ps, np, dts_cache_op_names[o], v[n]);
				ps->pmu->cache[c][o][n] = v[n];
			}
		}
		of_node_put(np);
	}
	of_node_put(cn);
	return rc;
}

static int dts_parse_bhrb(struct dts_parse *ps, const struct device_node *pmu_np)
{
	struct dts_pmu *p = ps->pmu;
	struct device_node *np;
	const char *s;
	unsigned int i;
	int rc, n, k;
	u32 v;

	for (i = 0; i < BR_MAX; i++)
		p->bhrb_ifm[i] = DTS_BHRB_UNSUPPORTED;
	np = of_get_child_by_name(pmu_np, "bhrb");
	if (!np)
		return 0;
	rc = get_u32(ps, np, "nr", &p->bhrb_nr, 0, DTS_BHRB_MAX_ENTRIES, true);
	for (i = 0; i < BR_MAX && !rc; i++) {
		rc = get_u32(ps, np, dts_branch_filters[i].name, &v, 0, 3, false);
		if (!rc)
			p->bhrb_ifm[i] = v;
		else if (rc == -ENOENT)
			rc = 0;
	}
	/* filters the hardware neither implements nor refuses */
	n = of_property_count_strings(np, "ignored");
	if (!rc && n < 0 && n != -EINVAL)
		rc = bad(ps, np, "ignored: not a list of strings");
	for (k = 0; k < n && !rc; k++) {
		of_property_read_string_index(np, "ignored", k, &s);
		for (i = 0; i < BR_MAX; i++)
			if (!strcmp(s, dts_branch_filters[i].name))
				break;
		if (i == BR_MAX)
			rc = bad(ps, np, "ignored: \"%s\" is not a branch filter", s);
		else if (p->bhrb_ifm[i] != DTS_BHRB_UNSUPPORTED)
			rc = bad(ps, np, "filter %s has a mode and is ignored", s);
		else
			p->bhrb_ifm[i] = DTS_BHRB_IGNORED;
	}
	if (!rc && p->bhrb_nr && p->role[DTS_ROLE_IFM] == DTS_PMU_NO_FIELD)
		rc = bad(ps, np, "BHRB described but no IFM field");
	of_node_put(np);
	return rc;
}

/* denied-events { <set> { pvr-mask; pvr-value; event-codes; }; } */
static int dts_parse_denied(struct dts_parse *ps, const struct device_node *pmu_np)
{
	struct dts_pmu *p = ps->pmu;
	struct device_node *dn, *np;
	u64 codes[DTS_PMU_MAX_DENIED];
	int rc = 0, n, i;

	dn = of_get_child_by_name(pmu_np, "denied-events");
	if (!dn)
		return 0;
	for_each_child_of_node(dn, np) {
		struct dts_pmu_deny *d = &p->deny[p->nr_deny];

		if (p->nr_deny == DTS_PMU_MAX_DENY_SETS) {
			rc = bad(ps, dn, "more than %d sets", DTS_PMU_MAX_DENY_SETS);
		} else {
			rc = get_u32(ps, np, "pvr-mask", &d->pvr_mask, 1, U32_MAX, true);
			if (!rc)
				rc = get_u32(ps, np, "pvr-value", &d->pvr_value, 0, U32_MAX, true);
			if (!rc && (d->pvr_value & ~d->pvr_mask))
				rc = bad(ps, np, "pvr-value 0x%x outside pvr-mask 0x%x",
					 d->pvr_value, d->pvr_mask);
		}
		n = rc ? rc : get_u64_list(ps, np, "event-codes", codes, DTS_PMU_MAX_DENIED);
		for (i = 0; i < n; i++) {
			/* core-book3s keeps them as int */
			if (!codes[i] || codes[i] > INT_MAX) {
				rc = bad(ps, np, "event-codes: 0x%llx is not a 31-bit code",
					 codes[i]);
				break;
			}
			d->events[i] = codes[i];
		}
		if (n < 0)
			rc = n;
		if (rc) {
			of_node_put(np);
			break;
		}
		d->n = n;
		p->nr_deny++;
	}
	of_node_put(dn);
	return rc;
}

/* The events to refuse on a CPU with this @pvr: the first set that matches */
static const struct dts_pmu_deny *dts_denied(const struct dts_pmu *p, u32 pvr)
{
	unsigned int i;

	for (i = 0; i < p->nr_deny; i++)
		if ((pvr & p->deny[i].pvr_mask) == p->deny[i].pvr_value)
			return &p->deny[i];
	return NULL;
}

static void dts_parse_free(struct dts_parse *ps)
{
	unsigned int i;

	for (i = 0; i < ps->nr_events; i++)
		kfree(ps->ev_attrs[i].attr.attr.name);
	for (i = 0; i < ps->nr_formats; i++) {
		kfree(ps->fmt_attrs[i].attr.attr.name);
		kfree(ps->fmt_strs[i]);
	}
	kfree(ps->ev_attrs);
	kfree(ps->ev_ptrs);
	kfree(ps->fmt_attrs);
	kfree(ps->fmt_ptrs);
	kfree(ps->fmt_strs);
	ps->ev_attrs = NULL;
	ps->ev_ptrs = NULL;
	ps->fmt_attrs = NULL;
	ps->fmt_ptrs = NULL;
	ps->fmt_strs = NULL;
	ps->nr_events = 0;
	ps->nr_formats = 0;
}

/*
 * Parse, validate and compile one "ibm,power-pmu" node into @p.  On error
 * ps->err says what was wrong, and nothing is kept.
 */
static int dts_pmu_parse(struct dts_parse *ps, struct dts_pmu *p,
			 const struct device_node *np)
{
	const char *name;
	u32 v;
	int rc;

	memset(ps, 0, sizeof(*ps));
	memset(p, 0, sizeof(*p));
	memset(p->role, DTS_PMU_NO_FIELD, sizeof(p->role));
	ps->pmu = p;

	rc = get_string(ps, np, "pmu-name", &name, true);
	if (!rc && !dts_name_ok(name, sizeof(p->name)))
		rc = bad(ps, np, "pmu-name longer than %zu characters", sizeof(p->name) - 1);
	if (rc)
		goto fail;
	strscpy(p->name, name, sizeof(p->name));

	rc = get_u32(ps, np, "nr_pmc", &v, 1, DTS_PMU_MAX_PMC, true);
	if (rc)
		goto fail;
	p->nr_pmc = v;
	rc = get_u32(ps, np, "nr_mmcr", &v, 1, DTS_PMU_MAX_MMCR, true);
	if (rc)
		goto fail;
	p->nr_mmcr = v;

	rc = dts_parse_sprs(ps, np);
	if (rc)
		goto fail;
	if (!p->programmable) {
		rc = bad(ps, np, "no programmable counter");
		goto fail;
	}

	{
		struct device_node *fn = of_get_child_by_name(np, "evt_code_format");
		struct device_node *f;

		if (!fn) {
			rc = bad(ps, np, "missing node evt_code_format");
			goto fail;
		}
		for_each_child_of_node(fn, f) {
			rc = dts_parse_field(ps, f);
			if (rc) {
				of_node_put(f);
				break;
			}
		}
		if (!rc)
			rc = dts_check_fields(ps, fn);
		of_node_put(fn);
		if (rc)
			goto fail;
	}

	rc = dts_parse_constraints(ps, np);
	if (!rc)
		rc = dts_parse_format(ps, np);
	if (!rc)
		rc = dts_parse_events(ps, np);
	if (!rc)
		rc = dts_parse_cache_events(ps, np);
	if (!rc)
		rc = dts_parse_bhrb(ps, np);
	if (!rc)
		rc = dts_parse_denied(ps, np);
	if (rc)
		goto fail;
	return 0;

fail:
	if (rc == -ENOMEM && !ps->err[0])
		bad(ps, np, "out of memory");
	dts_parse_free(ps);
	return rc ?: -EINVAL;
}

/* ---------------------------------------------------------------------- */
/* Finding the description and registering                               */
/* ---------------------------------------------------------------------- */

static int powerpc_pmu_mode_val __initdata = POWERPC_PMU_AUTO;

static int __init powerpc_pmu_setup(char *str)
{
	if (!str)
		return -EINVAL;
	if (!strcmp(str, "auto"))
		powerpc_pmu_mode_val = POWERPC_PMU_AUTO;
	else if (!strcmp(str, "dt"))
		powerpc_pmu_mode_val = POWERPC_PMU_DT;
	else if (!strcmp(str, "legacy"))
		powerpc_pmu_mode_val = POWERPC_PMU_LEGACY;
	else
		pr_warn("powerpc_pmu=%s unknown, using auto\n", str);
	return 0;
}
early_param("powerpc_pmu", powerpc_pmu_setup);

int __init powerpc_pmu_mode(void)
{
	return powerpc_pmu_mode_val;
}

struct dts_builtin {
	unsigned int pvr;
	const char *platform;
	const u8 *blob;
};

static const struct dts_builtin dts_builtin[] __initconst = {
#ifdef CONFIG_PPC_PMU_DT_BUILTIN
	{ PVR_POWER10, "power10", __dtb_dts_pmu_power10_begin },
	{ PVR_POWER9, "power9", __dtb_dts_pmu_power9_begin },
#else
	{ PVR_POWER10, "power10", NULL },
	{ PVR_POWER9, "power9", NULL },
#endif
	{ PVR_POWER11, "power11", NULL },
};

static const char * __init dts_cpu_platform(const u8 **blob)
{
	unsigned int pvr = PVR_VER(mfspr(SPRN_PVR)), i;

	for (i = 0; i < ARRAY_SIZE(dts_builtin); i++) {
		if (dts_builtin[i].pvr == pvr) {
			*blob = dts_builtin[i].blob;
			return dts_builtin[i].platform;
		}
	}
	*blob = NULL;
	return NULL;
}

/* The "ibm,power-pmu" node, under @parent's pmus node, for @platform */
static struct device_node *dts_find_node(struct device_node *parent,
					 const char *platform)
{
	struct device_node *pmus, *np;
	const char *s;
	int len;

	pmus = of_get_child_by_name(parent, "pmus");
	if (!pmus)
		return NULL;
	for_each_available_child_of_node(pmus, np) {
		if (!of_device_is_compatible(np, "ibm,power-pmu"))
			continue;
		s = of_get_property(np, "platform", &len);
		if (!s || len < 1 || strnlen(s, len) != len - 1 || strcmp(s, platform)) {
			pr_info("%pOF: platform is not \"%s\": ignored\n", np, platform);
			continue;
		}
		break;
	}
	of_node_put(pmus);
	return np;
}

/* The scheduling parameters of @pp that come from the description @p */
static void __init dts_fill_power_pmu(const struct dts_pmu *p, struct power_pmu *pp)
{
	const struct dts_pmu_deny *deny;
	unsigned int i;

	dts_cache_flush();
	pp->name = p->name;
	/* core-book3s only reads them */
	pp->generic_events = (int *)p->generic;
	pp->cache_events = (void *)&p->cache;
	pp->n_counter = p->max_counter;
	pp->add_fields = 1UL << p->nc_shift;
	for (i = 1; i <= p->nr_pmc; i++)
		pp->add_fields |= DTS_CNST_PMC_VAL(i);
	pp->test_adder = (7UL - p->nc_limit) << p->nc_shift;
	pp->group_constraint_mask = p->group_mask;
	pp->group_constraint_val = p->group_val;
	pp->flags = PPMU_HAS_SIER | PPMU_ARCH_207S;
	if (cpu_has_feature(CPU_FTR_ARCH_31))
		pp->flags |= PPMU_ARCH_31 | PPMU_P10;
	for (i = 0; i < p->nr_fields; i++)
		if (p->fields[i].config == 1)
			pp->flags |= PPMU_HAS_ATTR_CONFIG1;
	if (p->bhrb_nr) {
		pp->bhrb_nr = p->bhrb_nr;
		pp->bhrb_filter_map = dts_bhrb_filter_map;
		pp->config_bhrb = dts_config_bhrb;
	}
	deny = dts_denied(p, mfspr(SPRN_PVR));
	pp->blacklist_ev = deny ? (int *)deny->events : NULL;
	pp->n_blacklist_ev = deny ? deny->n : 0;
}

/* Kernel memory the compiled description keeps: tables and sysfs attributes */
static size_t __init dts_pmu_bytes(const struct dts_parse *ps)
{
	size_t n = sizeof(*ps->pmu);
	unsigned int i;

	for (i = 0; i < ps->nr_events; i++)
		n += ksize(ps->ev_attrs[i].attr.attr.name);
	for (i = 0; i < ps->nr_formats; i++)
		n += ksize(ps->fmt_attrs[i].attr.attr.name) + ksize(ps->fmt_strs[i]);
	return n + ksize(ps->ev_attrs) + ksize(ps->ev_ptrs) + ksize(ps->fmt_attrs) +
	       ksize(ps->fmt_ptrs) + ksize(ps->fmt_strs);
}

static int __init dts_pmu_register(struct dts_parse *ps)
{
	struct dts_pmu *p = ps->pmu;
	int rc;

	dts_events_group.attrs = ps->ev_ptrs;
	dts_format_group.attrs = ps->fmt_ptrs ?: dts_caps_attrs;
	dts_fill_power_pmu(p, &dts_power_pmu);

	dp = p;
	PERF_REG_EXTENDED_MASK = cpu_has_feature(CPU_FTR_ARCH_31) ?
				 PERF_REG_PMU_MASK_31 : PERF_REG_PMU_MASK_300;
	rc = register_power_pmu(&dts_power_pmu);
	if (rc) {
		dp = NULL;
		return rc;
	}
	/* Tell userspace that EBB is supported */
	cur_cpu_spec->cpu_user_features2 |= PPC_FEATURE2_EBB;
	return 0;
}

/* ---------------------------------------------------------------------- */
/* A firmware description against the built-in one                        */
/* ---------------------------------------------------------------------- */

static const struct dts_pmu_field * __init
dts_field_named(const struct dts_pmu *p, const char *name)
{
	unsigned int i;

	for (i = 0; i < p->nr_fields; i++)
		if (!strcmp(p->fields[i].name, name))
			return &p->fields[i];
	return NULL;
}

static const struct dts_pmu_rule * __init
dts_rule_named(const struct dts_pmu *p, const char *name)
{
	unsigned int i;

	for (i = 0; i < p->nr_rules; i++)
		if (!strcmp(p->rules[i].name, name))
			return &p->rules[i];
	return NULL;
}

static bool __init dts_field_same(const struct dts_pmu_field *a,
				  const struct dts_pmu_field *b,
				  u32 programmable, unsigned int nr_pmc)
{
	unsigned int n;

	if (a->mask != b->mask || a->shift != b->shift || a->config != b->config ||
	    a->mmcr != b->mmcr || a->cond != b->cond || a->encoding != b->encoding ||
	    a->per_pmc != b->per_pmc || a->default_val != b->default_val)
		return false;
	if (a->mmcr == DTS_PMU_NO_FIELD)
		return true;
	if (!a->per_pmc)
		return a->target == b->target;
	for (n = 1; n <= nr_pmc; n++)
		if ((programmable & BIT(n)) && a->pmc_shift[n] != b->pmc_shift[n])
			return false;
	return true;
}

static bool __init dts_rule_same(const struct dts_pmu_rule *a, const struct dts_pmu_rule *b)
{
	return a->cmask == b->cmask && a->emask == b->emask && a->eshift == b->eshift &&
	       a->cshift == b->cshift && a->cond == b->cond && a->config == b->config &&
	       a->encoding == b->encoding && a->restricted_too == b->restricted_too;
}

/*
 * Compare the description @fw with the known-good @ref, field by field
 * and rule by rule; report each difference (naming @fw's @src) and return
 * how many there are.  Order of children and the event list do not count.
 */
static unsigned int __init dts_pmu_diff(const struct dts_pmu *fw,
					const struct dts_pmu *ref, const char *src)
{
	unsigned int i, n = 0;

#define DTS_DIFF(cond, fmt, ...)						\
	do {									\
		if (cond) {							\
			n++;							\
			pr_warn("%s: " fmt "\n", src, ##__VA_ARGS__);	\
		}								\
	} while (0)

	DTS_DIFF(fw->nr_pmc != ref->nr_pmc || fw->programmable != ref->programmable,
		 "counters (nr_pmc %u, programmable 0x%x) differ", fw->nr_pmc, fw->programmable);
	DTS_DIFF(fw->max_counter != ref->max_counter, "max-counter %u differs", fw->max_counter);
	DTS_DIFF(memcmp(fw->nr_restricted, ref->nr_restricted, sizeof(fw->nr_restricted)) ||
		 memcmp(fw->restricted, ref->restricted, sizeof(fw->restricted)),
		 "pmc-constraints differ");
	DTS_DIFF(fw->nc_shift != ref->nc_shift || fw->nc_limit != ref->nc_limit,
		 "nc (bit %u, limit %u) differs", fw->nc_shift, fw->nc_limit);
	DTS_DIFF(fw->group_mask != ref->group_mask || fw->group_val != ref->group_val,
		 "grouping differs");
	DTS_DIFF(fw->nr_alt != ref->nr_alt || memcmp(fw->alt, ref->alt, sizeof(fw->alt)),
		 "alternatives differ");
	DTS_DIFF(fw->ebb_needs_pmc != ref->ebb_needs_pmc ||
		 fw->bhrb_needs_ebb != ref->bhrb_needs_ebb, "EBB rules differ");
	DTS_DIFF(fw->bhrb_nr != ref->bhrb_nr ||
		 memcmp(fw->bhrb_ifm, ref->bhrb_ifm, sizeof(fw->bhrb_ifm)), "bhrb differs");
	DTS_DIFF(memcmp(fw->generic, ref->generic, sizeof(fw->generic)), "generic-events differ");
	DTS_DIFF(memcmp(fw->cache, ref->cache, sizeof(fw->cache)), "cache-events differ");
	DTS_DIFF(fw->mmcrs != ref->mmcrs, "MMCRs (0x%x) differ", fw->mmcrs);
	DTS_DIFF(fw->nr_deny != ref->nr_deny ||
		 memcmp(fw->deny, ref->deny, sizeof(fw->deny)), "denied-events differ");

	for (i = 0; i < ref->nr_fields; i++) {
		const struct dts_pmu_field *r = &ref->fields[i];
		const struct dts_pmu_field *f = dts_field_named(fw, r->name);

		DTS_DIFF(!f, "field %s missing", r->name);
		DTS_DIFF(f && !dts_field_same(f, r, ref->programmable, ref->nr_pmc),
			 "field %s differs", r->name);
	}
	for (i = 0; i < fw->nr_fields; i++)
		DTS_DIFF(!dts_field_named(ref, fw->fields[i].name),
			 "field %s not in the built-in description", fw->fields[i].name);
	for (i = 0; i < ref->nr_rules; i++) {
		const struct dts_pmu_rule *r = &ref->rules[i];
		const struct dts_pmu_rule *c = dts_rule_named(fw, r->name);

		DTS_DIFF(!c, "constraint %s missing", r->name);
		DTS_DIFF(c && !dts_rule_same(c, r), "constraint %s differs", r->name);
	}
	for (i = 0; i < fw->nr_rules; i++)
		DTS_DIFF(!dts_rule_named(ref, fw->rules[i].name),
			 "constraint %s not in the built-in description", fw->rules[i].name);
#undef DTS_DIFF
	return n;
}

/*
 * A firmware description for a CPU the kernel has a built-in description
 * of must agree with it: anything else is reported and not used.
 */
static int __init dts_check_against_builtin(const struct dts_pmu *fw, const u8 *blob,
					    const char *platform)
{
	struct device_node *root = NULL, *np;
	struct dts_parse *ps;
	struct dts_pmu *ref;
	unsigned int n;
	void *mem;
	int rc;

	ps = kzalloc(sizeof(*ps), GFP_KERNEL);
	ref = kzalloc(sizeof(*ref), GFP_KERNEL);
	mem = of_fdt_unflatten_tree((const unsigned long *)blob, NULL, &root);
	np = mem && root ? dts_find_node(root, platform) : NULL;
	rc = np && ps && ref ? dts_pmu_parse(ps, ref, np) : -ENOMEM;
	if (!rc) {
		dts_parse_free(ps);
		n = dts_pmu_diff(fw, ref, fw->source);
		if (n) {
			pr_err("%s: %u difference(s) from the built-in %s description: not used\n",
			       fw->source, n, platform);
			rc = -EINVAL;
		}
	} else {
		/* no reference to hold it to: the firmware description stands */
		rc = 0;
	}
	of_node_put(np);
	kfree(mem);
	kfree(ref);
	kfree(ps);
	return rc;
}

/*
 * Try the firmware description (@builtin false) or the built-in one for
 * the running CPU.  0 if a DT-described PMU is now registered.
 */
int __init init_dts_pmu(bool builtin)
{
	static struct dts_parse ps __initdata;
	struct device_node *root = NULL, *np;
	const char *platform;
	const u8 *blob;
	void *mem = NULL;
	u64 t;
	int rc;

	if (!dts_boot.start_ns)
		dts_boot.start_ns = local_clock();
	platform = dts_cpu_platform(&blob);
	if (!platform)
		return -ENODEV;

	if (builtin) {
		if (!blob)
			return -ENODEV;
		mem = of_fdt_unflatten_tree((const unsigned long *)blob, NULL, &root);
		if (!mem || !root) {
			pr_err("built-in %s description: cannot unflatten\n", platform);
			kfree(mem);
			return -EINVAL;
		}
		np = dts_find_node(root, platform);
	} else {
		np = dts_find_node(of_root, platform);
	}
	if (!np) {
		rc = -ENODEV;
		goto out;
	}
	t = local_clock();
	rc = dts_pmu_parse(&ps, &dts_pmu, np);
	dts_boot.parse_ns = local_clock() - t;
	if (builtin)
		snprintf(dts_pmu.source, sizeof(dts_pmu.source), "built-in %s description",
			 platform);
	else
		snprintf(dts_pmu.source, sizeof(dts_pmu.source), "firmware node %pOF", np);
	if (rc) {
		pr_err("%s description rejected: %s\n", builtin ? "built-in" : "firmware",
		       ps.err);
	} else if (!builtin && blob &&
		   dts_check_against_builtin(&dts_pmu, blob, platform)) {
		dts_parse_free(&ps);
		rc = -EINVAL;
	} else {
		rc = dts_pmu_register(&ps);
		dts_boot.init_ns = local_clock() - dts_boot.start_ns;
		dts_boot.bytes = dts_pmu_bytes(&ps);
		if (rc) {
			pr_err("%pOF: cannot register (%d)\n", np, rc);
			dts_parse_free(&ps);
		}
	}
	of_node_put(np);
out:
	kfree(mem);
	return rc;
}

const char *dts_pmu_source(void)
{
	return dp ? dp->source : NULL;
}

/* ---------------------------------------------------------------------- */
/* debugfs: what the kernel understood                                    */
/* ---------------------------------------------------------------------- */

static const char * const dts_cond_names[] = {
	"always", "marked", "threshold", "l1", "bhrb", "cache", "radix", "unit6",
};

static int dts_pmu_show(struct seq_file *m, void *unused)
{
	const struct dts_pmu *p = dp;
	unsigned int i, n;

	seq_printf(m, "name: %s\nsource: %s\n", p->name, p->source);
	seq_printf(m, "boot: parse %llu ns of %llu ns to registration, %zu bytes kept\n",
		   dts_boot.parse_ns, dts_boot.init_ns, dts_boot.bytes);
	seq_printf(m, "nr_pmc: %u  nr_mmcr: %u  max_counter: %u  programmable: 0x%x\n",
		   p->nr_pmc, p->nr_mmcr, p->max_counter, p->programmable);
	for (n = 1; n <= p->nr_pmc; n++)
		for (i = 0; i < p->nr_restricted[n]; i++)
			seq_printf(m, "restricted: PMC%u counts 0x%llx\n", n,
				   p->restricted[n][i]);
	seq_puts(m, "fields (name config:bits -> register bits, condition):\n");
	for (i = 0; i < p->nr_fields; i++) {
		const struct dts_pmu_field *f = &p->fields[i];

		seq_printf(m, "  %-16s config%u:%u-%u", f->name, f->config, f->shift,
			   f->shift + fls64(f->mask) - 1);
		if (f->mmcr == DTS_PMU_NO_FIELD) {
			seq_puts(m, " (selector)\n");
			continue;
		}
		seq_printf(m, " -> %s", dts_mmcr_regs[f->mmcr].name);
		if (f->per_pmc) {
			for (n = 1; n <= p->nr_pmc; n++)
				if (p->programmable & BIT(n))
					seq_printf(m, " pmc%u@%u", n, f->pmc_shift[n]);
		} else {
			seq_printf(m, " @%u", f->target);
		}
		seq_printf(m, " %s%s%s\n", dts_cond_names[f->cond], f->encoding ? " " : "",
			   f->encoding ? dts_encoding_names[f->encoding] : "");
	}
	seq_printf(m, "constraints: nc at bit %u limit %u, group mask 0x%llx value 0x%llx\n",
		   p->nc_shift, p->nc_limit, p->group_mask, p->group_val);
	for (i = 0; i < p->nr_rules; i++) {
		const struct dts_pmu_rule *r = &p->rules[i];

		seq_printf(m, "  %-16s %s: ((config%u >> %u) & 0x%llx) << %u, mask 0x%016llx%s%s%s\n",
			   r->name, dts_cond_names[r->cond], r->config, r->eshift,
			   r->emask, r->cshift, r->cmask,
			   r->restricted_too ? ", restricted counters too" : "",
			   r->encoding ? ", " : "",
			   r->encoding ? dts_encoding_names[r->encoding] : "");
	}
	seq_printf(m, "ebb needs pmc: %d  bhrb needs ebb: %d\n", p->ebb_needs_pmc,
		   p->bhrb_needs_ebb);
	for (i = 0; i < p->nr_alt; i++)
		seq_printf(m, "alternatives: 0x%x 0x%x\n", p->alt[i][0], p->alt[i][1]);
	seq_printf(m, "bhrb: %u entries\n", p->bhrb_nr);
	for (i = 0; i < BR_MAX; i++) {
		if (p->bhrb_ifm[i] >= 0)
			seq_printf(m, "  %s: ifm %d\n", dts_branch_filters[i].name,
				   p->bhrb_ifm[i]);
		else
			seq_printf(m, "  %s: %s\n", dts_branch_filters[i].name,
				   p->bhrb_ifm[i] == DTS_BHRB_IGNORED ? "ignored" : "unsupported");
	}
	for (i = 0; i < p->nr_deny; i++)
		seq_printf(m, "denied events (pvr & 0x%x == 0x%x): %u%s\n",
			   p->deny[i].pvr_mask, p->deny[i].pvr_value, p->deny[i].n,
			   &p->deny[i] == dts_denied(p, mfspr(SPRN_PVR)) ? ", this CPU" : "");
	for (i = 0; i < DTS_PMU_NR_GENERIC; i++)
		seq_printf(m, "generic %s: 0x%x\n", dts_generic_names[i], p->generic[i]);
	for (i = 0; dts_events_group.attrs && dts_events_group.attrs[i]; i++) {
		struct perf_pmu_events_attr *a =
			container_of(dts_events_group.attrs[i], struct perf_pmu_events_attr,
				     attr.attr);

		seq_printf(m, "event %s: 0x%llx\n", a->attr.attr.name, a->id);
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(dts_pmu);

static int __init dts_pmu_debugfs_init(void)
{
	if (dp)
		debugfs_create_file("dts_pmu", 0444, arch_debugfs_dir, NULL,
				    &dts_pmu_fops);
	return 0;
}
late_initcall(dts_pmu_debugfs_init);

#ifdef CONFIG_PPC_PMU_DT_KUNIT_TEST
#include "dts_pmu_test.c"
#endif
