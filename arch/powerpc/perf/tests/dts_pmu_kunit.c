// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for the device-tree described core PMU.  They build their
 * own compiled descriptions and never touch the registered one.
 *
 * dts_pmu_parser: the built-in descriptions parse into the expected
 * tables, which are the hand-coded backends' (and a firmware node applied
 * to the live tree compiles to the same); the verifier refuses each kind
 * of description the backend could not execute safely; every mutant of a
 * systematic corpus (each property deleted, lengthened, truncated, set out
 * of range) is rejected with a message naming the node and the property,
 * or accepted when the property is optional (a single 64-bit value cut to
 * one cell reads as that cell's value); skiboot's own pmu_dts node is read
 * in its forms and refused for its errors, and corrected, accepted.
 *
 * dts_pmu_equiv: on a POWER10 (ISA 3.1) or a POWER9, the compiled
 * description of that CPU, and on a POWER10 one for a CPU no kernel table
 * knows, give exactly what isa207_get_constraint() and the hand-coded
 * compute_mmcr give, for perf's JSON events, random codes and groups.
 */

#include <kunit/of.h>
#include <kunit/test.h>
#include <linux/libfdt.h>
#include <linux/moduleparam.h>
#include <linux/of.h>
#include <linux/perf_event.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <asm/cputable.h>
#include <asm/reg.h>

#include "../isa207-common.h"	/* and internal.h */
#include "../dts_pmu.h"
#include "dts_pmu_kunit.h"

/*
 * The description the test callbacks below read: a struct power_pmu's
 * callbacks take no PMU argument, so a test instance needs its own.
 */
static const struct dts_pmu *dts_test_p;

static int dts_test_get_constraint(u64 event, unsigned long *maskp, unsigned long *valp,
				   u64 config1)
{
	return dts_constraint(dts_test_p, event, maskp, valp, config1);
}

static int dts_test_compute_mmcr(u64 event[], int n_ev, unsigned int hwc[],
				 struct mmcr_regs *mmcr, struct perf_event *pevents[],
				 u32 flags)
{
	return dts_mmcrs(dts_test_p, event, n_ev, hwc, mmcr, pevents);
}

static int dts_test_get_alternatives(u64 event, unsigned int flags, u64 alt[])
{
	return dts_alternatives(dts_test_p, event, flags, alt);
}

static u64 dts_test_bhrb_filter_map(u64 branch_sample_type)
{
	return dts_bhrb_map(dts_test_p, branch_sample_type);
}

static int dts_test_decode_event(struct perf_event *event)
{
	struct dts_event *e = dts_event_decode(dts_test_p, event, event->hw.config,
					       event->hw.event_base, GFP_KERNEL);

	if (IS_ERR(e))
		return PTR_ERR(e);
	event->pmu_private = e;
	return 0;
}

/* Fill @pp for @p, driven by the test callbacks (the one @p at a time) */
void dts_test_fill_power_pmu(const struct dts_pmu *p, struct power_pmu *pp)
{
	dts_fill_power_pmu(p, pp);
	pp->get_constraint = dts_test_get_constraint;
	pp->compute_mmcr = dts_test_compute_mmcr;
	pp->get_alternatives = dts_test_get_alternatives;
	pp->decode_event = dts_test_decode_event;
	if (pp->bhrb_filter_map)
		pp->bhrb_filter_map = dts_test_bhrb_filter_map;
	dts_test_p = p;
}

/* A struct power_pmu for @p, driven by the test callbacks */
static struct power_pmu *dts_test_power_pmu(struct kunit *test, const struct dts_pmu *p)
{
	struct power_pmu *pp = kunit_kzalloc(test, sizeof(*pp), GFP_KERNEL);

	if (pp)
		dts_test_fill_power_pmu(p, pp);
	return pp;
}

/* Parse the @platform node of a flattened tree into @p; @ps keeps nothing */
static int dts_test_parse(const void *blob, const char *platform, struct dts_parse *ps,
			  struct dts_pmu *p)
{
	int rc;

	memset(ps, 0, sizeof(*ps));
	rc = dts_pmu_parse_fdt(ps, p, blob, platform);
	if (!rc)
		dts_parse_free(ps);
	return rc;
}

/* Proves: the built-in POWER10 description parses into the expected tables. */
static void __init dts_test_builtin_parses(struct kunit *test)
{
	struct dts_parse *ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	struct dts_pmu *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ps);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_EQ_MSG(test, dts_test_parse(__dtb_dts_pmu_power10_begin, "power10", ps, p),
			    0, "%s", ps->err);
	KUNIT_EXPECT_STREQ(test, p->name, "POWER10");
	KUNIT_EXPECT_EQ(test, p->nr_pmc, 6);
	KUNIT_EXPECT_EQ(test, p->max_counter, 6);
	KUNIT_EXPECT_EQ(test, p->programmable, 0x1e);
	KUNIT_EXPECT_EQ(test, p->nc_limit, 4);
	KUNIT_EXPECT_EQ(test, p->restricted[5][0], 0x500fa);
	KUNIT_EXPECT_EQ(test, p->restricted[6][0], 0x600f4);
	KUNIT_EXPECT_EQ(test, p->generic[PERF_COUNT_HW_CPU_CYCLES], 0x600f4);
	KUNIT_EXPECT_EQ(test, p->generic[PERF_COUNT_HW_BRANCH_MISSES], 0x3e098);
	KUNIT_EXPECT_EQ(test, p->nr_alt, 2);
	KUNIT_EXPECT_EQ(test, p->bhrb_nr, 32);
	KUNIT_EXPECT_EQ(test, p->mmcrs, 0x1f);
	KUNIT_EXPECT_EQ(test, p->nr_deny, 0);
	KUNIT_EXPECT_EQ(test, p->code_mask, p10_EVENT_VALID_MASK);

	KUNIT_ASSERT_EQ_MSG(test, dts_test_parse(__dtb_dts_pmu_power9_begin, "power9", ps, p),
			    0, "%s", ps->err);
	KUNIT_EXPECT_STREQ(test, p->name, "POWER9");
	KUNIT_EXPECT_EQ(test, p->programmable, 0x1e);
	KUNIT_EXPECT_EQ(test, p->mmcrs, 0x17);		/* no MMCR3 */
	KUNIT_EXPECT_EQ(test, p->generic[PERF_COUNT_HW_CPU_CYCLES], 0x1e);
	KUNIT_EXPECT_EQ(test, p->generic[PERF_COUNT_HW_STALLED_CYCLES_BACKEND], 0x1e054);
	KUNIT_EXPECT_EQ(test, p->nr_alt, 5);
	KUNIT_EXPECT_EQ(test, p->nr_deny, 2);
	KUNIT_EXPECT_EQ(test, p->group_mask, BIT_ULL(54));
	/* the bits isa207 accepts in a POWER9 code */
	KUNIT_EXPECT_EQ(test, p->code_mask, p9_EVENT_VALID_MASK);
}

/* The mutations of the corpus */
enum { MUT_DELETE, MUT_LONGER, MUT_SHORTER, MUT_HUGE, MUT_NR };
static const char * const dts_mut_names[MUT_NR] = {
	"deleted", "4 bytes longer", "truncated", "0xffffffff",
};

/* Properties the parser does not read: deleting them is accepted. */
static const char * const dts_ignored_props[] = {
	"description", "event-category", "event-class", "privilege", "event",
	"status", "pmu-version",
};

/* Optional properties: deleting them leaves a valid description. */
static const char * const dts_optional_props[] = {
	"condition", "default-value", "event-shift", "restricted-counters-too",
	"limit", "group-constraint-mask",
	"group-constraint-value", "read", "write", "prefetch", "any",
	"any-return", "ind-call", "cond", "call", "any-call", "ignored",
	"siar-privilege", "reserved-sample-value", "increment",
};

/*
 * Mutants whose outcome the rules above do not predict, with the message
 * they must produce ("" = accepted).
 */
static const struct {
	const char *node;
	const char *prop;
	int mut;
	const char *msg;
	const char *platform;		/* NULL: both descriptions */
} dts_mut_exceptions[] = {
	/* selecting the node: no node, no parse, no message */
	{ "pmu_dts@0", "compatible", -1, NULL },
	{ "pmu_dts@0", "platform", -1, NULL },
	/* THRESH_CMP without config = <1> lands on config bits 0-17 */
	{ "THRESH_CMP", "config", MUT_DELETE, "overlaps another field" },
	/* without its encoding THRESH_CMP is 18 bits, its target 11 */
	{ "THRESH_CMP", "encoding", MUT_DELETE, "not 18 bits wide" },
	/* sampling fields placed for events the sample rule does not hold */
	{ "RAND_SAMP_MODE", "condition", MUT_DELETE, "no rule keeps it equal in a group" },
	{ "RAND_SAMP_ELIG", "condition", MUT_DELETE, "no rule keeps it equal in a group" },
	{ "sample", "event-shift", MUT_DELETE, "no rule keeps it equal in a group" },
	/* the BHRB filter of every event, not only BHRB ones */
	{ "IFM", "condition", MUT_DELETE, "field IFM: condition must be 4" },
	/* the threshold compare rule is still a valid rule unencoded */
	{ "thresh-cmp", "encoding", MUT_DELETE, "" },
	{ "thresh-cmp", "config", MUT_DELETE, "" },
	/* the value without the mask it must lie inside */
	{ "grouping", "group-constraint-mask", MUT_DELETE, "outside the mask" },
	/* every PVR bit compared: a valid set that matches no real CPU */
	{ NULL, "pvr-mask", MUT_HUGE, "" },
	/* the node's index under /pmus: any value */
	{ "pmu_dts@0", "reg", MUT_HUGE, "" },
};

static bool dts_in(const char *s, const char * const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(s, list[i]))
			return true;
	return false;
}

/* Expected message for a mutant: NULL = rejected without a parse, "" = accepted */
static const char *dts_mut_expect(const char *platform, const char *node, const char *prop,
				  int mut, bool *exception)
{
	size_t i;

	*exception = true;
	for (i = 0; i < ARRAY_SIZE(dts_mut_exceptions); i++) {
		if (dts_mut_exceptions[i].platform &&
		    strcmp(dts_mut_exceptions[i].platform, platform))
			continue;
		if (dts_mut_exceptions[i].node && strcmp(dts_mut_exceptions[i].node, node))
			continue;
		if (strcmp(dts_mut_exceptions[i].prop, prop))
			continue;
		if (dts_mut_exceptions[i].mut >= 0 && dts_mut_exceptions[i].mut != mut)
			continue;
		return dts_mut_exceptions[i].msg;
	}
	*exception = false;
	/* a property the parser does not read keeps the binding's shape */
	if (dts_in(prop, dts_ignored_props, ARRAY_SIZE(dts_ignored_props)))
		return mut == MUT_DELETE ? "" : prop;
	if (mut == MUT_DELETE &&
	    dts_in(prop, dts_optional_props, ARRAY_SIZE(dts_optional_props)))
		return "";
	return prop;
}

struct dts_corpus {
	unsigned int cases;
	unsigned int rejected;
	unsigned int accepted;
};

/* One more case of @c, refused if @rc */
static void dts_corpus_count(struct dts_corpus *c, int rc)
{
	c->cases++;
	if (rc)
		c->rejected++;
	else
		c->accepted++;
}

/* Single 64-bit values: one cell of them is read as the value it holds */
static const char * const dts_one_cell_props[] = {
	"event_code", "event-mask", "constraint-mask", "mask", "group-constraint-mask",
	"group-constraint-value",
};

/*
 * The <hi lo> value of @prop of node @node_off cut to its first cell, as
 * skiboot's pmu_dts node writes a value whose high half is 0: the parse must end
 * as it does with <0 hi>, the same value in two cells (same error, or the
 * same tables).
 */
static void __init dts_run_one_cell(struct kunit *test, const void *orig, const char *platform,
				    void *buf, int bufsize, int node_off, const char *prop,
				    const u8 *val, struct dts_corpus *c, struct dts_parse *ps,
				    struct dts_pmu *p)
{
	struct dts_pmu *q = kunit_kzalloc(test, sizeof(*q), GFP_KERNEL);
	char *err = kunit_kzalloc(test, sizeof(ps->err), GFP_KERNEL);
	u8 two[8] = { 0 };
	int rc, rc2;

	KUNIT_ASSERT_TRUE(test, q && err);
	KUNIT_ASSERT_EQ(test, fdt_open_into(orig, buf, bufsize), 0);
	KUNIT_ASSERT_EQ(test, fdt_setprop(buf, node_off, prop, val, 4), 0);
	rc = dts_test_parse(buf, platform, ps, p);
	strscpy(err, ps->err, sizeof(ps->err));
	memcpy(two + 4, val, 4);
	KUNIT_ASSERT_EQ(test, fdt_open_into(orig, buf, bufsize), 0);
	KUNIT_ASSERT_EQ(test, fdt_setprop(buf, node_off, prop, two, 8), 0);
	rc2 = dts_test_parse(buf, platform, ps, q);
	dts_corpus_count(c, rc);
	KUNIT_EXPECT_EQ_MSG(test, rc, rc2, "%s/%s one cell: \"%s\", two cells: \"%s\"",
			    fdt_get_name(buf, node_off, NULL), prop, err, ps->err);
	if (rc)
		KUNIT_EXPECT_STREQ(test, err, ps->err);
	else
		KUNIT_EXPECT_EQ_MSG(test, memcmp(p, q, sizeof(*p)), 0,
				    "%s/%s one cell: other tables",
				    fdt_get_name(buf, node_off, NULL), prop);
	kunit_kfree(test, q);
	kunit_kfree(test, err);
}

