/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Core PMU driven by a device-tree description ("ibm,power-pmu").
 *
 * The files, along the flow, one job each; a file of the reader (prop to
 * compile) calls only the files listed before it:
 *   dts_pmu_prop.c     reads properties, reports the one error;
 *   dts_pmu_desc.c     the PMU node: counters, registers, fields, ISA level;
 *   dts_pmu_shape.c    holds a description to the binding's shape: its
 *                      nodes, properties and their types;
 *   dts_pmu_verify.c   the fields against each other and the bits the
 *                      kernel owns, and the codes the kernel programs;
 *   dts_pmu_events.c   its events, cache events, BHRB filters, deny lists;
 *   dts_pmu_rules.c    its scheduling constraints;
 *   dts_pmu_compile.c  compiles the tables the hot path runs, and
 *                      dts_pmu_parse(), which runs all of the above;
 *   dts_pmu_backend.c  the struct power_pmu callbacks, sysfs, registration;
 *   dts_pmu_firmware.c which description to use: firmware or built-in,
 *                      a firmware one held to the built-in;
 *   dts_pmu_debugfs.c  what the kernel understood.
 */
#ifndef _POWERPC_PERF_DTS_PMU_H
#define _POWERPC_PERF_DTS_PMU_H

#include <linux/bitops.h>
#include <linux/perf_event.h>
#include <linux/types.h>

struct device_node;
struct mmcr_regs;
struct power_pmu;

#define DTS_PMU_MAX_PMC		6	/* the architected PMC1-PMC6 */
#define DTS_PMU_MAX_MMCR	5
#define DTS_PMU_MAX_FIELDS	32
#define DTS_PMU_MAX_RULES	16
#define DTS_PMU_MAX_RESTRICTED	4
#define DTS_PMU_MAX_ALT		8	/* groups of alternative codes */
#define DTS_PMU_NAME_LEN	32
#define DTS_PMU_NO_FIELD	0xff
#define DTS_PMU_NR_GENERIC	(PERF_COUNT_HW_STALLED_CYCLES_BACKEND + 1)
#define DTS_PMU_MAX_DENY_SETS	4	/* event deny lists, chosen by PVR */
#define DTS_PMU_MAX_DENIED	32
#define DTS_PMU_MAX_EVENTS	4096
#define DTS_PMU_MAX_FORMATS	64
#define DTS_PMU_PMC_SLOTS	16	/* every value of a 4-bit PMC field */
#define DTS_BHRB_MAX_ENTRIES	32	/* core-book3s keeps this many per CPU */

/* MMCR indexes of the description ("mmcr" property) */
enum dts_pmu_mmcr {
	DTS_MMCR0, DTS_MMCR1, DTS_MMCR2, DTS_MMCR3, DTS_MMCRA,
};

/* When a field or constraint rule applies (binding: "condition") */
enum dts_pmu_cond {
	DTS_COND_ALWAYS,
	DTS_COND_MARKED,
	DTS_COND_THRESHOLD,
	DTS_COND_L1,
	DTS_COND_BHRB,
	DTS_COND_CACHE,
	DTS_COND_RADIX,
	DTS_COND_UNIT6,
	DTS_COND_MAX = DTS_COND_UNIT6,
};

/*
 * The sets of conditions an event can meet: always and radix hold, then
 * L1, cache or cache and unit 6 (by its unit, 3 classes) times marked,
 * threshold, BHRB or not: set = class + 3 * marked + 6 * threshold +
 * 12 * BHRB.
 */
#define DTS_NR_CSETS		24
#define DTS_CSET_MARKED		3
#define DTS_CSET_THRESHOLD	6
#define DTS_CSET_BHRB		12

enum dts_pmu_encoding {
	DTS_ENC_NONE,
	DTS_ENC_THRESH_CMP_P10,
	DTS_ENC_THRESH_CMP_P9,
	DTS_ENC_MAX = DTS_ENC_THRESH_CMP_P9,
};

