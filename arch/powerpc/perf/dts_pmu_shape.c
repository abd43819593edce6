// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shape of a description, as the binding (ibm,power-pmu.yaml) gives
 * it: which nodes and properties each node may have, and each property's
 * type.  Checked before anything is read: a property or node the kernel
 * reads must have the binding's type and name pattern, and a node the
 * parser finds by name must be there once.  What the kernel does not read
 * it ignores (a firmware may describe more for a later CPU, and must not
 * cost an older kernel its PMU); dt-schema, run when firmware is built,
 * is where the binding is strict.
 */

#define pr_fmt(fmt)	"dts-pmu: " fmt

#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/string.h>

#include "dts_pmu.h"

enum dts_type {
	T_STR,		/* one printable string */
	T_STRS,		/* printable strings */
	T_U32,		/* one cell */
	T_CELLS,	/* cells */
	T_BOOL,		/* no value */
};

struct dts_prop_shape {
	const char *name;
	u8 type;
	const char * const *values;	/* T_STR: the only values, or NULL */
};

struct dts_node_shape {
	const char *name;		/* a name, or a pattern (below) */
	const struct dts_prop_shape *props;
	const struct dts_node_shape *children;	/* NULL: none */
};

static const char * const dts_privileges[] = { "hv", "os", "user", NULL };
static const char * const dts_statuses[] = { "okay", "disabled", "reserved", NULL };

static const struct dts_prop_shape dts_spr_props[] = {
	{ "sprn", T_U32 }, { "register-width", T_U32 },
	{ "privilege", T_STR, dts_privileges }, { "programmable", T_U32 },
	{ "event", T_STR }, { "status", T_STR, dts_statuses }, { }
};

static const struct dts_node_shape dts_pmc_nodes[] = {
	{ DTS_PAT_PMC, dts_spr_props }, { }
};

static const struct dts_prop_shape dts_mmcr_props[] = {
	{ "sprn", T_U32 }, { "register-width", T_U32 },
	{ "privilege", T_STR, dts_privileges }, { "status", T_STR, dts_statuses }, { }
};

static const struct dts_node_shape dts_mmcr_nodes[] = {
	{ DTS_PAT_MMCR, dts_mmcr_props }, { }
};

static const struct dts_prop_shape dts_no_props[] = { { } };

static const struct dts_node_shape dts_sprs_nodes[] = {
	{ "pmcs", dts_no_props, dts_pmc_nodes },
	{ "mmcr", dts_no_props, dts_mmcr_nodes },
	{ }
};

static const struct dts_prop_shape dts_field_props[] = {
	{ "description", T_STR }, { "bits", T_CELLS }, { "length", T_U32 },
	{ "config", T_U32 }, { "mmcr", T_U32 }, { "target_field_base", T_U32 },
	{ "target_field_shift", T_U32 }, { "target_fields", T_CELLS },
	{ "condition", T_U32 }, { "default-value", T_U32 }, { "encoding", T_STR },
	{ }
};

static const struct dts_node_shape dts_field_nodes[] = {
	{ DTS_PAT_FIELD, dts_field_props }, { }
};

static const struct dts_prop_shape dts_format_props[] = {
	{ "compatible", T_STRS }, { }
};

static const struct dts_prop_shape dts_rule_props[] = {
	{ "condition", T_U32 }, { "config", T_U32 },
	{ "encoding", T_STR }, { "event-mask", T_CELLS }, { "event-shift", T_U32 },
	{ "constraint-mask", T_CELLS }, { "constraint-shift", T_U32 },
	{ "require-pmc", T_BOOL }, { "requires-ebb", T_BOOL },
	{ "restricted-counters-too", T_BOOL }, { }
};

static const struct dts_node_shape dts_rule_nodes[] = {
	{ DTS_PAT_LOWER, dts_rule_props }, { }
};

static const struct dts_prop_shape dts_restricted_props[] = {
	{ "pmc", T_U32 }, { "valid-events", T_CELLS }, { }
};