static void __init dts_run_mutant(struct kunit *test, const void *orig, const char *platform,
				  void *buf, int bufsize, int node_off, const char *prop,
				  int mut, struct dts_corpus *c, struct dts_parse *ps,
				  struct dts_pmu *p)
{
	const char *node, *expect;
	const void *val;
	bool exception;
	u8 tmp[64];
	int len, rc;

	KUNIT_ASSERT_EQ(test, fdt_open_into(orig, buf, bufsize), 0);
	node = fdt_get_name(buf, node_off, NULL);
	val = fdt_getprop(buf, node_off, prop, &len);
	if (!val || len > (int)sizeof(tmp) - 4)
		return;
	memcpy(tmp, val, len);

	switch (mut) {
	case MUT_DELETE:
		rc = fdt_delprop(buf, node_off, prop);
		break;
	case MUT_LONGER:
		memset(tmp + len, 0xff, 4);
		rc = fdt_setprop(buf, node_off, prop, tmp, len + 4);
		break;
	case MUT_SHORTER:
		if (!len)
			return;
		if (len == 8 && dts_in(prop, dts_one_cell_props, ARRAY_SIZE(dts_one_cell_props))) {
			dts_run_one_cell(test, orig, platform, buf, bufsize, node_off, prop, tmp,
					 c, ps, p);
			return;
		}
		rc = fdt_setprop(buf, node_off, prop, tmp, len / 2);
		break;
	default:
		if (len != 4)
			return;
		memset(tmp, 0xff, 4);
		rc = fdt_setprop(buf, node_off, prop, tmp, 4);
		break;
	}
	KUNIT_ASSERT_EQ(test, rc, 0);

	expect = dts_mut_expect(platform, node, prop, mut, &exception);
	rc = dts_test_parse(buf, platform, ps, p);
	dts_corpus_count(c, rc);

	if (expect && !*expect) {
		KUNIT_EXPECT_EQ_MSG(test, rc, 0, "%s/%s %s: rejected: %s", node, prop,
				    dts_mut_names[mut], ps->err);
		return;
	}
	KUNIT_EXPECT_NE_MSG(test, rc, 0, "%s/%s %s: accepted", node, prop,
			    dts_mut_names[mut]);
	if (!expect || !rc)
		return;
	/* one message, naming the node and saying what was wrong */
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(ps->err, expect),
				  "%s/%s %s: message \"%s\" lacks \"%s\"", node, prop,
				  dts_mut_names[mut], ps->err, expect);
	if (!exception)
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(ps->err, node),
					  "%s/%s %s: message \"%s\" does not name the node",
					  node, prop, dts_mut_names[mut], ps->err);
}

/* Every mutant of every property of the description @orig */
static void __init dts_test_corpus_of(struct kunit *test, const void *orig,
				      const char *platform, struct dts_corpus *c)
{
	int bufsize, node, depth = 0, prop, mut, pmu_depth = -1;
	struct dts_parse *ps;
	struct dts_pmu *p;
	void *buf;

	bufsize = fdt_totalsize(orig) + 1024;
	buf = kunit_kzalloc(test, bufsize, GFP_KERNEL);
	ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, ps);
	KUNIT_ASSERT_NOT_NULL(test, p);

	/* offsets are stable: every mutant starts from a fresh copy */
	for (node = fdt_next_node(orig, -1, &depth); node >= 0;
	     node = fdt_next_node(orig, node, &depth)) {
		const char *name = fdt_get_name(orig, node, NULL);

		if (!strcmp(name, "pmu_dts@0"))
			pmu_depth = depth;
		else if (pmu_depth < 0 || depth <= pmu_depth)
			continue;

		fdt_for_each_property_offset(prop, orig, node) {
			const char *pname;

			fdt_getprop_by_offset(orig, prop, &pname, NULL);
			for (mut = 0; mut < MUT_NR; mut++) {
				char name_copy[64];

				strscpy(name_copy, pname, sizeof(name_copy));
				dts_run_mutant(test, orig, platform, buf, bufsize, node,
					       name_copy, mut, c, ps, p);
			}
		}
	}
}

/*
 * Proves: every property of the POWER10 and POWER9 descriptions, deleted,
 * made 4 bytes longer, truncated to half or (one-cell values) set to
 * 0xffffffff, is rejected with a message naming its node and itself, or
 * accepted when the parser does not need it; a single 64-bit value cut to
 * its first cell is read as that cell's value; nothing crashes or leaks.
 */
static void __init dts_test_malformed_corpus(struct kunit *test)
{
	struct dts_corpus c10 = { }, c9 = { };

	dts_test_corpus_of(test, __dtb_dts_pmu_power10_begin, "power10", &c10);
	dts_test_corpus_of(test, __dtb_dts_pmu_power9_begin, "power9", &c9);
	kunit_info(test, "malformed corpus power10: %u cases, %u rejected, %u accepted\n",
		   c10.cases, c10.rejected, c10.accepted);
	kunit_info(test, "malformed corpus power9: %u cases, %u rejected, %u accepted\n",
		   c9.cases, c9.rejected, c9.accepted);
	kunit_info(test, "malformed corpus: %u cases, %u rejected, %u accepted\n",
		   c10.cases + c9.cases, c10.rejected + c9.rejected,
		   c10.accepted + c9.accepted);
	KUNIT_EXPECT_GE(test, c10.rejected, 200);
	KUNIT_EXPECT_GE(test, c9.rejected, 200);
}

/*
 * Parse the power10 node firmware would provide in the live tree; @ps
 * keeps its events and formats (dts_parse_free()).
 */
static int __init dts_test_parse_live(struct kunit *test, struct dts_parse *ps,
				      struct dts_pmu *p)
{
	struct device_node *np = dts_find_node(of_root, "power10");
	int rc;

	KUNIT_ASSERT_NOT_NULL(test, np);
	rc = dts_pmu_parse(ps, p, np);
	of_node_put(np);
	return rc;
}

static bool __init dts_test_live_pmus(void)
{
	struct device_node *np = of_find_node_by_path("/pmus");

	of_node_put(np);
	return np;
}

/* The verifier's rules: one mutant of the POWER10 description each */
enum {
	VM_NR_PMC_7, VM_NC_LIMIT, VM_MMCR0, VM_MMCR2_FREEZE, VM_BHRBRD, VM_SDAR_PER_PMC,
	VM_PMC_FIELD_COND, VM_EBB_RENAMED, VM_NO_EBB_FIELD, VM_CELL_FORMS, VM_RULE_TWICE,
	VM_FIELD_TWICE,
	/* accepted before the rules below (each a class a review found) */
	VM_MAX_COUNTER, VM_FORMAT_HUGE, VM_FORMAT_CONFIG2, VM_GROUP_COUNTERS,
	VM_SDAR_MOVED, VM_THRESH_SWAPPED, VM_IFM_ALWAYS, VM_PMC_DISABLED, VM_CONFIG2,
	VM_FORMAT_MANY, VM_MANY_CHILDREN, VM_UNIT_ADDRESS, VM_NO_SAMPLE_RULE,
	VM_GENERIC_RESERVED, VM_RULE_NAME_LONG, VM_NR
};

static const struct {
	const char *node;	/* the message names it */
	const char *msg;	/* and says this */
} dts_vmut[VM_NR] = {
	[VM_NR_PMC_7]		= { "pmu_dts@0", "nr_pmc = 7, outside 1..6" },
	[VM_NC_LIMIT]		= { "nc", "limit = 5, outside 1..4" },
	[VM_MMCR0]		= { "evt_code_format", "RADIX_SCOPE_QUAL: lands on MMCR0" },
	[VM_MMCR2_FREEZE]	= { "evt_code_format", "L2L3_SELECT: lands on the MMCR2 freeze" },
	[VM_BHRBRD]		= { "evt_code_format", "IC_RLD_QUAL: lands on MMCRA[BHRBRD]" },
	[VM_SDAR_PER_PMC]	= { "evt_code_format", "SDAR_MODE must be a shared mmcra field" },
	[VM_PMC_FIELD_COND]	= { "PMCxCOMB", "a per-counter field takes no encoding" },
	[VM_EBB_RENAMED]	= { "evt_code_format", "field EBBX: config bits 60-63" },
	[VM_NO_EBB_FIELD]	= { "evt_code_format", "field BHRB without field EBB" },
	[VM_CELL_FORMS]		= { "restricted-counters-5", "8 bytes, not <0 hi 0 lo>" },
	[VM_RULE_TWICE]		= { "threshold/sample", "a second rule named sample" },
	[VM_FIELD_TWICE]	= { "DC_RLD_QUAL", "node DC_RLD_QUAL twice" },
	[VM_MAX_COUNTER]	= { "pmc-constraints", "interrupt handler must scan all 6" },
	[VM_FORMAT_HUGE]	= { "pmu_dts@0", "\"config:0-4294967355\" is not configN:lo-hi" },
	[VM_FORMAT_CONFIG2]	= { "pmu_dts@0", "\"config2:0-3\" does not start with config:" },
	[VM_GROUP_COUNTERS]	= { "constraints", "mask 0x8000 covers the counter" },
	[VM_SDAR_MOVED]		= { "evt_code_format", "SDAR_MODE must be 2 bits" },
	[VM_THRESH_SWAPPED]	= { "evt_code_format", "STOP: lands on MMCRA[threshold start]" },
	[VM_IFM_ALWAYS]		= { "evt_code_format", "field IFM: condition must be 4" },
	[VM_PMC_DISABLED]	= { "pmc3", "cannot leave a PMU register out" },
	[VM_CONFIG2]		= { "THRESH_CMP", "config = 2, outside 0..1" },
	[VM_FORMAT_MANY]	= { "pmu_dts@0", "format-names: 65 formats, at most 64" },
	[VM_MANY_CHILDREN]	= { "sprs", "more than 64 child nodes" },
	[VM_UNIT_ADDRESS]	= { "nc@1", "a unit address on a node read by name" },
	[VM_NO_SAMPLE_RULE]	= { "constraints", "no rule keeps it equal in a group" },
	[VM_GENERIC_RESERVED]	= { "cache-references", "0x30100fc: a sampling or threshold" },
	[VM_RULE_NAME_LONG]	= { "threshold/thresh-cmp-named-beyond", "rule name too long" },
};

/* Node @node ("a/b", "" for the PMU node) of the POWER10 PMU in @fdt */
static int __init dts_test_off(const void *fdt, const char *node)
{
	char path[128];

	snprintf(path, sizeof(path), "/pmus/pmu_dts@0%s%s", *node ? "/" : "", node);
	return fdt_path_offset(fdt, path);
}