/* What the backend must do beyond the fields (properties of the node) */
#define DTS_FEAT_ISA31		BIT(0)	/* MMCR3, SIER2/3, PMCCEXT, BHRBRD */
#define DTS_FEAT_SIAR_PRIV	BIT(1)	/* sample privilege from SIAR */

/* Events refused on the CPUs whose PVR & pvr_mask is pvr_value */
struct dts_pmu_deny {
	u32 pvr_mask;
	u32 pvr_value;
	unsigned int n;
	int events[DTS_PMU_MAX_DENIED];
};

/* Fields the backend gives behaviour to, found by name */
enum dts_pmu_role {
	DTS_ROLE_PMC,		/* PMCx */
	DTS_ROLE_UNIT,		/* PMCxUNIT */
	DTS_ROLE_PSEL,		/* PMCxSEL */
	DTS_ROLE_MARK,		/* MARK */
	DTS_ROLE_EBB,		/* EBB */
	DTS_ROLE_BHRB,		/* BHRB */
	DTS_ROLE_IFM,		/* IFM */
	DTS_ROLE_THRESH_SEL,	/* THRESH_SEL */
	DTS_ROLE_SDAR,		/* SDAR_MODE */
	DTS_ROLE_MAX,
};

/* One field of the raw event code, as described */
struct dts_pmu_field {
	u64 mask;			/* value mask, after the shift */
	u8 shift;			/* first bit in attr.configN */
	u8 config;			/* N of attr.configN */
	u8 mmcr;			/* enum dts_pmu_mmcr, or DTS_PMU_NO_FIELD */
	u8 cond;			/* enum dts_pmu_cond */
	u8 encoding;			/* enum dts_pmu_encoding */
	bool per_pmc;
	u8 target;			/* shared field: target bit */
	u8 pmc_shift[DTS_PMU_MAX_PMC + 1];	/* per-PMC target bit */
	u32 default_val;
	char name[DTS_PMU_NAME_LEN];
};

/* One constraint rule, as described */
struct dts_pmu_rule {
	u64 cmask;
	u64 emask;
	u8 eshift;
	u8 cshift;
	u8 cond;
	u8 config;
	u8 encoding;
	bool restricted_too;
	char name[DTS_PMU_NAME_LEN];
};

/*
 * The compiled forms.  A plain rule or placement takes bits @src of the
 * raw code and rotates them left by @rot into place (a plain rule's
 * constraint mask is @src rotated likewise); an encoded one (or one from
 * config1/2) goes through dts_encode() first.
 */
struct dts_crule {
	u64 src;			/* plain: code bits; else the value mask */
	u64 cmask;
	u8 rot;				/* plain: rotate left; else the shift */
	u8 config;
	u8 eshift;
	u8 encoding;			/* DTS_ENC_NONE: plain */
};

/* The rules that apply to an event in one set of conditions */
struct dts_when {
	u64 mask;			/* their constraint masks */
	u64 src;			/* the code bits the plain ones read */
	u64 rmask;			/* the masks of those on restricted PMCs */
	u32 rules;			/* bitmap of crule[]: plain, special << 16 */
};

/* What naming a counter (or PMC=0) adds to the constraint: PMC and NC */
struct dts_pmc_adds {
	u64 mask;
	u64 val;
	u64 restricted;			/* a restricted counter: its codes only */
	u64 pad;
};

/* A plain rule, as get_constraint's common case reads it */
struct dts_prule {
	u64 src;
	u64 rot;
};

struct dts_cplace {
	u64 src;			/* as for dts_crule */
	u8 rot;
	u8 config;
	u8 eshift;
	u8 encoding;
};

#define DTS_PMU_MAX_PLACES	64	/* shared ones, and per-counter ones per PMC */

#define DTS_DW(dw, n)		((unsigned int)((dw) >> (8 * (n))) & 0xff)
enum {
	DTS_DW_PMC_SHIFT, DTS_DW_PMC_MASK, DTS_DW_UNIT_SHIFT, DTS_DW_UNIT_MASK,
	DTS_DW_NC_SHIFT,			/* get_constraint */
	DTS_DW_SDAR_SHIFT = DTS_DW_NC_SHIFT,	/* compute_mmcr */
	DTS_DW_SDAR_MASK, DTS_DW_SDAR_TARGET, DTS_DW_SDAR_DEFAULT,
};

