// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading the named parts of an "ibm,power-pmu" description: the sysfs
 * format strings, the events (and from them the generic events), the
 * cache event map, the BHRB filters and the events refused by PVR.
 */

#define pr_fmt(fmt)	"dts-pmu: " fmt

#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "dts_pmu.h"

/* perf's generic hardware events, by the names sysfs events/ uses */
const char * const dts_generic_names[DTS_PMU_NR_GENERIC] = {
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

const char * const dts_cache_names[PERF_COUNT_HW_CACHE_MAX] = {
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

const char * const dts_branch_names[DTS_BR_MAX] = {
	[DTS_BR_ANY]		= "any",
	[DTS_BR_ANY_RETURN]	= "any-return",
	[DTS_BR_IND_CALL]	= "ind-call",
	[DTS_BR_COND]		= "cond",
	[DTS_BR_CALL]		= "call",
	[DTS_BR_ANY_CALL]	= "any-call",
};

const u64 dts_branch_types[DTS_BR_MAX] = {
	[DTS_BR_ANY]		= PERF_SAMPLE_BRANCH_ANY,
	[DTS_BR_ANY_RETURN]	= PERF_SAMPLE_BRANCH_ANY_RETURN,
	[DTS_BR_IND_CALL]	= PERF_SAMPLE_BRANCH_IND_CALL,
	[DTS_BR_COND]		= PERF_SAMPLE_BRANCH_COND,
	[DTS_BR_CALL]		= PERF_SAMPLE_BRANCH_CALL,
	[DTS_BR_ANY_CALL]	= PERF_SAMPLE_BRANCH_ANY_CALL,
};

/*
 * A bit number of a format range: one or two decimal digits, no leading
 * zero, at most 63 (the binding's pattern)
 */
static const char *dts_format_bit(const char *s, unsigned int *bit)
{
	unsigned int n = 0, i;

	for (i = 0; i < 2 && isdigit(s[i]); i++)
		n = n * 10 + s[i] - '0';
	if (!i || isdigit(s[i]) || n > 63 || (i == 2 && s[0] == '0'))
		return NULL;
	*bit = n;
	return s + i;
}

/*
 * One format/ attribute, "configN:lo-hi" or "configN:bit", as perf reads
 * it into a 64-bit mask of attr.config (N empty) or attr.config1 (N 1),
 * the two words core-book3s hands a backend.
 */
static int dts_parse_format_spec(struct dts_parse *ps, const struct device_node *np,
				 const char *spec)
{
	unsigned int lo, hi;
	const char *s;

	if (!strncmp(spec, "config1:", 8))
		s = spec + 8;
	else if (!strncmp(spec, "config:", 7))
		s = spec + 7;
	else
		return dts_bad(ps, np,
			       "format-fields: \"%s\" does not start with config: or config1:",
			       spec);
	s = dts_format_bit(s, &lo);
	hi = lo;
	if (s && *s == '-')
		s = dts_format_bit(s + 1, &hi);
	if (!s || *s || lo > hi)
		return dts_bad(ps, np, "format-fields: \"%s\" is not configN:lo-hi inside 0..63",
			       spec);
	return 0;
}

int dts_parse_format(struct dts_parse *ps, const struct device_node *np)
{
	int n = of_property_count_strings(np, "format-names");
	int m = of_property_count_strings(np, "format-fields");
	const char *name, *spec;
	int i, j, rc;

	if (n == -EINVAL && m == -EINVAL)
		return 0;
	if (n <= 0 || m != n)
		return dts_bad(ps, np, "format-names (%d) and format-fields (%d) differ in length",
			   n, m);
	if (n > DTS_PMU_MAX_FORMATS)
		return dts_bad(ps, np, "format-names: %d formats, at most %d", n,
			       DTS_PMU_MAX_FORMATS);
	ps->fmt_names = kcalloc(n, sizeof(*ps->fmt_names), GFP_KERNEL);
	ps->fmt_specs = kcalloc(n, sizeof(*ps->fmt_specs), GFP_KERNEL);
	if (!ps->fmt_names || !ps->fmt_specs)
		return -ENOMEM;

	for (i = 0; i < n; i++) {
		of_property_read_string_index(np, "format-names", i, &name);
		of_property_read_string_index(np, "format-fields", i, &spec);
		if (!dts_name_ok(name, DTS_PMU_NAME_LEN) ||
		    strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(name))
			return dts_bad(ps, np, "format-names: \"%s\" is not a format name", name);
		for (j = 0; j < i; j++)
			if (!strcmp(name, ps->fmt_names[j]))
				return dts_bad(ps, np, "format-names: \"%s\" twice", name);
		rc = dts_parse_format_spec(ps, np, spec);
		if (rc)
			return rc;
		/* the tree may live in init memory (the built-in blob): copy */
		ps->fmt_specs[i] = kstrdup(spec, GFP_KERNEL);
		ps->fmt_names[i] = kstrdup(name, GFP_KERNEL);
		ps->nr_formats = i + 1;
		if (!ps->fmt_specs[i] || !ps->fmt_names[i])
			return -ENOMEM;
	}
	return 0;
}

static int dts_name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char * const *)a, *(const char * const *)b);
}