/* Apply mutant @m to @buf, a copy of the POWER10 description */
static int __init dts_test_vmutate(void *buf, unsigned int m)
{
	static const fdt32_t four_cell_mask[] = { 0, 0, 0, cpu_to_fdt32(0x8000) };
	int off, rc;

	switch (m) {
	case VM_NR_PMC_7:	/* a fixed PMC7, SPR 793: POWER9-11 lack it */
		rc = fdt_setprop_u32(buf, dts_test_off(buf, ""), "nr_pmc", 7);
		off = fdt_add_subnode(buf, dts_test_off(buf, "sprs/pmcs"), "pmc7");
		if (rc || off < 0)
			return rc ?: off;
		rc = fdt_setprop_u32(buf, off, "sprn", 793) ?:
		     fdt_setprop_u32(buf, off, "register-width", 32) ?:
		     fdt_setprop_u32(buf, off, "programmable", 0);
		off = fdt_add_subnode(buf, dts_test_off(buf, "constraints/pmc-constraints"),
				      "restricted-counters-7");
		if (rc || off < 0)
			return rc ?: off;
		rc = fdt_setprop_u32(buf, off, "pmc", 7) ?:
		     fdt_setprop_u32(buf, off, "valid-events", 0) ?:
		     fdt_appendprop_u32(buf, off, "valid-events", 0x700fa);
		/* the adder above PMC7's constraint bits, at free bits 27-30 */
		off = dts_test_off(buf, "constraints/nc");
		return rc ?: fdt_setprop_u32(buf, off, "shift", 27) ?:
		       fdt_setprop_u32(buf, off, "mask", 0) ?:
		       fdt_appendprop_u32(buf, off, "mask", 0x40000000);
	case VM_NC_LIMIT:	/* five events on four programmable counters */
		return fdt_setprop_u32(buf, dts_test_off(buf, "constraints/nc"), "limit", 5);
	case VM_MMCR0:
		return fdt_setprop_u32(buf, dts_test_off(buf, "evt_code_format/RADIX_SCOPE_QUAL"),
				       "mmcr", 0);
	case VM_MMCR2_FREEZE:	/* FC2WAIT..FC2H of PMC6 */
		off = dts_test_off(buf, "evt_code_format/L2L3_SELECT");
		return fdt_setprop_u32(buf, off, "target_fields", 10) ?:
		       fdt_appendprop_u32(buf, off, "target_fields", 14);
	case VM_BHRBRD:
		off = dts_test_off(buf, "evt_code_format/IC_RLD_QUAL");
		return fdt_setprop_u32(buf, off, "mmcr", 4) ?:
		       fdt_setprop_u32(buf, off, "target_fields", 37) ?:
		       fdt_appendprop_u32(buf, off, "target_fields", 37);
	case VM_SDAR_PER_PMC:	/* at free MMCRA bits 22-29 */
		off = dts_test_off(buf, "evt_code_format/SDAR_MODE");
		return fdt_delprop(buf, off, "target_fields") ?:
		       fdt_setprop_u32(buf, off, "target_field_base", 30) ?:
		       fdt_setprop_u32(buf, off, "target_field_shift", 2);
	case VM_PMC_FIELD_COND:
		return fdt_setprop_u32(buf, dts_test_off(buf, "evt_code_format/PMCxCOMB"),
				       "condition", 1);
	case VM_EBB_RENAMED:	/* bit 63 accepted, no EBB rules */
		return fdt_set_name(buf, dts_test_off(buf, "evt_code_format/EBB"), "EBBX");
	case VM_NO_EBB_FIELD:
		return fdt_del_node(buf, dts_test_off(buf, "evt_code_format/EBB"));
	case VM_CELL_FORMS:	/* nc's mask in four cells, the rest in two */
		return fdt_setprop(buf, dts_test_off(buf, "constraints/nc"), "mask",
				   four_cell_mask, sizeof(four_cell_mask));
	case VM_RULE_TWICE:
		return fdt_set_name(buf, dts_test_off(buf, "constraints/threshold/thresh-cmp"),
				    "sample");
	case VM_FIELD_TWICE:
		return fdt_set_name(buf, dts_test_off(buf, "evt_code_format/IC_RLD_QUAL"),
				    "DC_RLD_QUAL");
	case VM_MAX_COUNTER:	/* PMC5, PMC6 never read on an interrupt */
		return fdt_setprop_u32(buf, dts_test_off(buf, "constraints/pmc-constraints"),
				       "max-counter", 4);
	case VM_FORMAT_HUGE:	/* %u read it as 0-59 */
		off = dts_test_off(buf, "");
		return fdt_setprop_string(buf, off, "format-names", "event") ?:
		       fdt_setprop_string(buf, off, "format-fields", "config:0-4294967355");
	case VM_FORMAT_CONFIG2:	/* a word core-book3s never hands the backend */
		off = dts_test_off(buf, "");
		return fdt_setprop_string(buf, off, "format-names", "thresh_cmp") ?:
		       fdt_setprop_string(buf, off, "format-fields", "config2:0-3");
	case VM_GROUP_COUNTERS:	/* the adder's overflow bit */
		off = dts_test_off(buf, "constraints/grouping");
		return fdt_setprop_u64(buf, off, "group-constraint-mask", 0x8000) ?:
		       fdt_setprop_u64(buf, off, "group-constraint-value", 0);
	case VM_SDAR_MOVED:	/* to free MMCRA bits 40-41 */
		off = dts_test_off(buf, "evt_code_format/SDAR_MODE");
		return fdt_setprop_u32(buf, off, "target_fields", 40) ?:
		       fdt_appendprop_u32(buf, off, "target_fields", 41);
	case VM_THRESH_SWAPPED:	/* the reserved-value check reads the other */
		off = dts_test_off(buf, "evt_code_format/THRESH_STOP");
		rc = fdt_setprop_u32(buf, off, "target_fields", 12) ?:
		     fdt_appendprop_u32(buf, off, "target_fields", 15);
		off = dts_test_off(buf, "evt_code_format/THRESH_START");
		return rc ?: fdt_setprop_u32(buf, off, "target_fields", 8) ?:
		       fdt_appendprop_u32(buf, off, "target_fields", 11);
	case VM_IFM_ALWAYS:	/* any event would write the BHRB filter */
		return fdt_setprop_u32(buf, dts_test_off(buf, "evt_code_format/IFM"),
				       "condition", 0);
	case VM_PMC_DISABLED:
		return fdt_setprop_string(buf, dts_test_off(buf, "sprs/pmcs/pmc3"), "status",
					  "disabled");
	case VM_CONFIG2:	/* core-book3s passes config1 only */
		return fdt_setprop_u32(buf, dts_test_off(buf, "evt_code_format/THRESH_CMP"),
				       "config", 2);
	case VM_FORMAT_MANY: {	/* one sysfs file each, bounded */
		static char names[65 * 5] __initdata, specs[65 * 12] __initdata;
		int n = 0, m = 0, i;

		for (i = 0; i < 65; i++) {
			n += scnprintf(names + n, sizeof(names) - n, "f%d", i) + 1;
			m += scnprintf(specs + m, sizeof(specs) - m, "config:%d", i % 60) + 1;
		}
		off = dts_test_off(buf, "");
		return fdt_setprop(buf, off, "format-names", names, n) ?:
		       fdt_setprop(buf, off, "format-fields", specs, m);
	}
	case VM_UNIT_ADDRESS:	/* of_get_child_by_name() would find it */
		off = fdt_add_subnode(buf, dts_test_off(buf, "constraints"), "nc@1");
		return off < 0 ? off : fdt_setprop_u32(buf, off, "limit", 5);
	case VM_NO_SAMPLE_RULE:	/* two marked events' sample modes ORed */
		return fdt_del_node(buf, dts_test_off(buf, "constraints/sample"));
	case VM_GENERIC_RESERVED:	/* sampling mode 3: perf never checks it */
		return fdt_setprop_u64(buf, dts_test_off(buf, "events/cache-references"),
				       "event_code", 0x30100fc);
	case VM_RULE_NAME_LONG:	/* cut to 31 characters, it was kept */
		return fdt_set_name(buf, dts_test_off(buf, "constraints/threshold/thresh-cmp"),
				    "thresh-cmp-named-beyond-what-the-kernel-keeps");
	default: {		/* VM_MANY_CHILDREN: every walk is bounded */
		char name[16];
		int i;

		for (i = 0, rc = 0; i < 65 && !rc; i++) {
			snprintf(name, sizeof(name), "unknown%d", i);
			off = fdt_add_subnode(buf, dts_test_off(buf, "sprs"), name);
			rc = off < 0 ? off : 0;
		}
		return rc;
	}
	}
}

/* The 64-bit properties of the binding: <hi lo>, or <0 hi 0 lo> */
static const char * const dts_u64_props[] __initconst = {
	"event-mask", "constraint-mask", "mask", "group-constraint-mask",
	"group-constraint-value", "codes", "valid-events", "event_code", "read",
	"write", "prefetch", "event-codes",
};

/* Rewrite every 64-bit value of the description in @buf as <0 hi 0 lo> */
static int __init dts_test_four_cells(void *buf)
{
	int node, depth = 0, len, i, k, rc;
	const fdt32_t *v;
	fdt32_t *w;

	for (node = fdt_next_node(buf, -1, &depth); node >= 0;
	     node = fdt_next_node(buf, node, &depth)) {
		for (k = 0; k < ARRAY_SIZE(dts_u64_props); k++) {
			v = fdt_getprop(buf, node, dts_u64_props[k], &len);
			if (!v || len % 8)
				continue;
			w = kcalloc(len / 2, sizeof(*w), GFP_KERNEL);
			if (!w)
				return -ENOMEM;
			for (i = 0; i < len / 4; i++)
				w[2 * i + 1] = v[i];
			rc = fdt_setprop(buf, node, dts_u64_props[k], w, len * 2);
			kfree(w);
			if (rc)
				return rc;
		}
	}
	return 0;
}

/*
 * Parse @a and @b (the @platform node of each) and compare what the
 * kernel keeps: the compiled tables byte for byte, the events and formats.
 * 0 if equal; the parse error or -EDOM otherwise.
 */
static int __init dts_test_same_tables(struct kunit *test, const void *a, const void *b,
				       const char *platform)
{
	struct dts_parse *pa = kunit_kzalloc(test, sizeof(*pa), GFP_KERNEL);
	struct dts_parse *pb = kunit_kzalloc(test, sizeof(*pb), GFP_KERNEL);
	struct dts_pmu *ta = kunit_kzalloc(test, sizeof(*ta), GFP_KERNEL);
	struct dts_pmu *tb = kunit_kzalloc(test, sizeof(*tb), GFP_KERNEL);
	unsigned int i;
	int rc;

	KUNIT_ASSERT_TRUE(test, pa && pb && ta && tb);
	rc = dts_pmu_parse_fdt(pa, ta, a, platform);
	KUNIT_ASSERT_EQ_MSG(test, rc, 0, "%s", pa->err);
	rc = dts_pmu_parse_fdt(pb, tb, b, platform);
	if (rc) {
		kunit_info(test, "%s: %s\n", platform, pb->err);
		goto out;
	}
	/* the cell form is how the values came, not what they are */
	tb->four_cells = ta->four_cells;
	rc = memcmp(ta, tb, sizeof(*ta)) || pa->nr_events != pb->nr_events ||
	     pa->nr_formats != pb->nr_formats ? -EDOM : 0;
	for (i = 0; !rc && i < pa->nr_events; i++)
		if (pa->ev_codes[i] != pb->ev_codes[i] || strcmp(pa->ev_names[i], pb->ev_names[i]))
			rc = -EDOM;
	for (i = 0; !rc && i < pa->nr_formats; i++)
		if (strcmp(pa->fmt_names[i], pb->fmt_names[i]) ||
		    strcmp(pa->fmt_specs[i], pb->fmt_specs[i]))
			rc = -EDOM;
out:
	dts_parse_free(pa);
	dts_parse_free(pb);
	return rc;
}

/*
 * Proves: skiboot's four-cell form <0 hi 0 lo> of every 64-bit value of a
 * built-in description is read as the two-cell form is: the same
 * compiled tables, byte for byte, the same events and formats.
 */
static void __init dts_test_four_cell_form(struct kunit *test)
{
	static const char * const platforms[] __initconst = { "power10", "power9" };
	const u8 *blobs[] = { __dtb_dts_pmu_power10_begin, __dtb_dts_pmu_power9_begin };
	unsigned int i, equal = 0;

	for (i = 0; i < ARRAY_SIZE(blobs); i++) {
		int size = 2 * fdt_totalsize(blobs[i]);
		void *buf = kunit_kzalloc(test, size, GFP_KERNEL);
		int rc;

		KUNIT_ASSERT_NOT_NULL(test, buf);
		KUNIT_ASSERT_EQ(test, fdt_open_into(blobs[i], buf, size), 0);
		KUNIT_ASSERT_EQ(test, dts_test_four_cells(buf), 0);
		rc = dts_test_same_tables(test, blobs[i], buf, platforms[i]);
		KUNIT_EXPECT_EQ_MSG(test, rc, 0, "%s: four-cell copy", platforms[i]);
		equal += !rc;
	}
	kunit_info(test, "four-cell copies equal: %u of %zu\n", equal, ARRAY_SIZE(blobs));
}

/*
 * Proves: what the kernel does not read it ignores.  The POWER10
 * description with a property added to the PMU node, an unknown child
 * node (with an unreadable name) and a property on an event each parses
 * to the same tables as the description itself.
 */
static void __init dts_test_forward_compat(struct kunit *test)
{
	const void *orig = __dtb_dts_pmu_power10_begin;
	int size = fdt_totalsize(orig) + 1024, off, rc;
	void *buf = kunit_kzalloc(test, size, GFP_KERNEL);
	unsigned int i, same = 0;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < 3; i++) {
		KUNIT_ASSERT_EQ(test, fdt_open_into(orig, buf, size), 0);
		switch (i) {
		case 0:
			rc = fdt_setprop_u32(buf, dts_test_off(buf, ""), "ibm,pmu-future", 1);
			break;
		case 1:
			off = fdt_add_subnode(buf, dts_test_off(buf, ""), "future node\x07");
			rc = off < 0 ? off : fdt_setprop_string(buf, off, "what", "a later CPU's");
			break;
		default:
			rc = fdt_setprop_string(buf, dts_test_off(buf, "events/cpu-cycles"),
						"event-unit", "core");
			break;
		}
		KUNIT_ASSERT_EQ(test, rc, 0);
		rc = dts_test_same_tables(test, orig, buf, "power10");
		KUNIT_EXPECT_EQ_MSG(test, rc, 0, "forward compatibility case %u", i);
		same += !rc;
	}
	kunit_info(test, "forward compatibility: %u cases, %u with equal tables\n", i, same);
}

/*
 * Proves: a description's ISA 3.1 properties must agree with the CPU:
 * each built-in description is refused for a CPU of the other ISA level.
 */
static void __init dts_test_cpu_isa(struct kunit *test)
{
	struct dts_parse *ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	struct dts_pmu *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_TRUE(test, ps && p);
	KUNIT_ASSERT_EQ(test, dts_test_parse(__dtb_dts_pmu_power10_begin, "power10", ps, p), 0);
	KUNIT_EXPECT_EQ(test, dts_pmu_check_cpu(ps, p, true), 0);
	KUNIT_EXPECT_EQ(test, dts_pmu_check_cpu(ps, p, false), -EINVAL);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(ps->err, "present, but the CPU is not ISA 3.1"),
				  "%s", ps->err);
	KUNIT_ASSERT_EQ(test, dts_test_parse(__dtb_dts_pmu_power9_begin, "power9", ps, p), 0);
	KUNIT_EXPECT_EQ(test, dts_pmu_check_cpu(ps, p, false), 0);
	KUNIT_EXPECT_EQ(test, dts_pmu_check_cpu(ps, p, true), -EINVAL);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(ps->err, "absent, but the CPU is ISA 3.1"),
				  "%s", ps->err);
}

/*
 * Proves: isa207's run-state alternatives (PM_CYC <-> PM_RUN_CYC) are
 * offered only when the description's constraints accept them, and
 * compute_mmcr refuses a counter the description does not let count a
 * code: with PMC6 restricted to another code, PM_CYC gets no PMC6 twin.
 */
