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
	struct dts_pmu t ____cacheline_aligned;
	struct attribute_group format_group;
	struct attribute_group events_group;
	const struct attribute_group *groups[4];
	struct perf_pmu_events_attr *ev_attrs;
	struct attribute **ev_ptrs;
	struct dev_ext_attribute *fmt_attrs;
	struct attribute **fmt_ptrs;
};

static struct dts_backend dts_live __ro_after_init;
/*
 * The tables the hot callbacks read, through a pointer as core-book3s
 * reads ppmu: one load, then every field at an offset from it (the
 * static struct's own address costs two instructions a field there).
 */
static const struct dts_pmu *dts_tables __ro_after_init;
static bool dts_registered __ro_after_init;

static struct attribute *dts_no_attrs[] = { NULL };
static const struct attribute_group dts_caps_group = {
	.name = "caps",
	.attrs = dts_no_attrs,
};

/* The set of conditions @event meets: the index of the compiled tables */
static unsigned int dts_cset(const struct dts_pmu *p, u64 event)
{
	unsigned int c = p->unit_class[(event >> p->unit_shift) & p->unit_mask];

	if (event & p->mark_bits)
		c += DTS_CSET_MARKED;
	if (event & p->thresh_bits)
		c += DTS_CSET_THRESHOLD;
	if (event & p->bhrb_bits)
		c += DTS_CSET_BHRB;
	return c;
}

