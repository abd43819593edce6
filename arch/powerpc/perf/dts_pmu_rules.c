// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading the constraints node of an "ibm,power-pmu" description: the
 * scheduling rules, the restricted counters, the counter adder, the
 * alternative codes and the group constraint.  Like dts_pmu_desc.c, it
 * refuses what the backend could not execute safely.
 */

#define pr_fmt(fmt)	"dts-pmu: " fmt

#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "isa207-common.h"	/* MAX_ALT */
#include "dts_pmu.h"

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
		return dts_bad(ps, np, "more than %d constraint rules", DTS_PMU_MAX_RULES);
	r = &p->rules[p->nr_rules];
	if (!dts_name_ok(kbasename(np->full_name), sizeof(r->name)))
		return dts_bad(ps, np, "rule name too long");
	strscpy(r->name, kbasename(np->full_name), sizeof(r->name));
	for (v = 0; v < p->nr_rules; v++)
		if (!strcmp(p->rules[v].name, r->name))
			return dts_bad(ps, np, "a second rule named %s", r->name);

	rc = dts_parse_condition(ps, np, &r->cond);
	if (!rc)
		rc = dts_parse_encoding(ps, np, &r->encoding);
	if (!rc)
		rc = dts_get_u64(ps, np, "constraint-mask", &r->cmask, true);
	if (!rc)
		rc = dts_get_u64(ps, np, "event-mask", &r->emask, true);
	if (rc)
		return rc;
	rc = dts_get_u32(ps, np, "event-shift", &v, 0, 63, false);
	if (rc && rc != -ENOENT)
		return rc;
	r->eshift = rc ? 0 : v;
	rc = dts_get_u32(ps, np, "constraint-shift", &v, 0, 63, true);
	if (rc)
		return rc;
	r->cshift = v;
	v = 0;
	rc = dts_get_u32(ps, np, "config", &v, 0, 1, false);
	if (rc && rc != -ENOENT)
		return rc;
	r->config = v;

	if (!r->cmask || r->emask << r->cshift != r->cmask ||
	    (r->cmask >> r->cshift) != r->emask)
		return dts_bad(ps, np, "constraint-mask 0x%llx != event-mask 0x%llx << %u",
			   r->cmask, r->emask, r->cshift);
	if ((r->cond == DTS_COND_L1 || r->cond == DTS_COND_CACHE ||
	     r->cond == DTS_COND_UNIT6) && p->role[DTS_ROLE_UNIT] == DTS_PMU_NO_FIELD)
		return dts_bad(ps, np, "condition %u needs a PMCxUNIT field", r->cond);
	if ((r->cond == DTS_COND_MARKED && p->role[DTS_ROLE_MARK] == DTS_PMU_NO_FIELD) ||
	    (r->cond == DTS_COND_THRESHOLD && p->role[DTS_ROLE_THRESH_SEL] == DTS_PMU_NO_FIELD))
		return dts_bad(ps, np, "condition %u needs a MARK or THRESH_SEL field", r->cond);
	if (!r->encoding && !r->config && (r->emask << r->eshift) >> r->eshift != r->emask)
		return dts_bad(ps, np, "event-mask 0x%llx << %u leaves the 64-bit code",
			       r->emask, r->eshift);
	r->restricted_too = of_property_read_bool(np, "restricted-counters-too");
	if (of_property_read_bool(np, "require-pmc"))
		p->ebb_needs_pmc = true;
	else if (dts_rule_covers(p, r, DTS_ROLE_EBB))
		return dts_bad(ps, np, "the EBB rule lacks require-pmc");
	if (of_property_read_bool(np, "requires-ebb"))
		p->bhrb_needs_ebb = true;
	else if (r->cond == DTS_COND_BHRB)
		return dts_bad(ps, np, "a BHRB rule lacks requires-ebb");
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

	rc = dts_get_u32(ps, pc, "max-counter", &v, 1, p->nr_pmc, true);
	if (rc)
		return rc;
	/*
	 * core-book3s takes it as n_counter, which also bounds the counters
	 * its interrupt handler reads and resets: all of them, or an event on
	 * one left out would overflow unseen (the adder limits the events).
	 */
	if (v != p->nr_pmc)
		return dts_bad(ps, pc,
			       "max-counter = %u, but the interrupt handler must scan all %u counters",
			       v, p->nr_pmc);
	p->max_counter = v;

	for_each_child_of_node(pc, np) {
		if (!dts_node_is(np, DTS_PAT_RESTR))
			continue;	/* ignored */
		rc = dts_get_u32(ps, np, "pmc", &pmc, 1, p->nr_pmc, true);
		if (rc)
			break;
		if (p->programmable & BIT(pmc)) {
			rc = dts_bad(ps, np, "PMC%u is programmable: it cannot be restricted", pmc);
			break;
		}
		if (p->nr_restricted[pmc]) {
			rc = dts_bad(ps, np, "PMC%u restricted twice", pmc);
			break;
		}
		cnt = dts_get_u64_list(ps, np, "valid-events", p->restricted[pmc],
				       DTS_PMU_MAX_RESTRICTED);
		if (cnt < 0) {
			rc = cnt;
			break;
		}
		for (n = 0; n < cnt; n++) {
			if (!p->restricted[pmc][n] ||
			    (p->restricted[pmc][n] & p->linux_mask) ||
			    ((p->restricted[pmc][n] >> p->pmc_shift) & p->pmc_mask) != pmc) {
				rc = dts_bad(ps, np, "valid-events: 0x%llx is not a PMC%u code",
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
			return dts_bad(ps, pc, "PMC%u: not programmable, not restricted", n);
	return 0;
}

static int dts_parse_nc(struct dts_parse *ps, const struct device_node *np)
{
	struct dts_pmu *p = ps->pmu;
	unsigned int k, nprog = hweight32(p->programmable);
	u64 mask;
	u32 v;
	int rc;

	rc = dts_get_u64(ps, np, "mask", &mask, true);
	if (!rc)
		rc = dts_get_u32(ps, np, "shift", &v, 2 * p->nr_pmc, 60, true);
	if (rc)
		return rc;
	p->nc_shift = v;
	/* a k-bit adder field: the top bit flags overflow */
	if (hweight64(mask) != 1 || __ffs64(mask) <= v)
		return dts_bad(ps, np, "mask 0x%llx is not the top bit of a field at bit %u",
			   mask, v);
	k = __ffs64(mask) - v + 1;
	if (k != 4)
		return dts_bad(ps, np, "mask 0x%llx: the counter field must be 4 bits wide", mask);
	/* the adder counts one per event */
	rc = dts_get_u32(ps, np, "increment", &v, 1, 1, false);
	if (rc && rc != -ENOENT)
		return rc;
	/* no more events than the programmable counters can take */
	v = nprog;
	rc = dts_get_u32(ps, np, "limit", &v, 1, nprog, false);
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
		if (!dts_node_is(np, DTS_PAT_LOWER))
			continue;	/* ignored */
		n = dts_get_u64_list(ps, np, "codes", codes, MAX_ALT);
		if (n < 0) {
			rc = n;
			break;
		}
		if (n < 2) {
			rc = dts_bad(ps, np, "codes: an alternative needs two codes");
			break;
		}
		if (p->nr_alt == DTS_PMU_MAX_ALT) {
			rc = dts_bad(ps, np, "more than %d alternatives", DTS_PMU_MAX_ALT);
			break;
		}
		for (i = 0; i < n && !rc; i++) {
			if (codes[i] > U32_MAX)
				rc = dts_bad(ps, np, "codes: 0x%llx wider than 32 bits", codes[i]);
			else
				rc = dts_check_code(ps, np, "alternative", codes[i]) ?:
				     dts_check_hidden(ps, np, "alternative", codes[i]);
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

	rc = dts_get_u64(ps, np, "group-constraint-mask", &p->group_mask, false);
	if (rc && rc != -ENOENT)
		return rc;
	rc = dts_get_u64(ps, np, "group-constraint-value", &p->group_val, false);
	if (rc && rc != -ENOENT)
		return rc;
	if (p->group_val & ~p->group_mask)
		return dts_bad(ps, np, "group-constraint-value 0x%llx outside the mask 0x%llx",
			   p->group_val, p->group_mask);
	return 0;
}

/*
 * The events of a group OR their fields into MMCRA: a field landing on
 * the sampling mode or eligibility needs a rule that keeps the group's
 * values of it equal (as isa207's CNST_SAMPLE does), outside the group
 * constraint, or two valid values can make a reserved one.
 */
static int dts_check_sampling_rules(struct dts_parse *ps, const struct device_node *cn)
{
	const u64 sampling = (3ULL << MMCRA_SAMP_MODE_SHIFT) |
			     ((u64)MMCRA_SAMP_ELIG_MASK << MMCRA_SAMP_ELIG_SHIFT);
	const struct dts_pmu *p = ps->pmu;
	unsigned int i, j;

	for (i = 0; i < p->nr_fields; i++) {
		const struct dts_pmu_field *f = &p->fields[i];
		u64 bits = f->mask << f->shift;

		if (f->mmcr != DTS_MMCRA || f->per_pmc || !((f->mask << f->target) & sampling))
			continue;
		for (j = 0; j < p->nr_rules; j++) {
			const struct dts_pmu_rule *r = &p->rules[j];

			if (!r->config && !r->encoding && !(r->cmask & p->group_mask) &&
			    (r->cond == f->cond || r->cond == DTS_COND_ALWAYS) &&
			    ((r->emask << r->eshift) & bits) == bits)
				break;
		}
		if (j == p->nr_rules)
			return dts_bad(ps, cn,
				       "field %s lands on MMCRA's sampling fields, but no rule keeps it equal in a group",
				       f->name);
	}
	return 0;
}

int dts_parse_constraints(struct dts_parse *ps, const struct device_node *pmu_np)
{
	struct dts_pmu *p = ps->pmu;
	struct device_node *cn, *np, *sub;
	u64 used;
	unsigned int i, j;
	int rc = 0, len;

	cn = of_get_child_by_name(pmu_np, "constraints");
	if (!cn)
		return dts_bad(ps, pmu_np, "missing node constraints");
	np = of_get_child_by_name(cn, "nc");
	p->four_cells = np && of_get_property(np, "mask", &len) && len == 16;
	of_node_put(np);

	for_each_child_of_node(cn, np) {
		if (of_node_name_eq(np, "pmc-constraints"))
			rc = dts_parse_restricted(ps, np);
		else if (of_node_name_eq(np, "nc"))
			rc = dts_parse_nc(ps, np);
		else if (of_node_name_eq(np, "alternatives"))
			continue;	/* after the restricted counters */
		else if (of_node_name_eq(np, "grouping"))
			rc = dts_parse_grouping(ps, np);
		else if (!dts_node_is(np, DTS_PAT_LOWER))
			continue;	/* not a rule: ignored */
		else if (!of_node_name_eq(np, "threshold") && !of_node_name_eq(np, "cache"))
			rc = dts_parse_rule(ps, np);
		else
			/* the groups of rules: threshold { }, cache { } */
			for_each_child_of_node(np, sub) {
				if (!dts_node_is(sub, DTS_PAT_LOWER))
					continue;
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
		rc = dts_bad(ps, cn, "missing node pmc-constraints");
		goto out;
	}
	if (!p->nc_limit) {
		rc = dts_bad(ps, cn, "missing node nc");
		goto out;
	}
	/* EBB events must name a PMC, BHRB requests need EBB (pmu-ebb.rst) */
	if (p->role[DTS_ROLE_EBB] != DTS_PMU_NO_FIELD && !p->ebb_needs_pmc) {
		rc = dts_bad(ps, cn, "no rule for the EBB field with require-pmc");
		goto out;
	}
	if (p->role[DTS_ROLE_BHRB] != DTS_PMU_NO_FIELD && !p->bhrb_needs_ebb) {
		rc = dts_bad(ps, cn, "no BHRB rule with requires-ebb");
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
	/* nor may the group constraint: it would lift the counter limits */
	if (p->group_mask & used) {
		rc = dts_bad(ps, cn,
			     "grouping: group-constraint-mask 0x%llx covers the counter fields 0x%llx",
			     p->group_mask, used);
		goto out;
	}
	for (i = 0; i < p->nr_rules; i++) {
		const struct dts_pmu_rule *r = &p->rules[i];

		if (r->cmask & used) {
			rc = dts_bad(ps, cn, "rule %s: mask 0x%llx overlaps the counter fields",
				     r->name, r->cmask);
			goto out;
		}
		for (j = 0; j < i; j++) {
			if (p->rules[j].cmask & r->cmask) {
				rc = dts_bad(ps, cn,
					     "rule %s: constraint-mask 0x%llx overlaps rule %s",
					     r->name, r->cmask, p->rules[j].name);
				goto out;
			}
		}
	}
	rc = dts_check_sampling_rules(ps, cn);
out:
	of_node_put(cn);
	return rc;
}
