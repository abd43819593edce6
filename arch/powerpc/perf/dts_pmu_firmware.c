// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which description drives the core PMU: a firmware node under /pmus, or
 * the built-in description of the running CPU.  A firmware description
 * of a CPU the kernel has a built-in description of must agree with it;
 * every check fails closed.  A PVR table is used for one thing only: to
 * pick the built-in description.
 */

#define pr_fmt(fmt)	"dts-pmu: " fmt

#include <kunit/visibility.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/cputable.h>
#include <asm/reg.h>

#include "internal.h"
#include "dts_pmu.h"

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

#ifndef PVR_POWER12
#define PVR_POWER12	0x0083
#endif

/* The built-in descriptions, by CPU: the only use of the PVR here */
struct dts_builtin {
	unsigned int pvr;
	const char *platform;
	const u8 *blob;
};

static const struct dts_builtin dts_builtin[] __initconst = {
#ifdef CONFIG_PPC_PMU_DT_BUILTIN
	{ PVR_POWER12, "power12", __dtb_dts_pmu_power12_begin },
	{ PVR_POWER11, "power11", __dtb_dts_pmu_power11_begin },
	{ PVR_POWER10, "power10", __dtb_dts_pmu_power10_begin },
	{ PVR_POWER9, "power9", __dtb_dts_pmu_power9_begin },
#endif
};

/* The running CPU's platform name and built-in description, if any */
static const char * __init dts_cpu_builtin(const u8 **blob)
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

/*
 * The "ibm,power-pmu" node under @parent's pmus node: the one for
 * @platform, or with no @platform (a CPU no built-in names) the first.
 */
struct device_node *dts_find_node(struct device_node *parent, const char *platform)
{
	struct device_node *pmus, *np;
	const char *s;
	int len;