static const struct dts_node_shape dts_restricted_nodes[] = {
	{ DTS_PAT_RESTR, dts_restricted_props }, { }
};

static const struct dts_prop_shape dts_pmc_constraint_props[] = {
	{ "max-counter", T_U32 }, { }
};

static const struct dts_prop_shape dts_nc_props[] = {
	{ "description", T_STR }, { "condition", T_U32 }, { "mask", T_CELLS },
	{ "shift", T_U32 }, { "increment", T_U32 }, { "limit", T_U32 }, { }
};

static const struct dts_prop_shape dts_grouping_props[] = {
	{ "group-constraint-mask", T_CELLS }, { "group-constraint-value", T_CELLS }, { }
};

static const struct dts_prop_shape dts_codes_props[] = {
	{ "codes", T_CELLS }, { }
};

static const struct dts_node_shape dts_alt_nodes[] = {
	{ DTS_PAT_LOWER, dts_codes_props }, { }
};

static const struct dts_prop_shape dts_supported_props[] = {
	{ "supported", T_BOOL }, { }
};

static const struct dts_prop_shape dts_cache_rule_props[] = {
	{ "supported-units", T_CELLS }, { "cache-selector-mask", T_U32 },
	{ "require-cache-selector-zero", T_BOOL }, { }
};

static const struct dts_node_shape dts_constraint_nodes[] = {
	{ DTS_PAT_LOWER, dts_rule_props },	/* any other child: a rule */
	{ "pmc-constraints", dts_pmc_constraint_props, dts_restricted_nodes },
	{ "nc", dts_nc_props },
	{ "grouping", dts_grouping_props },
	{ "alternatives", dts_supported_props, dts_alt_nodes },
	{ "threshold", dts_supported_props, dts_rule_nodes },
	{ "cache", dts_cache_rule_props, dts_rule_nodes },
	{ }
};

static const struct dts_prop_shape dts_event_props[] = {
	{ "description", T_STR }, { "event_code", T_CELLS },
	{ "event-category", T_STR }, { "event-class", T_STR },
	{ "status", T_STR, dts_statuses }, { }
};

static const struct dts_node_shape dts_event_nodes[] = {
	{ DTS_PAT_EVENT, dts_event_props }, { }
};

static const struct dts_prop_shape dts_cache_op_props[] = {
	{ "read", T_CELLS }, { "write", T_CELLS }, { "prefetch", T_CELLS }, { }
};

static const struct dts_node_shape dts_cache_nodes[] = {
	{ "l1d", dts_cache_op_props }, { "l1i", dts_cache_op_props },
	{ "ll", dts_cache_op_props }, { "dtlb", dts_cache_op_props },
	{ "itlb", dts_cache_op_props }, { "bpu", dts_cache_op_props },
	{ "node", dts_cache_op_props }, { }
};

static const struct dts_prop_shape dts_bhrb_props[] = {
	{ "nr", T_U32 }, { "any", T_U32 }, { "any-call", T_U32 },
	{ "any-return", T_U32 }, { "ind-call", T_U32 }, { "call", T_U32 },
	{ "cond", T_U32 }, { "ignored", T_STRS }, { }
};

static const struct dts_prop_shape dts_deny_props[] = {
	{ "pvr-mask", T_U32 }, { "pvr-value", T_U32 }, { "event-codes", T_CELLS }, { }
};

static const struct dts_node_shape dts_deny_nodes[] = {
	{ DTS_PAT_LOWER, dts_deny_props }, { }
};

static const struct dts_prop_shape dts_pmu_props[] = {
	{ "compatible", T_STRS }, { "reg", T_U32 }, { "pmu-name", T_STR },
	{ "pmu-version", T_STR }, { "platform", T_STR },
	{ "status", T_STR, dts_statuses }, { "mmcr0-pmccext", T_BOOL },
	{ "mmcra-bhrbrd", T_BOOL }, { "sier2-sier3", T_BOOL },
	{ "siar-privilege", T_BOOL }, { "reserved-sample-value", T_U32 },
	{ "nr_pmc", T_U32 }, { "nr_mmcr", T_U32 }, { "format-names", T_STRS },
	{ "format-fields", T_STRS }, { }
};

