// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * From a verified description to what the backend runs, and the entry
 * that reads, verifies and compiles one: dts_pmu_parse().
 *
 * dts_pmu_compile() turns fields and rules into vectors the hot path
 * applies without searching: a rule or a placement is "take these bits of
 * the code, rotate them into place", chosen by a table indexed by the set
 * of conditions an event meets.
 */

#define pr_fmt(fmt)	"dts-pmu: " fmt

#include <linux/kernel.h>
#include <linux/of.h>
#include <asm/reg.h>

#include "isa207-common.h"
#include "dts_pmu.h"

/*
 * Add a placement of @group (a condition, or DTS_GROUP_PMC + a PMC): a
 * plain one merges with one of its group that has the same register and
 * rotation.  Returns its index.
 */
#define DTS_GROUP_PMC	(DTS_COND_MAX + 1)

static unsigned int dts_add_place(struct dts_pmu *p, u8 group[], u8 reg, u64 src, u8 rot,
				  bool plain)
{
	unsigned int j;

	for (j = 0; plain && j < p->nr_cplace; j++)
		if ((p->reg_places[reg] & BIT_ULL(j)) && group[j] == group[p->nr_cplace] &&
		    p->cplace[j].rot == rot)
			break;
	if (!plain || j == p->nr_cplace) {
		j = p->nr_cplace++;
		memset(&p->cplace[j], 0, sizeof(p->cplace[j]));
		p->cplace[j].rot = rot;
		if (plain)
			p->reg_places[reg] |= BIT_ULL(j);
		else
			p->special_places |= BIT_ULL(j);
	}
	p->cplace[j].src |= src;
	return j;
}

/* The placements: shared fields by condition, per-counter fields per PMC */
static void dts_compile_places(struct dts_pmu *p, u8 group[])
{
	unsigned int i, j, n;

	p->nr_cplace = 0;
	p->special_places = 0;
	memset(p->special_bits, 0, sizeof(p->special_bits));
	memset(p->reg_places, 0, sizeof(p->reg_places));
	memset(p->pmc_places, 0, sizeof(p->pmc_places));
	memset(p->psel_mask, 0, sizeof(p->psel_mask));
	for (i = 0; i < p->nr_fields; i++) {
		const struct dts_pmu_field *f = &p->fields[i];
		bool plain = !f->encoding && !f->config;

		if (f->mmcr == DTS_PMU_NO_FIELD || i == p->role[DTS_ROLE_SDAR])
			continue;
		if (!f->per_pmc) {
			group[p->nr_cplace] = f->cond;
			if (plain) {
				dts_add_place(p, group, f->mmcr, f->mask << f->shift,
					      (f->target - f->shift) & 63, true);
				continue;
			}
			j = dts_add_place(p, group, f->mmcr, f->mask, f->target, false);
			p->special_bits[f->config] |= f->mask << f->shift;
			p->cplace[j].config = f->config;
			p->cplace[j].eshift = f->shift;
			p->cplace[j].encoding = f->encoding;
			continue;
		}
		for (n = 1; n <= p->nr_pmc; n++) {
			if (!(p->programmable & BIT(n)))
				continue;
			group[p->nr_cplace] = DTS_GROUP_PMC + n;
			j = dts_add_place(p, group, f->mmcr, f->mask << f->shift,
					  (f->pmc_shift[n] - f->shift) & 63, true);
			p->pmc_places[n] |= BIT_ULL(j);
			if (i == p->role[DTS_ROLE_PSEL]) {
				p->psel_mask[n] = f->mask << f->pmc_shift[n];
				p->psel_reg = f->mmcr;
			}
		}
	}
	p->dw_constraint = (u64)p->pmc_shift << 8 * DTS_DW_PMC_SHIFT |
			   (u64)p->pmc_mask << 8 * DTS_DW_PMC_MASK;
	p->unit_shift = 0;
	p->unit_mask = 0;
	if (p->role[DTS_ROLE_UNIT] != DTS_PMU_NO_FIELD) {
		const struct dts_pmu_field *f = &p->fields[p->role[DTS_ROLE_UNIT]];

		p->dw_constraint |= (u64)f->shift << 8 * DTS_DW_UNIT_SHIFT |
				    (u64)f->mask << 8 * DTS_DW_UNIT_MASK;
		p->unit_shift = f->shift;
		p->unit_mask = f->mask;
	}
	p->dw_mmcr = p->dw_constraint;
	p->dw_constraint |= (u64)p->nc_shift << 8 * DTS_DW_NC_SHIFT;
	if (p->role[DTS_ROLE_SDAR] != DTS_PMU_NO_FIELD) {
		const struct dts_pmu_field *f = &p->fields[p->role[DTS_ROLE_SDAR]];

		p->dw_mmcr |= (u64)f->shift << 8 * DTS_DW_SDAR_SHIFT |
			      (u64)f->mask << 8 * DTS_DW_SDAR_MASK |
			      (u64)f->target << 8 * DTS_DW_SDAR_TARGET |
			      (u64)f->default_val << 8 * DTS_DW_SDAR_DEFAULT;
	}
}