static void __init dts_test_alternatives_described(struct kunit *test)
{
	struct dts_parse *ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	struct dts_pmu *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	struct perf_event *ev = kunit_kzalloc(test, sizeof(*ev), GFP_KERNEL);
	u64 alt[MAX_ALT * 2], code = 0x600f4;
	struct mmcr_regs m = { };
	unsigned int hwc;
	int n, i;

	KUNIT_ASSERT_TRUE(test, ps && p && ev);
	KUNIT_ASSERT_EQ(test, dts_test_parse(__dtb_dts_pmu_power10_begin, "power10", ps, p), 0);
	n = dts_alternatives(p, 0x1e, PPMU_ONLY_COUNT_RUN, alt);
	for (i = 0; i < n && alt[i] != 0x600f4; i++)
		;
	KUNIT_EXPECT_LT_MSG(test, i, n, "PM_RUN_CYC not offered on POWER10");

	p->restricted[6][0] = 0x6001e;		/* PMC6 counts another event */
	n = dts_alternatives(p, 0x1e, PPMU_ONLY_COUNT_RUN, alt);
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_NE_MSG(test, alt[i], 0x600f4, "alternative %d of %d", i, n);
	ev->attr.config = code;
	KUNIT_EXPECT_EQ(test, dts_mmcrs(p, &code, 1, &hwc, &m, &ev), -1);
}

/*
 * Proves: the parser is a verifier.  Each mutant of the POWER10
 * description breaks one rule the backend needs to execute it safely (at
 * most the architected six counters; an NC limit no larger than the
 * programmable counters; no field on the MMCR0, MMCR2 freeze or MMCRA
 * BHRBRD bits the kernel owns; SDAR_MODE shared; per-counter fields
 * unconditional; bits 60-63 only as EBB/BHRB/IFM, with EBB's rules; one
 * cell form; no name twice), and each is refused with one message naming
 * the node and what is wrong.  Then a firmware description held to a
 * built-in description that cannot be read is refused (fails closed).
 */
static void __init dts_test_verifier(struct kunit *test)
{
	const void *orig = __dtb_dts_pmu_power10_begin;
	struct dts_parse *ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	struct dts_pmu *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	int size = fdt_totalsize(orig) + 4096;
	void *buf = kunit_kzalloc(test, size, GFP_KERNEL);
	unsigned int m;

	KUNIT_ASSERT_NOT_NULL(test, ps);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (m = 0; m < VM_NR; m++) {
		KUNIT_ASSERT_EQ(test, fdt_open_into(orig, buf, size), 0);
		KUNIT_ASSERT_EQ_MSG(test, dts_test_vmutate(buf, m), 0, "mutant %u", m);
		KUNIT_EXPECT_EQ_MSG(test, dts_test_parse(buf, "power10", ps, p), -EINVAL,
				    "mutant %u accepted", m);
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(ps->err, dts_vmut[m].node),
					  "mutant %u: \"%s\" does not name %s", m, ps->err,
					  dts_vmut[m].node);
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(ps->err, dts_vmut[m].msg),
					  "mutant %u: \"%s\" lacks \"%s\"", m, ps->err,
					  dts_vmut[m].msg);
		kunit_info(test, "verifier %u: %s\n", m, ps->err);
	}

	/* the reference unreadable: the firmware description is not used */
	KUNIT_ASSERT_EQ(test, dts_pmu_parse_fdt(ps, p, orig, "power10"), 0);
	strscpy(p->source, "KUnit firmware node", sizeof(p->source));
	KUNIT_ASSERT_EQ(test, fdt_open_into(orig, buf, size), 0);
	KUNIT_ASSERT_EQ(test, fdt_delprop(buf, dts_test_off(buf, ""), "nr_pmc"), 0);
	KUNIT_EXPECT_EQ(test, dts_check_against_builtin(ps, buf, "power10", NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, dts_check_against_builtin(ps, orig, "power10", NULL), 0);
	dts_parse_free(ps);
}

/* ---------------------------------------------------------------------- */

/* What the equivalence tests of a model work from */
struct dts_test_cpu {
	const char *platform;
	const u8 *blob;			/* its built-in description */
	const struct power_pmu *(*model)(void);	/* the hand-coded backend */
	const u64 *json;
	unsigned int nr_json;
	unsigned int json_expected;	/* how many perf ships */
	const u64 *alt;
	unsigned int nr_alt;
	u64 valid;			/* code bits the model accepts */
	const struct power_pmu *hc;	/* model(), once chosen */
};

/* The running CPU's, set by dts_test_model() */
static struct dts_test_cpu dts_test_cpu __initdata;

/* The hand-coded backend's compute_mmcr, as power_pmu_enable() calls it */
static void __init dts_test_hc_mmcr(u64 ev[], int n, unsigned int hwc[],
				    struct mmcr_regs *m, struct perf_event *pev[])
{
	const struct power_pmu *hc = dts_test_cpu.hc;

	memset(m, 0, sizeof(*m));
	hc->compute_mmcr(ev, n, hwc, m, pev, hc->flags);
}

/* A raw code with the fields POWER9/10 events use, and some that none uses */
static u64 __init dts_test_random_code(struct rnd_state *rnd)
{
	u64 code = (u64)prandom_u32_state(rnd) << 32 | prandom_u32_state(rnd);

	switch (prandom_u32_state(rnd) % 4) {
	case 0:		/* anything at all */
		return code;
	case 1:		/* no Linux bits */
		return code & GENMASK_ULL(59, 0);
	case 2:		/* a legal PMC */
		return (code & ~GENMASK_ULL(19, 16) & GENMASK_ULL(59, 0)) |
		       (u64)(prandom_u32_state(rnd) % 7) << 16;
	default:	/* sparse high bits the model allows, legal PMC */
		return (code & (GENMASK_ULL(31, 0) & ~GENMASK_ULL(19, 16))) |
		       (u64)(prandom_u32_state(rnd) % 5) << 16 |
		       (prandom_u32_state(rnd) % 8 ? 0 :
			code & GENMASK_ULL(63, 32) & dts_test_cpu.valid);
	}
}

#define DTS_TEST_SEED		0x20261122

/*
 * The random codes and groups of the equivalence cases: small by default,
 * as a test that runs at every boot should be; the rig raises them
 * (dts_pmu_kunit.codes=1000000 dts_pmu_kunit.groups=40000).
 */
static unsigned int dts_test_codes = 10000;
module_param_named(codes, dts_test_codes, uint, 0444);
MODULE_PARM_DESC(codes, "random raw codes dts_test_equiv_random_codes compares");
static unsigned int dts_test_groups = 4000;
module_param_named(groups, dts_test_groups, uint, 0444);
MODULE_PARM_DESC(groups, "random groups dts_test_equiv_random_groups schedules");

/* Every event code of tools/perf/pmu-events/arch/powerpc/power{9,10}/ */
static const u64 dts_p10_json_codes[] __initconst = {
#include "dts_pmu_p10_codes.h"
};

static const u64 dts_p9_json_codes[] __initconst = {
#include "dts_pmu_p9_codes.h"
};

/* The codes with alternatives (and cycles, instructions) of each model */
static const u64 dts_p10_alt_codes[] __initconst = {
	0x600f4, 0x100f0, 0x1e, 0x500fa, 0x2, 0x100fa,
};

static const u64 dts_p9_alt_codes[] __initconst = {
	0x600f4, 0x200f4, 0x1e, 0x500fa, 0x400fa, 0x2, 0x20036, 0x40036,
	0x200f2, 0x300f2, 0x3e054, 0x400f0,
};

/*
 * The built-in description of the running CPU, compiled, with dts_test_cpu
 * set for it.  isa207 acts by CPU feature, so the model is the one the CPU
 * is: skips unless a POWER10 (ISA 3.1) or a POWER9.
 */
static const struct dts_pmu * __init dts_test_model(struct kunit *test)
{
	static const struct dts_test_cpu cpus[] __initconst = {
		{ "power10", __dtb_dts_pmu_power10_begin, power10_pmu_model,
		  dts_p10_json_codes, ARRAY_SIZE(dts_p10_json_codes), 654,
		  dts_p10_alt_codes, ARRAY_SIZE(dts_p10_alt_codes), p10_EVENT_VALID_MASK },
		{ "power9", __dtb_dts_pmu_power9_begin, power9_pmu_model,
		  dts_p9_json_codes, ARRAY_SIZE(dts_p9_json_codes), 889,
		  dts_p9_alt_codes, ARRAY_SIZE(dts_p9_alt_codes), p9_EVENT_VALID_MASK },
	};
	struct dts_parse *ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	struct dts_pmu *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	if (cpu_has_feature(CPU_FTR_ARCH_31))
		dts_test_cpu = cpus[0];
	else if (PVR_VER(mfspr(SPRN_PVR)) == PVR_POWER9)
		dts_test_cpu = cpus[1];
	else
		kunit_skip(test, "neither a POWER10 (ISA 3.1) nor a POWER9");
	dts_test_cpu.hc = dts_test_cpu.model();
	KUNIT_ASSERT_NOT_NULL(test, ps);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_EQ_MSG(test, dts_test_parse(dts_test_cpu.blob, dts_test_cpu.platform, ps, p),
			    0, "%s", ps->err);
	kunit_info(test, "model: %s\n", p->name);
	return p;
}

/*
 * Proves: for 10^6 seeded random raw codes and config1 values, the DT
 * backend accepts exactly the codes isa207_get_constraint() accepts, with
 * the same mask and value words.
 */
static void __init dts_test_equiv_random_codes(struct kunit *test)
{
	const struct dts_pmu *p;
	unsigned long m1, v1, m2, v2;
	unsigned int i, diffs = 0;
	struct rnd_state rnd;

	p = dts_test_model(test);

	prandom_seed_state(&rnd, DTS_TEST_SEED);
	for (i = 0; i < dts_test_codes; i++) {
		u64 code = dts_test_random_code(&rnd);
		u64 cfg1 = prandom_u32_state(&rnd) % 4 ? prandom_u32_state(&rnd) & 0x3ffff :
			   (u64)prandom_u32_state(&rnd) << 16;
		int r1, r2;

		m1 = 0;
		v1 = 0;
		m2 = 0;
		v2 = 0;
		r1 = isa207_get_constraint(code, &m1, &v1, cfg1);
		r2 = dts_constraint(p, code, &m2, &v2, cfg1);
		if (r1 != r2 || (!r1 && (m1 != m2 || v1 != v2))) {
			if (diffs++ < 10)
				KUNIT_FAIL(test, "0x%llx/0x%llx: isa207 %d %lx/%lx, dt %d %lx/%lx",
					   code, cfg1, r1, m1, v1, r2, m2, v2);
		}
	}
	kunit_info(test, "equiv_random_codes: %u codes, seed 0x%x, %u diffs\n",
		   dts_test_codes, DTS_TEST_SEED, diffs);
}

/* A random event code that isa207 accepts on its own, on a PMC not in @used */
static u64 __init dts_test_group_code(struct rnd_state *rnd, unsigned int used)
{
	unsigned long m, v;
	unsigned int pmc;
	u64 code;

	for (;;) {
		code = dts_test_random_code(rnd) & ~GENMASK_ULL(63, 60);
		switch (prandom_u32_state(rnd) % 8) {
		case 0:
		case 1:
			code = dts_test_cpu.alt[prandom_u32_state(rnd) % dts_test_cpu.nr_alt];
			break;
		case 2:
		case 3:
		case 4:		/* PMC, unit, PMCxSEL only: rarely conflicts */
			code &= GENMASK_ULL(19, 12) | GENMASK_ULL(7, 0);
			break;
		}
		if (prandom_u32_state(rnd) % 4 == 0)	/* BHRB, IFM */
			code |= BIT_ULL(62) | (u64)(prandom_u32_state(rnd) % 4) << 60;
		if (prandom_u32_state(rnd) % 8 == 0)	/* EBB */
			code |= BIT_ULL(63);
		pmc = (code >> 16) & 0xf;
		if (isa207_get_constraint(code, &m, &v, 0))
			continue;
		/* mostly distinct PMCs, so that most groups can be scheduled */
		if (pmc && (used & BIT(pmc)) && prandom_u32_state(rnd) % 8)
			continue;
		return code;
	}
}

/*
 * @n seeded random groups of 1-7 events, each legal on its own, scheduled
 * through core-book3s's constraint solver and compute_mmcr on the
 * hand-coded POWER10 model and on a model driven by @p.  Returns how many
 * differ in schedulability, codes chosen, counters or MMCR0/1/2/3/A
 * (printing the first few when @report); @sched counts the groups both
 * could schedule.
 */