static const struct dts_node_shape dts_pmu_nodes[] = {
	{ "sprs", dts_no_props, dts_sprs_nodes },
	{ "evt_code_format", dts_format_props, dts_field_nodes },
	{ "constraints", dts_no_props, dts_constraint_nodes },
	{ "events", dts_no_props, dts_event_nodes },
	{ "cache-events", dts_no_props, dts_cache_nodes },
	{ "bhrb", dts_bhrb_props },
	{ "denied-events", dts_no_props, dts_deny_nodes },
	{ }
};

/* Printable strings, each NUL-terminated; @one: exactly one */
static bool dts_strings_ok(const char *s, int len, bool one)
{
	int i, n = 0;

	if (len < 1 || s[len - 1])
		return false;
	for (i = 0; i < len; i++) {
		if (!s[i])
			n++;
		else if (s[i] < 0x20 || s[i] > 0x7e)
			return false;
	}
	return !one || n == 1;
}

static int dts_check_prop(struct dts_parse *ps, const struct device_node *np,
			  const struct property *pp, const struct dts_prop_shape *sh)
{
	const char * const *v;

	switch (sh->type) {
	case T_STR:
		if (!dts_strings_ok(pp->value, pp->length, true))
			return dts_bad(ps, np, "%s: not a single string", pp->name);
		if (!sh->values)
			return 0;
		for (v = sh->values; *v; v++)
			if (!strcmp(pp->value, *v))
				return 0;
		return dts_bad(ps, np, "%s = \"%s\": not a value it can take", pp->name,
			       (const char *)pp->value);
	case T_STRS:
		if (!dts_strings_ok(pp->value, pp->length, false))
			return dts_bad(ps, np, "%s: not a list of strings", pp->name);
		return 0;
	case T_U32:
		if (pp->length != 4)
			return dts_bad(ps, np, "%s: %d bytes, expected one cell", pp->name,
				       pp->length);
		return 0;
	case T_CELLS:
		if (!pp->length || pp->length % 4)
			return dts_bad(ps, np, "%s: %d bytes, not cells", pp->name, pp->length);
		return 0;
	case T_BOOL:
		if (pp->length)
			return dts_bad(ps, np, "%s: a boolean with a value", pp->name);
		return 0;
	default:
		return 0;
	}
}

/* Would the parser read @child, a child of a node of shape @sh, by its name? */
static bool dts_child_read(const struct dts_node_shape *sh, const struct device_node *child)
{
	const struct dts_node_shape *c;
	char base[DTS_PMU_NAME_LEN];

	strscpy(base, of_node_full_name(child), sizeof(base));
	*strchrnul(base, '@') = 0;
	/* listed names, pmcN and mmcrN: of_get_child_by_name() finds them */
	for (c = sh->children; c && c->name; c++)
		if ((c->name[0] != '=' || !strcmp(c->name, DTS_PAT_PMC) ||
		     !strcmp(c->name, DTS_PAT_MMCR)) && dts_name_matches(base, c->name))
			return true;
	return false;
}

/* Children of a node; only the event list is longer than this */
#define DTS_MAX_CHILDREN	64

