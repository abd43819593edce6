// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The core-book3s backend of a compiled description: the struct power_pmu
 * callbacks, its sysfs format/ and events/ directories, registration.
 *
 * The callbacks read only the compiled tables of the registered PMU: no
 * device tree, no strings, no searching.  Behaviour stays in C (freeze
 * bits from exclude_*, PMC1CE/PMCjCE/FC56, the SDAR mode, BHRB disable,
 * the EBB rules); the description selects the data it works on and, by
 * its properties, which ISA behaviours apply.
 */

#define pr_fmt(fmt)	"dts-pmu: " fmt

#include <linux/kernel.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/cputable.h>
#include <asm/reg.h>

#include "isa207-common.h"	/* and internal.h */
#include "dts_pmu.h"

extern u64 PERF_REG_EXTENDED_MASK;

#define DTS_CNST_PMC_VAL(pmc)	(1UL << (((pmc) - 1) * 2))
#define DTS_CNST_PMC_MASK(pmc)	(2UL << (((pmc) - 1) * 2))

/*
 * The registered PMU, as a hand-coded backend's struct power_pmu is: its
 * callbacks, the tables they read and its sysfs attributes.
 */
struct dts_backend {
	struct power_pmu pmu;
	struct dts_pmu t;
	struct attribute_group format_group;
	struct attribute_group events_group;
	const struct attribute_group *groups[4];
	struct perf_pmu_events_attr *ev_attrs;
	struct attribute **ev_ptrs;
	struct dev_ext_attribute *fmt_attrs;
	struct attribute **fmt_ptrs;
};

static struct dts_backend dts_live __ro_after_init;
static bool dts_registered __ro_after_init;

static struct attribute *dts_no_attrs[] = { NULL };
static const struct attribute_group dts_caps_group = {
	.name = "caps",
	.attrs = dts_no_attrs,
};

/* The set of conditions @event meets: the index of the compiled tables */
static __always_inline unsigned int dts_cset(const struct dts_pmu *p, u64 event, u64 dw)
{
	unsigned int unit = (event >> DTS_DW(dw, DTS_DW_UNIT_SHIFT)) & DTS_DW(dw, DTS_DW_UNIT_MASK);
	unsigned int c = p->unit_class[unit];

	if (unlikely(event & p->cond_bits)) {
		if (event & p->mark_bits)
			c += DTS_CSET_MARKED;
		if (event & p->thresh_bits)
			c += DTS_CSET_THRESHOLD;
		if (event & p->bhrb_bits)
			c += DTS_CSET_BHRB;
	}
	return c;
}

/* get_constraint from the compiled rules */
static __always_inline int __dts_constraint(const struct dts_pmu *p, u64 event,
					    unsigned long *maskp, unsigned long *valp,
					    u64 config1)
{
	const u64 dw = p->dw_constraint;
	unsigned int pmc = (event >> DTS_DW(dw, DTS_DW_PMC_SHIFT)) & DTS_DW(dw, DTS_DW_PMC_MASK);
	unsigned int nc = DTS_DW(dw, DTS_DW_NC_SHIFT);
	unsigned int rules, cs, k;	/* bitmaps of p->crule[] */
	unsigned long mask, value;

	/* bits no field describes, and for PMC=0 the EBB bit */
	if (event & p->bad_bits[!pmc])
		return -1;
	cs = dts_cset(p, event, dw);
	/* EBB events must name their PMC; only EBB events can ask for BHRB */
	if (unlikely(cs >= DTS_CSET_BHRB) && (event & p->bhrb_ebb_bits) &&
	    !(event & p->ebb_bits))
		return -1;
	rules = p->rules_when[cs];
	mask = p->mask_when[cs];
	if (!pmc) {
		mask |= 8UL << nc;
		value = 1UL << nc;
	} else if (p->programmable & BIT(pmc)) {
		mask |= DTS_CNST_PMC_MASK(pmc) | 8UL << nc;
		value = DTS_CNST_PMC_VAL(pmc) | 1UL << nc;
	} else {
		/* a restricted counter: fewer rules apply */
		if (!dts_restricted_ok(p, pmc, event))
			return -1;
		rules &= p->rules_restricted;
		mask = DTS_CNST_PMC_MASK(pmc) | p->rmask_when[cs];
		value = DTS_CNST_PMC_VAL(pmc);
	}

	/* a plain rule reading no set bit adds nothing to the value */
	if (!(event & p->src_when[cs]))
		rules &= ~0xffffU;
	for (k = rules & 0xffff; k; k &= k - 1) {
		const struct dts_crule *r = &p->crule[__ffs(k)];

		value |= rol64(event & r->src, r->rot);
	}
	for (k = rules >> 16; unlikely(k); k &= k - 1) {
		const struct dts_crule *r = &p->crule[__ffs(k)];
		u64 v;

		/* the encoding sees the whole value, as isa207 does */
		if (!dts_encode(r->encoding, (r->config ? config1 : event) >> r->eshift, &v))
			return -1;
		value |= ((v & r->src) << r->rot) & r->cmask;
	}

	*maskp = mask;
	*valp = value;
	return 0;
}