static unsigned int __init dts_test_group_diffs(struct kunit *test, const struct dts_pmu *p,
						unsigned int n, u32 seed, unsigned int *sched,
						bool report)
{
	const struct power_pmu *hc = dts_test_cpu.hc;
	struct perf_event *evs, *pev[7];
	struct power_pmu *dt;
	unsigned int i, diffs = 0;
	struct rnd_state rnd;

	evs = kunit_kcalloc(test, ARRAY_SIZE(pev), sizeof(*evs), GFP_KERNEL);
	dt = dts_test_power_pmu(test, p);
	if (!evs || !dt)
		return UINT_MAX;
	*sched = 0;

	prandom_seed_state(&rnd, seed);
	for (i = 0; i < n; i++) {
		unsigned int hwc1[7], hwc2[7], used = 0, j;
		int nev = 1 + prandom_u32_state(&rnd) % 6, k, r1, r2;
		struct mmcr_regs a, b;
		u64 ev[7], ev1[7], ev2[7];

		if (prandom_u32_state(&rnd) % 16 == 0)
			nev = 7;
		for (k = 0; k < nev; k++) {
			ev[k] = dts_test_group_code(&rnd, used);
			used |= BIT((ev[k] >> 16) & 0xf);
			memset(&evs[k], 0, sizeof(evs[k]));
			evs[k].attr.config = ev[k];
			if (prandom_u32_state(&rnd) % 4 == 0)
				evs[k].attr.config1 = prandom_u32_state(&rnd) & 0x3ffff;
			evs[k].attr.exclude_user = prandom_u32_state(&rnd) & 1;
			evs[k].attr.exclude_kernel = prandom_u32_state(&rnd) & 1;
			evs[k].attr.exclude_hv = prandom_u32_state(&rnd) & 1;
			evs[k].attr.exclude_idle = prandom_u32_state(&rnd) & 1;
			pev[k] = &evs[k];
		}
		memcpy(ev1, ev, sizeof(ev));
		memcpy(ev2, ev, sizeof(ev));
		memset(hwc1, 0, sizeof(hwc1));
		memset(hwc2, 0, sizeof(hwc2));
		memset(&a, 0, sizeof(a));
		memset(&b, 0, sizeof(b));
		r1 = power_pmu_schedule_test(hc, ev1, pev, nev, hwc1, &a);
		/*
		 * Each event decoded once, as power_pmu_event_init() has it
		 * done (its code and alternatives): compute_mmcr finds the
		 * code the solver chose among them.
		 */
		r2 = 0;
		for (k = 0; k < nev; k++) {
			evs[k].hw.config = ev[k];
			if (dt->decode_event(&evs[k]))
				r2 = -EINVAL;
		}
		if (!r2)
			r2 = power_pmu_schedule_test(dt, ev2, pev, nev, hwc2, &b);
		for (k = 0; k < nev; k++) {
			kfree(evs[k].pmu_private);
			evs[k].pmu_private = NULL;
		}
		if (!r1 && !r2)
			(*sched)++;
		if (r1 == r2 && !memcmp(ev1, ev2, sizeof(ev1)) &&
		    !memcmp(hwc1, hwc2, sizeof(hwc1)) && !memcmp(&a, &b, sizeof(a)))
			continue;
		if (diffs++ >= 10 || !report)
			continue;
		KUNIT_FAIL(test, "a group of %d events differs: hand-coded %d, dt %d",
			   nev, r1, r2);
		for (j = 0; j < nev; j++)
			kunit_info(test, "event 0x%llx config1 0x%llx: 0x%llx on pmc %u / 0x%llx on pmc %u\n",
				   ev[j], evs[j].attr.config1, ev1[j], hwc1[j] + 1,
				   ev2[j], hwc2[j] + 1);
		kunit_info(test, "hand-coded mmcr0 %lx 1 %lx 2 %lx 3 %lx a %lx\n",
			   a.mmcr0, a.mmcr1, a.mmcr2, a.mmcr3, a.mmcra);
		kunit_info(test, "dt         mmcr0 %lx 1 %lx 2 %lx 3 %lx a %lx\n",
			   b.mmcr0, b.mmcr1, b.mmcr2, b.mmcr3, b.mmcra);
	}
	return diffs;
}

/*
 * Proves: for 40000 seeded random groups of 1-7 events (mostly on distinct
 * PMCs or PMC=0, some with EBB, BHRB/IFM, random config1 and exclude_*
 * flags), power_check_constraints() and compute_mmcr give the same
 * schedulability, alternative codes, counters and MMCR0/1/2/3/A with the
 * DT backend as with the hand-coded POWER10 backend.
 */
static void __init dts_test_equiv_random_groups(struct kunit *test)
{
	unsigned int diffs, sched;
	const struct dts_pmu *p;

	p = dts_test_model(test);
	diffs = dts_test_group_diffs(test, p, dts_test_groups, DTS_TEST_SEED + 1, &sched, true);
	kunit_info(test, "equiv_random_groups: %u groups (%u schedulable), seed 0x%x, %u diffs\n",
		   dts_test_groups, sched, DTS_TEST_SEED + 1, diffs);
	KUNIT_EXPECT_EQ(test, diffs, 0);
	/* both outcomes must be exercised */
	KUNIT_EXPECT_GE(test, sched, dts_test_groups / 4);
	KUNIT_EXPECT_GE(test, dts_test_groups - sched, dts_test_groups / 4);
}

/* Random codes on which @p and isa207 disagree, out of @n */
static unsigned int __init dts_test_count_diffs(const struct dts_pmu *p, unsigned int n)
{
	unsigned long m1, v1, m2, v2;
	unsigned int i, diffs = 0;
	struct rnd_state rnd;

	prandom_seed_state(&rnd, DTS_TEST_SEED + 2);
	for (i = 0; i < n; i++) {
		u64 code = dts_test_random_code(&rnd);
		u64 cfg1 = prandom_u32_state(&rnd) & 0x3ffff;
		int r1, r2;

		m1 = 0;
		v1 = 0;
		m2 = 0;
		v2 = 0;
		r1 = isa207_get_constraint(code, &m1, &v1, cfg1);
		r2 = dts_constraint(p, code, &m2, &v2, cfg1);
		diffs += r1 != r2 || (!r1 && (m1 != m2 || v1 != v2));
	}
	return diffs;
}

/*
 * Proves: the equivalence test can fail.  Removing any one constraint
 * rule of the description (sample, threshold select/control, threshold
 * compare, L2/L3, L1 qualifier, radix scope, EBB, BHRB), the PMC5/PMC6
 * restrictions, the counter adder or the EBB-needs-PMC and BHRB-needs-EBB
 * rules each makes the DT backend disagree with isa207; lowering the
 * number of counters or the limit of the counter adder, or dropping the
 * alternative codes each makes random groups schedule differently from
 * the hand-coded backend.  On a POWER9 (rules: sample, threshold
 * select/control, threshold compare, cache group, cache PMC4, L1
 * qualifier, EBB, BHRB) also: accepting the bits POWER9 codes may not set,
 * and dropping the group constraint that a group with cache events needs
 * one on PMC4.
 */
static void __init dts_test_each_constraint_matters(struct kunit *test)
{
	const struct dts_pmu *p;
	struct dts_pmu *q = kunit_kzalloc(test, sizeof(*q), GFP_KERNEL);
	unsigned int i, sched;

	p = dts_test_model(test);
	KUNIT_ASSERT_NOT_NULL(test, q);
	KUNIT_ASSERT_EQ(test, dts_test_count_diffs(p, 20000), 0);
	KUNIT_EXPECT_EQ(test, p->nr_rules, 8);

	for (i = 0; i < p->nr_rules; i++) {
		*q = *p;
		memmove(&q->rules[i], &q->rules[i + 1],
			(q->nr_rules - i - 1) * sizeof(q->rules[0]));
		q->nr_rules--;
		dts_pmu_compile(q);
		KUNIT_EXPECT_GT_MSG(test, dts_test_count_diffs(q, 20000), 0,
				    "rule %s removed: no difference", p->rules[i].name);
	}
	*q = *p;
	q->nr_restricted[5] = 0;
	q->nr_restricted[6] = 0;
	q->programmable |= BIT(5) | BIT(6);
	dts_pmu_compile(q);
	KUNIT_EXPECT_GT_MSG(test, dts_test_count_diffs(q, 20000), 0, "PMC5/6 unrestricted");
	*q = *p;
	q->nc_shift = 50;
	dts_pmu_compile(q);
	KUNIT_EXPECT_GT_MSG(test, dts_test_count_diffs(q, 20000), 0, "counter adder moved");
	*q = *p;
	q->ebb_needs_pmc = false;
	dts_pmu_compile(q);
	KUNIT_EXPECT_GT_MSG(test, dts_test_count_diffs(q, 20000), 0, "EBB without PMC allowed");
	*q = *p;
	q->bhrb_needs_ebb = false;
	dts_pmu_compile(q);
	KUNIT_EXPECT_GT_MSG(test, dts_test_count_diffs(q, 20000), 0, "BHRB without EBB allowed");

	/* group limits, which only the constraint solver sees */
	KUNIT_ASSERT_EQ(test, dts_test_group_diffs(test, p, 2000, DTS_TEST_SEED + 3, &sched,
						   true), 0);
	*q = *p;
	q->nr_pmc--;		/* core-book3s's n_counter */
	KUNIT_EXPECT_GT_MSG(test, dts_test_group_diffs(test, q, 2000, DTS_TEST_SEED + 3, &sched,
						       false), 0, "one counter fewer");
	*q = *p;
	q->nc_limit--;
	KUNIT_EXPECT_GT_MSG(test, dts_test_group_diffs(test, q, 2000, DTS_TEST_SEED + 3, &sched,
						       false), 0, "NC limit lowered");
	*q = *p;
	q->nr_alt = 0;
	KUNIT_EXPECT_GT_MSG(test, dts_test_group_diffs(test, q, 2000, DTS_TEST_SEED + 3, &sched,
						       false), 0, "no alternative codes");

	/* POWER10 codes may set any bit, and no POWER10 event is a cache event */
	if (cpu_has_feature(CPU_FTR_ARCH_31))
		return;
	*q = *p;
	q->bad_bits[0] = 0;
	q->bad_bits[1] = q->ebb_pmc_bits;
	KUNIT_EXPECT_GT_MSG(test, dts_test_count_diffs(q, 20000), 0, "every code bit valid");
	*q = *p;
	q->group_mask = 0;
	q->group_val = 0;
	KUNIT_EXPECT_GT_MSG(test, dts_test_group_diffs(test, q, 2000, DTS_TEST_SEED + 3, &sched,
						       false), 0, "no group constraint");
}

/*
 * @code after @f fillers on PMC1..f, with @cfg1 and the exclude_* flags
 * of @x: true if the DT backend gives isa207's PMC and MMCRs.
 */
static bool __init dts_test_json_group(struct kunit *test, const struct dts_pmu *p,
				       struct perf_event *evs, u64 code, int f,
				       u64 cfg1, unsigned int x)
{
	static const u64 fillers[] = { 0x1001e, 0x2001e, 0x30004 };	/* PMC1-3 */
	unsigned int hwc1[4], hwc2[4];
	struct perf_event *pev[4];
	struct mmcr_regs a, b;
	u64 ev[4];
	int k;

	for (k = 0; k <= f; k++) {
		memset(&evs[k], 0, sizeof(evs[k]));
		ev[k] = k < f ? fillers[k] : code;
		pev[k] = &evs[k];
	}
	evs[f].attr.config1 = cfg1;
	evs[f].attr.exclude_user = x & 1;
	evs[f].attr.exclude_kernel = !!(x & 2);
	evs[f].attr.exclude_hv = !!(x & 4);
	evs[f].attr.exclude_idle = !!(x & 8);
	dts_test_hc_mmcr(ev, f + 1, hwc1, &a, pev);
	dts_mmcrs(p, ev, f + 1, hwc2, &b, pev);
	if (hwc1[f] == hwc2[f] && !memcmp(&a, &b, sizeof(a)))
		return true;
	kunit_info(test, "0x%llx after %d fillers, config1 0x%llx, excludes 0x%x\n",
		   code, f, cfg1, x);
	kunit_info(test, "isa207 pmc %u mmcr0 %lx 1 %lx 2 %lx 3 %lx a %lx\n", hwc1[f] + 1,
		   a.mmcr0, a.mmcr1, a.mmcr2, a.mmcr3, a.mmcra);
	kunit_info(test, "dt     pmc %u mmcr0 %lx 1 %lx 2 %lx 3 %lx a %lx\n", hwc2[f] + 1,
		   b.mmcr0, b.mmcr1, b.mmcr2, b.mmcr3, b.mmcra);
	return false;
}

/* The JSON events of the running CPU on @p and on isa207: cases and diffs */
static unsigned int __init dts_test_json_equiv(struct kunit *test, const struct dts_pmu *p,
					       unsigned int *casesp)
{
	static const u64 cmp[] = { 0, 1, 0x100, 261121, 0x3ffff };
	struct perf_event *evs = kunit_kcalloc(test, 4, sizeof(*evs), GFP_KERNEL);
	unsigned int i, c, x, cases = 0, diffs = 0;
	int f;

	KUNIT_ASSERT_NOT_NULL(test, evs);
	for (i = 0; i < dts_test_cpu.nr_json; i++) {
		u64 code = dts_test_cpu.json[i];
		int nfill = (code >> 16) & 0xf ? 0 : 3;

		for (c = 0; c < ARRAY_SIZE(cmp); c++) {
			unsigned long m1 = 0, v1 = 0, m2 = 0, v2 = 0;
			int r1, r2;

			r1 = isa207_get_constraint(code, &m1, &v1, cmp[c]);
			r2 = dts_constraint(p, code, &m2, &v2, cmp[c]);
			cases++;
			if (r1 != r2 || m1 != m2 || v1 != v2) {
				diffs++;
				KUNIT_FAIL(test, "0x%llx/0x%llx: isa207 %d %lx/%lx, dt %d %lx/%lx",
					   code, cmp[c], r1, m1, v1, r2, m2, v2);
				continue;
			}
			for (x = 0; x < 16; x++) {
				for (f = 0; f <= nfill; f++) {
					cases++;
					if (dts_test_json_group(test, p, evs, code, f, cmp[c], x))
						continue;
					diffs++;
					KUNIT_FAIL(test, "MMCRs differ for 0x%llx", code);
				}
			}
		}
	}
	*casesp = cases;
	return diffs;
}

/*
 * Proves: every perf JSON event code of the running CPU, with five
 * threshold compare values in config1 and all sixteen exclude_*
 * combinations, gets the same constraint words and, alone or after
 * fillers that push a PMC=0 event to PMC2, PMC3 or PMC4, the same PMC and
 * MMCR0/1/2/3/A as on the hand-coded backend.
 */