struct dts_pmu {
	/*
	 * What get_constraint and compute_mmcr read, first and together:
	 * compiled by dts_pmu_compile() (the bits from the fields' roles).
	 *
	 * What an event is decoded with, in one word each, a byte a value
	 * (DTS_DW()): PMC shift and mask, unit shift and mask, then for
	 * get_constraint the NC shift, for compute_mmcr the SDAR_MODE shift,
	 * mask, target bit and default (a zero mask: no SDAR_MODE field).
	 */
	u64 dw_constraint;
	u64 dw_mmcr;
	u64 bad_bits[2];		/* ~code_mask; for PMC=0 with ebb_pmc_bits */
	u64 cond_bits;			/* mark_bits | thresh_bits | bhrb_bits */
	u64 mark_bits, thresh_bits, bhrb_bits, ebb_bits;
	u64 bhrb_ebb_bits;		/* bhrb_bits if BHRB needs EBB */
	unsigned long mmcr0_base;	/* MMCR0 bits of every schedule */
	unsigned long mmcra_base;	/* MMCRA bits unless an event clears them */
	u32 programmable;		/* bit N: PMC N is programmable */
	u32 pmc_plain;			/* the same and bit 0: PMC=0 */
	u32 rules_restricted;		/* rules that apply on restricted PMCs */
	u8 pmc_shift, pmc_mask;		/* the PMC field (at most 4 bits) */
	u8 unit_shift, unit_mask;	/* the unit field (at most 4 bits), or 0 */
	u8 unit_class[16];		/* condition set class of each unit */
	struct dts_when when[DTS_NR_CSETS];	/* the rules, per condition set */
	struct dts_pmc_adds pmc_adds[DTS_PMU_PMC_SLOTS];
	struct dts_prule prule[DTS_PMU_MAX_RULES];	/* the plain rules */
	/* restricted counters: the only codes they count, without linux_mask */
	u64 linux_mask;			/* the EBB, BHRB and IFM fields' bits */
	u8 nr_restricted[DTS_PMU_PMC_SLOTS];
	u64 restricted[DTS_PMU_PMC_SLOTS][DTS_PMU_MAX_RESTRICTED];
	struct dts_crule crule[DTS_PMU_MAX_RULES];

	char name[DTS_PMU_NAME_LEN];
	char source[64];		/* "firmware node /pmus/...", "built-in ..." */
	unsigned int nr_pmc;
	unsigned int nr_mmcr;
	u8 mmcrs;			/* bit N: MMCR index N is described */
	unsigned int max_counter;
	u32 features;			/* DTS_FEAT_* */
	u32 reserved_sample;		/* a sample-field value refused, or 0 */
	bool four_cells;		/* 64-bit values as <0 hi 0 lo> */

	struct dts_pmu_field fields[DTS_PMU_MAX_FIELDS];
	unsigned int nr_fields;
	u8 role[DTS_ROLE_MAX];		/* field index, or DTS_PMU_NO_FIELD */

	struct dts_pmu_rule rules[DTS_PMU_MAX_RULES];
	unsigned int nr_rules;
	bool ebb_needs_pmc;
	bool bhrb_needs_ebb;

	/* adder field counting events on the programmable counters */
	u8 nc_shift;
	u8 nc_limit;
	u64 group_mask;
	u64 group_val;

	unsigned int alt[DTS_PMU_MAX_ALT][2];
	unsigned int nr_alt;

	u32 bhrb_nr;
	s8 bhrb_ifm[6];			/* per perf branch filter, or: */
#define DTS_BHRB_UNSUPPORTED	(-1)	/* the request fails */
#define DTS_BHRB_IGNORED	(-2)	/* the filter is not looked at */