/* The conditions (BIT(enum dts_pmu_cond)) of condition set @i */
static u32 dts_cset_conds(unsigned int i)
{
	static const u32 class[3] = {
		BIT(DTS_COND_L1), BIT(DTS_COND_CACHE), BIT(DTS_COND_CACHE) | BIT(DTS_COND_UNIT6),
	};
	u32 cs = BIT(DTS_COND_ALWAYS) | BIT(DTS_COND_RADIX) | class[i % 3];

	if ((i / DTS_CSET_MARKED) & 1)
		cs |= BIT(DTS_COND_MARKED);
	if ((i / DTS_CSET_THRESHOLD) & 1)
		cs |= BIT(DTS_COND_THRESHOLD);
	if (i >= DTS_CSET_BHRB)
		cs |= BIT(DTS_COND_BHRB);
	return cs;
}

/* Rule @i's bit in the rule bitmaps: plain ones low, the others << 16 */
static u32 dts_rule_bit(const struct dts_pmu_rule *r, unsigned int i)
{
	return r->encoding || r->config ? BIT(i + 16) : BIT(i);
}

/*
 * Compile @p's fields and rules into what the backend runs: at the end of
 * dts_pmu_parse(), or after a test changed a description.
 */
void dts_pmu_compile(struct dts_pmu *p)
{
	u8 group[DTS_PMU_MAX_PLACES];
	unsigned int i, j;

	dts_compile_roles(p);
	dts_compile_places(p, group);
	/* what ISA 3.1 adds to every schedule (BHRBRD: unless asked for) */
	p->mmcr0_base = 0;
	p->mmcra_base = 0;
	if (p->features & DTS_FEAT_ISA31) {
		p->mmcr0_base = MMCR0_PMCCEXT | MMCR0_C56RUN;
		p->mmcra_base = MMCRA_BHRB_DISABLE;
	}

	p->rules_restricted = 0;
	for (i = 0; i < p->nr_rules; i++) {
		const struct dts_pmu_rule *r = &p->rules[i];
		struct dts_crule *c = &p->crule[i];

		c->cmask = r->cmask;
		c->config = r->config;
		c->encoding = r->encoding;
		c->eshift = r->eshift;
		if (r->encoding || r->config) {
			c->src = r->emask;
			c->rot = r->cshift;
		} else {
			c->src = r->emask << r->eshift;
			c->rot = (r->cshift - r->eshift) & 63;
		}
		if (r->restricted_too)
			p->rules_restricted |= dts_rule_bit(r, i);
		p->prule[i].src = c->src;
		p->prule[i].rot = c->rot;
	}

	/*
	 * What naming a counter adds: its PMC field, and for PMC=0 and the
	 * programmable counters the NC field (restricted ones count apart)
	 */
	p->pmc_plain = p->programmable | BIT(0);
	for (i = 0; i < DTS_PMU_PMC_SLOTS; i++) {
		struct dts_pmc_adds *a = &p->pmc_adds[i];

		memset(a, 0, sizeof(*a));
		a->restricted = !(p->pmc_plain & BIT(i));
		if (i && i <= DTS_PMU_MAX_PMC) {
			a->mask = 2ULL << ((i - 1) * 2);
			a->val = 1ULL << ((i - 1) * 2);
		}
		if (p->pmc_plain & BIT(i)) {
			a->mask |= 8ULL << p->nc_shift;
			a->val |= 1ULL << p->nc_shift;
		}
	}

	/* units 6-9 are cache units, 6 the L2/L3 one */
	for (i = 0; i < ARRAY_SIZE(p->unit_class); i++)
		p->unit_class[i] = i == 6 ? 2 : i >= 7 && i <= 9 ? 1 : 0;
	/* what applies, for every set of conditions an event can meet */
	for (i = 0; i < DTS_NR_CSETS; i++) {
		u32 cs = dts_cset_conds(i);

		struct dts_when *w = &p->when[i];

		memset(w, 0, sizeof(*w));
		p->places_when[i] = 0;
		for (j = 0; j < p->nr_rules; j++) {
			if (cs & BIT(p->rules[j].cond)) {
				w->rules |= dts_rule_bit(&p->rules[j], j);
				w->mask |= p->rules[j].cmask;
				if (p->rules[j].restricted_too)
					w->rmask |= p->rules[j].cmask;
				if (dts_rule_bit(&p->rules[j], j) < BIT(16))
					w->src |= p->crule[j].src;
			}
		}
		for (j = 0; j < p->nr_cplace; j++)
			if (group[j] < DTS_GROUP_PMC && (cs & BIT(group[j])))
				p->places_when[i] |= BIT_ULL(j);
	}
}

/*
 * Every value packed into a byte of a decode word (DTS_DW()) reads back
 * as the value it was made from: the hot path shifts and masks by them.
 */