static void __init dts_test_equiv_json_events(struct kunit *test)
{
	const struct dts_pmu *p = dts_test_model(test);
	unsigned int cases, diffs;

	KUNIT_EXPECT_EQ(test, dts_test_cpu.nr_json, dts_test_cpu.json_expected);
	diffs = dts_test_json_equiv(test, p, &cases);
	kunit_info(test, "equiv_events: %u events, %u cases, %u diffs\n",
		   dts_test_cpu.nr_json, cases, diffs);
}

/*
 * Proves: a description for a CPU no kernel table knows works without a
 * code change.  The POWER10 description under another name and platform,
 * found as an unknown CPU's firmware node is (the first "ibm,power-pmu"
 * node), takes its ISA 3.1 behaviour from its properties alone, and on a
 * POWER10 gives isa207's constraints and MMCRs for every perf JSON event
 * and schedules random groups through core-book3s as the hand-coded
 * backend does.
 */
static void __init dts_test_unknown_cpu(struct kunit *test)
{
	const void *orig = __dtb_dts_pmu_power10_begin;
	struct dts_parse *ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	struct dts_pmu *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	int size = fdt_totalsize(orig) + 256, off;
	unsigned int cases, diffs, sched, gdiffs;
	struct power_pmu *pp;
	void *buf;

	if (!cpu_has_feature(CPU_FTR_ARCH_31))
		kunit_skip(test, "isa207's answers are POWER10's on an ISA 3.1 CPU only");
	dts_test_model(test);
	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, ps);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_EQ(test, fdt_open_into(orig, buf, size), 0);
	off = fdt_path_offset(buf, "/pmus/pmu_dts@0");
	KUNIT_ASSERT_GE(test, off, 0);
	KUNIT_ASSERT_EQ(test, fdt_setprop_string(buf, off, "pmu-name", "NextPOWER"), 0);
	KUNIT_ASSERT_EQ(test, fdt_setprop_string(buf, off, "platform", "power99"), 0);
	KUNIT_ASSERT_EQ(test, fdt_setprop(buf, off, "compatible", "ibm,power99-pmu\0ibm,power-pmu",
					  sizeof("ibm,power99-pmu\0ibm,power-pmu")), 0);
	KUNIT_ASSERT_EQ_MSG(test, dts_test_parse(buf, NULL, ps, p), 0, "%s", ps->err);
	KUNIT_EXPECT_STREQ(test, p->name, "NextPOWER");

	pp = dts_test_power_pmu(test, p);
	KUNIT_ASSERT_NOT_NULL(test, pp);
	KUNIT_EXPECT_EQ(test, pp->flags & (PPMU_ARCH_31 | PPMU_P10), PPMU_ARCH_31 | PPMU_P10);
	diffs = dts_test_json_equiv(test, p, &cases);
	gdiffs = dts_test_group_diffs(test, p, 4000, DTS_TEST_SEED + 4, &sched, true);
	kunit_info(test, "equiv_unknown_cpu_events: %u events, %u cases, %u diffs; %u groups (%u schedulable), %u diffs\n",
		   dts_test_cpu.nr_json, cases, diffs, 4000, sched, gdiffs);
	KUNIT_EXPECT_EQ(test, diffs, 0);
	KUNIT_EXPECT_EQ(test, gdiffs, 0);
}

/* Every perf branch filter combination: the bits the backends look at, and PLM */
#define DTS_TEST_BRANCH_BITS	(PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_ANY_RETURN | \
				 PERF_SAMPLE_BRANCH_IND_CALL | PERF_SAMPLE_BRANCH_COND | \
				 PERF_SAMPLE_BRANCH_CALL | PERF_SAMPLE_BRANCH_ANY_CALL | \
				 PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_KERNEL)

struct dts_test_diff {
	struct kunit *test;
	const char *name;
	unsigned int n;
	bool report;
};

/* Count (and report the first few of) the values that differ */
static __printf(4, 5) void __init dts_test_same(struct dts_test_diff *d, u64 hc, u64 dt,
						const char *fmt, ...)
{
	char what[64];
	va_list args;

	if (hc == dt || d->n++ >= 10 || !d->report)
		return;
	va_start(args, fmt);
	vsnprintf(what, sizeof(what), fmt, args);
	va_end(args);
	KUNIT_FAIL(d->test, "%s: %s: hand-coded 0x%llx, dt 0x%llx", d->name, what, hc, dt);
}

/* Differences between the tables of @p and the hand-coded @hc, reported */
static unsigned int __init dts_test_tables_diff(struct kunit *test, const struct dts_pmu *p,
						const struct power_pmu *hc,
						const u64 *codes, unsigned int nr_codes,
						bool report)
{
	struct dts_test_diff d = { test, p->name, 0, report };
	unsigned int i, g, c, o, r;
	struct power_pmu *dt;
	u64 bits;

	dt = dts_test_power_pmu(test, p);
	if (!dt)
		return UINT_MAX;

	dts_test_same(&d, hc->n_counter, dt->n_counter, "n_counter");
	dts_test_same(&d, hc->add_fields, dt->add_fields, "add_fields");
	dts_test_same(&d, hc->test_adder, dt->test_adder, "test_adder");
	dts_test_same(&d, hc->group_constraint_mask, dt->group_constraint_mask, "group mask");
	dts_test_same(&d, hc->group_constraint_val, dt->group_constraint_val, "group value");
	dts_test_same(&d, hc->bhrb_nr, dt->bhrb_nr, "bhrb_nr");
	dts_test_same(&d, hc->capabilities, dt->capabilities, "capabilities");
	for (g = 0; g < max(hc->n_generic, dt->n_generic); g++)
		dts_test_same(&d, g < hc->n_generic ? hc->generic_events[g] : 0,
			      g < dt->n_generic ? dt->generic_events[g] : 0, "generic %u", g);
	for (c = 0; c < PERF_COUNT_HW_CACHE_MAX; c++)
		for (o = 0; o < PERF_COUNT_HW_CACHE_OP_MAX; o++)
			for (r = 0; r < PERF_COUNT_HW_CACHE_RESULT_MAX; r++)
				dts_test_same(&d, (*hc->cache_events)[c][o][r],
					      (*dt->cache_events)[c][o][r],
					      "cache %u/%u/%u", c, o, r);

	/* alternatives of every code perf knows, with and without ONLY_COUNT_RUN */
	for (i = 0; i < nr_codes * 2; i++) {
		unsigned int fl = i & 1 ? PPMU_ONLY_COUNT_RUN : 0;
		u64 a1[MAX_EVENT_ALTERNATIVES], a2[MAX_EVENT_ALTERNATIVES];
		int n1, n2;

		n1 = hc->get_alternatives(codes[i / 2], fl, a1);
		n2 = dt->get_alternatives(codes[i / 2], fl, a2);
		dts_test_same(&d, n1, n1 == n2 && !memcmp(a1, a2, n1 * sizeof(*a1)) ? n2 : ~0ULL,
			      "alternatives of 0x%llx (flags 0x%x)", codes[i / 2], fl);
	}
	/* every branch filter request, bit by bit */
	for (bits = 0; bits <= DTS_TEST_BRANCH_BITS; bits++) {
		if (bits & ~DTS_TEST_BRANCH_BITS)
			continue;
		dts_test_same(&d, hc->bhrb_filter_map(bits), dt->bhrb_filter_map(bits),
			      "branch filter 0x%llx", bits);
	}
	return d.n;
}

/*
 * Proves: the tables of both built-in descriptions are the hand-coded
 * backends' (on any CPU: none of this depends on the CPU): counters, adder
 * fields, group constraint, BHRB depth, generic and cache event maps,
 * alternatives of every perf JSON code (with and without
 * PPMU_ONLY_COUNT_RUN), the MMCRA filter for every branch filter
 * combination, and the POWER9 events refused for every PVR revision
 * (DD2.1, DD2.2, Cumulus: 65536 PVRs).  Then that the comparison can fail.
 */
static void __init dts_test_tables_match(struct kunit *test)
{
	struct dts_parse *ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	struct dts_pmu *p9 = kunit_kzalloc(test, sizeof(*p9), GFP_KERNEL);
	struct dts_pmu *p10 = kunit_kzalloc(test, sizeof(*p10), GFP_KERNEL);
	unsigned int pvr, denied = 0, diffs = 0;
	int n;

	KUNIT_ASSERT_NOT_NULL(test, ps);
	KUNIT_ASSERT_NOT_NULL(test, p9);
	KUNIT_ASSERT_NOT_NULL(test, p10);
	KUNIT_ASSERT_EQ(test, dts_test_parse(__dtb_dts_pmu_power9_begin, "power9", ps, p9), 0);
	KUNIT_ASSERT_EQ(test, dts_test_parse(__dtb_dts_pmu_power10_begin, "power10", ps, p10), 0);

	KUNIT_EXPECT_EQ(test, dts_test_tables_diff(test, p10, power10_pmu_model(),
						   dts_p10_json_codes,
						   ARRAY_SIZE(dts_p10_json_codes), true), 0);
	KUNIT_EXPECT_EQ(test, dts_test_tables_diff(test, p9, power9_pmu_model(),
						   dts_p9_json_codes,
						   ARRAY_SIZE(dts_p9_json_codes), true), 0);

	for (pvr = PVR_POWER9 << 16; pvr <= (PVR_POWER9 << 16 | 0xffff); pvr++) {
		const struct dts_pmu_deny *d = dts_denied(p9, pvr);
		const int *hc;

		hc = power9_pmu_blacklist(pvr, &n);
		denied += !!hc;
		if ((d ? d->n : 0) != n || (n && memcmp(d->events, hc, n * sizeof(*hc)))) {
			if (diffs++ < 10)
				KUNIT_FAIL(test, "PVR 0x%x: hand-coded denies %d events, dt %u",
					   pvr, n, d ? d->n : 0);
		}
	}
	kunit_info(test, "tables: denied events compared for 65536 POWER9 PVRs, %u with a list, %u diffs\n",
		   denied, diffs);
	KUNIT_EXPECT_EQ(test, diffs, 0);
	KUNIT_EXPECT_GT(test, denied, 0);

	/* the comparison can fail */
	p9->bhrb_ifm[DTS_BR_COND] = DTS_BHRB_UNSUPPORTED;
	p9->alt[0][1] = 0x600f4;
	p9->cache[PERF_COUNT_HW_CACHE_L1D][PERF_COUNT_HW_CACHE_OP_READ][0] = 0x2;
	KUNIT_EXPECT_GE(test, dts_test_tables_diff(test, p9, power9_pmu_model(),
						   dts_p9_json_codes,
						   ARRAY_SIZE(dts_p9_json_codes), false), 3);
	p9->deny[1].events[3]++;
	KUNIT_EXPECT_NE(test, memcmp(dts_denied(p9, PVR_POWER9 << 16 | 0x1202)->events,
				     power9_pmu_blacklist(PVR_POWER9 << 16 | 0x1202, &n),
				     n * sizeof(int)), 0);
}

/*
 * Proves: the firmware-node path.  The POWER10 description, applied to the
 * live tree under /pmus as firmware would place it, is found for this CPU
 * and compiles to the tables of the built-in description, which give
 * isa207's constraints; held against the built-in description it agrees,
 * and once a field and a rule are changed it is reported and refused.
 */
static void __init dts_test_firmware_node(struct kunit *test)
{
	struct dts_parse *ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	struct dts_pmu *fw = kunit_kzalloc(test, sizeof(*fw), GFP_KERNEL);
	struct dts_pmu *bi = kunit_kzalloc(test, sizeof(*bi), GFP_KERNEL);
	struct dts_parse *bps = kunit_kzalloc(test, sizeof(*bps), GFP_KERNEL);

	if (dts_test_live_pmus())
		kunit_skip(test, "firmware provides /pmus");
	if (PVR_VER(mfspr(SPRN_PVR)) != PVR_POWER10)
		kunit_skip(test, "not a POWER10");
	KUNIT_ASSERT_NOT_NULL(test, bi);
	KUNIT_ASSERT_NOT_NULL(test, bps);
	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, dts_pmu_fw), 0);
	KUNIT_ASSERT_EQ_MSG(test, dts_test_parse_live(test, ps, fw), 0, "%s", ps->err);
	KUNIT_ASSERT_EQ(test, dts_test_parse(__dtb_dts_pmu_power10_begin, "power10", bps, bi), 0);

	/* the live tree may list children in another order: compare contents */
	KUNIT_EXPECT_EQ(test, fw->nr_fields, bi->nr_fields);
	KUNIT_EXPECT_EQ(test, fw->nr_rules, bi->nr_rules);
	KUNIT_EXPECT_EQ(test, fw->programmable, bi->programmable);
	KUNIT_EXPECT_EQ(test, memcmp(fw->restricted, bi->restricted, sizeof(fw->restricted)), 0);
	KUNIT_EXPECT_EQ(test, memcmp(fw->generic, bi->generic, sizeof(fw->generic)), 0);
	KUNIT_EXPECT_EQ(test, memcmp(fw->cache, bi->cache, sizeof(fw->cache)), 0);
	KUNIT_EXPECT_EQ(test, memcmp(fw->alt, bi->alt, sizeof(fw->alt)), 0);
	KUNIT_EXPECT_EQ(test, fw->bhrb_nr, bi->bhrb_nr);
	if (cpu_has_feature(CPU_FTR_ARCH_31))
		KUNIT_EXPECT_EQ(test, dts_test_count_diffs(fw, 20000), 0);

	/* the firmware description agrees with the built-in one, so it is used */
	strscpy(fw->source, "KUnit firmware node", sizeof(fw->source));
	KUNIT_EXPECT_EQ(test, dts_pmu_diff(fw, bi, fw->source, NULL), 0);
	KUNIT_EXPECT_EQ(test, dts_check_against_builtin(ps, __dtb_dts_pmu_power10_begin,
							"power10", NULL), 0);
	/* one field moved, one rule gone: reported one by one, not used */
	fw->fields[fw->role[DTS_ROLE_PSEL]].pmc_shift[2]++;
	KUNIT_EXPECT_EQ(test, dts_pmu_diff(fw, bi, fw->source, NULL), 1);
	fw->nr_rules--;
	KUNIT_EXPECT_EQ(test, dts_pmu_diff(fw, bi, fw->source, NULL), 2);
	KUNIT_EXPECT_EQ(test, dts_check_against_builtin(ps, __dtb_dts_pmu_power10_begin,
							"power10", NULL), -EINVAL);
	dts_parse_free(ps);
}