	struct dts_pmu_deny deny[DTS_PMU_MAX_DENY_SETS];
	unsigned int nr_deny;

	int generic[DTS_PMU_NR_GENERIC];	/* PERF_TYPE_HARDWARE codes */
	u64 cache[PERF_COUNT_HW_CACHE_MAX][PERF_COUNT_HW_CACHE_OP_MAX]
		 [PERF_COUNT_HW_CACHE_RESULT_MAX];

	/* the events/ directory, once registered */
	const char **ev_names;
	const u64 *ev_codes;
	unsigned int nr_events;

	/* from the fields, once they are checked (dts_pmu_verify.c) */
	u64 code_mask;			/* every config bit a field describes */

	/* compiled by dts_pmu_compile(), for event_init (dts_event_decode()) */
	u64 ebb_pmc_bits;		/* ebb_bits if EBB events need a PMC */
	u64 places_when[DTS_NR_CSETS];	/* shared placements, by condition set */
	u64 pmc_places[DTS_PMU_PMC_SLOTS];	/* per-counter ones, per PMC */
	u64 reg_places[DTS_PMU_MAX_MMCR];	/* the plain ones, per MMCR */
	u64 special_places;		/* encoded ones (all in MMCRA) */
	struct dts_cplace cplace[DTS_PMU_MAX_PLACES];
	unsigned int nr_cplace;
	u64 special_bits[3];		/* config bits encoded placements read */
	u64 psel_mask[DTS_PMU_PMC_SLOTS];	/* PMCxSEL bits of each counter */
	u8 psel_reg;
};

/*
 * An event's decode (dts_event_decode()): for each code core-book3s may
 * schedule it as, its own and its alternatives', on each counter the
 * code can count on, what compute_mmcr ORs into the MMCRs for it.  Made
 * once when the event is created and kept in event->pmu_private: a pure
 * function of the event, nothing to invalidate.
 */
struct dts_dec {
	u64 code;
	u8 pmc;
	u8 flags;			/* DTS_DEC_* */
	unsigned long reg[4];		/* MMCR1, MMCR2, MMCR3, MMCRA */
	unsigned long sdar;		/* MMCRA[SDAR mode] unless marked */
};

#define DTS_DEC_MARKED		BIT(0)	/* the group gets no SDAR mode */
#define DTS_DEC_BHRB		BIT(1)	/* clear MMCRA[BHRBRD] */

struct dts_event {
	unsigned int n;
	struct dts_dec d[] __counted_by(n);
};

/*
 * Forms of skiboot's pmu_dts node (the RFC's firmware half) the reader
 * accepts although the binding has another: the caller names them in one
 * warning.
 */
enum dts_pmu_form {
	DTS_FORM_GENERIC_COMPAT,	/* "ibm,power-pmu" alone */
	DTS_FORM_ONE_CELL,		/* a 64-bit value in one cell */
	DTS_FORM_ISA31_FROM_MMCR3,	/* ISA 3.1 told by the mmcr3 node alone */
	DTS_FORM_LINUX_FIELDS,		/* no EBB/BHRB fields, IFM unconditional */
	DTS_FORM_MAX,
};

/* The parser's state: the first error, and sysfs data kept on success */
struct dts_parse {
	struct dts_pmu *pmu;
	char err[320];
	unsigned long forms;		/* BIT(enum dts_pmu_form) */
	const char **ev_names;
	u64 *ev_codes;
	unsigned int nr_events;
	const char **fmt_names;
	const char **fmt_specs;
	unsigned int nr_formats;
};

struct perf_event;

/* dts_pmu_prop.c: properties, errors, node names */
__printf(3, 4) int dts_bad(struct dts_parse *ps, const struct device_node *np,
			   const char *fmt, ...);
int dts_get_u32(struct dts_parse *ps, const struct device_node *np, const char *name,
		u32 *val, u32 min, u32 max, bool required);
int dts_get_u64(struct dts_parse *ps, const struct device_node *np, const char *name,
		u64 *val, bool required);