int dts_parse_events(struct dts_parse *ps, const struct device_node *pmu_np)
{
	struct device_node *en, *np;
	const char **sorted = NULL;
	unsigned int n, i, g;
	int rc = 0;
	u64 code;

	en = of_get_child_by_name(pmu_np, "events");
	if (!en)
		return dts_bad(ps, pmu_np, "missing node events");

	n = of_get_child_count(en);
	if (!n || n > DTS_PMU_MAX_EVENTS) {
		rc = dts_bad(ps, en, "%u events, expected 1..%u", n, DTS_PMU_MAX_EVENTS);
		goto out;
	}
	ps->ev_names = kcalloc(n, sizeof(*ps->ev_names), GFP_KERNEL);
	ps->ev_codes = kcalloc(n, sizeof(*ps->ev_codes), GFP_KERNEL);
	sorted = kcalloc(n, sizeof(*sorted), GFP_KERNEL);
	if (!ps->ev_names || !ps->ev_codes || !sorted) {
		rc = -ENOMEM;
		goto out;
	}

	i = 0;
	for_each_child_of_node(en, np) {
		const char *name = kbasename(np->full_name);

		if (!dts_node_is(np, DTS_PAT_EVENT) || !of_device_is_available(np))
			continue;	/* not an event, or one firmware disabled */
		cond_resched();

		rc = dts_get_u64(ps, np, "event_code", &code, true);
		if (!rc && !code)
			rc = dts_bad(ps, np, "event_code is 0");
		if (!rc)
			rc = dts_check_code(ps, np, "event_code", code);
		if (!rc && !dts_name_ok(name, 64))
			rc = dts_bad(ps, np, "event name longer than 63 characters");
		for (g = 0; !rc && g < ARRAY_SIZE(dts_generic_names); g++) {
			if (strcmp(name, dts_generic_names[g]))
				continue;
			if (code > INT_MAX)
				rc = dts_bad(ps, np, "a generic event code must fit 31 bits");
			else
				rc = dts_check_hidden(ps, np, "generic event", code);
			ps->pmu->generic[g] = code;
		}
		if (!rc) {
			/* the tree may live in init memory (the built-in blob): copy */
			ps->ev_names[i] = kstrdup(name, GFP_KERNEL);
			if (!ps->ev_names[i])
				rc = -ENOMEM;
		}
		if (rc) {
			of_node_put(np);
			goto out;
		}
		ps->ev_codes[i] = code;
		sorted[i] = ps->ev_names[i];
		ps->nr_events = ++i;
	}

	if (!ps->nr_events) {
		rc = dts_bad(ps, en, "no event");
		goto out;
	}
	/* names are sysfs files: each once */
	n = ps->nr_events;
	sort(sorted, n, sizeof(*sorted), dts_name_cmp, NULL);
	for (i = 1; i < n; i++)
		if (!strcmp(sorted[i - 1], sorted[i])) {
			rc = dts_bad(ps, en, "event %s twice", sorted[i]);
			break;
		}
out:
	kfree(sorted);
	of_node_put(en);
	return rc;
}

int dts_parse_cache_events(struct dts_parse *ps, const struct device_node *pmu_np)
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
			n = dts_get_u64_list(ps, np, dts_cache_op_names[o], v, 2);
			if (n >= 0 && n != 2)
				rc = dts_bad(ps, np, "%s: expected <access miss>",
					     dts_cache_op_names[o]);
			else if (n < 0)
				rc = n;
			if (rc)
				break;
			for (n = 0; n < 2 && !rc; n++) {
				if (v[n] && v[n] != ~0ULL)
					rc = dts_check_code(ps, np, dts_cache_op_names[o], v[n]) ?:
					     dts_check_hidden(ps, np, dts_cache_op_names[o], v[n]);
				ps->pmu->cache[c][o][n] = v[n];
			}
		}
		of_node_put(np);
	}
	of_node_put(cn);
	return rc;
}