int dts_pmu_check_compiled(struct dts_parse *ps, const struct device_node *np)
{
	const struct dts_pmu *p = ps->pmu;
	const struct dts_pmu_field *f;
	bool ok;

	f = &p->fields[p->role[DTS_ROLE_PMC]];
	ok = DTS_DW(p->dw_constraint, DTS_DW_PMC_SHIFT) == f->shift &&
	     DTS_DW(p->dw_constraint, DTS_DW_PMC_MASK) == f->mask &&
	     DTS_DW(p->dw_mmcr, DTS_DW_PMC_MASK) == f->mask &&
	     DTS_DW(p->dw_constraint, DTS_DW_NC_SHIFT) == p->nc_shift;
	if (ok && p->role[DTS_ROLE_UNIT] != DTS_PMU_NO_FIELD) {
		f = &p->fields[p->role[DTS_ROLE_UNIT]];
		ok = DTS_DW(p->dw_constraint, DTS_DW_UNIT_SHIFT) == f->shift &&
		     DTS_DW(p->dw_constraint, DTS_DW_UNIT_MASK) == f->mask;
	}
	if (ok && p->role[DTS_ROLE_SDAR] != DTS_PMU_NO_FIELD) {
		f = &p->fields[p->role[DTS_ROLE_SDAR]];
		ok = DTS_DW(p->dw_mmcr, DTS_DW_SDAR_SHIFT) == f->shift &&
		     DTS_DW(p->dw_mmcr, DTS_DW_SDAR_MASK) == f->mask &&
		     DTS_DW(p->dw_mmcr, DTS_DW_SDAR_TARGET) == f->target &&
		     DTS_DW(p->dw_mmcr, DTS_DW_SDAR_DEFAULT) == f->default_val;
	}
	return ok ? 0 : dts_bad(ps, np, "a field does not fit the compiled decode words");
}

/*
 * Parse, verify and compile one "ibm,power-pmu" node into @p.  On error
 * ps->err says what was wrong, and nothing is kept.
 */
int dts_pmu_parse(struct dts_parse *ps, struct dts_pmu *p, const struct device_node *np)
{
	int rc;

	memset(ps, 0, sizeof(*ps));
	memset(p, 0, sizeof(*p));
	memset(p->role, DTS_PMU_NO_FIELD, sizeof(p->role));
	ps->pmu = p;

	rc = dts_pmu_check_shape(ps, np);
	if (!rc)
		rc = dts_parse_pmu(ps, np);
	if (!rc)
		rc = dts_pmu_check_fields(ps, np);
	if (!rc)
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
	dts_pmu_compile(p);
	rc = dts_pmu_check_compiled(ps, np);
	if (rc)
		goto fail;
	return 0;

fail:
	if (rc == -ENOMEM && !ps->err[0])
		dts_bad(ps, np, "out of memory");
	dts_parse_free(ps);
	return rc ?: -EINVAL;
}

/* The forms in a verdict (the debugfs check file) */
const char * const dts_form_names[DTS_FORM_MAX] = {
	[DTS_FORM_GENERIC_COMPAT] = "form:generic-compatible",
	[DTS_FORM_ONE_CELL] = "form:one-cell",
	[DTS_FORM_ISA31_FROM_MMCR3] = "form:isa31-from-mmcr3",
	[DTS_FORM_LINUX_FIELDS] = "form:linux-fields",
};

/*
 * The forms of skiboot's pmu_dts node @ps read (enum dts_pmu_form) and
 * what the binding has instead, for the caller's one warning; @platform names the specific
 * compatible, if known.  The number of characters written to @buf.
 */
int __init dts_pmu_forms(const struct dts_parse *ps, const char *platform, char *buf,
			 size_t size)
{
	static const char * const fix[DTS_FORM_MAX] = {
		[DTS_FORM_ONE_CELL] =
			"a 64-bit value in one cell: write it in the form of nc's mask",
		[DTS_FORM_ISA31_FROM_MMCR3] =
			"ISA 3.1 told by mmcr3 alone: add mmcr0-pmccext, mmcra-bhrbrd and sier2-sier3",
		[DTS_FORM_LINUX_FIELDS] =
			"no EBB or BHRB field: add them (bits 63, 62) and IFM's condition = <4>",
	};
	unsigned int i;
	int n = 0;

	buf[0] = '\0';
	for (i = 0; i < DTS_FORM_MAX; i++) {
		if (!(ps->forms & BIT(i)))
			continue;
		if (n)
			n += scnprintf(buf + n, size - n, "; ");
		if (i == DTS_FORM_GENERIC_COMPAT)
			n += scnprintf(buf + n, size - n,
				       "compatible \"ibm,power-pmu\" alone: put \"ibm,%s-pmu\" before it",
				       platform ?: "power<N>");
		else
			n += scnprintf(buf + n, size - n, "%s", fix[i]);
	}
	return n;
}