int dts_get_u64_list(struct dts_parse *ps, const struct device_node *np,
		     const char *name, u64 *vals, int max);
int dts_get_string(struct dts_parse *ps, const struct device_node *np,
		   const char *name, const char **str, bool required);
bool dts_name_ok(const char *s, size_t max);
/* node name patterns, for dts_name_matches() and dts_node_is() */
#define DTS_PAT_FIELD	"=field"	/* [A-Za-z][A-Za-z0-9_]* */
#define DTS_PAT_LOWER	"=lower"	/* [a-z0-9][a-z0-9-]* */
#define DTS_PAT_EVENT	"=event"	/* [A-Za-z0-9][A-Za-z0-9_.-]* */
#define DTS_PAT_PMC	"=pmc"		/* pmc[1-6] */
#define DTS_PAT_MMCR	"=mmcr"		/* mmcr[0-3a] */
#define DTS_PAT_RESTR	"=restricted"	/* restricted-counters-[1-6] */
bool dts_name_matches(const char *name, const char *pat);
bool dts_node_is(const struct device_node *np, const char *pat);

/* dts_pmu_shape.c */
int dts_pmu_check_shape(struct dts_parse *ps, const struct device_node *np);

/* dts_pmu_desc.c */
int dts_parse_pmu(struct dts_parse *ps, const struct device_node *np);
int dts_parse_condition(struct dts_parse *ps, const struct device_node *np, u8 *cond);
int dts_parse_encoding(struct dts_parse *ps, const struct device_node *np, u8 *enc);
int dts_pmu_check_cpu(struct dts_parse *ps, const struct dts_pmu *p, bool isa31);
extern const char * const dts_mmcr_names[DTS_PMU_MAX_MMCR];
extern const char * const dts_encoding_names[DTS_ENC_MAX + 1];
extern const char * const dts_cond_names[DTS_COND_MAX + 1];

/* dts_pmu_verify.c */
int dts_pmu_check_fields(struct dts_parse *ps, const struct device_node *np);
void dts_compile_roles(struct dts_pmu *p);
int dts_check_code(struct dts_parse *ps, const struct device_node *np,
		   const char *what, u64 code);
int dts_check_hidden(struct dts_parse *ps, const struct device_node *np,
		     const char *what, u64 code);
int dts_attr_config(const struct dts_pmu *p, struct perf_event *ev);
int dts_code_attr(const struct dts_pmu *p, u64 code);

/* dts_pmu_events.c */
/* perf branch filters, in the order the hand-coded backends test them */
enum {
	DTS_BR_ANY, DTS_BR_ANY_RETURN, DTS_BR_IND_CALL, DTS_BR_COND, DTS_BR_CALL,
	DTS_BR_ANY_CALL, DTS_BR_MAX
};

extern const char * const dts_branch_names[DTS_BR_MAX];
extern const u64 dts_branch_types[DTS_BR_MAX];
extern const char * const dts_generic_names[DTS_PMU_NR_GENERIC];
extern const char * const dts_cache_names[PERF_COUNT_HW_CACHE_MAX];
int dts_parse_format(struct dts_parse *ps, const struct device_node *np);
int dts_parse_events(struct dts_parse *ps, const struct device_node *pmu_np);
int dts_parse_cache_events(struct dts_parse *ps, const struct device_node *pmu_np);
int dts_parse_bhrb(struct dts_parse *ps, const struct device_node *pmu_np);
int dts_parse_denied(struct dts_parse *ps, const struct device_node *pmu_np);
const struct dts_pmu_deny *dts_denied(const struct dts_pmu *p, u32 pvr);
void dts_parse_free(struct dts_parse *ps);

/* dts_pmu_rules.c */
int dts_parse_constraints(struct dts_parse *ps, const struct device_node *pmu_np);

/* dts_pmu_compile.c */
int dts_pmu_parse(struct dts_parse *ps, struct dts_pmu *p, const struct device_node *np);
extern const char * const dts_form_names[DTS_FORM_MAX];
int dts_pmu_forms(const struct dts_parse *ps, const char *platform, char *buf, size_t size);
void dts_pmu_compile(struct dts_pmu *p);
int dts_pmu_check_compiled(struct dts_parse *ps, const struct device_node *np);