int dts_parse_bhrb(struct dts_parse *ps, const struct device_node *pmu_np)
{
	struct dts_pmu *p = ps->pmu;
	struct device_node *np;
	const char *s;
	unsigned int i;
	int rc, n, k;
	u32 v;

	for (i = 0; i < DTS_BR_MAX; i++)
		p->bhrb_ifm[i] = DTS_BHRB_UNSUPPORTED;
	np = of_get_child_by_name(pmu_np, "bhrb");
	if (!np)
		return 0;
	rc = dts_get_u32(ps, np, "nr", &p->bhrb_nr, 0, DTS_BHRB_MAX_ENTRIES, true);
	for (i = 0; i < DTS_BR_MAX && !rc; i++) {
		rc = dts_get_u32(ps, np, dts_branch_names[i], &v, 0, 3, false);
		if (!rc)
			p->bhrb_ifm[i] = v;
		else if (rc == -ENOENT)
			rc = 0;
	}
	/* filters the hardware neither implements nor refuses */
	n = of_property_count_strings(np, "ignored");
	if (!rc && n < 0 && n != -EINVAL)
		rc = dts_bad(ps, np, "ignored: not a list of strings");
	for (k = 0; k < n && !rc; k++) {
		of_property_read_string_index(np, "ignored", k, &s);
		for (i = 0; i < DTS_BR_MAX; i++)
			if (!strcmp(s, dts_branch_names[i]))
				break;
		if (i == DTS_BR_MAX)
			rc = dts_bad(ps, np, "ignored: \"%s\" is not a branch filter", s);
		else if (p->bhrb_ifm[i] != DTS_BHRB_UNSUPPORTED)
			rc = dts_bad(ps, np, "filter %s has a mode and is ignored", s);
		else
			p->bhrb_ifm[i] = DTS_BHRB_IGNORED;
	}
	if (!rc && p->bhrb_nr && p->role[DTS_ROLE_IFM] == DTS_PMU_NO_FIELD)
		rc = dts_bad(ps, np, "BHRB described but no IFM field");
	of_node_put(np);
	return rc;
}

/* denied-events { <set> { pvr-mask; pvr-value; event-codes; }; } */
int dts_parse_denied(struct dts_parse *ps, const struct device_node *pmu_np)
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

		if (!dts_node_is(np, DTS_PAT_LOWER))
			continue;	/* ignored */
		if (p->nr_deny == DTS_PMU_MAX_DENY_SETS) {
			rc = dts_bad(ps, dn, "more than %d sets", DTS_PMU_MAX_DENY_SETS);
		} else {
			rc = dts_get_u32(ps, np, "pvr-mask", &d->pvr_mask, 1, U32_MAX, true);
			if (!rc)
				rc = dts_get_u32(ps, np, "pvr-value", &d->pvr_value, 0,
						 U32_MAX, true);
			if (!rc && (d->pvr_value & ~d->pvr_mask))
				rc = dts_bad(ps, np, "pvr-value 0x%x outside pvr-mask 0x%x",
					     d->pvr_value, d->pvr_mask);
		}
		n = rc ? rc : dts_get_u64_list(ps, np, "event-codes", codes, DTS_PMU_MAX_DENIED);
		for (i = 0; i < n; i++) {
			/* core-book3s keeps them as int */
			if (!codes[i] || codes[i] > INT_MAX) {
				rc = dts_bad(ps, np, "event-codes: 0x%llx is not a 31-bit code",
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
const struct dts_pmu_deny *dts_denied(const struct dts_pmu *p, u32 pvr)
{
	unsigned int i;

	for (i = 0; i < p->nr_deny; i++)
		if ((pvr & p->deny[i].pvr_mask) == p->deny[i].pvr_value)
			return &p->deny[i];
	return NULL;
}

void dts_parse_free(struct dts_parse *ps)
{
	unsigned int i;

	for (i = 0; i < ps->nr_events; i++)
		kfree(ps->ev_names[i]);
	for (i = 0; i < ps->nr_formats; i++) {
		kfree(ps->fmt_names[i]);
		kfree(ps->fmt_specs[i]);
	}
	kfree(ps->ev_names);
	kfree(ps->ev_codes);
	kfree(ps->fmt_names);
	kfree(ps->fmt_specs);
	ps->ev_names = NULL;
	ps->ev_codes = NULL;
	ps->fmt_names = NULL;
	ps->fmt_specs = NULL;
	ps->nr_events = 0;
	ps->nr_formats = 0;
}