	pmus = of_get_child_by_name(parent, "pmus");
	if (!pmus)
		return NULL;
	for_each_child_of_node(pmus, np) {
		if (!of_device_is_compatible(np, "ibm,power-pmu"))
			continue;
		/*
		 * Only a well-formed status other than "okay" or "ok" takes
		 * the node out. One that is not a string is the description's
		 * error, for its shape check to report: not a node to pass
		 * over.
		 */
		if (!of_property_read_string(np, "status", &s) && !of_device_is_available(np))
			continue;
		if (!platform)
			break;
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

static const struct dts_pmu_field * __init
dts_field_named(const struct dts_pmu *p, const char *name)
{
	unsigned int i;

	for (i = 0; i < p->nr_fields; i++)
		if (!strcmp(p->fields[i].name, name))
			return &p->fields[i];
	return NULL;
}

/* One difference: counted, logged, and kept for a KUnit caller */
static __printf(2, 3) void __init dts_diff(struct dts_diff_log *d, const char *fmt, ...)
{
	char msg[DTS_DIFF_MSG];
	va_list args;

	va_start(args, fmt);
	vscnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	pr_warn("%s: %s\n", d->src, msg);
	if (d->n < ARRAY_SIZE(d->msg))
		strscpy(d->msg[d->n], msg, sizeof(d->msg[0]));
	d->n++;
}

/* The first way field @a differs from the built-in one @b, and how */
static void __init dts_field_diff(struct dts_diff_log *d, const struct dts_pmu_field *a,
				  const struct dts_pmu_field *b, const struct dts_pmu *ref)
{
	const char *ra = a->mmcr < DTS_PMU_MAX_MMCR ? dts_mmcr_names[a->mmcr] : "nothing";
	const char *rb = b->mmcr < DTS_PMU_MAX_MMCR ? dts_mmcr_names[b->mmcr] : "nothing";
	unsigned int n;

	if (a->mask != b->mask || a->shift != b->shift || a->config != b->config) {
		dts_diff(d,
			 "field %s: config%u bits %u-%u, the built-in has config%u bits %u-%u",
			 a->name, a->config, a->shift, a->shift + fls64(a->mask) - 1,
			 b->config, b->shift, b->shift + fls64(b->mask) - 1);
	} else if (a->cond != b->cond) {
		dts_diff(d, "field %s: condition = <%u> (%s), the built-in has <%u> (%s)",
			 a->name, a->cond, dts_cond_names[a->cond], b->cond,
			 dts_cond_names[b->cond]);
	} else if (a->encoding != b->encoding) {
		dts_diff(d, "field %s: encoding %s, the built-in has %s", a->name,
			 dts_encoding_names[a->encoding], dts_encoding_names[b->encoding]);
	} else if (a->default_val != b->default_val) {
		dts_diff(d, "field %s: default-value = <%u>, the built-in has <%u>",
			 a->name, a->default_val, b->default_val);
	} else if (a->mmcr != b->mmcr || a->per_pmc != b->per_pmc) {
		dts_diff(d, "field %s: lands on %s%s, the built-in on %s%s", a->name,
			 ra, a->per_pmc ? " per counter" : "",
			 rb, b->per_pmc ? " per counter" : "");
	} else if (a->mmcr != DTS_PMU_NO_FIELD && !a->per_pmc && a->target != b->target) {
		dts_diff(d, "field %s: lands on %s bit %u, the built-in on bit %u",
			 a->name, ra, a->target, b->target);
	} else if (a->mmcr != DTS_PMU_NO_FIELD && a->per_pmc) {
		for (n = 1; n <= ref->nr_pmc; n++) {
			if ((ref->programmable & BIT(n)) && a->pmc_shift[n] != b->pmc_shift[n]) {
				dts_diff(d,
					 "field %s: PMC%u's copy at %s bit %u, the built-in's at bit %u",
					 a->name, n, ra, a->pmc_shift[n], b->pmc_shift[n]);
				break;
			}
		}
	}
}

/* The first entry of the cache event map that differs */
static void __init dts_cache_diff(struct dts_diff_log *d, const struct dts_pmu *fw,
				  const struct dts_pmu *ref)
{
	unsigned int i, j, k;

	for (i = 0; i < PERF_COUNT_HW_CACHE_MAX; i++)
		for (j = 0; j < PERF_COUNT_HW_CACHE_OP_MAX; j++)
			for (k = 0; k < PERF_COUNT_HW_CACHE_RESULT_MAX; k++)
				if (fw->cache[i][j][k] != ref->cache[i][j][k]) {
					dts_diff(d,
						 "cache-events: %s op %u result %u is 0x%llx, the built-in has 0x%llx",
						 dts_cache_names[i], j, k, fw->cache[i][j][k],
						 ref->cache[i][j][k]);
					return;
				}
}

static bool __init dts_rule_same(const struct dts_pmu_rule *a, const struct dts_pmu_rule *b)
{
	return a->cmask == b->cmask && a->emask == b->emask && a->eshift == b->eshift &&
	       a->cshift == b->cshift && a->cond == b->cond && a->config == b->config &&
	       a->encoding == b->encoding && a->restricted_too == b->restricted_too;
}

/* @r as a diff line shows it */
static const char * __init dts_rule_str(char *buf, size_t size, const struct dts_pmu_rule *r)
{
	scnprintf(buf, size,
		  "%s (condition %u, %sconfig%u >> %u & 0x%llx -> << %u%s)",
		  r->name, r->cond, r->encoding ? "encoded " : "", r->config, r->eshift,
		  r->emask, r->cshift, r->restricted_too ? ", restricted-counters-too" : "");
	return buf;
}

/* What a plain rule makes of one bit of the constraint word */
struct dts_rule_bit {
	u8 rule;			/* its index, + 1; 0: no rule */
	u8 cond, config, restricted_too, ebit;
};

/* Bit by bit, what the plain rules of @p make of the constraint word */
static void __init dts_rule_bits(const struct dts_pmu *p, struct dts_rule_bit *m)
{
	const struct dts_pmu_rule *r;
	unsigned int i, k;

	memset(m, 0, 64 * sizeof(*m));
	for (i = 0; i < p->nr_rules; i++) {
		r = &p->rules[i];
		if (r->encoding)
			continue;
		for (k = 0; k < 64 && r->cshift + k < 64; k++) {
			if (!(r->emask & BIT_ULL(k)))
				continue;
			m[r->cshift + k] = (struct dts_rule_bit) {
				.rule = i + 1, .cond = r->cond, .config = r->config,
				.restricted_too = r->restricted_too, .ebit = r->eshift + k,
			};
		}
	}
}

static bool __init dts_rule_bit_same(const struct dts_rule_bit *a, const struct dts_rule_bit *b)
{
	return !a->rule == !b->rule && a->cond == b->cond && a->config == b->config &&
	       a->restricted_too == b->restricted_too && a->ebit == b->ebit;
}

/*
 * The rules of @fw against those of @ref by what they make of the
 * constraint word, bit by bit, whatever their names or how they are split
 * (encoded ones whole, by content, then by name); each difference
 * reported with the rules it comes from.
 */
static void __init dts_rules_diff(struct dts_diff_log *d, const struct dts_pmu *fw,
				  const struct dts_pmu *ref)
{
	static struct dts_rule_bit fm[64] __initdata, rm[64] __initdata;
	static char a[96] __initdata, b[96] __initdata;
	const struct dts_pmu_rule *r, *c;
	u32 fw_left = 0;
	unsigned int i, j, k;

	dts_rule_bits(fw, fm);
	dts_rule_bits(ref, rm);
	for (i = 0; i < ref->nr_rules; i++) {
		r = &ref->rules[i];
		if (r->encoding)
			continue;
		for (k = 0; k < 64; k++)
			if (rm[k].rule == i + 1 && !dts_rule_bit_same(&fm[k], &rm[k]))
				break;
		if (k == 64)
			continue;
		if (fm[k].rule)
			dts_diff(d, "constraint %s: the built-in has %s",
				 dts_rule_str(a, sizeof(a), &fw->rules[fm[k].rule - 1]),
				 dts_rule_str(b, sizeof(b), r));
		else
			dts_diff(d, "constraint missing: the built-in has %s",
				 dts_rule_str(b, sizeof(b), r));
	}
	for (j = 0; j < fw->nr_rules; j++) {
		c = &fw->rules[j];
		if (c->encoding) {
			fw_left |= BIT(j);
			continue;
		}
		for (k = 0; k < 64; k++)
			if (fm[k].rule == j + 1 && !rm[k].rule)
				break;
		/* one named as an encoded rule of @ref is reported with it */
		for (i = 0; k < 64 && i < ref->nr_rules; i++)
			if (ref->rules[i].encoding && !strcmp(ref->rules[i].name, c->name))
				k = 64;
		if (k < 64)
			dts_diff(d, "constraint %s: not in the built-in description",
				 dts_rule_str(a, sizeof(a), c));
	}
	for (i = 0; i < ref->nr_rules; i++) {
		r = &ref->rules[i];
		if (!r->encoding)
			continue;
		for (j = 0; j < fw->nr_rules; j++)
			if ((fw_left & BIT(j)) && dts_rule_same(&fw->rules[j], r))
				break;
		if (j == fw->nr_rules)
			for (j = 0; j < fw->nr_rules; j++)
				if (!strcmp(fw->rules[j].name, r->name))
					break;
		if (j < fw->nr_rules && dts_rule_same(&fw->rules[j], r)) {
			fw_left &= ~BIT(j);
		} else if (j < fw->nr_rules) {
			fw_left &= ~BIT(j);
			dts_diff(d, "constraint %s: the built-in has %s",
				 dts_rule_str(a, sizeof(a), &fw->rules[j]),
				 dts_rule_str(b, sizeof(b), r));
		} else {
			dts_diff(d, "constraint missing: the built-in has %s",
				 dts_rule_str(b, sizeof(b), r));
		}
	}
	for (j = 0; j < fw->nr_rules; j++)
		if (fw_left & BIT(j))
			dts_diff(d, "constraint %s: not in the built-in description",
				 dts_rule_str(a, sizeof(a), &fw->rules[j]));
}

/*
 * Compare the description @fw with the known-good @ref, field by field
 * and rule by rule (rules by what they constrain, not by name); report
 * each difference (naming @fw's @src) with the built-in's value, and
 * return how many there are.  Order of children and the event list do not
 * count.  @d, if not NULL, keeps the messages.
 */
VISIBLE_IF_KUNIT unsigned int __init dts_pmu_diff(const struct dts_pmu *fw,
						  const struct dts_pmu *ref, const char *src,
						  struct dts_diff_log *d)
{
	static struct dts_diff_log dts_log __initdata;
	unsigned int i;

	if (!d)
		d = &dts_log;
	memset(d, 0, sizeof(*d));
	d->src = src;
	if (strcmp(fw->name, ref->name))
		dts_diff(d,
			 "pmu-name \"%s\", the built-in has \"%s\" (user space reads it in caps/pmu_name)",
			 fw->name, ref->name);
	if (fw->nr_pmc != ref->nr_pmc || fw->programmable != ref->programmable)
		dts_diff(d, "counters: nr_pmc %u, programmable 0x%x; the built-in has %u, 0x%x",
			 fw->nr_pmc, fw->programmable, ref->nr_pmc, ref->programmable);
	if (fw->max_counter != ref->max_counter)
		dts_diff(d, "max-counter = <%u>, the built-in has <%u>", fw->max_counter,
			 ref->max_counter);
	if (memcmp(fw->nr_restricted, ref->nr_restricted, sizeof(fw->nr_restricted)) ||
	    memcmp(fw->restricted, ref->restricted, sizeof(fw->restricted)))
		dts_diff(d,
			 "pmc-constraints: the restricted counters' codes differ from the built-in's");
	if (fw->nc_shift != ref->nc_shift || fw->nc_limit != ref->nc_limit)
		dts_diff(d, "nc: bit %u, limit %u; the built-in has bit %u, limit %u",
			 fw->nc_shift, fw->nc_limit, ref->nc_shift, ref->nc_limit);
	if (fw->group_mask != ref->group_mask || fw->group_val != ref->group_val)
		dts_diff(d,
			 "grouping: group-constraint-mask 0x%llx, -value 0x%llx; the built-in has 0x%llx, 0x%llx",
			 fw->group_mask, fw->group_val, ref->group_mask, ref->group_val);
	if (fw->nr_alt != ref->nr_alt || memcmp(fw->alt, ref->alt, sizeof(fw->alt)))
		dts_diff(d,
			 "alternatives: %u pairs, the built-in has %u (alternatives/<name>/codes)",
			 fw->nr_alt, ref->nr_alt);
	if (fw->ebb_needs_pmc != ref->ebb_needs_pmc || fw->bhrb_needs_ebb != ref->bhrb_needs_ebb)
		dts_diff(d, "EBB rules: require-pmc %u, requires-ebb %u; the built-in has %u, %u",
			 fw->ebb_needs_pmc, fw->bhrb_needs_ebb, ref->ebb_needs_pmc,
			 ref->bhrb_needs_ebb);
	if (fw->bhrb_nr != ref->bhrb_nr ||
	    memcmp(fw->bhrb_ifm, ref->bhrb_ifm, sizeof(fw->bhrb_ifm)))
		dts_diff(d,
			 "bhrb: %u entries and its filters; the built-in has %u entries (node bhrb)",
			 fw->bhrb_nr, ref->bhrb_nr);
	for (i = 0; i < DTS_PMU_NR_GENERIC; i++)
		if (fw->generic[i] != ref->generic[i])
			dts_diff(d,
				 "generic event %s: 0x%x, the built-in has 0x%x (an event of that name)",
				 dts_generic_names[i], fw->generic[i], ref->generic[i]);
	dts_cache_diff(d, fw, ref);
	if (fw->mmcrs != ref->mmcrs)
		dts_diff(d, "MMCRs 0x%x, the built-in has 0x%x", fw->mmcrs, ref->mmcrs);
	if (fw->features != ref->features || fw->reserved_sample != ref->reserved_sample)
		dts_diff(d,
			 "ISA properties: %s, siar-privilege %s, reserved-sample-value <0x%x>; the built-in has %s, %s, <0x%x>",
			 fw->features & DTS_FEAT_ISA31 ? "ISA 3.1" : "not ISA 3.1",
			 fw->features & DTS_FEAT_SIAR_PRIV ? "yes" : "no", fw->reserved_sample,
			 ref->features & DTS_FEAT_ISA31 ? "ISA 3.1" : "not ISA 3.1",
			 ref->features & DTS_FEAT_SIAR_PRIV ? "yes" : "no", ref->reserved_sample);
	if (fw->nr_deny != ref->nr_deny || memcmp(fw->deny, ref->deny, sizeof(fw->deny)))
		dts_diff(d, "denied-events: %u sets, the built-in has %u", fw->nr_deny,
			 ref->nr_deny);

	for (i = 0; i < ref->nr_fields; i++) {
		const struct dts_pmu_field *r = &ref->fields[i];
		const struct dts_pmu_field *f = dts_field_named(fw, r->name);

		if (!f)
			dts_diff(d, "field %s missing (the built-in has config%u bits %u-%u)",
				 r->name, r->config, r->shift, r->shift + fls64(r->mask) - 1);
		else
			dts_field_diff(d, f, r, ref);
	}
	for (i = 0; i < fw->nr_fields; i++)
		if (!dts_field_named(ref, fw->fields[i].name))
			dts_diff(d, "field %s not in the built-in description", fw->fields[i].name);
	dts_rules_diff(d, fw, ref);
	return d->n;
}

/*
 * Parse the "ibm,power-pmu" node for @platform (with no @platform, the
 * first) of the flattened tree @blob into @p, as dts_pmu_parse() does; on
 * error ps->err says why.  The unflattened copy of @blob is freed before
 * return: what @p and @ps keep are copies.
 */
int dts_pmu_parse_fdt(struct dts_parse *ps, struct dts_pmu *p, const void *blob,
		      const char *platform)
{
	struct device_node *root = NULL, *np;
	void *mem;
	int rc;

	mem = of_fdt_unflatten_tree(blob, NULL, &root);
	if (!mem || !root) {
		strscpy(ps->err, mem ? "no root node" : "cannot unflatten", sizeof(ps->err));
		kfree(mem);
		return mem ? -EINVAL : -ENOMEM;
	}
	np = dts_find_node(root, platform);
	if (np) {
		rc = dts_pmu_parse(ps, p, np);
		of_node_put(np);
	} else {
		strscpy(ps->err, "no ibm,power-pmu node under /pmus", sizeof(ps->err));
		rc = -ENODEV;
	}
	kfree(mem);
	return rc;
}

/* The format strings of @a (firmware) against the built-in ones of @b */
static void __init dts_format_diff(struct dts_diff_log *d, const struct dts_parse *a,
				   const struct dts_parse *b)
{
	unsigned int i, j;

	if (!a->nr_formats && b->nr_formats) {
		dts_diff(d,
			 "format-names, format-fields: none, the built-in has %u formats (format/%s is \"%s\", ...)",
			 b->nr_formats, b->fmt_names[0], b->fmt_specs[0]);
		return;
	}
	for (i = 0; i < b->nr_formats; i++) {
		for (j = 0; j < a->nr_formats; j++)
			if (!strcmp(a->fmt_names[j], b->fmt_names[i]))
				break;
		if (j == a->nr_formats)
			dts_diff(d,
				 "format %s missing: the built-in has \"%s\" (format-names, format-fields)",
				 b->fmt_names[i], b->fmt_specs[i]);
		else if (strcmp(a->fmt_specs[j], b->fmt_specs[i]))
			dts_diff(d, "format %s: \"%s\", the built-in has \"%s\"", b->fmt_names[i],
				 a->fmt_specs[j], b->fmt_specs[i]);
	}
	for (j = 0; j < a->nr_formats; j++) {
		for (i = 0; i < b->nr_formats; i++)
			if (!strcmp(a->fmt_names[j], b->fmt_names[i]))
				break;
		if (i == b->nr_formats)
			dts_diff(d, "format %s not in the built-in description", a->fmt_names[j]);
	}
}

/*
 * A firmware description (@fwps, as read) for a CPU the kernel has a
 * built-in description of must agree with it: anything else, including a
 * failure to read the built-in one, is reported and the firmware
 * description is not used.  @d, if not NULL, keeps the differences.
 */
VISIBLE_IF_KUNIT int __init dts_check_against_builtin(const struct dts_parse *fwps, const u8 *blob,
						      const char *platform, struct dts_diff_log *d)
{
	static struct dts_diff_log dts_log __initdata;
	const struct dts_pmu *fw = fwps->pmu;
	struct dts_parse *ps;
	struct dts_pmu *ref;
	unsigned int n;
	int rc = -ENOMEM;

	if (!d)
		d = &dts_log;
	memset(d, 0, sizeof(*d));
	ps = kzalloc(sizeof(*ps), GFP_KERNEL);
	ref = kzalloc(sizeof(*ref), GFP_KERNEL);
	if (ps && ref)
		rc = dts_pmu_parse_fdt(ps, ref, blob, platform);
	if (rc) {
		pr_err("%s: the built-in %s description to hold it to cannot be read (%d): not used\n",
		       fw->source, platform, rc);
		rc = -EINVAL;
		goto out;
	}
	dts_pmu_diff(fw, ref, fw->source, d);
	dts_format_diff(d, fwps, ps);
	n = d->n;
	dts_parse_free(ps);
	if (n) {
		pr_err("%s: %u difference(s) from the built-in %s description: not used\n",
		       fw->source, n, platform);
		rc = -EINVAL;
	}
out:
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
	static struct dts_pmu p __initdata;
	struct device_node *np;
	const char *platform;
	const u8 *blob;
	int rc;

	platform = dts_cpu_builtin(&blob);
	if (builtin) {
		if (!blob)
			return -ENODEV;
		rc = dts_pmu_parse_fdt(&ps, &p, blob, platform);
		snprintf(p.source, sizeof(p.source), "built-in %s description", platform);
	} else {
		np = dts_find_node(of_root, platform);
		if (!np)
			return -ENODEV;
		rc = dts_pmu_parse(&ps, &p, np);
		snprintf(p.source, sizeof(p.source), "firmware node %pOF", np);
		of_node_put(np);
	}
	if (!rc)
		rc = dts_pmu_check_cpu(&ps, &p, cpu_has_feature(CPU_FTR_ARCH_31));
	if (rc) {
		/* names come from the tree: shown escaped */
		pr_err("%s description rejected: %*pE\n", builtin ? "built-in" : "firmware",
		       (int)strlen(ps.err), ps.err);
		dts_parse_free(&ps);
		return rc;
	}
	if (ps.forms) {
		static char forms[384] __initdata;

		dts_pmu_forms(&ps, platform, forms, sizeof(forms));
		pr_warn("%s: read in the forms of skiboot's pmu_dts node: %s\n", p.source, forms);
	}
	if (!builtin && blob && dts_check_against_builtin(&ps, blob, platform, NULL)) {
		dts_parse_free(&ps);
		return -EINVAL;
	}
	rc = dts_pmu_register(&ps);
	if (rc) {
		pr_err("%s: cannot register (%d)\n", p.source, rc);
		dts_parse_free(&ps);
	}
	return rc;
}

/*
 * powerpc_pmu=auto took the hand-coded backend: if the firmware described
 * this CPU's PMU, say that its node is not read and how to have it read.
 */
void __init dts_pmu_firmware_unused(const char *backend)
{
	struct device_node *np;
	const char *platform;
	const u8 *blob;

	platform = dts_cpu_builtin(&blob);
	np = dts_find_node(of_root, platform);
	if (!np)
		return;
	pr_info("firmware node %pOF not used: powerpc_pmu=auto keeps the hand-coded %s backend; powerpc_pmu=dt reads the node\n",
		np, backend);
	of_node_put(np);
}

const char *dts_pmu_source(void)
{
	const struct dts_pmu *p = dts_pmu_live();

	return p ? p->source : NULL;
}