/* The plain placements of @set, for one register */
static __always_inline u64 dts_place(const struct dts_pmu *p, u64 set, u64 ev)
{
	u64 v = 0;

	while (set) {
		const struct dts_cplace *c = &p->cplace[__ffs64(set)];

		set &= set - 1;
		v |= rol64(ev & c->src, c->rot);
	}
	return v;
}

/* The encoded placements of @set (all in MMCRA) */
static __always_inline u64 dts_place_special(const struct dts_pmu *p, u64 set, u64 ev, u64 config1)
{
	u64 v = 0, x;

	while (set) {
		const struct dts_cplace *c = &p->cplace[__ffs64(set)];

		set &= set - 1;
		x = ((c->config ? config1 : ev) >> c->eshift) & c->src;
		dts_encode(c->encoding, x, &x);
		v |= x << c->rot;
	}
	return v;
}

/*
 * compute_mmcr from the compiled placements.  MMCRA[SDAR_MODE]: no updates
 * once any event of the group is marked, otherwise the event's mode, or
 * the description's default when it has none (the hardware needs one).
 */
static __always_inline int __dts_mmcrs(const struct dts_pmu *p, u64 event[], int n_ev,
				       unsigned int hwc[], struct mmcr_regs *mmcr,
				       struct perf_event *pevents[])
{
	bool isa31 = p->features & DTS_FEAT_ISA31, marked = false;
	unsigned long r0 = 0, r1 = 0, r2 = 0, r3 = 0, ra = 0;
	const u64 dw = p->dw_mmcr;
	unsigned int pmc_shift = DTS_DW(dw, DTS_DW_PMC_SHIFT);
	unsigned int pmc_mask = DTS_DW(dw, DTS_DW_PMC_MASK);
	unsigned int sdar_mask = DTS_DW(dw, DTS_DW_SDAR_MASK);
	unsigned int pmc_inuse = 0, pmc;
	int i;

	for (i = 0; i < n_ev; i++)
		pmc_inuse |= BIT((event[i] >> pmc_shift) & pmc_mask);
	pmc_inuse &= ~1U;

	/* Disable BHRB unless explicitly requested (MMCRA[BHRBRD]) */
	if (isa31)
		ra |= MMCRA_BHRB_DISABLE;

