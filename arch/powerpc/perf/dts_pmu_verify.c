// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The fields of a description held against each other, against the
 * Linux-defined bits of the raw event ABI and against the MMCR bits the
 * kernel owns; and the codes the kernel programs (events, alternatives,
 * constraints' codes) held against the fields and against perf's
 * check_attr_config.  Run on the fields dts_pmu_desc.c read, before the
 * events and rules that name codes.
 */

#define pr_fmt(fmt)	"dts-pmu: " fmt

#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <asm/reg.h>

#include "isa207-common.h"
#include "dts_pmu.h"

/*
 * MMCR bits the kernel sets itself; no field of a description may land on
 * them, except the one field that is their source.  Power ISA 3.1B,
 * Book III, chapter 9 (Performance Monitor Facility).
 */
static const struct {
	u8 mmcr;
	u8 role;		/* the field allowed there, or DTS_PMU_NO_FIELD */
	u64 bits;
	const char *what;
} dts_owned[] = {
	/* 9.4.4: freeze, alerts, PMCxCE, FC56, PMCCEXT, EBE: core-book3s */
	{ DTS_MMCR0, DTS_PMU_NO_FIELD, ~0ULL, "MMCR0 (core-book3s programs it)" },
	/* 9.4.6: FCnS FCnP FCnM1 FCnM0 FCnWAIT FCnH of PMC1-6, from exclude_* */
	{ DTS_MMCR2, DTS_PMU_NO_FIELD, GENMASK_ULL(63, 10), "the MMCR2 freeze fields" },
	/* 9.4.7: BHRBRD, set unless an event asks for the BHRB */
	{ DTS_MMCRA, DTS_PMU_NO_FIELD, MMCRA_BHRB_DISABLE, "MMCRA[BHRBRD]" },
	/* 9.4.7: sampling enable: marked events, cleared on disable */
	{ DTS_MMCRA, DTS_ROLE_MARK, MMCRA_SAMPLE_ENABLE, "MMCRA[SE]" },
	/* 9.4.7: SDAR mode: the group's marked events decide it */
	{ DTS_MMCRA, DTS_ROLE_SDAR, 3ULL << MMCRA_SDAR_MODE_SHIFT, "MMCRA[SDAR mode]" },
};

/*
 * MMCRA fields whose values the C checks: a field landing there must
 * read the code bits the check reads.  isa3XX_check_attr_config() refuses
 * the reserved sampling modes and threshold start/stop events from code
 * bits 24-28 and 32-39; the BHRB filter of config_bhrb() is MMCRA[IFM];
 * core-book3s computes MMCRA[SDAR mode] itself (from the SDAR_MODE field,
 * found by role, wherever it is in the code).
 */
static const struct {
	u64 bits;		/* MMCRA bits */
	u64 src;		/* the code bits they must come from, 0: any */
	const char *what;
} dts_checked[] = {
	{ 3ULL << MMCRA_SAMP_MODE_SHIFT, 3ULL << EVENT_SAMPLE_SHIFT,
	  "MMCRA[SM] (isa3XX_check_attr_config reads config bits 24-25)" },
	{ (u64)MMCRA_SAMP_ELIG_MASK << MMCRA_SAMP_ELIG_SHIFT, 7ULL << (EVENT_SAMPLE_SHIFT + 2),
	  "MMCRA[ES] (isa3XX_check_attr_config reads config bits 26-28)" },
	{ 0xfULL << MMCRA_THR_CTL_SHIFT, 0xfULL << EVENT_THR_CTL_SHIFT,
	  "MMCRA[threshold stop] (isa3XX_check_attr_config reads config bits 32-35)" },
	{ 0xf0ULL << MMCRA_THR_CTL_SHIFT, 0xf0ULL << EVENT_THR_CTL_SHIFT,
	  "MMCRA[threshold start] (isa3XX_check_attr_config reads config bits 36-39)" },
	{ EVENT_IFM_MASK << MMCRA_IFM_SHIFT, EVENT_IFM_MASK << EVENT_IFM_SHIFT,
	  "MMCRA[IFM] (the BHRB filter, from config bits 60-61)" },
	{ 3ULL << MMCRA_SDAR_MODE_SHIFT, 0, "MMCRA[SDAR mode]" },
};

/* The Linux-defined bits 60-63 of the raw code (isa207-common.h) */
static const struct {
	u8 role;
	u64 bits;
} dts_linux_bits[] = {
	{ DTS_ROLE_EBB, BIT_ULL(PERF_EVENT_CONFIG_EBB_SHIFT) },
	{ DTS_ROLE_BHRB, EVENT_WANTS_BHRB },
	{ DTS_ROLE_IFM, (u64)EVENT_IFM_MASK << EVENT_IFM_SHIFT },
};

/*
 * Bits instance @n of field @f occupies in its MMCR: the one of PMC @n
 * for a per-counter field, the one instance (@n 1) of a shared field;
 * 0 when there is no such instance.
 */
static u64 dts_field_target_mask(const struct dts_pmu *p, const struct dts_pmu_field *f,
				 unsigned int n)
{
	unsigned int width = f->encoding == DTS_ENC_THRESH_CMP_P10 ? 11 : fls64(f->mask);
	u64 m = width == 64 ? ~0ULL : (1ULL << width) - 1;

	if (f->per_pmc ? !(p->programmable & BIT(n)) : n > 1)
		return 0;
	return m << (f->per_pmc ? f->pmc_shift[n] : f->target);
}

static int dts_check_roles(struct dts_parse *ps, const struct device_node *np)
{
	struct dts_pmu *p = ps->pmu;
	const struct dts_pmu_field *f;
	unsigned int i, r;

	if (p->role[DTS_ROLE_PMC] == DTS_PMU_NO_FIELD ||
	    p->role[DTS_ROLE_PSEL] == DTS_PMU_NO_FIELD)
		return dts_bad(ps, np, "fields PMCx and PMCxSEL are required");
	for (r = 0; r < DTS_ROLE_MAX; r++) {
		if (p->role[r] == DTS_PMU_NO_FIELD)
			continue;
		f = &p->fields[p->role[r]];
		if (f->config)
			return dts_bad(ps, np, "field %s must come from config", f->name);
	}
	if (!p->fields[p->role[DTS_ROLE_PSEL]].per_pmc)
		return dts_bad(ps, np, "field PMCxSEL must be per-counter");
	/* counters and units are 4-bit numbers (tables of 16 in the backend) */
	if (p->fields[p->role[DTS_ROLE_PMC]].mask > 15 ||
	    (p->role[DTS_ROLE_UNIT] != DTS_PMU_NO_FIELD &&
	     p->fields[p->role[DTS_ROLE_UNIT]].mask > 15))
		return dts_bad(ps, np, "fields PMCx and PMCxUNIT are at most 4 bits wide");
	if (p->role[DTS_ROLE_SDAR] != DTS_PMU_NO_FIELD &&
	    (p->fields[p->role[DTS_ROLE_SDAR]].mmcr != DTS_MMCRA ||
	     p->fields[p->role[DTS_ROLE_SDAR]].per_pmc))
		return dts_bad(ps, np, "field SDAR_MODE must be a shared mmcra field");
	/* core-book3s writes the mode, two bits, at MMCRA[SDAR mode] */
	if (p->role[DTS_ROLE_SDAR] != DTS_PMU_NO_FIELD &&
	    (p->fields[p->role[DTS_ROLE_SDAR]].mask != 3 ||
	     p->fields[p->role[DTS_ROLE_SDAR]].target != MMCRA_SDAR_MODE_SHIFT))
		return dts_bad(ps, np,
			       "field SDAR_MODE must be 2 bits landing on MMCRA[SDAR mode], bits 42-43");
	if (p->role[DTS_ROLE_IFM] != DTS_PMU_NO_FIELD &&
	    (p->fields[p->role[DTS_ROLE_IFM]].mmcr != DTS_MMCRA ||
	     p->fields[p->role[DTS_ROLE_IFM]].per_pmc))
		return dts_bad(ps, np, "field IFM must be a shared mmcra field");

	/* bits 60-63 are the kernel's: only EBB, BHRB and IFM, exactly there */
	for (i = 0; i < p->nr_fields; i++) {
		f = &p->fields[i];
		if (f->config || !((f->mask << f->shift) & GENMASK_ULL(63, 60)))
			continue;
		for (r = 0; r < ARRAY_SIZE(dts_linux_bits); r++)
			if (p->role[dts_linux_bits[r].role] == i &&
			    f->mask << f->shift == dts_linux_bits[r].bits)
				break;
		if (r == ARRAY_SIZE(dts_linux_bits))
			return dts_bad(ps, np,
				       "field %s: config bits 60-63 are EBB (63), BHRB (62) and IFM (60-61) only",
				       f->name);
	}
	/* and those roles exactly there */
	for (r = 0; r < ARRAY_SIZE(dts_linux_bits); r++) {
		i = p->role[dts_linux_bits[r].role];
		if (i != DTS_PMU_NO_FIELD &&
		    p->fields[i].mask << p->fields[i].shift != dts_linux_bits[r].bits)
			return dts_bad(ps, np, "field %s: must be config bits 0x%llx",
				       p->fields[i].name, dts_linux_bits[r].bits);
	}
	/* config_bhrb() writes the filter to MMCRA[IFM] */
	if (p->role[DTS_ROLE_IFM] != DTS_PMU_NO_FIELD &&
	    p->fields[p->role[DTS_ROLE_IFM]].target != MMCRA_IFM_SHIFT)
		return dts_bad(ps, np, "field IFM must land on MMCRA[IFM], bits 30-31");
	/* the BHRB filter is written for BHRB events only (core-book3s) */
	if (p->role[DTS_ROLE_IFM] != DTS_PMU_NO_FIELD &&
	    p->fields[p->role[DTS_ROLE_IFM]].cond != DTS_COND_BHRB)
		return dts_bad(ps, np, "field IFM: condition must be %u (bhrb)", DTS_COND_BHRB);
	/* the BHRB needs EBB, a filter needs the BHRB */
	if (p->role[DTS_ROLE_BHRB] != DTS_PMU_NO_FIELD && p->role[DTS_ROLE_EBB] == DTS_PMU_NO_FIELD)
		return dts_bad(ps, np, "field BHRB without field EBB");
	if (p->role[DTS_ROLE_IFM] != DTS_PMU_NO_FIELD && p->role[DTS_ROLE_BHRB] == DTS_PMU_NO_FIELD)
		return dts_bad(ps, np, "field IFM without field BHRB");

	for (i = 0; i < p->nr_fields; i++) {
		f = &p->fields[i];
		if ((f->cond == DTS_COND_L1 || f->cond == DTS_COND_CACHE ||
		     f->cond == DTS_COND_UNIT6) && p->role[DTS_ROLE_UNIT] == DTS_PMU_NO_FIELD)
			return dts_bad(ps, np, "field %s: condition needs a PMCxUNIT field",
				       f->name);
		if ((f->cond == DTS_COND_MARKED && p->role[DTS_ROLE_MARK] == DTS_PMU_NO_FIELD) ||
		    (f->cond == DTS_COND_THRESHOLD &&
		     p->role[DTS_ROLE_THRESH_SEL] == DTS_PMU_NO_FIELD))
			return dts_bad(ps, np,
				       "field %s: condition needs a MARK or THRESH_SEL field",
				       f->name);
	}
	return 0;
}

/*
 * Does any instance of field @i land on bits the kernel owns, or on MMCRA
 * bits it checks without being the field the check reads?
 */
static int dts_check_owned(struct dts_parse *ps, const struct device_node *np,
			   unsigned int i)
{
	const struct dts_pmu *p = ps->pmu;
	const struct dts_pmu_field *f = &p->fields[i];
	unsigned int n, k;

	for (n = 1; n <= p->nr_pmc; n++) {
		u64 m = dts_field_target_mask(p, f, n);

		for (k = 0; f->mmcr == DTS_MMCRA && k < ARRAY_SIZE(dts_checked); k++) {
			if (!(m & dts_checked[k].bits))
				continue;
			if (m == dts_checked[k].bits && !f->per_pmc && !f->config &&
			    !f->encoding && (dts_checked[k].src ?
			    f->mask << f->shift == dts_checked[k].src :
			    i == p->role[DTS_ROLE_SDAR]))
				continue;
			return dts_bad(ps, np, "field %s: lands on %s without being its field",
				       f->name, dts_checked[k].what);
		}

		for (k = 0; k < ARRAY_SIZE(dts_owned); k++) {
			if (f->mmcr != dts_owned[k].mmcr || !(m & dts_owned[k].bits))
				continue;
			if (dts_owned[k].role != DTS_PMU_NO_FIELD &&
			    p->role[dts_owned[k].role] == i && !(m & ~dts_owned[k].bits))
				continue;
			return dts_bad(ps, np, "field %s: lands on %s", f->name, dts_owned[k].what);
		}
	}
	return 0;
}

static u64 dts_role_bits(const struct dts_pmu *p, enum dts_pmu_role r)
{
	const struct dts_pmu_field *f;

	if (p->role[r] == DTS_PMU_NO_FIELD)
		return 0;
	f = &p->fields[p->role[r]];
	return f->mask << f->shift;
}

/* What the roles give: the bits and values read per event and per code */
void dts_compile_roles(struct dts_pmu *p)
{
	const struct dts_pmu_field *f;
	unsigned int i;

	p->mark_bits = dts_role_bits(p, DTS_ROLE_MARK);
	p->thresh_bits = dts_role_bits(p, DTS_ROLE_THRESH_SEL);
	p->bhrb_bits = dts_role_bits(p, DTS_ROLE_BHRB);
	p->ebb_bits = dts_role_bits(p, DTS_ROLE_EBB);
	p->linux_mask = p->ebb_bits | p->bhrb_bits | dts_role_bits(p, DTS_ROLE_IFM);
	p->cond_bits = p->mark_bits | p->thresh_bits | p->bhrb_bits;
	p->ebb_pmc_bits = p->ebb_needs_pmc ? p->ebb_bits : 0;
	p->bhrb_ebb_bits = p->bhrb_needs_ebb ? p->bhrb_bits : 0;
	f = &p->fields[p->role[DTS_ROLE_PMC]];
	p->pmc_shift = f->shift;
	p->pmc_mask = f->mask;
	p->code_mask = 0;
	for (i = 0; i < p->nr_fields; i++)
		if (!p->fields[i].config)
			p->code_mask |= p->fields[i].mask << p->fields[i].shift;
	p->bad_bits[0] = ~p->code_mask;
	p->bad_bits[1] = ~p->code_mask | p->ebb_pmc_bits;
}

/* The fields against each other, the raw ABI and the kernel's bits */
static int dts_check_fields(struct dts_parse *ps, const struct device_node *np)
{
	struct dts_pmu *p = ps->pmu;
	u64 src[3] = { }, dst[DTS_PMU_MAX_MMCR] = { };
	unsigned int i, n;
	int rc;

	/* no two fields take the same bits of an event code */
	for (i = 0; i < p->nr_fields; i++) {
		const struct dts_pmu_field *f = &p->fields[i];

		if (src[f->config] & (f->mask << f->shift))
			return dts_bad(ps, np, "field %s overlaps another field in config%s",
				       f->name, f->config ? (f->config == 1 ? "1" : "2") : "");
		src[f->config] |= f->mask << f->shift;
	}

	/* no two fields, of one PMC or of two, land on the same MMCR bits */
	for (i = 0; i < p->nr_fields; i++) {
		const struct dts_pmu_field *f = &p->fields[i];

		if (f->mmcr == DTS_PMU_NO_FIELD)
			continue;
		for (n = 1; n <= p->nr_pmc; n++) {
			u64 m = dts_field_target_mask(p, f, n);

			if (dst[f->mmcr] & m)
				return dts_bad(ps, np,
					       "field %s (PMC%u) overlaps another field in %s",
					       f->name, n, dts_mmcr_names[f->mmcr]);
			dst[f->mmcr] |= m;
		}
	}

	rc = dts_check_roles(ps, np);
	for (i = 0; !rc && i < p->nr_fields; i++)
		if (p->fields[i].mmcr != DTS_PMU_NO_FIELD)
			rc = dts_check_owned(ps, np, i);
	if (rc)
		return rc;
	n = 0;
	for (i = 0; i < p->nr_fields; i++)
		if (p->fields[i].mmcr != DTS_PMU_NO_FIELD)
			n += p->fields[i].per_pmc ? hweight32(p->programmable) : 1;
	if (n > DTS_PMU_MAX_PLACES)
		return dts_bad(ps, np, "more than %d field placements", DTS_PMU_MAX_PLACES);
	/* what reading the rules, events and codes needs; the rest at the end */
	dts_compile_roles(p);
	return 0;
}

/* The same, errors naming @pmu_np's evt_code_format node */
int dts_pmu_check_fields(struct dts_parse *ps, const struct device_node *pmu_np)
{
	struct device_node *np = of_get_child_by_name(pmu_np, "evt_code_format");
	int rc = dts_check_fields(ps, np);

	of_node_put(np);
	return rc;
}

/* Is a code something the described fields can express? */
int dts_check_code(struct dts_parse *ps, const struct device_node *np,
		   const char *what, u64 code)
{
	struct dts_pmu *p = ps->pmu;
	unsigned int pmc;

	if (code & ~p->code_mask)
		return dts_bad(ps, np, "%s 0x%llx sets bits 0x%llx no field describes", what,
			       code, code & ~p->code_mask);
	pmc = (code >> p->pmc_shift) & p->pmc_mask;
	if (pmc > p->nr_pmc)
		return dts_bad(ps, np, "%s 0x%llx names PMC%u of %u", what, code, pmc,
			       p->nr_pmc);
	if (pmc && !(p->programmable & BIT(pmc)) && !dts_restricted_ok(p, pmc, code))
		return dts_bad(ps, np, "%s 0x%llx is not one of the codes PMC%u counts", what,
			       code, pmc);
	return 0;
}

/*
 * A code the kernel programs without perf's check_attr_config seeing it
 * (a generic or cache event, an alternative) must pass that check.
 */
int dts_check_hidden(struct dts_parse *ps, const struct device_node *np,
		     const char *what, u64 code)
{
	int rc = dts_code_attr(ps->pmu, code);

	if (rc == -EINVAL)
		return dts_bad(ps, np,
			       "%s 0x%llx: a sampling or threshold value the kernel refuses",
			       what, code);
	return rc;
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
