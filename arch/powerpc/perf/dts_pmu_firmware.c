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

/* The built-in descriptions, by CPU: the only use of the PVR here */
struct dts_builtin {
	unsigned int pvr;
	const char *platform;
	const u8 *blob;
};

static const struct dts_builtin dts_builtin[] __initconst = {
#ifdef CONFIG_PPC_PMU_DT_BUILTIN
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
	for_each_available_child_of_node(pmus, np) {
		if (!of_device_is_compatible(np, "ibm,power-pmu"))
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
VISIBLE_IF_KUNIT unsigned int __init dts_pmu_diff(const struct dts_pmu *fw,
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
	DTS_DIFF(fw->features != ref->features || fw->reserved_sample != ref->reserved_sample,
		 "ISA properties differ");
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

/*
 * A firmware description for a CPU the kernel has a built-in description
 * of must agree with it: anything else, including a failure to read the
 * built-in one, is reported and the firmware description is not used.
 */
VISIBLE_IF_KUNIT int __init dts_check_against_builtin(const struct dts_pmu *fw, const u8 *blob,
						      const char *platform)
{
	struct dts_parse *ps;
	struct dts_pmu *ref;
	unsigned int n;
	int rc = -ENOMEM;

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
	dts_parse_free(ps);
	n = dts_pmu_diff(fw, ref, fw->source);
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
	} else if (!builtin && blob && dts_check_against_builtin(&p, blob, platform)) {
		dts_parse_free(&ps);
		rc = -EINVAL;
	} else {
		rc = dts_pmu_register(&ps);
		if (rc) {
			pr_err("%s: cannot register (%d)\n", p.source, rc);
			dts_parse_free(&ps);
		}
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