static int dts_check_node(struct dts_parse *ps, const struct device_node *np,
			  const struct dts_node_shape *sh)
{
	const struct dts_prop_shape *p;
	const struct dts_node_shape *c;
	struct device_node *child, *prev;
	bool events = sh->children && !strcmp(sh->children->name, DTS_PAT_EVENT);
	unsigned int max = events ? DTS_PMU_MAX_EVENTS : DTS_MAX_CHILDREN;
	struct property *pp;
	int rc;

	for_each_property_of_node(np, pp) {
		for (p = sh->props; p->name; p++)
			if (!strcmp(p->name, pp->name))
				break;
		if (!p->name) {
			pr_debug("%pOF: property %s ignored\n", np, pp->name);
			continue;
		}
		if (of_find_property(np, pp->name, NULL) != pp)
			return dts_bad(ps, np, "property %s twice", pp->name);
		rc = dts_check_prop(ps, np, pp, p);
		if (rc)
			return rc;
	}
	/* counted first: every walk below is bounded */
	if (of_get_child_count(np) > max)
		return dts_bad(ps, np, "more than %u child nodes", max);
	for_each_child_of_node(np, child) {
		const char *cname = of_node_full_name(child);
		const struct dts_node_shape *match = NULL;

		/* a listed name first, then a pattern */
		for (c = sh->children; c && c->name; c++)
			if (c->name[0] != '=' && !strcmp(c->name, cname))
				match = c;
		for (c = sh->children; !match && c && c->name; c++)
			if (c->name[0] == '=' && dts_name_matches(cname, c->name))
				match = c;
		if (!match && strchr(cname, '@') && dts_child_read(sh, child)) {
			/* the parsers find nodes by name, unit address or not */
			rc = dts_bad(ps, child, "node %s: a unit address on a node read by name",
				     cname);
			of_node_put(child);
			return rc;
		}
		if (!match) {
			pr_debug("%pOF: node ignored\n", child);
			continue;
		}
		/*
		 * Nodes are found by name (none has a unit address): one of
		 * each.  Events are checked once sorted (dts_parse_events()).
		 */
		for (prev = of_get_next_child(np, NULL); !events && prev != child;
		     prev = of_get_next_child(np, prev)) {
			if (!strcmp(of_node_full_name(prev), cname)) {
				of_node_put(prev);
				rc = dts_bad(ps, child, "node %s twice", cname);
				of_node_put(child);
				return rc;
			}
		}
		of_node_put(prev);
		rc = dts_check_node(ps, child, match);
		if (rc) {
			of_node_put(child);
			return rc;
		}
	}
	return 0;
}

/* "ibm,power<N>-pmu", "ibm,power-pmu"; "power<N>" */
static bool dts_generation_ok(const char *s, const char *prefix, const char *suffix)
{
	size_t n = strlen(prefix), m = strlen(suffix), len = strlen(s), i;

	if (len <= n + m || strncmp(s, prefix, n) || strcmp(s + len - m, suffix))
		return false;
	for (i = n; i < len - m; i++)
		if (!isdigit(s[i]))
			return false;
	return true;
}

/* The description node @np: every node and property as the binding has them */
int dts_pmu_check_shape(struct dts_parse *ps, const struct device_node *np)
{
	static const struct dts_node_shape pmu = { "pmu", dts_pmu_props, dts_pmu_nodes };
	const char *compat[3], *platform;
	int rc, n;

	rc = dts_check_node(ps, np, &pmu);
	if (rc)
		return rc;
	if (!of_find_property(np, "reg", NULL))
		return dts_bad(ps, np, "missing property reg");
	n = of_property_read_string_array(np, "compatible", compat, ARRAY_SIZE(compat));
	if (!of_property_read_string(np, "platform", &platform) &&
	    !dts_generation_ok(platform, "power", ""))
		return dts_bad(ps, np, "platform \"%s\" is not power<N>", platform);
	/* skiboot's pmu_dts node: the generation is told by platform alone */
	if (n == 1 && !strcmp(compat[0], "ibm,power-pmu") &&
	    of_property_present(np, "platform"))
		ps->forms |= BIT(DTS_FORM_GENERIC_COMPAT);
	else if (n != 2 || !dts_generation_ok(compat[0], "ibm,power", "-pmu") ||
		 strcmp(compat[1], "ibm,power-pmu"))
		return dts_bad(ps, np, "compatible is not \"ibm,power<N>-pmu\", \"ibm,power-pmu\"");
	return 0;
}
