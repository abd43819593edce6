/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Core PMU driven by a device-tree description ("ibm,power-pmu").
 *
 * The description (a firmware node under /pmus or a built-in one) is
 * parsed, validated and compiled once into a struct dts_pmu; the
 * core-book3s callbacks then read only these tables.
 */
#ifndef _ASM_POWERPC_DTS_PMU_H
#define _ASM_POWERPC_DTS_PMU_H

#include <linux/perf_event.h>
#include <linux/types.h>

struct device_node;

#define DTS_PMU_MAX_PMC		8
#define DTS_PMU_MAX_MMCR	5
#define DTS_PMU_MAX_FIELDS	32
#define DTS_PMU_MAX_PMC_FIELDS	8	/* per-counter fields placed in MMCRs */
#define DTS_PMU_MAX_RULES	16
#define DTS_PMU_MAX_RESTRICTED	4
#define DTS_PMU_MAX_ALT		8	/* groups of alternative codes */
#define DTS_PMU_NAME_LEN	32
#define DTS_PMU_NO_FIELD	0xff
#define DTS_PMU_NR_GENERIC	(PERF_COUNT_HW_STALLED_CYCLES_BACKEND + 1)
#define DTS_PMU_MAX_DENY_SETS	4	/* event deny lists, chosen by PVR */
#define DTS_PMU_MAX_DENIED	32

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

enum dts_pmu_encoding {
	DTS_ENC_NONE,
	DTS_ENC_THRESH_CMP_P10,
	DTS_ENC_THRESH_CMP_P9,
	DTS_ENC_MAX = DTS_ENC_THRESH_CMP_P9,
};

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

/* One field of the raw event code, compiled */
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
	u8 cond_bit;			/* BIT(cond) */
	u8 reg_off;			/* offset of its MMCR in struct mmcr_regs */
	u32 default_val;
	char name[DTS_PMU_NAME_LEN];
};

/* One constraint rule, compiled */
struct dts_pmu_rule {
	u64 cmask;
	u64 emask;
	u8 eshift;
	u8 cshift;
	u8 cond;
	u8 cond_bit;			/* BIT(cond) */
	u8 config;
	u8 encoding;
	bool restricted_too;
	char name[DTS_PMU_NAME_LEN];
};

struct dts_pmu {
	char name[DTS_PMU_NAME_LEN];
	char source[64];		/* "firmware /pmus/pmu_dts@0", "built-in" */
	unsigned int nr_pmc;
	unsigned int nr_mmcr;
	u8 mmcrs;			/* bit N: MMCR index N is described */
	unsigned int max_counter;
	u32 programmable;		/* bit N: PMC N is programmable */

	/* restricted counters: the only codes they count */
	u64 restricted[DTS_PMU_MAX_PMC + 1][DTS_PMU_MAX_RESTRICTED];
	u8 nr_restricted[DTS_PMU_MAX_PMC + 1];

	struct dts_pmu_field fields[DTS_PMU_MAX_FIELDS];
	unsigned int nr_fields;
	u8 role[DTS_ROLE_MAX];		/* field index, or DTS_PMU_NO_FIELD */
	/* compiled from the fields for the backend: no lookups per event */
	u64 role_mask[DTS_ROLE_MAX];	/* 0 when the field is not described */
	u8 role_shift[DTS_ROLE_MAX];
	u8 place[DTS_PMU_MAX_FIELDS];	/* the fields compute_mmcr places */
	unsigned int nr_place;
	u8 pmc_place[DTS_PMU_MAX_PMC_FIELDS];	/* those of them per counter */
	unsigned int nr_pmc_place;

	struct dts_pmu_rule rules[DTS_PMU_MAX_RULES];
	unsigned int nr_rules;
	bool ebb_needs_pmc;
	bool bhrb_needs_ebb;

	/* adder field counting events on the programmable counters */
	u8 nc_shift;
	u8 nc_limit;
	u64 group_mask;
	u64 group_val;
	u64 linux_mask;			/* EBB, BHRB, IFM bits */
	u64 code_mask;			/* every config bit a field or Linux describes */

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
};

#endif /* _ASM_POWERPC_DTS_PMU_H */
