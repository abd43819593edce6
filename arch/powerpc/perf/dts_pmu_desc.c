// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The PMU node's own properties of an "ibm,power-pmu" description: its
 * name, its counters and control registers, the fields of its raw event
 * code and its ISA level, each checked against the hardware as it is
 * read.  dts_pmu_verify.c then holds the fields against each other and
 * against the bits the kernel owns.
 */

#define pr_fmt(fmt)	"dts-pmu: " fmt

#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/string.h>
#include <asm/reg.h>

#include "dts_pmu.h"

/* The SPRs core-book3s uses: it knows the PMCs and MMCRs statically. */
static const u16 dts_pmc_sprn[DTS_PMU_MAX_PMC + 1] = {
	0, SPRN_PMC1, SPRN_PMC2, SPRN_PMC3, SPRN_PMC4, SPRN_PMC5, SPRN_PMC6,
};

static const u16 dts_mmcr_sprn[DTS_PMU_MAX_MMCR] = {
	[DTS_MMCR0] = SPRN_MMCR0, [DTS_MMCR1] = SPRN_MMCR1, [DTS_MMCR2] = SPRN_MMCR2,
	[DTS_MMCR3] = SPRN_MMCR3, [DTS_MMCRA] = SPRN_MMCRA,
};

const char * const dts_mmcr_names[DTS_PMU_MAX_MMCR] = {
	[DTS_MMCR0] = "mmcr0", [DTS_MMCR1] = "mmcr1", [DTS_MMCR2] = "mmcr2",
	[DTS_MMCR3] = "mmcr3", [DTS_MMCRA] = "mmcra",
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

const char * const dts_encoding_names[DTS_ENC_MAX + 1] = {
	[DTS_ENC_NONE]			= "none",
	[DTS_ENC_THRESH_CMP_P10]	= "thresh-cmp-p10",
	[DTS_ENC_THRESH_CMP_P9]		= "thresh-cmp-p9",
};

const char * const dts_cond_names[DTS_COND_MAX + 1] = {
	"always", "marked", "threshold", "l1", "bhrb", "cache", "radix", "unit6",
};

/*
 * core-book3s drives every counter and control register of the PMU: one
 * firmware marks as not usable cannot be left out, so the description is
 * refused rather than run.
 */
static int dts_spr_okay(struct dts_parse *ps, const struct device_node *np)
{
	const char *s;
	int rc = dts_get_string(ps, np, "status", &s, false);

	if (rc == -ENOENT)
		return 0;
	if (!rc && strcmp(s, "okay"))
		rc = dts_bad(ps, np, "status = \"%s\": core-book3s cannot leave a PMU register out",
			     s);
	return rc;
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
		return dts_bad(ps, pmu_np, "missing node sprs");

	grp = of_get_child_by_name(sprs, "pmcs");
	if (!grp) {
		rc = dts_bad(ps, sprs, "missing node pmcs");
		goto out;
	}
	for (n = 1; n <= p->nr_pmc && !rc; n++) {
		snprintf(name, sizeof(name), "pmc%u", n);
		np = of_get_child_by_name(grp, name);
		if (!np) {
			rc = dts_bad(ps, grp, "missing node %s (nr_pmc = %u)", name, p->nr_pmc);
			break;
		}
		rc = dts_spr_okay(ps, np);
		if (!rc)
			rc = dts_get_u32(ps, np, "sprn", &v, 0, 1023, true);
		if (!rc && v != dts_pmc_sprn[n])
			rc = dts_bad(ps, np, "sprn = %u, but PMC%u is SPR %u", v, n,
				     dts_pmc_sprn[n]);
		if (!rc)
			rc = dts_get_u32(ps, np, "register-width", &v, 32, 32, true);
		if (!rc)
			rc = dts_get_u32(ps, np, "programmable", &v, 0, 1, true);
		if (!rc && v)
			p->programmable |= BIT(n);
		of_node_put(np);
	}
	of_node_put(grp);
	if (rc)
		goto out;

	grp = of_get_child_by_name(sprs, "mmcr");
	if (!grp) {
		rc = dts_bad(ps, sprs, "missing node mmcr");
		goto out;
	}
	/* MMCR0 and MMCR1 always; MMCR2, MMCR3, MMCRA where the CPU has them */
	for (n = 0; n < DTS_PMU_MAX_MMCR && !rc; n++) {
		np = of_get_child_by_name(grp, dts_mmcr_names[n]);
		if (!np) {
			if (n <= DTS_MMCR1)
				rc = dts_bad(ps, grp, "missing node %s", dts_mmcr_names[n]);
			continue;
		}
		rc = dts_spr_okay(ps, np);
		if (!rc)
			rc = dts_get_u32(ps, np, "sprn", &v, 0, 1023, true);
		if (!rc && v != dts_mmcr_sprn[n])
			rc = dts_bad(ps, np, "sprn = %u, but %s is SPR %u", v,
				     dts_mmcr_names[n], dts_mmcr_sprn[n]);
		if (!rc)
			rc = dts_get_u32(ps, np, "register-width", &v, 64, 64, true);
		p->mmcrs |= BIT(n);
		of_node_put(np);
	}
	if (!rc && hweight8(p->mmcrs) != p->nr_mmcr)
		rc = dts_bad(ps, grp, "%u mmcr nodes, but nr_mmcr = %u", hweight8(p->mmcrs),
			     p->nr_mmcr);
	of_node_put(grp);
out:
	of_node_put(sprs);
	return rc;
}

int dts_parse_condition(struct dts_parse *ps, const struct device_node *np,
			u8 *cond)
{
	u32 v = DTS_COND_ALWAYS;
	int rc = dts_get_u32(ps, np, "condition", &v, 0, DTS_COND_MAX, false);

	if (rc && rc != -ENOENT)
		return rc;
	*cond = v;
	return 0;
}

int dts_parse_encoding(struct dts_parse *ps, const struct device_node *np,
		       u8 *enc)
{
	const char *s;
	int rc = dts_get_string(ps, np, "encoding", &s, false);

	*enc = DTS_ENC_NONE;
	if (rc == -ENOENT)
		return 0;
	if (rc)
		return rc;
	/* "none" is how debugfs shows no encoding, not a value to give */
	rc = match_string(dts_encoding_names, ARRAY_SIZE(dts_encoding_names), s);
	if (rc <= DTS_ENC_NONE)
		return dts_bad(ps, np, "encoding \"%s\" unknown", s);
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
		return dts_bad(ps, np, "more than %d fields", DTS_PMU_MAX_FIELDS);
	f = &p->fields[p->nr_fields];
	if (!dts_name_ok(kbasename(np->full_name), sizeof(f->name)))
		return dts_bad(ps, np, "field name too long");
	strscpy(f->name, kbasename(np->full_name), sizeof(f->name));
	for (n = 0; n < p->nr_fields; n++)
		if (!strcmp(p->fields[n].name, f->name))
			return dts_bad(ps, np, "a second field named %s", f->name);

	if (of_property_count_u32_elems(np, "bits") != 2)
		return dts_bad(ps, np, "bits: expected <first last>");
	of_property_read_u32_array(np, "bits", bits, 2);
	if (bits[0] > bits[1] || bits[1] > 63)
		return dts_bad(ps, np, "bits = <%u %u>, not a range inside 0..63",
			   bits[0], bits[1]);
	rc = dts_get_u32(ps, np, "length", &len, 1, 64, true);
	if (rc)
		return rc;
	width = bits[1] - bits[0] + 1;
	if (len != width)
		return dts_bad(ps, np, "length = %u, but bits <%u %u> are %u wide", len,
			   bits[0], bits[1], width);
	/* core-book3s hands a backend config and config1, not config2 */
	rc = dts_get_u32(ps, np, "config", &cfg, 0, 1, false);
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
		return dts_bad(ps, np, "encoding thresh-cmp-p9 takes 10 bits, not %u", width);

	v = 0;
	rc = dts_get_u32(ps, np, "default-value", &v, 0, U32_MAX, false);
	if (rc && rc != -ENOENT)
		return rc;
	if (v > f->mask)
		return dts_bad(ps, np, "default-value %u does not fit %u bits", v, len);
	f->default_val = v;

	has_base = of_property_present(np, "target_field_base");
	has_tgt = of_property_present(np, "target_fields");
	f->mmcr = DTS_PMU_NO_FIELD;
	rc = dts_get_u32(ps, np, "mmcr", &v, 0, DTS_PMU_MAX_MMCR - 1, false);
	if (rc && rc != -ENOENT)
		return rc;
	if (!rc && !(p->mmcrs & BIT(v)))
		return dts_bad(ps, np, "mmcr = %u, but sprs describes no %s", v,
			   dts_mmcr_names[v]);
	if (!has_base && !has_tgt) {
		/*
		 * A selector names bits of the code and lands nowhere.  PMCx
		 * always is one (skiboot gives it an mmcr, which says nothing).
		 */
		if (!rc && strcmp(f->name, dts_role_names[DTS_ROLE_PMC]))
			return dts_bad(ps, np, "mmcr without target_field_base or target_fields");
		if (f->encoding || f->cond)
			return dts_bad(ps, np, "condition or encoding without a target");
		goto done;
	}
	if (rc == -ENOENT)
		return dts_bad(ps, np, "a target without mmcr");
	f->mmcr = v;
	if ((f->encoding || f->config) && f->mmcr != DTS_MMCRA)
		return dts_bad(ps, np, "an encoded field or one from config1/2 must target mmcra");

	if (has_base && has_tgt)
		return dts_bad(ps, np, "both target_field_base and target_fields");
	if (has_tgt) {
		if (of_property_count_u32_elems(np, "target_fields") != 2)
			return dts_bad(ps, np, "target_fields: expected <first last>");
		of_property_read_u32_array(np, "target_fields", tgt, 2);
		if (tgt[0] > tgt[1] || tgt[1] > 63)
			return dts_bad(ps, np, "target_fields = <%u %u> outside the 64-bit %s",
				   tgt[0], tgt[1], dts_mmcr_names[f->mmcr]);
		if (tgt[1] - tgt[0] + 1 != width)
			return dts_bad(ps, np, "target_fields <%u %u> are not %u bits wide",
				   tgt[0], tgt[1], width);
		f->target = tgt[0];
		goto done;
	}

	rc = dts_get_u32(ps, np, "target_field_base", &base, 0, 127, true);
	if (!rc)
		rc = dts_get_u32(ps, np, "target_field_shift", &stride, 0, 63, true);
	if (rc)
		return rc;
	/* placed per counter with no conditions: core-book3s frees counters */
	if (f->encoding != DTS_ENC_NONE || f->cond != DTS_COND_ALWAYS || f->config)
		return dts_bad(ps, np,
			       "a per-counter field takes no encoding, condition or config");
	if (stride < width)
		return dts_bad(ps, np, "target_field_shift %u: counters' %u-bit fields overlap%s",
			       stride, width, strcmp(f->name, "PMCxCOMB") || stride != 1 ? "" :
			       " (stride 1 is POWER8's one-bit combine layout, base 36; POWER9 and later have 2-bit fields at stride 2, base 40)");
	f->per_pmc = true;
	for (n = 1; n <= p->nr_pmc; n++) {
		int at = (int)base - (int)(n * stride);

		if (!(p->programmable & BIT(n)))
			continue;
		if (at < 0 || at + width > 64)
			return dts_bad(ps, np, "PMC%u field at bit %d outside the 64-bit %s",
				   n, at, dts_mmcr_names[f->mmcr]);
		f->pmc_shift[n] = at;
	}
done:
	for (r = 0; r < DTS_ROLE_MAX; r++)
		if (!strcmp(f->name, dts_role_names[r]))
			p->role[r] = p->nr_fields;
	p->nr_fields++;
	return 0;
}

/*
 * What the backend does beyond placing fields, from properties of the
 * node and never from the PVR.  core-book3s handles the ISA 3.1 PMU
 * registers and behaviours as one (PPMU_ARCH_31): MMCR3, SIER2/SIER3,
 * MMCR0[PMCCEXT] and MMCRA[BHRBRD] are described together or not at all.
 */
static int dts_parse_features(struct dts_parse *ps, const struct device_node *np)
{
	static const char * const isa31[] = { "mmcr0-pmccext", "mmcra-bhrbrd", "sier2-sier3" };
	struct dts_pmu *p = ps->pmu;
	unsigned int i, n = !!(p->mmcrs & BIT(DTS_MMCR3));
	u32 v;
	int rc;

	for (i = 0; i < ARRAY_SIZE(isa31); i++)
		n += of_property_read_bool(np, isa31[i]);
	if (n == ARRAY_SIZE(isa31) + 1) {
		p->features |= DTS_FEAT_ISA31;
	} else if (n == 1 && (p->mmcrs & BIT(DTS_MMCR3))) {
		/* skiboot's pmu_dts node: an mmcr3 node says ISA 3.1 alone */
		p->features |= DTS_FEAT_ISA31;
		ps->forms |= BIT(DTS_FORM_ISA31_FROM_MMCR3);
	} else if (n) {
		return dts_bad(ps, np,
			       "mmcr3, mmcr0-pmccext, mmcra-bhrbrd, sier2-sier3: all or none");
	}
	if (of_property_read_bool(np, "siar-privilege"))
		p->features |= DTS_FEAT_SIAR_PRIV;
	rc = dts_get_u32(ps, np, "reserved-sample-value", &v, 1, 31, false);
	if (!rc)
		p->reserved_sample = v;
	return rc == -ENOENT ? 0 : rc;
}

/*
 * The ISA 3.1 behaviours are the CPU's, not the description's choice:
 * without them an ISA 3.1 CPU would leave MMCR0[PMCCEXT] clear (problem
 * state could read the sampling registers) and the BHRB on; with them an
 * older CPU would be written MMCR3, SIER2 and SIER3 it does not have.
 */
int dts_pmu_check_cpu(struct dts_parse *ps, const struct dts_pmu *p, bool isa31)
{
	if (!!(p->features & DTS_FEAT_ISA31) == isa31)
		return 0;
	return dts_bad(ps, NULL,
		       "%s: mmcr3, mmcr0-pmccext, mmcra-bhrbrd, sier2-sier3 %s, but the CPU %s ISA 3.1",
		       p->source, isa31 ? "absent" : "present", isa31 ? "is" : "is not");
}

/*
 * Raw event code bits 60-63 are Linux's, not the hardware's: EBB (63),
 * BHRB (62) and the BHRB filter IFM (60-61), which lands on MMCRA[IFM] for
 * BHRB events only.  skiboot's pmu_dts node describes IFM alone, with no
 * condition.  With neither EBB nor BHRB described, the kernel supplies
 * both and IFM's condition; anything else is checked as described.
 */
static int dts_supply_linux_fields(struct dts_parse *ps, const struct device_node *np)
{
	static const struct {
		const char *name;
		u8 bit;
		u8 role;
	} linux_fields[] = {
		{ "BHRB", 62, DTS_ROLE_BHRB },
		{ "EBB", 63, DTS_ROLE_EBB },
	};
	struct dts_pmu *p = ps->pmu;
	struct dts_pmu_field *f;
	unsigned int i;

	if (p->role[DTS_ROLE_IFM] == DTS_PMU_NO_FIELD ||
	    p->role[DTS_ROLE_EBB] != DTS_PMU_NO_FIELD ||
	    p->role[DTS_ROLE_BHRB] != DTS_PMU_NO_FIELD ||
	    p->fields[p->role[DTS_ROLE_IFM]].cond != DTS_COND_ALWAYS)
		return 0;
	if (p->nr_fields + ARRAY_SIZE(linux_fields) > DTS_PMU_MAX_FIELDS)
		return dts_bad(ps, np, "more than %d fields with EBB and BHRB",
			       DTS_PMU_MAX_FIELDS);
	p->fields[p->role[DTS_ROLE_IFM]].cond = DTS_COND_BHRB;
	for (i = 0; i < ARRAY_SIZE(linux_fields); i++) {
		f = &p->fields[p->nr_fields];
		memset(f, 0, sizeof(*f));
		strscpy(f->name, linux_fields[i].name, sizeof(f->name));
		f->shift = linux_fields[i].bit;
		f->mask = 1;
		f->mmcr = DTS_PMU_NO_FIELD;
		p->role[linux_fields[i].role] = p->nr_fields++;
	}
	ps->forms |= BIT(DTS_FORM_LINUX_FIELDS);
	return 0;
}

static int dts_parse_fields(struct dts_parse *ps, const struct device_node *np)
{
	struct device_node *fn = of_get_child_by_name(np, "evt_code_format");
	struct device_node *f;
	int rc = 0;

	if (!fn)
		return dts_bad(ps, np, "missing node evt_code_format");
	for_each_child_of_node(fn, f) {
		if (!dts_node_is(f, DTS_PAT_FIELD))
			continue;	/* not a field: ignored */
		rc = dts_parse_field(ps, f);
		if (rc) {
			of_node_put(f);
			break;
		}
	}
	if (!rc)
		rc = dts_supply_linux_fields(ps, fn);
	of_node_put(fn);
	return rc;
}

/*
 * The PMU node's name, counters, registers, fields and features, read
 * into ps->pmu.
 */
int dts_parse_pmu(struct dts_parse *ps, const struct device_node *np)
{
	struct dts_pmu *p = ps->pmu;
	const char *name;
	u32 v;
	int rc;

	rc = dts_get_string(ps, np, "pmu-name", &name, true);
	if (!rc && !dts_name_ok(name, sizeof(p->name)))
		rc = dts_bad(ps, np, "pmu-name longer than %zu characters", sizeof(p->name) - 1);
	if (rc)
		return rc;
	strscpy(p->name, name, sizeof(p->name));

	rc = dts_get_u32(ps, np, "nr_pmc", &v, 1, DTS_PMU_MAX_PMC, true);
	if (rc)
		return rc;
	p->nr_pmc = v;
	rc = dts_get_u32(ps, np, "nr_mmcr", &v, 1, DTS_PMU_MAX_MMCR, true);
	if (rc)
		return rc;
	p->nr_mmcr = v;

	rc = dts_parse_sprs(ps, np);
	if (!rc && !p->programmable)
		rc = dts_bad(ps, np, "no programmable counter");
	if (!rc)
		rc = dts_parse_fields(ps, np);
	/* reserved-sample-value before the codes the kernel checks with it */
	if (!rc)
		rc = dts_parse_features(ps, np);
	return rc;
}