/* get_constraint from the compiled rules */
static __always_inline int __dts_constraint(const struct dts_pmu *p, u64 event,
					    unsigned long *maskp, unsigned long *valp,
					    u64 config1)
{
	unsigned long pmc = (event >> p->pmc_shift) & p->pmc_mask;
	const struct dts_pmc_adds *a;
	unsigned long cs, mask, value;
	const struct dts_when *w;
	unsigned int rules, k;

	/* bits no field describes, and for PMC=0 the EBB bit */
	if (event & (pmc ? p->bad_bits[0] : p->bad_bits[1]))
		return -1;
	cs = p->unit_class[(event >> p->unit_shift) & p->unit_mask];
	if (unlikely(event & p->cond_bits)) {
		if (event & p->mark_bits)
			cs += DTS_CSET_MARKED;
		if (event & p->thresh_bits)
			cs += DTS_CSET_THRESHOLD;
		if (event & p->bhrb_bits) {
			cs += DTS_CSET_BHRB;
			/* EBB events must name their PMC; only they can ask for BHRB */
			if ((event & p->bhrb_ebb_bits) && !(event & p->ebb_bits))
				return -1;
		}
	}
	w = &p->when[cs];
	a = &p->pmc_adds[pmc];
	rules = w->rules;
	if (likely(!a->restricted)) {
		mask = w->mask;
	} else {
		/* a restricted counter: its codes only, fewer rules apply */
		if (!dts_restricted_ok(p, pmc, event))
			return -1;
		rules &= p->rules_restricted;
		mask = w->rmask;
	}
	mask |= a->mask;
	value = a->val;

	/* a plain rule reading no set bit adds nothing to the value */
	if (event & w->src) {
		for (k = rules & 0xffff; k; k &= k - 1) {
			const struct dts_prule *r = &p->prule[__ffs(k)];

			value |= rol64(event & r->src, r->rot);
		}
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
 * The decode of @code on counter @pmc for @event: its placements, its
 * freeze bits, its SDAR mode, whether it is marked and wants the BHRB.
 * False if the description does not let @code count on @pmc.
 */
static bool dts_decode_one(const struct dts_pmu *p, const struct perf_event *event,
			   u64 code, unsigned int pmc, struct dts_dec *d)
{
	const struct perf_event_attr *attr = &event->attr;
	const u64 dw = p->dw_mmcr;
	unsigned int sdar_mask = DTS_DW(dw, DTS_DW_SDAR_MASK);
	unsigned long fz = 0;
	u64 set;

	if (!pmc || pmc > DTS_PMU_MAX_PMC ||
	    (!(p->programmable & BIT(pmc)) && !dts_restricted_ok(p, pmc, code)))
		return false;
	memset(d, 0, sizeof(*d));
	d->code = code;
	d->pmc = pmc;

	set = p->places_when[dts_cset(p, code)] | p->pmc_places[pmc];
	d->reg[0] = dts_place(p, set & p->reg_places[DTS_MMCR1], code);
	d->reg[1] = dts_place(p, set & p->reg_places[DTS_MMCR2], code);
	d->reg[2] = dts_place(p, set & p->reg_places[DTS_MMCR3], code);
	d->reg[3] = dts_place(p, set & p->reg_places[DTS_MMCRA], code);
	/* an encoded placement of zero bits places zero */
	if ((set & p->special_places) &&
	    ((code & p->special_bits[0]) || (attr->config1 & p->special_bits[1])))
		d->reg[3] |= dts_place_special(p, set & p->special_places, code, attr->config1);

	/* MMCRA[SDAR_MODE]: the event's mode, or the default the hardware needs */
	if (code & p->mark_bits)
		d->flags |= DTS_DEC_MARKED;
	else if (sdar_mask)
		d->sdar = ((code >> DTS_DW(dw, DTS_DW_SDAR_SHIFT) & sdar_mask) ?:
			   DTS_DW(dw, DTS_DW_SDAR_DEFAULT)) << DTS_DW(dw, DTS_DW_SDAR_TARGET);

	if ((p->features & DTS_FEAT_ISA31) &&
	    (has_branch_stack((struct perf_event *)event) || (code & p->bhrb_bits)))
		d->flags |= DTS_DEC_BHRB;

	if (attr->exclude_user)
		fz |= MMCR2_FCP(pmc);
	if (attr->exclude_hv)
		fz |= MMCR2_FCH(pmc);
	if (attr->exclude_kernel)
		fz |= cpu_has_feature(CPU_FTR_HVMODE) ? MMCR2_FCH(pmc) : MMCR2_FCS(pmc);
	if (attr->exclude_idle)
		fz |= MMCR2_FCWAIT(pmc);
	d->reg[1] |= fz;
	return true;
}

/* Add @code to @codes[@n], unless it is there; the new count, 0 if full */
static unsigned int dts_add_code(u64 codes[], unsigned int n, u64 code)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (codes[i] == code)
			return n;
	if (n == MAX_EVENT_ALTERNATIVES)
		return 0;
	codes[n++] = code;
	return n;
}

/*
 * Decode @event, scheduled as @code with core-book3s flags @flags: @code
 * and every alternative core-book3s may choose for it (the alternatives
 * of an alternative too), each on every counter it can count on: one
 * counter for a code that names its PMC, each programmable one for a
 * code that does not.  ERR_PTR(-EINVAL) when nothing decodes or when
 * the codes are more than core-book3s keeps alternatives of one event.
 */
struct dts_event *dts_event_decode(const struct dts_pmu *p, const struct perf_event *event,
				   u64 code, unsigned int flags, gfp_t gfp)
{
	const u64 dw = p->dw_mmcr;
	u64 codes[MAX_EVENT_ALTERNATIVES], alt[MAX_EVENT_ALTERNATIVES];
	unsigned long prog = p->programmable;
	unsigned int n = 1, i, j, pmc, max = 0;
	struct dts_event *e;

	codes[0] = code;
	for (i = 0; i < n; i++) {
		int k = dts_alternatives(p, codes[i], flags, alt);

		for (j = 1; j < k && n; j++)
			n = dts_add_code(codes, n, alt[j]);
		if (!n)
			return ERR_PTR(-EINVAL);
	}
	for (i = 0; i < n; i++)
		max += (codes[i] >> DTS_DW(dw, DTS_DW_PMC_SHIFT)) & DTS_DW(dw, DTS_DW_PMC_MASK) ?
		       1 : hweight32(p->programmable);
	e = kzalloc(struct_size(e, d, max), gfp);
	if (!e)
		return ERR_PTR(-ENOMEM);
	for (i = 0; i < n; i++) {
		pmc = (codes[i] >> DTS_DW(dw, DTS_DW_PMC_SHIFT)) & DTS_DW(dw, DTS_DW_PMC_MASK);
		if (pmc) {
			e->n += dts_decode_one(p, event, codes[i], pmc, &e->d[e->n]);
			continue;
		}
		for_each_set_bit(pmc, &prog, DTS_PMU_PMC_SLOTS)
			e->n += dts_decode_one(p, event, codes[i], pmc, &e->d[e->n]);
	}
	if (!e->n) {
		kfree(e);
		return ERR_PTR(-EINVAL);
	}
	return e;
}

/* @code's decode on counter @pmc */
static __always_inline const struct dts_dec *dts_dec_find(const struct dts_event *e,
							  u64 code, unsigned int pmc)
{
	const struct dts_dec *d, *end = e->d + e->n;

	for (d = e->d; d < end; d++)
		if (d->code == code && d->pmc == pmc)
			return d;
	return NULL;
}

/*
 * compute_mmcr from the events' decodes: choose the counters, OR the
 * words.  MMCRA[SDAR_MODE]: no updates once any event of the group is
 * marked, otherwise every event's mode.
 */
static __always_inline int __dts_mmcrs(const struct dts_pmu *p, u64 event[], int n_ev,
				       unsigned int hwc[], struct mmcr_regs *mmcr,
				       struct perf_event *pevents[])
{
	unsigned long r1 = 0, r2 = 0, r3 = 0, ra = p->mmcra_base, sdar = 0;
	const u64 dw = p->dw_mmcr;
	unsigned int pmc_shift = DTS_DW(dw, DTS_DW_PMC_SHIFT);
	unsigned int pmc_mask = DTS_DW(dw, DTS_DW_PMC_MASK);
	unsigned int pmc_inuse = 0, flags = 0, pmc;
	int i;

	for (i = 0; i < n_ev; i++)
		pmc_inuse |= BIT((event[i] >> pmc_shift) & pmc_mask);
	pmc_inuse &= ~1U;

	for (i = 0; i < n_ev; i++) {
		const struct dts_event *e = pevents[i]->pmu_private;
		const struct dts_dec *d;

		pmc = (event[i] >> pmc_shift) & pmc_mask;
		if (!pmc) {
			/* the lowest free programmable counter */
			u32 free = p->programmable & ~pmc_inuse;

			if (!free)
				return -1;
			pmc = __ffs(free);
			pmc_inuse |= BIT(pmc);
		}
		/* a code and counter the event was decoded for, or refused */
		d = e ? dts_dec_find(e, event[i], pmc) : NULL;
		if (unlikely(!d))
			return -1;
		r1 |= d->reg[0];
		r2 |= d->reg[1];
		r3 |= d->reg[2];
		ra |= d->reg[3];
		sdar |= d->sdar;
		flags |= d->flags;
		hwc[i] = pmc - 1;
	}
	if (!(flags & DTS_DEC_MARKED))
		ra |= sdar;
	if (flags & DTS_DEC_BHRB)
		ra &= ~MMCRA_BHRB_DISABLE;

	/* pmc_inuse is 1-based; no field reaches MMCR0 (dts_owned) */
	mmcr->mmcr0 = p->mmcr0_base;
	if (pmc_inuse & BIT(1))
		mmcr->mmcr0 |= MMCR0_PMC1CE;
	if (pmc_inuse & GENMASK(6, 2))
		mmcr->mmcr0 |= MMCR0_PMCjCE;
	/* If we're not using PMC 5 or 6, freeze them */
	if (!(pmc_inuse & (BIT(5) | BIT(6))))
		mmcr->mmcr0 |= MMCR0_FC56;
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

/*
 * KUnit: compute_mmcr for @p.  An event a test decoded as
 * power_pmu_event_init() does (dts_event_decode()) is used as it is; one
 * it did not is decoded here, as the code given, for this call only (with
 * interrupts off, as core-book3s calls this).  An event that does not
 * decode is refused.
 */
int dts_mmcrs(const struct dts_pmu *p, u64 event[], int n_ev, unsigned int hwc[],
	      struct mmcr_regs *mmcr, struct perf_event *pevents[])
{
	unsigned long mine = 0;
	struct dts_event *e;
	int i, rc;

	if (n_ev > BITS_PER_LONG)
		return -1;
	for (i = 0; i < n_ev; i++) {
		if (pevents[i]->pmu_private)
			continue;
		e = dts_event_decode(p, pevents[i], event[i], pevents[i]->hw.event_base,
				     GFP_ATOMIC);
		if (IS_ERR(e))
			continue;
		pevents[i]->pmu_private = e;
		mine |= BIT(i);
	}
	rc = __dts_mmcrs(p, event, n_ev, hwc, mmcr, pevents);
	for (i = 0; i < n_ev; i++) {
		if (!(mine & BIT(i)))
			continue;
		kfree(pevents[i]->pmu_private);
		pevents[i]->pmu_private = NULL;
	}
	return rc;
}

static int dts_get_constraint(u64 event, unsigned long *maskp, unsigned long *valp,
			      u64 config1)
{
	return __dts_constraint(dts_tables, event, maskp, valp, config1);
}

static int dts_compute_mmcr(u64 event[], int n_ev, unsigned int hwc[],
			    struct mmcr_regs *mmcr, struct perf_event *pevents[],
			    u32 flags)
{
	return __dts_mmcrs(dts_tables, event, n_ev, hwc, mmcr, pevents);
}

/* Decode an event core-book3s accepted: its code and alternatives */
static int dts_decode_event(struct perf_event *event)
{
	struct dts_event *e = dts_event_decode(&dts_live.t, event, event->hw.config,
					       event->hw.event_base, GFP_KERNEL);

	if (IS_ERR(e))
		return PTR_ERR(e);
	event->pmu_private = e;
	return 0;
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
	.decode_event		= dts_decode_event,
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
	dts_tables = &b->t;
	rc = register_power_pmu(&b->pmu);
	if (rc) {
		dts_tables = NULL;
		goto fail;
	}
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