/* ---------------------------------------------------------------------- */

/* Copy node @from of @src, its properties and children, under @parent of @buf */
static int __init dts_rfc_copy(void *buf, int parent, const void *src, int from)
{
	const char *name;
	const void *val;
	int to, prop, child, len, rc;

	to = fdt_add_subnode(buf, parent, fdt_get_name(src, from, NULL));
	if (to < 0)
		return to;
	fdt_for_each_property_offset(prop, src, from) {
		val = fdt_getprop_by_offset(src, prop, &name, &len);
		rc = val ? fdt_setprop(buf, to, name, val, len) : -FDT_ERR_BADSTRUCTURE;
		if (rc)
			return rc;
	}
	fdt_for_each_subnode(child, src, from) {
		rc = dts_rfc_copy(buf, to, src, child);
		if (rc)
			return rc;
	}
	return 0;
}

/*
 * Make @what of @buf what it is in @fixed: a property "node:name" (""
 * the PMU node) set or deleted, or a node "a/b" replaced, added or deleted.
 */
static int __init dts_rfc_take(void *buf, const void *fixed, const char *what)
{
	const char *colon = strchr(what, ':'), *slash;
	char node[96];
	const void *val;
	int to, from, len, rc;

	strscpy(node, what, colon ? min_t(size_t, colon - what + 1, sizeof(node)) : sizeof(node));
	to = dts_test_off(buf, node);
	from = dts_test_off(fixed, node);
	if (colon) {
		if (to < 0 || from < 0)
			return -ENOENT;
		val = fdt_getprop(fixed, from, colon + 1, &len);
		return val ? fdt_setprop(buf, to, colon + 1, val, len) :
			     fdt_delprop(buf, to, colon + 1);
	}
	if (to >= 0) {
		rc = fdt_del_node(buf, to);
		if (rc)
			return rc;
	}
	if (from < 0)
		return 0;
	slash = strrchr(node, '/');
	if (slash)
		node[slash - node] = '\0';
	else
		node[0] = '\0';
	to = dts_test_off(buf, node);
	return to < 0 ? to : dts_rfc_copy(buf, to, fixed, from);
}

/* Are node @an of @a and node @bn of @b the same, but for order? */
static bool __init dts_rfc_same(const void *a, int an, const void *b, int bn)
{
	int prop, child, len, blen, n = 0, m = 0;
	const void *val, *bval;
	const char *name;

	fdt_for_each_property_offset(prop, a, an) {
		val = fdt_getprop_by_offset(a, prop, &name, &len);
		bval = fdt_getprop(b, bn, name, &blen);
		if (!val || !bval || len != blen || memcmp(val, bval, len))
			return false;
		n++;
	}
	fdt_for_each_property_offset(prop, b, bn)
		m++;
	if (n != m)
		return false;
	n = 0;
	m = 0;
	fdt_for_each_subnode(child, a, an) {
		int bc = fdt_subnode_offset(b, bn, fdt_get_name(a, child, NULL));

		if (bc < 0 || !dts_rfc_same(a, child, b, bc))
			return false;
		n++;
	}
	fdt_for_each_subnode(child, b, bn)
		m++;
	return n == m;
}

/* Take every path of @take from @fixed into @buf */
static void __init dts_rfc_take_all(struct kunit *test, void *buf, const void *fixed,
				    const char * const *take, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n && take[i]; i++)
		KUNIT_ASSERT_EQ_MSG(test, dts_rfc_take(buf, fixed, take[i]), 0, "%s", take[i]);
}

/*
 * The errors of skiboot's node for POWER10, in the order the kernel meets
 * them, each with what corrects it (dts_pmu_rfc_fixed.dts says why):
 * skiboot 783e33f1's hw/pmu.c read against isa207-common.[ch] and
 * power10-pmu.c.  The first ones stop the parser, one at a time; the rest
 * are differences from the built-in description, reported together.
 */
static const struct {
	const char *take[6];	/* from the corrected node */
	const char *says[5];	/* what the kernel's reasons say */
	bool differs;		/* found against the built-in description */
} dts_rfc_errors[] = {
	{ { "evt_code_format/PMCxCOMB:target_field_base",
	    "evt_code_format/PMCxCOMB:target_field_shift" },
	  { "PMCxCOMB: target_field_shift 1", "overlap", "POWER8" } },
	{ { "constraints/cache/cache-group" },
	  { "cache-group: constraint-mask", "!= event-mask" } },
	{ { "constraints/cache/cache-pmc4" },
	  { "cache-pmc4: missing property event-mask" } },
	{ { "constraints/cache/l2l3-group:condition", "constraints/cache/l2l3-group:event-shift",
	    "constraints/cache/l2l3-group:constraint-shift" },
	  { "l2l3-group: constraint-mask", "!= event-mask" } },
	{ { "constraints/threshold/thresh-sel:constraint-mask" },
	  { "thresh-sel: constraint-mask", "!= event-mask" } },
	{ { "constraints/fab-match" },
	  { "fab-match", "overlaps rule l2l3-group" } },
	{ { "evt_code_format/RAND_SAMP_MODE:condition",
	    "evt_code_format/RAND_SAMP_ELIG:condition" },
	  { "RAND_SAMP_", "no rule keeps it equal" } },
	{ { ":pmu-name" }, { "pmu-name \"POWER10 PMU\"" }, true },
	{ { "constraints/grouping:group-constraint-mask",
	    "constraints/grouping:group-constraint-value" }, { "grouping:" }, true },
	{ { "constraints/alternatives/inst-cmpl", "constraints/alternatives/cyc" },
	  { "alternatives: 0 pairs" }, true },
	{ { "bhrb" }, { "bhrb: 0 entries" }, true },
	{ { "events/cpu-cycles", "events/cache-references", "events/cache-misses",
	    "events/branch-instructions", "events/branch-misses:event_code" },
	  { "generic event cpu-cycles", "generic event cache-references",
	    "generic event cache-misses", "generic event branch-instructions",
	    "generic event branch-misses: 0x400f6" }, true },
	{ { "cache-events" }, { "cache-events:" }, true },
	{ { ":siar-privilege", ":reserved-sample-value" }, { "ISA properties:" }, true },
	{ { "evt_code_format/L2L3_SELECT:condition" }, { "field L2L3_SELECT: condition" }, true },
	{ { "evt_code_format/SDAR_MODE:default-value" }, { "field SDAR_MODE: default-value" },
	  true },
	{ { "evt_code_format/THRESH_CMP" }, { "field THRESH_CMP missing" }, true },
	{ { "constraints/threshold/thresh-cmp:config", "constraints/threshold/thresh-cmp:encoding",
	    "constraints/threshold/thresh-cmp:event-shift" }, { "constraint thresh-cmp" }, true },
	{ { "constraints/ebb:restricted-counters-too", "constraints/bhrb:restricted-counters-too" },
	  { "constraint ebb", "constraint bhrb" }, true },
	{ { ":format-names", ":format-fields" }, { "format-names, format-fields: none" }, true },
};

/*
 * Proves: the RFC's own node, as skiboot's pmu_dts branch emits it, is
 * read in every form it uses (one compatible string, one-cell and
 * four-cell values mixed, ISA 3.1 from its mmcr3 node, no EBB/BHRB fields)
 * and refused for its data errors only, each named with how to fix it;
 * with those corrected and nothing else it is accepted, equal to the
 * built-in POWER10 description, and gives isa207's constraints.
 */
static void __init dts_test_rfc_node(struct kunit *test)
{
	const void *verbatim = __dtb_dts_pmu_rfc_begin;
	const void *fixed = __dtb_dts_pmu_rfc_fixed_begin;
	struct dts_parse *ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	struct dts_pmu *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	struct dts_diff_log *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	int size = fdt_totalsize(verbatim) + fdt_totalsize(fixed) + 4096;
	void *buf = kunit_kzalloc(test, size, GFP_KERNEL);
	unsigned int e, i, j, k, parse = 0, differs = 0, matched;
	char *warn;
	int rc;

	KUNIT_ASSERT_TRUE(test, ps && p && d && buf);
	KUNIT_ASSERT_EQ(test, fdt_open_into(verbatim, buf, size), 0);
	for (e = 0; e < ARRAY_SIZE(dts_rfc_errors) && !dts_rfc_errors[e].differs; e++) {
		rc = dts_pmu_parse_fdt(ps, p, buf, "power10");
		KUNIT_EXPECT_EQ_MSG(test, rc, -EINVAL, "error %u not found", e);
		for (j = 0; j < ARRAY_SIZE(dts_rfc_errors[e].says); j++)
			KUNIT_EXPECT_TRUE_MSG(test, !dts_rfc_errors[e].says[j] ||
					      strstr(ps->err, dts_rfc_errors[e].says[j]),
					      "error %u: \"%s\", not \"%s\"", e, ps->err,
					      dts_rfc_errors[e].says[j]);
		kunit_info(test, "rfc node: refused: %s\n", ps->err);
		parse++;
		dts_rfc_take_all(test, buf, fixed, dts_rfc_errors[e].take,
				 ARRAY_SIZE(dts_rfc_errors[e].take));
	}

	/* parsed now; every difference from the built-in one named, nothing else */
	rc = dts_pmu_parse_fdt(ps, p, buf, "power10");
	KUNIT_ASSERT_EQ_MSG(test, rc, 0, "%s", ps->err);
	strscpy(p->source, "RFC node", sizeof(p->source));
	KUNIT_EXPECT_EQ(test, dts_check_against_builtin(ps, __dtb_dts_pmu_power10_begin,
							"power10", d), -EINVAL);
	dts_parse_free(ps);
	KUNIT_EXPECT_LE(test, d->n, ARRAY_SIZE(d->msg));
	for (k = 0; k < d->n && k < ARRAY_SIZE(d->msg); k++) {
		matched = 0;
		for (i = e; i < ARRAY_SIZE(dts_rfc_errors); i++)
			for (j = 0; j < ARRAY_SIZE(dts_rfc_errors[i].says); j++)
				matched += dts_rfc_errors[i].says[j] &&
					   strstr(d->msg[k], dts_rfc_errors[i].says[j]);
		KUNIT_EXPECT_EQ_MSG(test, matched, 1, "difference \"%s\"", d->msg[k]);
		kunit_info(test, "rfc node: differs: %s\n", d->msg[k]);
	}
	for (i = e; i < ARRAY_SIZE(dts_rfc_errors); i++) {
		for (j = 0; j < ARRAY_SIZE(dts_rfc_errors[i].says) && dts_rfc_errors[i].says[j];
		     j++) {
			for (k = 0; k < d->n && k < ARRAY_SIZE(d->msg); k++)
				if (strstr(d->msg[k], dts_rfc_errors[i].says[j]))
					break;
			KUNIT_EXPECT_LT_MSG(test, k, min_t(unsigned int, d->n, ARRAY_SIZE(d->msg)),
					    "not reported: %s", dts_rfc_errors[i].says[j]);
			differs++;
		}
		dts_rfc_take_all(test, buf, fixed, dts_rfc_errors[i].take,
				 ARRAY_SIZE(dts_rfc_errors[i].take));
	}

	KUNIT_EXPECT_EQ(test, d->n, differs);

	/* those corrections were all there is between the two */
	KUNIT_ASSERT_GE(test, dts_test_off(buf, ""), 0);
	KUNIT_ASSERT_GE(test, dts_test_off(fixed, ""), 0);
	KUNIT_EXPECT_TRUE(test, dts_rfc_same(buf, dts_test_off(buf, ""), fixed,
					     dts_test_off(fixed, "")));
	KUNIT_EXPECT_TRUE(test, dts_rfc_same(fixed, dts_test_off(fixed, ""), buf,
					     dts_test_off(buf, "")));

	/* the corrected node: skiboot's forms, read; the built-in's tables */
	rc = dts_pmu_parse_fdt(ps, p, fixed, "power10");
	KUNIT_ASSERT_EQ_MSG(test, rc, 0, "%s", ps->err);
	KUNIT_EXPECT_EQ(test, ps->forms, BIT(DTS_FORM_MAX) - 1);
	/* the one warning names the compatible to add */
	warn = kunit_kzalloc(test, 384, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, warn);
	dts_pmu_forms(ps, "power10", warn, 384);
	KUNIT_EXPECT_NOT_NULL(test, strstr(warn, "put \"ibm,power10-pmu\" before it"));
	kunit_info(test, "rfc node: warning: %s\n", warn);
	strscpy(p->source, "corrected RFC node", sizeof(p->source));
	KUNIT_EXPECT_EQ(test, dts_check_against_builtin(ps, __dtb_dts_pmu_power10_begin,
							"power10", d), 0);
	KUNIT_EXPECT_EQ(test, d->n, 0);
	dts_parse_free(ps);
	if (cpu_has_feature(CPU_FTR_ARCH_31))
		KUNIT_EXPECT_EQ(test, dts_test_count_diffs(p, 20000), 0);
	else
		kunit_info(test, "rfc node: isa207's POWER10 constraints need an ISA 3.1 CPU: not compared\n");
	kunit_info(test, "rfc node: %u errors refused (%u by the parser, %u against the built-in), forms read 0x%lx, corrected node equal\n",
		   parse + differs, parse, differs, ps->forms);
}

