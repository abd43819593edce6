// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading the properties of an "ibm,power-pmu" description, and the one
 * error it reports.  The reader is a verifier: every property is type-
 * and range-checked as it is read, and the first failure is recorded
 * with the node and property it names; nothing of a refused description
 * is kept.  The files above this one read the description's parts.
 */

#define pr_fmt(fmt)	"dts-pmu: " fmt

#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/string.h>

#include "dts_pmu.h"

/* Record the first error, naming @np; returns -EINVAL */
int dts_bad(struct dts_parse *ps, const struct device_node *np, const char *fmt, ...)
{
	int n = 0;
	va_list args;

	if (ps->err[0])
		return -EINVAL;		/* keep the first error */
	if (np)
		n = scnprintf(ps->err, sizeof(ps->err), "%pOF: ", np);
	va_start(args, fmt);
	vscnprintf(ps->err + n, sizeof(ps->err) - n, fmt, args);
	va_end(args);
	return -EINVAL;
}

int dts_get_u32(struct dts_parse *ps, const struct device_node *np,
		const char *name, u32 *val, u32 min, u32 max, bool required)
{
	int len;

	if (!of_find_property(np, name, &len)) {
		if (required)
			return dts_bad(ps, np, "missing property %s", name);
		return -ENOENT;
	}
	if (len != sizeof(u32))
		return dts_bad(ps, np, "%s: %d bytes, expected one cell", name, len);
	of_property_read_u32(np, name, val);
	if (*val < min || *val > max)
		return dts_bad(ps, np, "%s = %u, outside %u..%u", name, *val, min, max);
	return 0;
}

/*
 * 64-bit values come in one of two cell forms, the same throughout a
 * description: <hi lo>, or skiboot's dt_add_property_u64s() form <0 hi 0
 * lo>.  A list in one form can read as a valid list in the other, so the
 * form is not guessed per property: it is the form of constraints/nc's
 * mask, and a value in the other form is refused (a single value may also
 * be one cell: dts_get_u64()).
 */
static int dts_cells(struct dts_parse *ps, const struct device_node *np,
		     const char *name, const __be32 *c, int len, u64 *vals, int max)
{
	int size = ps->pmu->four_cells ? 16 : 8, i, n;

	if (len <= 0 || len % size)
		return dts_bad(ps, np, "%s: %d bytes, not %s 64-bit values (the form of nc's mask)",
			       name, len, ps->pmu->four_cells ? "<0 hi 0 lo>" : "<hi lo>");
	n = len / size;
	if (n > max)
		return dts_bad(ps, np, "%s: %d values, at most %d", name, n, max);
	for (i = 0; i < n; i++, c += size / 4) {
		if (!ps->pmu->four_cells) {
			vals[i] = (u64)be32_to_cpup(c) << 32 | be32_to_cpup(c + 1);
			continue;
		}
		/* <0 hi 0 lo>: each half in the second cell of its pair */
		if (c[0] || c[2])
			return dts_bad(ps, np, "%s: four-cell value with a half over 32 bits",
				       name);
		vals[i] = (u64)be32_to_cpup(c + 1) << 32 | be32_to_cpup(c + 3);
	}
	return n;
}

/*
 * A 64-bit value, in the description's cell form, or in one cell: skiboot's
 * pmu_dts node gives a value whose high half is 0 that way (event codes,
 * event masks), and one cell read as one value is not ambiguous.
 */
int dts_get_u64(struct dts_parse *ps, const struct device_node *np,
		const char *name, u64 *val, bool required)
{
	const __be32 *c;
	int len, n;

	c = of_get_property(np, name, &len);
	if (!c) {
		if (required)
			return dts_bad(ps, np, "missing property %s", name);
		return -ENOENT;
	}
	if (len == sizeof(*c)) {
		*val = be32_to_cpup(c);
		ps->forms |= BIT(DTS_FORM_ONE_CELL);
		return 0;
	}
	n = dts_cells(ps, np, name, c, len, val, 1);
	return n < 0 ? n : 0;
}

/* A list of 64-bit values; returns the count */
int dts_get_u64_list(struct dts_parse *ps, const struct device_node *np,
		     const char *name, u64 *vals, int max)
{
	const __be32 *c;
	int len;

	c = of_get_property(np, name, &len);
	if (!c)
		return dts_bad(ps, np, "missing property %s", name);
	return dts_cells(ps, np, name, c, len, vals, max);
}

int dts_get_string(struct dts_parse *ps, const struct device_node *np,
		   const char *name, const char **str, bool required)
{
	int len;
	const char *s = of_get_property(np, name, &len);

	if (!s) {
		if (required)
			return dts_bad(ps, np, "missing property %s", name);
		return -ENOENT;
	}
	if (len < 1 || strnlen(s, len) != len - 1)
		return dts_bad(ps, np, "%s: not a single string", name);
	*str = s;
	return 0;
}

bool dts_name_ok(const char *s, size_t max)
{
	size_t len = strlen(s);

	return len > 0 && len < max;
}

/* Every character of @s after the first alphanumeric or in @extra */
static bool dts_name_rest(const char *s, const char *extra)
{
	for (s++; *s; s++)
		if (!isalnum(*s) && !strchr(extra, *s))
			return false;
	return true;
}

/* Does @name match @pat, a name or a DTS_PAT_* pattern? */
bool dts_name_matches(const char *name, const char *pat)
{
	if (pat[0] != '=')
		return !strcmp(name, pat);
	if (!strcmp(pat, DTS_PAT_FIELD))
		return isalpha(name[0]) && dts_name_rest(name, "_");
	if (!strcmp(pat, DTS_PAT_EVENT))
		return isalnum(name[0]) && dts_name_rest(name, "_.-");
	if (!strcmp(pat, DTS_PAT_LOWER)) {
		if (!islower(*name) && !isdigit(*name))
			return false;
		for (; *name; name++)
			if (!islower(*name) && !isdigit(*name) && *name != '-')
				return false;
		return true;
	}
	if (!strcmp(pat, DTS_PAT_PMC))
		return strlen(name) == 4 && !strncmp(name, "pmc", 3) &&
		       name[3] >= '1' && name[3] <= '6';
	if (!strcmp(pat, DTS_PAT_MMCR))
		return strlen(name) == 5 && !strncmp(name, "mmcr", 4) &&
		       strchr("0123a", name[4]);
	/* DTS_PAT_RESTR */
	return strlen(name) == 21 && !strncmp(name, "restricted-counters-", 20) &&
	       name[20] >= '1' && name[20] <= '6';
}

/* Is @np a node the parser reads as a @pat (a DTS_PAT_* pattern)? */
bool dts_node_is(const struct device_node *np, const char *pat)
{
	return dts_name_matches(of_node_full_name(np), pat);
}