	for (i = 0; i < n_ev; i++) {
		const struct perf_event_attr *attr = &pevents[i]->attr;
		u64 ev = event[i], set;

		pmc = (ev >> pmc_shift) & pmc_mask;
		/* a counter the description has, counting what it can */
		if (pmc > DTS_PMU_MAX_PMC ||
		    (pmc && !(p->programmable & BIT(pmc)) && !dts_restricted_ok(p, pmc, ev)))
			return -1;
		if (!pmc) {
			/* the lowest free programmable counter */
			u32 free = p->programmable & ~pmc_inuse;

			if (!free)
				return -1;
			pmc = __ffs(free);
			pmc_inuse |= BIT(pmc);
		}

		if (sdar_mask) {
			unsigned int target = DTS_DW(dw, DTS_DW_SDAR_TARGET);
			u64 mode = (ev >> DTS_DW(dw, DTS_DW_SDAR_SHIFT)) & sdar_mask;

			if (marked || (ev & p->mark_bits))
				ra &= ~((u64)sdar_mask << target);
			else
				ra |= (mode ?: DTS_DW(dw, DTS_DW_SDAR_DEFAULT)) << target;
		}
		marked |= !!(ev & p->mark_bits);

		set = p->places_when[dts_cset(p, ev, dw)] | p->pmc_places[pmc];
		r1 |= dts_place(p, set & p->reg_places[DTS_MMCR1], ev);
		r2 |= dts_place(p, set & p->reg_places[DTS_MMCR2], ev);
		r3 |= dts_place(p, set & p->reg_places[DTS_MMCR3], ev);
		ra |= dts_place(p, set & p->reg_places[DTS_MMCRA], ev);
		/* an encoded placement of zero bits places zero */
		if ((set & p->special_places) &&
		    ((ev & p->special_bits[0]) || (attr->config1 & p->special_bits[1])))
			ra |= dts_place_special(p, set & p->special_places, ev, attr->config1);

		if (isa31 && (has_branch_stack(pevents[i]) || (ev & p->bhrb_bits)))
			ra &= ~MMCRA_BHRB_DISABLE;

		if (attr->exclude_user)
			r2 |= MMCR2_FCP(pmc);
		if (attr->exclude_hv)
			r2 |= MMCR2_FCH(pmc);
		if (attr->exclude_kernel) {
			if (cpu_has_feature(CPU_FTR_HVMODE))
				r2 |= MMCR2_FCH(pmc);
			else
				r2 |= MMCR2_FCS(pmc);
		}
		if (attr->exclude_idle)
			r2 |= MMCR2_FCWAIT(pmc);

		hwc[i] = pmc - 1;
	}

	/* pmc_inuse is 1-based; no field reaches MMCR0 (dts_owned) */
	if (pmc_inuse & BIT(1))
		r0 |= MMCR0_PMC1CE;
	if (pmc_inuse & GENMASK(6, 2))
		r0 |= MMCR0_PMCjCE;
	/* If we're not using PMC 5 or 6, freeze them */
	if (!(pmc_inuse & (BIT(5) | BIT(6))))
		r0 |= MMCR0_FC56;
	if (isa31)
		r0 |= MMCR0_PMCCEXT | MMCR0_C56RUN;

	mmcr->mmcr0 = r0;
	mmcr->mmcr1 = r1;
	mmcr->mmcr2 = r2;
	mmcr->mmcr3 = r3;
	mmcr->mmcra = ra;
	return 0;
}

/* The same for any compiled description (KUnit) */
int dts_constraint(const struct dts_pmu *p, u64 event, unsigned long *maskp,
		   unsigned long *valp, u64 config1)
{
	return __dts_constraint(p, event, maskp, valp, config1);
}

int dts_mmcrs(const struct dts_pmu *p, u64 event[], int n_ev, unsigned int hwc[],
	      struct mmcr_regs *mmcr, struct perf_event *pevents[])
{
	return __dts_mmcrs(p, event, n_ev, hwc, mmcr, pevents);
}

static int dts_get_constraint(u64 event, unsigned long *maskp, unsigned long *valp,
			      u64 config1)
{
	return __dts_constraint(&dts_live.t, event, maskp, valp, config1);
}

static int dts_compute_mmcr(u64 event[], int n_ev, unsigned int hwc[],
			    struct mmcr_regs *mmcr, struct perf_event *pevents[],
			    u32 flags)
{
	return __dts_mmcrs(&dts_live.t, event, n_ev, hwc, mmcr, pevents);
}

static void dts_disable_pmc(unsigned int pmc, struct mmcr_regs *mmcr)
{
	const struct dts_pmu *p = &dts_live.t;
	unsigned long *reg = p->psel_reg == DTS_MMCR1 ? &mmcr->mmcr1 :
			     p->psel_reg == DTS_MMCR2 ? &mmcr->mmcr2 :
			     p->psel_reg == DTS_MMCR3 ? &mmcr->mmcr3 : &mmcr->mmcra;

	if (++pmc < DTS_PMU_PMC_SLOTS)
		*reg &= ~p->psel_mask[pmc];
}

/*
 * isa207's alternatives: the described ones and, for counting-only
 * events, the PM_RUN_* codes it knows.  core-book3s does not look at the
 * constraint of an alternative it tries, so only codes this description
 * accepts are offered.
 */