/* ---------------------------------------------------------------------- */

/*
 * Mainline's Power12 backend (arch/powerpc/perf/power12-pmu.c and
 * power12-events-list.h), as data: what the built-in Power12 description
 * must give.  Its callbacks are Power10's (isa207_* and bodies equal to
 * power10-pmu.c's): its alternatives and branch filters are compared
 * through power10_pmu_model()'s, and its compute path to Power10's.
 */
static int dts_p12_generic[] __initdata = {
	[PERF_COUNT_HW_CPU_CYCLES] = 0x600f4,
	[PERF_COUNT_HW_INSTRUCTIONS] = 0x500fa,
	[PERF_COUNT_HW_CACHE_REFERENCES] = 0x100fc,
	[PERF_COUNT_HW_CACHE_MISSES] = 0x400f0,
	[PERF_COUNT_HW_BRANCH_INSTRUCTIONS] = 0x10068,
	[PERF_COUNT_HW_BRANCH_MISSES] = 0x27098,
};

#define DTS_C(x)	PERF_COUNT_HW_CACHE_##x
static u64 dts_p12_cache[DTS_C(MAX)][DTS_C(OP_MAX)][DTS_C(RESULT_MAX)] __initdata = {
	[DTS_C(L1D)] = {
		[DTS_C(OP_READ)] = { 0x100fc, 0x3e054 },
		[DTS_C(OP_WRITE)] = { 0, 0x300f0 },
		[DTS_C(OP_PREFETCH)] = { 0x1002c, 0 },
	},
	[DTS_C(L1I)] = {
		[DTS_C(OP_READ)] = { 0x4080, 0x200fc },
		[DTS_C(OP_WRITE)] = { 0x3f00000001c040, -1 },
		[DTS_C(OP_PREFETCH)] = { 0x40a0, 0 },
	},
	[DTS_C(LL)] = {
		[DTS_C(OP_READ)] = { 0x10340000003c040, 0x300fe },
		[DTS_C(OP_WRITE)] = { 0x10000046080, 0x26880 },
		[DTS_C(OP_PREFETCH)] = { 0x100000016080, 0 },
	},
	[DTS_C(DTLB)] = { { 0, 0x300fc }, { -1, -1 }, { -1, -1 } },
	[DTS_C(ITLB)] = { { 0, 0x400fc }, { -1, -1 }, { -1, -1 } },
	[DTS_C(BPU)] = { { 0x4d05e, 0x400f6 }, { -1, -1 }, { -1, -1 } },
	[DTS_C(NODE)] = { { -1, -1 }, { -1, -1 }, { -1, -1 } },
};

#undef DTS_C

struct dts_p12_event {
	const char *name;
	u64 code;
};

static const struct dts_p12_event dts_p12_events[] __initconst = {
	{ "cpu-cycles", 0x600f4 }, { "instructions", 0x500fa },
	{ "branch-instructions", 0x10068 }, { "branch-misses", 0x27098 },
	{ "cache-references", 0x100fc }, { "cache-misses", 0x400f0 },
	{ "mem-loads", 0x35340401e0 }, { "mem-stores", 0x353c0401e0 },
	{ "L1-dcache-load-misses", 0x3e054 }, { "L1-dcache-loads", 0x100fc },
	{ "L1-dcache-prefetches", 0x1002c }, { "L1-dcache-store-misses", 0x300f0 },
	{ "L1-icache-load-misses", 0x200fc }, { "L1-icache-loads", 0x4080 },
	{ "L1-icache-prefetches", 0x40a0 }, { "LLC-load-misses", 0x300fe },
	{ "LLC-loads", 0x10340000003c040 }, { "LLC-prefetches", 0x100000016080 },
	{ "LLC-store-misses", 0x26880 }, { "LLC-stores", 0x10000046080 },
	{ "branch-load-misses", 0x400f6 }, { "branch-loads", 0x4d05e },
	{ "dTLB-load-misses", 0x300fc }, { "iTLB-load-misses", 0x400fc },
};

static const char * const dts_p12_formats[][2] __initconst = {
	{ "event", "config:0-59" }, { "pmcxsel", "config:0-7" }, { "mark", "config:8" },
	{ "combine", "config:10-11" }, { "unit", "config:12-15" }, { "pmc", "config:16-19" },
	{ "cache_sel", "config:20-21" }, { "sdar_mode", "config:22-23" },
	{ "sample_mode", "config:24-28" }, { "thresh_sel", "config:29-31" },
	{ "thresh_stop", "config:32-35" }, { "thresh_start", "config:36-39" },
	{ "l2l3_sel", "config:40-44" }, { "src_sel", "config:45-46" },
	{ "invert_bit", "config:47" }, { "src_mask", "config:48-53" },
	{ "src_match", "config:54-59" }, { "radix_scope", "config:9" },
	{ "thresh_cmp", "config1:0-17" },
};

/* The events and formats of @ps that are not mainline's Power12 ones */
static unsigned int __init dts_p12_names_diff(struct kunit *test, const struct dts_parse *ps,
					      bool report)
{
	unsigned int i, j, n = 0;

	for (i = 0; i < ARRAY_SIZE(dts_p12_events); i++) {
		for (j = 0; j < ps->nr_events; j++)
			if (!strcmp(ps->ev_names[j], dts_p12_events[i].name))
				break;
		if (j == ps->nr_events || ps->ev_codes[j] != dts_p12_events[i].code) {
			if (report)
				KUNIT_FAIL(test, "power12: event %s: mainline 0x%llx, dt %s0x%llx",
					   dts_p12_events[i].name, dts_p12_events[i].code,
					   j == ps->nr_events ? "none, " : "",
					   j == ps->nr_events ? 0 : ps->ev_codes[j]);
			n++;
		}
	}
	for (i = 0; i < ARRAY_SIZE(dts_p12_formats); i++) {
		for (j = 0; j < ps->nr_formats; j++)
			if (!strcmp(ps->fmt_names[j], dts_p12_formats[i][0]))
				break;
		if (j == ps->nr_formats || strcmp(ps->fmt_specs[j], dts_p12_formats[i][1])) {
			if (report)
				KUNIT_FAIL(test, "power12: format %s: mainline %s, dt %s",
					   dts_p12_formats[i][0], dts_p12_formats[i][1],
					   j == ps->nr_formats ? "none" : ps->fmt_specs[j]);
			n++;
		}
	}
	n += ps->nr_events != ARRAY_SIZE(dts_p12_events);
	n += ps->nr_formats != ARRAY_SIZE(dts_p12_formats);
	return n;
}

/*
 * Proves: the built-in Power12 description gives mainline's Power12
 * tables: name, counters, adder fields, group constraint, BHRB depth,
 * capabilities, flags, generic and cache event maps, the 24 events and
 * 19 formats of sysfs, alternatives, branch filters and the sample and
 * threshold values check_attr_config refuses; and, on an ISA 3.1
 * CPU, the compute path of the Power10 model it shares: 20000 random codes
 * through get_constraint and 4000 random groups through the solver and
 * compute_mmcr.  Then that the comparison can fail.
 */
static void __init dts_test_power12(struct kunit *test)
{
	struct dts_parse *ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	struct dts_pmu *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	struct power_pmu *want = kunit_kzalloc(test, sizeof(*want), GFP_KERNEL);
	struct perf_event *ev = kunit_kzalloc(test, sizeof(*ev), GFP_KERNEL);
	unsigned int tables, names, compute = 0, sched = 0, v;
	bool isa31 = cpu_has_feature(CPU_FTR_ARCH_31);
	struct power_pmu *dt;

	KUNIT_ASSERT_NOT_NULL(test, ps);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_NOT_NULL(test, want);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_ASSERT_EQ_MSG(test, dts_pmu_parse_fdt(ps, p, __dtb_dts_pmu_power12_begin, "power12"),
			    0, "%s", ps->err);

	*want = *power10_pmu_model();
	want->name = "Power12";
	want->n_counter = 6;
	want->add_fields = ISA207_ADD_FIELDS;
	want->test_adder = ISA207_TEST_ADDER;
	want->group_constraint_mask = CNST_CACHE_PMC4_MASK;
	want->group_constraint_val = CNST_CACHE_PMC4_VAL;
	want->bhrb_nr = 32;
	want->capabilities = PERF_PMU_CAP_EXTENDED_REGS;
	want->n_generic = ARRAY_SIZE(dts_p12_generic);
	want->generic_events = dts_p12_generic;
	want->cache_events = &dts_p12_cache;
	/* mainline's Power12 flags, 0x1ac0 */
	want->flags = PPMU_HAS_SIER | PPMU_ARCH_207S | PPMU_ARCH_31 | PPMU_HAS_ATTR_CONFIG1 |
		      PPMU_P10;

	KUNIT_EXPECT_STREQ(test, p->name, "Power12");
	tables = dts_test_tables_diff(test, p, want, dts_p10_json_codes,
				      ARRAY_SIZE(dts_p10_json_codes), true);
	tables += !!strcmp(p->name, "Power12");
	dt = dts_test_power_pmu(test, p);
	KUNIT_ASSERT_NOT_NULL(test, dt);
	KUNIT_EXPECT_EQ(test, dt->flags, want->flags);
	tables += dt->flags != want->flags;
	/* every sample mode, and threshold control with a nibble of 0xf */
	for (v = 0; v < 32 + 2; v++) {
		ev->attr.config = v < 32 ? (u64)v << 24 | 0x401e0 :
			(v == 32 ? 0xf0ull : 0x0full) << 32 | 0x401e0;
		if (want->check_attr_config(ev) != dts_attr_config(p, ev)) {
			KUNIT_FAIL(test, "power12: check_attr_config(0x%llx): mainline %d, dt %d",
				   ev->attr.config, want->check_attr_config(ev),
				   dts_attr_config(p, ev));
			tables++;
		}
	}
	names = dts_p12_names_diff(test, ps, true);
	/* the comparison of events can fail */
	if (ps->nr_events) {
		ps->ev_codes[0] ^= 1;
		KUNIT_EXPECT_GE(test, dts_p12_names_diff(test, ps, false), 1);
		ps->ev_codes[0] ^= 1;
	}
	dts_parse_free(ps);
	if (isa31) {
		dts_test_model(test);	/* the running CPU's model: Power10's */
		compute = dts_test_count_diffs(p, 20000) +
			  dts_test_group_diffs(test, p, 4000, DTS_TEST_SEED + 12, &sched, true);
		KUNIT_EXPECT_EQ(test, compute, 0);
		KUNIT_EXPECT_GE(test, sched, 1000);
	}
	KUNIT_EXPECT_EQ(test, tables, 0);
	KUNIT_EXPECT_EQ(test, names, 0);
	kunit_info(test, "power12: %u table diffs, %u event and format diffs, compute %s: %u diffs (%u of 4000 groups schedulable)\n",
		   tables, names, isa31 ? "run" : "not run (needs an ISA 3.1 CPU)", compute, sched);
	/* the compute path is the half only an ISA 3.1 CPU shows */
	kunit_info(test, "power12_tables_equal: %s\n",
		   tables || names || compute || (isa31 && sched < 1000) ? "no" :
		   isa31 ? "yes" : "tables-only");

	/* the comparison can fail: Power10's branch events are not Power12's */
	want->generic_events = power10_pmu_model()->generic_events;
	KUNIT_EXPECT_EQ(test, dts_test_tables_diff(test, p, want, dts_p10_json_codes,
						   ARRAY_SIZE(dts_p10_json_codes), false), 2);
}

static struct kunit_case dts_pmu_parser_cases[] __initdata = {
	KUNIT_CASE(dts_test_builtin_parses),
	KUNIT_CASE(dts_test_tables_match),
	KUNIT_CASE(dts_test_power12),
	KUNIT_CASE(dts_test_firmware_node),
	KUNIT_CASE(dts_test_rfc_node),
	KUNIT_CASE(dts_test_verifier),
	KUNIT_CASE(dts_test_four_cell_form),
	KUNIT_CASE(dts_test_forward_compat),
	KUNIT_CASE(dts_test_cpu_isa),
	KUNIT_CASE(dts_test_alternatives_described),
	KUNIT_CASE_SLOW(dts_test_malformed_corpus),
	{}
};

static struct kunit_suite dts_pmu_parser_suite __initdata = {
	.name = "dts_pmu_parser",
	.test_cases = dts_pmu_parser_cases,
};

static struct kunit_case dts_pmu_equiv_cases[] __initdata = {
	KUNIT_CASE_SLOW(dts_test_equiv_json_events),
	KUNIT_CASE(dts_test_unknown_cpu),
	KUNIT_CASE(dts_test_each_constraint_matters),
	KUNIT_CASE_SLOW(dts_test_equiv_random_codes),
	KUNIT_CASE_SLOW(dts_test_equiv_random_groups),
	{}
};

static struct kunit_suite dts_pmu_equiv_suite __initdata = {
	.name = "dts_pmu_equiv",
	.test_cases = dts_pmu_equiv_cases,
};

kunit_test_init_section_suites(&dts_pmu_parser_suite, &dts_pmu_equiv_suite);