/* dts_pmu_backend.c */
int dts_constraint(const struct dts_pmu *p, u64 event, unsigned long *maskp,
		   unsigned long *valp, u64 config1);
int dts_mmcrs(const struct dts_pmu *p, u64 event[], int n_ev, unsigned int hwc[],
	      struct mmcr_regs *mmcr, struct perf_event *pevents[]);
struct dts_event *dts_event_decode(const struct dts_pmu *p, const struct perf_event *event,
				   u64 code, unsigned int flags, gfp_t gfp);
int dts_alternatives(const struct dts_pmu *p, u64 event, unsigned int flags, u64 alt[]);
u64 dts_bhrb_map(const struct dts_pmu *p, u64 branch_sample_type);
void dts_fill_power_pmu(const struct dts_pmu *p, struct power_pmu *pp);
int dts_pmu_register(struct dts_parse *ps);
const struct dts_pmu *dts_pmu_live(void);

/* dts_pmu_firmware.c */
struct device_node *dts_find_node(struct device_node *parent, const char *platform);
int dts_pmu_parse_fdt(struct dts_parse *ps, struct dts_pmu *p, const void *blob,
		      const char *platform);
/* A firmware description's differences from the built-in one */
#define DTS_DIFF_MSG	256
#define DTS_DIFF_KEPT	24
struct dts_diff_log {
	const char *src;
	unsigned int n;			/* how many; the first ones kept: */
	char msg[DTS_DIFF_KEPT][DTS_DIFF_MSG];
};
#if IS_ENABLED(CONFIG_KUNIT)
unsigned int dts_pmu_diff(const struct dts_pmu *fw, const struct dts_pmu *ref, const char *src,
			  struct dts_diff_log *d);
int dts_check_against_builtin(const struct dts_parse *fwps, const u8 *blob, const char *platform,
			      struct dts_diff_log *d);
#endif

/*
 * POWER10 threshold compare: take an 18-bit number N, clamped to 261120,
 * and shift it right 2 places, incrementing the exponent, until it fits in
 * 8 bits; the result is exponent << 8 | mantissa.  With a non-zero
 * exponent the last shift leaves bit 6 or 7 of the mantissa set, so every
 * value encodes.
 */
static __always_inline u64 dts_thresh_cmp_p10(u64 value)
{
	unsigned int exp = 0;

	if (!value)
		return 0;
	if (value > 261120)
		value = 261120;
	while (fls64(value) > 8) {
		exp++;
		value >>= 2;
	}
	return (exp << 8) | value;
}

/*
 * A field's or rule's source value, encoded; false if it cannot be.  Like
 * isa207's, an invalid POWER9 value encodes as itself (a rule refuses it).
 */
static __always_inline bool dts_encode(u8 encoding, u64 raw, u64 *out)
{
	switch (encoding) {
	case DTS_ENC_THRESH_CMP_P10:
		*out = dts_thresh_cmp_p10(raw);
		return true;
	case DTS_ENC_THRESH_CMP_P9:
		/* 3-bit exponent, 7-bit mantissa as given; upper 2 bits needed */
		*out = raw;
		return !((raw & 0x3ff) >> 7) || (raw & 0x60);
	default:
		*out = raw;
		return true;
	}
}

/* Does restricted counter @pmc count @event?  Its first code tested first */
static __always_inline bool dts_restricted_ok(const struct dts_pmu *p, unsigned int pmc,
					      u64 event)
{
	u64 base = event & ~p->linux_mask;
	const u64 *r = p->restricted[pmc];
	unsigned int i, n = p->nr_restricted[pmc];

	if (likely(n) && base == r[0])
		return true;
	for (i = 1; i < n; i++)
		if (base == r[i])
			return true;
	return false;
}

#endif /* _POWERPC_PERF_DTS_PMU_H */