int dts_alternatives(const struct dts_pmu *p, u64 event, unsigned int flags, u64 alt[])
{
	unsigned long mask, val;
	int n, i, k;

	n = isa207_get_alternatives(event, alt, p->nr_alt, flags,
				    (const unsigned int (*)[MAX_ALT])p->alt);
	for (i = k = 1; i < n; i++)
		if (!__dts_constraint(p, alt[i], &mask, &val, 0))
			alt[k++] = alt[i];
	return k;
}

static int dts_get_alternatives(u64 event, unsigned int flags, u64 alt[])
{
	return dts_alternatives(&dts_live.t, event, flags, alt);
}

/*
 * The reserved values isa3XX_check_attr_config() knows, read where the
 * verifier holds the sampling and threshold fields to (dts_checked[]).
 */
int dts_attr_config(const struct dts_pmu *p, struct perf_event *ev)
{
	u64 val = (ev->attr.config >> EVENT_SAMPLE_SHIFT) & EVENT_SAMPLE_MASK;

	/* a sample mode the description says the hardware reserves */
	if (p->reserved_sample && val == p->reserved_sample)
		return -EINVAL;
	return isa3XX_check_attr_config(ev);
}

/*
 * The same for a code perf never passes through check_attr_config: a
 * generic or cache event (attr.config is then an index) or an alternative
 * (chosen after the check).  0, -EINVAL if refused, or -ENOMEM.
 */
int dts_code_attr(const struct dts_pmu *p, u64 code)
{
	struct perf_event *ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	int rc;

	if (!ev)
		return -ENOMEM;
	ev->attr.config = code;
	rc = dts_attr_config(p, ev);
	kfree(ev);
	return rc;
}

static int dts_check_attr_config(struct perf_event *ev)
{
	return dts_attr_config(&dts_live.t, ev);
}

u64 dts_bhrb_map(const struct dts_pmu *p, u64 branch_sample_type)
{
	const struct dts_pmu_field *ifm = &p->fields[p->role[DTS_ROLE_IFM]];
	int i;

	for (i = 0; i < DTS_BR_MAX; i++) {
		if (!(branch_sample_type & dts_branch_types[i]) ||
		    p->bhrb_ifm[i] == DTS_BHRB_IGNORED)
			continue;
		if (p->bhrb_ifm[i] < 0)
			return -1;
		return (u64)p->bhrb_ifm[i] << ifm->target;
	}
	return -1;
}

static u64 dts_bhrb_filter_map(u64 branch_sample_type)
{
	return dts_bhrb_map(&dts_live.t, branch_sample_type);
}

static void dts_config_bhrb(u64 pmu_bhrb_filter)
{
	const struct dts_pmu *p = &dts_live.t;
	const struct dts_pmu_field *ifm = &p->fields[p->role[DTS_ROLE_IFM]];

	pmu_bhrb_filter &= ifm->mask << ifm->target;
	mtspr(SPRN_MMCRA, mfspr(SPRN_MMCRA) | pmu_bhrb_filter);
}

static const struct power_pmu dts_power_pmu = {
	.n_generic		= DTS_PMU_NR_GENERIC,
	.compute_mmcr		= dts_compute_mmcr,
	.get_constraint		= dts_get_constraint,
	.get_alternatives	= dts_get_alternatives,
	.get_mem_data_src	= isa207_get_mem_data_src,
	.get_mem_weight		= isa207_get_mem_weight,
	.disable_pmc		= dts_disable_pmc,
	.check_attr_config	= dts_check_attr_config,
	.capabilities		= PERF_PMU_CAP_EXTENDED_REGS,
};

/* The scheduling parameters and flags of @pp that come from @p */
void dts_fill_power_pmu(const struct dts_pmu *p, struct power_pmu *pp)
{
	const struct dts_pmu_deny *deny;
	unsigned int i;

	*pp = dts_power_pmu;
	pp->name = p->name;
	/* core-book3s only reads them */
	pp->generic_events = (int *)p->generic;
	pp->cache_events = (void *)&p->cache;
	/* the counters the interrupt handler scans: every one described */
	pp->n_counter = p->nr_pmc;
	pp->add_fields = 1UL << p->nc_shift;
	for (i = 1; i <= p->nr_pmc; i++)
		pp->add_fields |= DTS_CNST_PMC_VAL(i);
	pp->test_adder = (7UL - p->nc_limit) << p->nc_shift;
	pp->group_constraint_mask = p->group_mask;
	pp->group_constraint_val = p->group_val;
	pp->flags = PPMU_HAS_SIER | PPMU_ARCH_207S;
	if (p->features & DTS_FEAT_ISA31)
		pp->flags |= PPMU_ARCH_31;
	if (p->features & DTS_FEAT_SIAR_PRIV)
		pp->flags |= PPMU_P10;
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

/* sysfs format/ and events/ from what the parser kept */
static int dts_sysfs_attrs(struct dts_backend *b, struct dts_parse *ps)
{
	unsigned int i;

	b->ev_attrs = kcalloc(ps->nr_events, sizeof(*b->ev_attrs), GFP_KERNEL);
	b->ev_ptrs = kcalloc(ps->nr_events + 1, sizeof(*b->ev_ptrs), GFP_KERNEL);
	b->fmt_attrs = kcalloc(ps->nr_formats, sizeof(*b->fmt_attrs), GFP_KERNEL);
	b->fmt_ptrs = kcalloc(ps->nr_formats + 1, sizeof(*b->fmt_ptrs), GFP_KERNEL);
	if (!b->ev_attrs || !b->ev_ptrs || !b->fmt_attrs || !b->fmt_ptrs)
		return -ENOMEM;
	for (i = 0; i < ps->nr_events; i++) {
		struct perf_pmu_events_attr *a = &b->ev_attrs[i];

		sysfs_attr_init(&a->attr.attr);
		a->attr.attr.name = ps->ev_names[i];
		a->attr.attr.mode = 0444;
		a->attr.show = power_events_sysfs_show;
		a->id = ps->ev_codes[i];
		b->ev_ptrs[i] = &a->attr.attr;
	}
	for (i = 0; i < ps->nr_formats; i++) {
		struct dev_ext_attribute *a = &b->fmt_attrs[i];

		sysfs_attr_init(&a->attr.attr);
		a->attr.attr.name = ps->fmt_names[i];
		a->attr.attr.mode = 0444;
		a->attr.show = device_show_string;
		a->var = (void *)ps->fmt_specs[i];
		b->fmt_ptrs[i] = &a->attr.attr;
	}
	b->events_group.name = "events";
	b->events_group.attrs = b->ev_ptrs;
	b->format_group.name = "format";
	b->format_group.attrs = b->fmt_ptrs;
	b->groups[0] = &b->format_group;
	b->groups[1] = &b->events_group;
	b->groups[2] = &dts_caps_group;
	return 0;
}

static void dts_backend_free(struct dts_backend *b)
{
	kfree(b->ev_attrs);
	kfree(b->ev_ptrs);
	kfree(b->fmt_attrs);
	kfree(b->fmt_ptrs);
	memset(b, 0, sizeof(*b));
}

/*
 * Register the PMU of the description @ps parsed.  On success the PMU
 * owns the tables and the parser's names; on failure nothing is kept.
 */
int __init dts_pmu_register(struct dts_parse *ps)
{
	struct dts_backend *b = &dts_live;
	int rc;

	rc = dts_sysfs_attrs(b, ps);
	if (rc)
		goto fail;
	b->t = *ps->pmu;
	b->t.ev_names = ps->ev_names;
	b->t.ev_codes = ps->ev_codes;
	b->t.nr_events = ps->nr_events;
	dts_fill_power_pmu(&b->t, &b->pmu);
	b->pmu.attr_groups = b->groups;

	PERF_REG_EXTENDED_MASK = b->t.features & DTS_FEAT_ISA31 ?
				 PERF_REG_PMU_MASK_31 : PERF_REG_PMU_MASK_300;
	rc = register_power_pmu(&b->pmu);
	if (rc)
		goto fail;
	dts_registered = true;
	/* the format attributes hold the strings: the arrays are not kept */
	kfree(ps->fmt_names);
	kfree(ps->fmt_specs);
	ps->fmt_names = NULL;
	ps->fmt_specs = NULL;
	/* Tell userspace that EBB is supported, if the description has it */
	if (b->t.ebb_bits)
		cur_cpu_spec->cpu_user_features2 |= PPC_FEATURE2_EBB;
	return 0;
fail:
	dts_backend_free(b);
	return rc;
}

const struct dts_pmu *dts_pmu_live(void)
{
	return dts_registered ? &dts_live.t : NULL;
}
