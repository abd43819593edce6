// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rig test, not part of the series: a seeded fuzzer of the description
 * reader and the model compiler (isa207_dt_read(), isa207_model_init()),
 * a corpus, unsafe descriptions and failed allocations.
 *
 * Each mutant is a copy of one of the v2 firmware series' descriptions
 * (POWER8, POWER9, POWER10: odd mutants of the running CPU's, even ones
 * of the other two in turn, which the compiler mostly refuses) with one
 * to three random changes in its pmu@0 subtree: a cell set to a boundary
 * or random value, a byte of a string changed, a property deleted,
 * truncated, extended, copied from another node, a node deleted, a
 * phandle pointed at another field, two nodes' values of one property
 * exchanged.  The reader reads it for the running CPU's ISA level; for
 * every mutant it accepts, random codes and groups go through the
 * model's constraints, core-book3s' group test and the MMCR computation,
 * and what comes out is checked against what the Power ISA (Book III,
 * the performance monitor chapter of 2.07B, 3.0B and 3.1B) and the
 * EBB ABI (Documentation/arch/powerpc/pmu-ebb.rst) allow, never against
 * what the mutant says of itself:
 *
 *  mmcr0      MMCR0: PMC1CE, PMCjCE and FC56 only, and from ISA 3.1
 *             PMCCEXT and C56RUN; the other bits are the kernel's
 *  fc56       FC56 set exactly when no event is on PMC5 or PMC6
 *  pmc56      counters are distinct, PMC1-6; PMC5 and PMC6 count only
 *             their one event (which is the description's to name); a
 *             group that fits has MMCRs
 *  pmcxsel    MMCR1: a PMC1-4 no event is on has PMCxSEL 0 (it counts
 *             nothing and never overflows)
 *  mmcr2      MMCR2: only the freeze bits of the counters in use and,
 *             from ISA 3.1, bits 0-9, which are not freeze bits (POWER10
 *             has its L2/L3 event selection at 3-7)
 *  mmcr3      MMCR3 (ISA 3.1): 0 below ISA 3.1
 *  ebb        the events of a group are all EBB events or none (bit 63)
 *  bhrb       code bit 62 (BHRB) only with bit 63; MMCRA[IFM] non-zero
 *             only for a BHRB event; MMCRA[BHRBRD] (ISA 3.1) clear only
 *             for a BHRB event or a branch stack
 *  sampling   ISA 3.0 and later: MMCRA's random sampling mode (SM, bits
 *             1-2) and eligibility (bits 4-6) not a reserved combination
 *             (SM 3; 0x5, 0x9, 0xd, 0x19, 0x1d, 0x1a, 0x1e; 0xc on 3.0,
 *             0x10 on 3.1); without MMCRA[SE] they have no effect
 *  threshold  ISA 3.0 and later: MMCRA's threshold start and stop event
 *             selections (bits 12-15, 8-11) not 0b1111; ISA 3.1: the
 *             threshold compare (MMCRA bits 45-55, exponent 53-55 over
 *             mantissa 45-52) in its normal form, a non-zero exponent
 *             with a mantissa of 64 or more (POWER10's user's manual;
 *             how 6.12's p10_thresh_cmp_val() writes a count); before
 *             ISA 3.1, with a threshold event selected (MMCRA bits
 *             16-18), the compare (ISA 2.07: bits 32-41, 3.0: 45-54) in
 *             the register's form, a non-zero exponent (its upper 3 bits)
 *             with one of the mantissa's upper 2 bits set (6.12's
 *             is_thresh_cmp_valid()) for an event alone; a group's
 *             compare ORed from an event that selects no threshold is
 *             counted apart (nothing requires the compare's agreement,
 *             as in 6.12)
 *  sdar       MMCRA[SDAR mode] (bits 42-43): from ISA 3.0, 0 when
 *             sampling (MMCRA[SE]) and non-zero otherwise; ISA 2.07:
 *             non-zero
 *  alt        an alternative keeps bits 60-63 of its code
 *
 * What reads a description here is the boot path's own setup of a
 * described PMU, isa207-dt.c's dt_pmu_setup() (the reader, the model
 * compiler, the sysfs formats and events, the deny list), compiled again
 * into this file with its globals its own, its allocations counted and
 * its refusals kept instead of printed: a verdict here is the boot's.
 * Two more invariants, on what an accepted description names:
 *
 *  event      a generic, cache or named event's code has none of bits
 *             60-63 and is not on the deny list
 *  deny       an alternative of a code the deny list allows is allowed
 *
 * The case "unknown" adds an unknown property or node at each depth of
 * each description (a helper node under constraints or events among
 * them, with an ibm,meaning that is not a list of strings): the reader
 * must give the same model.
 *
 * The case "corpus" changes each property of the running CPU's
 * description in turn (deleted, 4 bytes longer, cut to half, a first cell
 * of 0xffffffff): each mutant is refused with one message that names a
 * node of the description, or accepted and, exercised, breaks no
 * invariant.  The case "attacks" does the same for the unsafe
 * descriptions of rig/v2/attack/ (each written to break a rule) whose
 * base is the running CPU.  The case "failslab" makes each allocation of
 * the setup of the running CPU's description fail in turn, on the boot's
 * path (init_isa207_dt_pmu(), its registration refused): each is refused
 * with -ENOMEM, none accepted with a part missing, and what the setup
 * made is all freed when it refuses, out of memory or not.
 *
 * The seed is new on every boot and printed; isa207_fuzz_test.seed=
 * replays a run, .mutants= sets its size (1000 by default).
 */
#include <kunit/test.h>
#include <linux/libfdt.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/printk.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <asm/reg.h>

#include "isa207-common.h"
#include "isa207-rig.h"

/* core-book3s' adders of the isa207 backends (isa207_use_model()) */
#define RIG_ADDERS	ISA207_ADD_FIELDS, ISA207_TEST_ADDER
#include "isa207-attack.h"

/*
 * The boot path's setup of a described PMU, compiled again here: every
 * allocation it makes is counted and kept (rig_reset() frees them), the
 * rig_fail_at-th fails, and its first refusal is kept in rig_first.
 */
#define RIG_MAX_PTRS	4096
static void *rig_ptrs[RIG_MAX_PTRS];
static unsigned int rig_nptrs, rig_allocs, rig_fail_at, rig_nmsg, rig_lost;
static char rig_first[256], rig_name[64];

static void *rig_keep(void *p)
{
	if (p && rig_nptrs < RIG_MAX_PTRS)
		rig_ptrs[rig_nptrs++] = p;
	else if (p)
		rig_lost++;
	return p;
}

/* A pointer the setup frees itself: no longer rig_reset()'s */
static const void *rig_forget(const void *p)
{
	unsigned int i;

	for (i = 0; p && i < rig_nptrs; i++) {
		if (rig_ptrs[i] == p) {
			rig_ptrs[i] = rig_ptrs[--rig_nptrs];
			break;
		}
	}
	return p;
}

static bool rig_fail(void)
{
	return ++rig_allocs == rig_fail_at;
}

static void *rig_kzalloc(size_t n, gfp_t gfp)
{
	return rig_fail() ? NULL : rig_keep(kzalloc(n, gfp));
}

static void *rig_kcalloc(size_t n, size_t size, gfp_t gfp)
{
	return rig_fail() ? NULL : rig_keep(kcalloc(n, size, gfp));
}

static char *rig_kstrdup(const char *s, gfp_t gfp)
{
	return rig_fail() ? NULL : rig_keep(kstrdup(s, gfp));
}

static __printf(2, 3) char *rig_kasprintf(gfp_t gfp, const char *fmt, ...)
{
	va_list args;
	char *s;

	if (rig_fail())
		return NULL;
	va_start(args, fmt);
	s = kvasprintf(gfp, fmt, args);
	va_end(args);
	return rig_keep(s);
}

static __printf(1, 2) void rig_msg(const char *fmt, ...)
{
	va_list args;

	if (rig_nmsg++)
		return;
	va_start(args, fmt);
	vscnprintf(rig_first, sizeof(rig_first), fmt, args);
	va_end(args);
}

int __init rig_use_model(const struct isa207_model *m, struct power_pmu *pmu);

/* isa207_use_model() without making the model the running one */
int __init rig_use_model(const struct isa207_model *m, struct power_pmu *pmu)
{
	static struct isa207_model new __initdata;
	const char *why;

	new = *m;
	if (isa207_model_init(&new, isa207_cpu_isa(), &why)) {
		rig_msg("%s: the PMU model is refused: %s\n", pmu->name, why);
		return -EINVAL;
	}
	return 0;
}

int __init rig_dt_read(const struct device_node *pmu, u32 isa, struct isa207_model *m);
int __init rig_init_dt_pmu(void);

/*
 * init_isa207_dt_pmu() as the boot runs it, on rig_pmu_np and with its
 * registration refused, so that what it frees of a refused setup is seen
 */
static struct device_node *rig_pmu_np;

static int rig_register_power_pmu(struct power_pmu *pmu)
{
	return -EBUSY;
}

#undef pr_fmt
#undef pr_err
#define pr_err(fmt, ...)	rig_msg(pr_fmt(fmt), ##__VA_ARGS__)
#undef kzalloc
#define kzalloc			rig_kzalloc
#undef kcalloc
#define kcalloc			rig_kcalloc
#define kstrdup			rig_kstrdup
#define kasprintf		rig_kasprintf
#define kfree(p)		kfree(rig_forget(p))
#define kfree_const(p)		kfree_const(rig_forget(p))
#undef for_each_compatible_node
#define for_each_compatible_node(dn, type, compat) \
	for (dn = of_node_get(rig_pmu_np); dn; dn = NULL)
#define register_power_pmu	rig_register_power_pmu
#define isa207_dt_read		rig_dt_read
#define isa207_use_model	rig_use_model
#define init_isa207_dt_pmu	rig_init_dt_pmu
#include "isa207-dt.c"
#undef isa207_dt_read
#undef isa207_use_model
#undef init_isa207_dt_pmu
#undef kzalloc
#undef kcalloc
#undef kstrdup
#undef kasprintf
#undef kfree
#undef kfree_const
#undef for_each_compatible_node
#undef register_power_pmu
#undef pr_err

/* dt_pmu_setup()'s state back to its start; what it allocated freed */
static void rig_reset(void)
{
	/* dt_cache as the kernel starts with it: perf's nonsensical events -1 */
	static u64 cache0[C(MAX)][C(OP_MAX)][C(RESULT_MAX)];
	static bool saved;

	if (!saved) {
		memcpy(cache0, dt_cache, sizeof(cache0));
		saved = true;
	}
	while (rig_nptrs)
		kfree(rig_ptrs[--rig_nptrs]);
	dt_format_group.attrs = NULL;
	dt_events_group.attrs = NULL;
	dt_pmu.blacklist_ev = NULL;
	dt_pmu.n_blacklist_ev = 0;
	dt_pmu.name = NULL;
	dt_pmu.flags = PPMU_HAS_SIER | PPMU_ARCH_207S;
	dt_pmu.capabilities = 0;
	dt_pmu.bhrb_nr = 0;
	dt_bhrb_filters = 0;
	memset(dt_generic, 0, sizeof(dt_generic));
	memcpy(dt_cache, cache0, sizeof(dt_cache));
	rig_allocs = 0;
	rig_nmsg = 0;
	rig_first[0] = 0;
}

/*
 * dt_pmu_setup() on the first available "ibm,power-pmu" node under
 * /pmus of @fdt, or with @boot all of init_isa207_dt_pmu() (the
 * registration refused: what a refused setup did not free is left in
 * rig_ptrs): 0, or the error it refused with (rig_first says why)
 */
static int __init rig_run(const void *fdt, bool boot)
{
	struct device_node *root, *np, *pmu = NULL;
	void *mem;
	int err = -ENODEV;

	rig_reset();
	mem = of_fdt_unflatten_tree((const unsigned long *)fdt, NULL, &root);
	if (!mem)
		return -EINVAL;
	for (np = root ? root->child : NULL; np && !pmu; np = np->sibling)
		if (of_node_name_eq(np, "pmus"))
			for (pmu = np->child; pmu; pmu = pmu->sibling)
				if (of_device_is_compatible(pmu, ISA207_DT_COMPATIBLE) &&
				    of_device_is_available(pmu))
					break;
	rig_pmu_np = pmu;
	if (pmu)
		err = boot ? rig_init_dt_pmu() : dt_pmu_setup(pmu);
	rig_pmu_np = NULL;
	/* the name is in the tree freed here */
	strscpy(rig_name, dt_pmu.name ?: "", sizeof(rig_name));
	dt_pmu.name = rig_name;
	kfree(mem);
	return err;
}

static int __init rig_setup(const void *fdt)
{
	return rig_run(fdt, false);
}

static unsigned int mutants = 1000;
module_param(mutants, uint, 0444);
MODULE_PARM_DESC(mutants, "how many mutants");
static u32 seed;
module_param(seed, uint, 0444);
MODULE_PARM_DESC(seed, "the seed, 0: a new one");

#define FUZZ_SLACK	4096

enum { I_MMCR0, I_FC56, I_PMC56, I_PMCXSEL, I_MMCR2, I_MMCR3, I_EBB, I_BHRB,
	I_SAMPLING, I_THRESHOLD, I_SDAR, I_ALT, I_EVENT, I_DENY, I_MAX };
static const char * const inv_name[I_MAX] = {
	"mmcr0", "fc56", "pmc56", "pmcxsel", "mmcr2", "mmcr3", "ebb", "bhrb",
	"sampling", "threshold", "sdar", "alt", "event", "deny",
};

struct fuzz {
	struct kunit *test;
	struct rnd_state rnd;
	u32 isa;
	unsigned long viol[I_MAX];
	char msg[I_MAX][3][320];	/* the first of each, printed at the end */
	char what[256];			/* the mutant's changes */
	unsigned long accepted, codes, groups, fit;
	unsigned long cmp_ored;		/* groups whose compare is an OR, apart */
	unsigned int mutant;
	struct perf_event ev[6];
};

/* On the deny list of the description set up last */
static bool rig_denied(u64 code)
{
	int i;

	for (i = 0; i < dt_pmu.n_blacklist_ev; i++)
		if (dt_pmu.blacklist_ev[i] == code)
			return true;
	return false;
}

/* The ISA's facts, written here and not taken from the code under test */
#define ISA_MMCRA_SE		BIT(0)
#define ISA_MMCRA_SM(a)		(((a) >> 1) & 3)
#define ISA_MMCRA_ELIG(a)	(((a) >> 4) & 7)
#define ISA_MMCRA_THR_START(a)	(((a) >> 12) & 0xf)
#define ISA_MMCRA_THR_STOP(a)	(((a) >> 8) & 0xf)
#define ISA_MMCRA_IFM		(3UL << 30)
#define ISA_MMCRA_BHRBRD	BIT(37)
#define ISA31_MMCRA_THR_CMP(a)	(((a) >> 45) & 0x7ff)
#define ISA30_MMCRA_THR_CMP(a)	(((a) >> 45) & 0x3ff)
#define ISA207_MMCRA_THR_CMP(a)	(((a) >> 32) & 0x3ff)
#define ISA_MMCRA_THR_SEL(a)	(((a) >> 16) & 7)
#define ISA_MMCRA_SDAR_MODE	(3UL << 42)
#define ISA_MMCR1_PMCSEL(n)	(0xffUL << (24 - 8 * ((n) - 1)))	/* PMC1-4 */
#define ISA_MMCR2_PMC(n)	GENMASK(63 - 9 * ((n) - 1), 55 - 9 * ((n) - 1))
#define ISA31_MMCR2_IMPL	GENMASK(9, 0)
#define CODE_EBB		BIT_ULL(63)
#define CODE_BHRB		BIT_ULL(62)
#define CODE_LINUX		GENMASK_ULL(63, 60)

/* Kept, not printed: the console is quiet while the reader refuses */
static void violation(struct fuzz *f, int inv, const char *fmt, ...)
{
	char *b;
	va_list args;
	int n;

	if (f->viol[inv]++ >= 3)
		return;
	b = f->msg[inv][f->viol[inv] - 1];
	n = scnprintf(b, sizeof(f->msg[0][0]), "mutant %u (%s): ", f->mutant, f->what);
	va_start(args, fmt);
	vscnprintf(b + n, sizeof(f->msg[0][0]) - n, fmt, args);
	va_end(args);
}

/* Record one change of the mutant, to the node @path names below pmu@0 */
static void what_at(struct fuzz *f, const char *path, const char *kind, const char *prop)
{
	size_t n = strlen(f->what);

	scnprintf(f->what + n, sizeof(f->what) - n, "%s%s %s%s%s", n ? "; " : "", kind,
		  path, prop ? " " : "", prop ?: "");
}

/* Record one change of the mutant, to node @o */
static void what(struct fuzz *f, const void *fdt, int o, const char *kind, const char *prop)
{
	char path[96];

	if (fdt_get_path(fdt, o, path, sizeof(path)))
		strscpy(path, "?", sizeof(path));
	what_at(f, path + (strncmp(path, "/pmus/pmu@0", 11) ? 0 : 11), kind, prop);
}

static bool sample_reserved(u32 isa, unsigned long mmcra)
{
	unsigned int v = ISA_MMCRA_SM(mmcra) | ISA_MMCRA_ELIG(mmcra) << 2;

	if (ISA_MMCRA_SM(mmcra) == 3)
		return true;
	switch (v) {
	case 0x5: case 0x9: case 0xd: case 0x19: case 0x1d: case 0x1a: case 0x1e:
		return true;
	}
	return v == ((isa & ISA207_ISA_31) ? 0x10 : 0xc);
}

/* Before ISA 3.1: a threshold event selected, its compare not in the register's form */
static bool thr_cmp_bad(u32 isa, unsigned long mmcra)
{
	unsigned long cmp = (isa & ISA207_ISA_300) ? ISA30_MMCRA_THR_CMP(mmcra) :
			    ISA207_MMCRA_THR_CMP(mmcra);

	return ISA_MMCRA_THR_SEL(mmcra) && (cmp >> 7) && !(cmp & 0x60);
}

/* One group of events that fits: its counters and MMCRs against the ISA */
static void check_group(struct fuzz *f, const struct isa207_model *m, u64 *code, u64 *cfg1,
			int n)
{
	struct mmcr_regs r = { };
	struct perf_event *pev[6];
	unsigned int hwc[6], used = 0;
	bool bhrb = false, ebb = !!(code[0] & CODE_EBB), branch = false;
	unsigned long allowed = MMCR0_PMC1CE | MMCR0_PMCjCE | MMCR0_FC56, m2 = 0;
	int i;

	for (i = 0; i < n; i++) {
		u32 x = prandom_u32_state(&f->rnd);

		pev[i] = &f->ev[i];
		memset(pev[i], 0, sizeof(*pev[i]));
		pev[i]->attr.config = code[i];
		pev[i]->attr.config1 = cfg1[i];
		pev[i]->hw.config = code[i];
		pev[i]->attr.exclude_user = x & 1;
		pev[i]->attr.exclude_kernel = (x >> 1) & 1;
		pev[i]->attr.exclude_hv = (x >> 2) & 1;
		pev[i]->attr.exclude_idle = (x >> 3) & 1;
		if (((x >> 4) & 7) == 0) {
			pev[i]->attr.sample_type = PERF_SAMPLE_BRANCH_STACK;
			branch = true;
		}
		if ((code[i] & CODE_BHRB))
			bhrb = true;
		if (!!(code[i] & CODE_EBB) != ebb)
			violation(f, I_EBB, "0x%llx and 0x%llx in one group", code[0], code[i]);
	}
	if (isa207_model_mmcr(m, code, n, hwc, &r, pev)) {
		violation(f, I_PMC56, "a group that fits has no MMCRs (0x%llx ...)", code[0]);
		return;
	}
	f->fit++;
	for (i = 0; i < n; i++) {
		if (hwc[i] > 5 || (used & BIT(hwc[i])))
			violation(f, I_PMC56, "0x%llx on counter %u", code[i], hwc[i] + 1);
		used |= BIT(hwc[i]);
		if (hwc[i] >= 4 && hwc[i] < 6 && (code[i] & ~CODE_LINUX) != m->fixed[hwc[i]])
			violation(f, I_PMC56, "0x%llx on PMC%u", code[i], hwc[i] + 1);
		m2 |= hwc[i] < 6 ? ISA_MMCR2_PMC(hwc[i] + 1) : 0;
	}
	if (f->isa & ISA207_ISA_31) {
		allowed |= MMCR0_PMCCEXT | MMCR0_C56RUN;
		m2 |= ISA31_MMCR2_IMPL;
	}
	if (r.mmcr0 & ~allowed)
		violation(f, I_MMCR0, "0x%lx (0x%llx ...)", r.mmcr0, code[0]);
	if (!!(r.mmcr0 & MMCR0_FC56) != !(used & 0x30))
		violation(f, I_FC56, "mmcr0 0x%lx, counters 0x%x", r.mmcr0, used);
	for (i = 1; i <= 4; i++)
		if (!(used & BIT(i - 1)) && (r.mmcr1 & ISA_MMCR1_PMCSEL(i)))
			violation(f, I_PMCXSEL, "PMC%d unused, mmcr1 0x%lx (0x%llx ...)",
				  i, r.mmcr1, code[0]);
	if (r.mmcr2 & ~m2)
		violation(f, I_MMCR2, "0x%lx, counters 0x%x", r.mmcr2, used);
	if (!(f->isa & ISA207_ISA_31) && r.mmcr3)
		violation(f, I_MMCR3, "0x%lx", r.mmcr3);
	if ((r.mmcra & ISA_MMCRA_IFM) && !bhrb)
		violation(f, I_BHRB, "mmcra 0x%lx without a BHRB event", r.mmcra);
	if ((f->isa & ISA207_ISA_31) && !(r.mmcra & ISA_MMCRA_BHRBRD) && !bhrb && !branch)
		violation(f, I_BHRB, "mmcra 0x%lx: BHRB on for no event", r.mmcra);
	if ((f->isa & ISA207_ISA_300) && sample_reserved(f->isa, r.mmcra))
		violation(f, I_SAMPLING, "mmcra 0x%lx (0x%llx ...)", r.mmcra, code[0]);
	if ((f->isa & ISA207_ISA_300) &&
	    (ISA_MMCRA_THR_START(r.mmcra) == 0xf || ISA_MMCRA_THR_STOP(r.mmcra) == 0xf))
		violation(f, I_THRESHOLD, "mmcra 0x%lx (0x%llx ...)", r.mmcra, code[0]);
	if ((f->isa & ISA207_ISA_31) && (ISA31_MMCRA_THR_CMP(r.mmcra) >> 8) &&
	    !(ISA31_MMCRA_THR_CMP(r.mmcra) & 0xc0))
		violation(f, I_THRESHOLD, "compare: mmcra 0x%lx (0x%llx, config1 0x%llx ...)",
			  r.mmcra, code[0], cfg1[0]);
	/*
	 * Before ISA 3.1, a threshold event's compare in the register's form.
	 * The engine requires no agreement on the compare (as 6.12 does not):
	 * a group whose form comes only from the OR with an event that
	 * selects no threshold is counted apart; an event alone, never.
	 */
	if (!(f->isa & ISA207_ISA_31) && thr_cmp_bad(f->isa, r.mmcra)) {
		for (i = 0; i < n; i++) {
			struct mmcr_regs r1 = { };
			unsigned int h;

			if (!isa207_model_mmcr(m, &code[i], 1, &h, &r1, &pev[i]) &&
			    thr_cmp_bad(f->isa, r1.mmcra))
				break;
		}
		if (i < n)
			violation(f, I_THRESHOLD, "compare: mmcra 0x%lx of 0x%llx alone (group 0x%llx ...)",
				  r.mmcra, code[i], code[0]);
		else
			f->cmp_ored++;
	}
	if ((f->isa & ISA207_ISA_300) ?
	    !(r.mmcra & ISA_MMCRA_SE) != !!(r.mmcra & ISA_MMCRA_SDAR_MODE) :
	    !(r.mmcra & ISA_MMCRA_SDAR_MODE))
		violation(f, I_SDAR, "mmcra 0x%lx (0x%llx ...)", r.mmcra, code[0]);
}

/* Random codes and groups through an accepted model */
static void exercise(struct fuzz *f, const struct isa207_model *m)
{
	int g, i;

	for (g = 0; g < 24; g++) {
		u64 code[6], cfg1[6], alt[MAX_EVENT_ALTERNATIVES];
		unsigned long mask[6], val[6];
		int n = 1 + prandom_u32_state(&f->rnd) % 6, ok = 0, na;

		for (i = 0; i < n; i++) {
			code[ok] = rig_rnd_code(&f->rnd, m->valid[0], &cfg1[ok]);
			/* half the time, config1 anywhere in the model's fields */
			if (prandom_u32_state(&f->rnd) & 1)
				cfg1[ok] = rig_rnd64(&f->rnd) & m->valid[1];
			f->codes++;
			na = isa207_model_alternatives(m, code[ok], g & 1 ? PPMU_ONLY_COUNT_RUN : 0,
						       alt);
			while (na-- > 0) {
				if ((alt[na] ^ code[ok]) & CODE_LINUX)
					violation(f, I_ALT, "0x%llx for 0x%llx", alt[na], code[ok]);
				if (rig_denied(alt[na]) && !rig_denied(code[ok]))
					violation(f, I_DENY, "0x%llx denied, for 0x%llx",
						  alt[na], code[ok]);
			}
			if (isa207_model_constraint(m, code[ok], &mask[ok], &val[ok], cfg1[ok]) ||
			    isa207_model_check_code(m, code[ok], cfg1[ok]))
				continue;
			if ((code[ok] & CODE_BHRB) && !(code[ok] & CODE_EBB))
				violation(f, I_BHRB, "0x%llx accepted", code[ok]);
			ok++;
		}
		if (!ok)
			continue;
		f->groups++;
		if (rig_fits(mask, val, ok, RIG_ADDERS, m->grp_mask,
			     m->grp_mask))
			check_group(f, m, code, cfg1, ok);
	}
}

/* How many violations so far, of every kind */
static unsigned long viol_total(const struct fuzz *f)
{
	unsigned long total = 0;
	int i;

	for (i = 0; i < I_MAX; i++)
		total += f->viol[i];
	return total;
}

/* The violations seen, each kind with its first three: their number */
static unsigned long violations(struct fuzz *f)
{
	int i, k;

	for (i = 0; i < I_MAX; i++) {
		if (!f->viol[i])
			continue;
		kunit_info(f->test, "  %s: %lu", inv_name[i], f->viol[i]);
		for (k = 0; k < 3 && k < f->viol[i]; k++)
			kunit_info(f->test, "    %s", f->msg[i][k]);
	}
	return viol_total(f);
}

/*
 * The offsets of the nodes of the pmu@0 subtree (the first is pmu@0) and,
 * unless @dep is NULL, their depths below it
 */
static int subtree(const void *fdt, int pmu, int *off, int *dep, int max)
{
	int n = 0, depth = 0, o = pmu;

	while (o >= 0 && n < max) {
		if (dep)
			dep[n] = depth;
		off[n++] = o;
		o = fdt_next_node(fdt, o, &depth);
		if (depth <= 0)
			break;
	}
	return n;
}

/* A random property of node @o: its offset, or -1 */
static int rnd_prop(struct fuzz *f, const void *fdt, int o)
{
	int p, n = 0, k;

	fdt_for_each_property_offset(p, fdt, o)
		n++;
	if (!n)
		return -1;
	k = prandom_u32_state(&f->rnd) % n;
	fdt_for_each_property_offset(p, fdt, o)
		if (!k--)
			return p;
	return -1;
}

static u32 rnd_cell(struct fuzz *f, u32 old)
{
	static const u32 b[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 15, 16, 31, 32, 33, 42, 48, 55,
				 56, 59, 60, 61, 62, 63, 64, 65, 0xff, 0xffff, 0xffffffff };
	u32 r = prandom_u32_state(&f->rnd);

	switch (r % 4) {
	case 0:
		return old + 1;
	case 1:
		return old - 1;
	case 2:
		return b[(r >> 2) % ARRAY_SIZE(b)];
	}
	return prandom_u32_state(&f->rnd);
}

/*
 * The nodes of a mutant's pmu@0 subtree (subtree()), kept across its
 * changes: walking the blob again on every try took a sixth to a third
 * of the fuzzer's time (2026-12-07)
 */
struct nodes {
	int n;			/* 0: to be walked again */
	int off[256];
	int depth[256];
};

/*
 * Record one change of the mutant, to node @k of @t: its path below
 * pmu@0 from the names of its ancestors in @t, as what() writes it for
 * a node less than 16 levels down whose path fits fdt_get_path()'s 96
 * bytes (every node of the descriptions)
 */
static void what_node(struct fuzz *f, const void *fdt, const struct nodes *t, int k,
		      const char *kind, const char *prop)
{
	int anc[16], na = 0, need = t->depth[k], j;
	char path[96];
	size_t len = 0;

	for (j = k; j > 0 && need > 0 && na < ARRAY_SIZE(anc); j--)
		if (t->depth[j] == need) {
			anc[na++] = j;
			need--;
		}
	path[0] = 0;
	while (na--)
		len += scnprintf(path + len, sizeof(path) - len, "/%s",
				 fdt_get_name(fdt, t->off[anc[na]], NULL) ?: "?");
	what_at(f, path, kind, prop);
}

/* The change at node @k moved the nodes after it by @delta bytes */
static void nodes_moved(struct nodes *t, int k, int delta)
{
	int j;

	for (j = k + 1; j < t->n; j++)
		t->off[j] += delta;
}

/* One random change to the pmu@0 subtree of @fdt (its nodes @t); 0 if made */
static int mutate(struct fuzz *f, void *fdt, struct nodes *t)
{
	int *off = t->off, n, o, p, len, err = 0, k, k2 = 0, size;
	u32 r = prandom_u32_state(&f->rnd);
	const char *name;
	const void *v;
	u8 buf[512];

	if (!t->n) {
		o = fdt_path_offset(fdt, "/pmus/pmu@0");
		if (o < 0)
			return -1;
		t->n = subtree(fdt, o, t->off, t->depth, ARRAY_SIZE(t->off));
	}
	n = t->n;
	k = prandom_u32_state(&f->rnd) % n;
	o = off[k];
	p = rnd_prop(f, fdt, o);
	if (p < 0 && (r % 10) < 8)
		return -1;
	if (p >= 0) {
		v = fdt_getprop_by_offset(fdt, p, &name, &len);
		if (!v || len > sizeof(buf))
			return -1;
		memcpy(buf, v, len);
	}
	size = fdt_size_dt_struct(fdt);
	switch (r % 10) {
	case 0:		/* a cell */
	case 1:
		if (len < 4)
			return -1;
		what_node(f, fdt, t, k, "cell", name);
		p = (prandom_u32_state(&f->rnd) % (len / 4)) * 4;
		*(fdt32_t *)(buf + p) = cpu_to_fdt32(rnd_cell(f, fdt32_to_cpu(*(fdt32_t *)(buf + p))));
		err = fdt_setprop(fdt, o, name, buf, len);
		break;
	case 2:		/* a byte */
		if (!len)
			return -1;
		what_node(f, fdt, t, k, "byte", name);
		buf[prandom_u32_state(&f->rnd) % len] = prandom_u32_state(&f->rnd) % 2 ?
			'a' + prandom_u32_state(&f->rnd) % 26 : 0;
		err = fdt_setprop(fdt, o, name, buf, len);
		break;
	case 3:		/* deleted */
		what_node(f, fdt, t, k, "deleted", name);
		err = fdt_delprop(fdt, o, name);
		break;
	case 4:		/* truncated */
		what_node(f, fdt, t, k, "truncated", name);
		err = fdt_setprop(fdt, o, name, buf, len >= 4 ? len - 4 : 0);
		break;
	case 5:		/* extended */
		if (len + 4 > sizeof(buf))
			return -1;
		what_node(f, fdt, t, k, "extended", name);
		*(fdt32_t *)(buf + len) = cpu_to_fdt32(rnd_cell(f, 0));
		err = fdt_setprop(fdt, o, name, buf, len + 4);
		break;
	case 6:		/* copied to another node */
		k = prandom_u32_state(&f->rnd) % n;
		o = off[k];
		what_node(f, fdt, t, k, "copied to", name);
		err = fdt_setprop(fdt, o, name, buf, len);
		break;
	case 7: {	/* exchanged with another node's of that name and length */
		int o2, len2;
		const void *v2;

		k2 = prandom_u32_state(&f->rnd) % n;
		o2 = off[k2];
		v2 = fdt_getprop(fdt, o2, name, &len2);
		if (!v2 || len2 != len || o2 == o)
			return -1;
		what_node(f, fdt, t, k, "exchanged", name);
		what_node(f, fdt, t, k2, "with", NULL);
		err = fdt_setprop_inplace(fdt, o, name, v2, len) ?:
		      fdt_setprop_inplace(fdt, o2, name, buf, len);
		break;
	}
	case 8:		/* a node deleted */
		if (o == off[0])
			return -1;
		what_node(f, fdt, t, k, "node deleted", NULL);
		err = fdt_del_node(fdt, o);
		break;
	case 9: {	/* a phandle pointed at another node */
		int o2;
		u32 ph;

		k2 = prandom_u32_state(&f->rnd) % n;
		o2 = off[k2];
		ph = fdt_get_phandle(fdt, o2);
		if (!ph)
			return -1;
		name = prandom_u32_state(&f->rnd) % 2 ? "ibm,field" : "ibm,when-field";
		what_node(f, fdt, t, k, "phandle", name);
		what_node(f, fdt, t, k2, "to", NULL);
		err = fdt_setprop_u32(fdt, o, name, ph);
		break;
	}
	}
	/* a node deleted, or a change that failed: walked again at the next */
	if (err || r % 10 == 8)
		t->n = 0;
	else
		nodes_moved(t, k, fdt_size_dt_struct(fdt) - size);
	return err;
}

static const char *const descs[3] = {
	__dtb_v2test_power8_begin, __dtb_v2test_power9_begin, __dtb_v2test_power10_begin,
};

static unsigned int desc_max(void)
{
	return max3(fdt_totalsize(descs[0]), fdt_totalsize(descs[1]), fdt_totalsize(descs[2]));
}

/* The description of the running CPU: 0, 1, 2 (POWER8, 9, 10), or -1 */
static int desc_running(void)
{
	switch (PVR_VER(mfspr(SPRN_PVR))) {
	case PVR_POWER8E:
	case PVR_POWER8NVL:
	case PVR_POWER8:
		return 0;
	case PVR_POWER9:
		return 1;
	case PVR_POWER10:
		return 2;
	}
	return -1;
}

/* An events/ file's code ("event=0x1e"); all ones if it has none */
static u64 attr_code(const struct perf_pmu_events_attr *a)
{
	u64 code;

	if (!a->event_str || !str_has_prefix(a->event_str, "event=") ||
	    kstrtou64(a->event_str + 6, 16, &code))
		return ~0ULL;
	return code;
}

/*
 * What the accepted description names: its generic, cache and named
 * events; and its alternatives against its deny list
 */
static void check_events(struct fuzz *f)
{
	struct attribute **a = dt_events_group.attrs;
	u64 *c = &dt_cache[0][0][0];
	int i, j;

	for (i = 0; i < dt_model.npairs + dt_model.nrun; i++) {
		const u64 *p = i < dt_model.npairs ? dt_model.pairs[i] :
			       dt_model.run_pairs[i - dt_model.npairs];

		for (j = 0; j < 2; j++)
			if (rig_denied(p[j]) && !rig_denied(p[!j]))
				violation(f, I_DENY, "0x%llx denied, its alternative 0x%llx not",
					  p[j], p[!j]);
	}

	for (i = 0; i < PERF_COUNT_HW_MAX; i++)
		if ((u64)dt_generic[i] & CODE_LINUX)
			violation(f, I_EVENT, "generic event %d: 0x%x", i, dt_generic[i]);
	for (i = 0; i < sizeof(dt_cache) / sizeof(*c); i++)
		if (c[i] != (u64)-1 && (c[i] & CODE_LINUX))
			violation(f, I_EVENT, "cache event %d: 0x%llx", i, c[i]);
	for (i = 0; a && a[i]; i++) {
		u64 id = attr_code(container_of(a[i], struct perf_pmu_events_attr, attr.attr));

		if (id & CODE_LINUX)
			violation(f, I_EVENT, "%s: 0x%llx", a[i]->name, id);
	}
}

/*
 * Set up @fdt's PMU as the boot does, for the running CPU: 0 and its
 * model in @m, or an error
 */
static int __init read_fdt(struct fuzz *f, void *fdt, struct isa207_model *m)
{
	int err = rig_setup(fdt);

	if (err)
		return err;
	*m = dt_model;
	check_events(f);
	return 0;
}

static struct fuzz * __init fuzz_init(struct kunit *test)
{
	struct fuzz *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	f->test = test;
	f->isa = isa207_cpu_isa();
	return f;
}

static void __init fuzz_mutants(struct kunit *test)
{
	struct fuzz *f = fuzz_init(test);
	struct isa207_model *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);
	/* each description's nodes, and the mutant's */
	struct nodes *base = kunit_kcalloc(test, 4, sizeof(*base), GFP_KERNEL), *t = &base[3];
	u32 s = seed ?: get_random_u32();
	unsigned long total = 0;
	int i, k, run, d;
	void *fdt;

	KUNIT_ASSERT_NOT_NULL(test, m);
	KUNIT_ASSERT_NOT_NULL(test, base);
	fdt = kunit_kzalloc(test, desc_max() + FUZZ_SLACK, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fdt);
	/* the running CPU's own description is accepted */
	run = desc_running();
	if (run < 0)
		kunit_skip(test, "no description for this CPU");
	for (d = 0; d < 3; d++) {
		KUNIT_ASSERT_EQ(test, fdt_open_into(descs[d], fdt,
						    fdt_totalsize(descs[d]) + FUZZ_SLACK), 0);
		k = fdt_path_offset(fdt, "/pmus/pmu@0");
		KUNIT_ASSERT_GE(test, k, 0);
		base[d].n = subtree(fdt, k, base[d].off, base[d].depth, ARRAY_SIZE(base[d].off));
	}
	KUNIT_ASSERT_EQ(test, fdt_open_into(descs[run], fdt,
					    fdt_totalsize(descs[run]) + FUZZ_SLACK), 0);
	KUNIT_ASSERT_EQ(test, read_fdt(f, fdt, m), 0);
	prandom_seed_state(&f->rnd, s);
	kunit_info(test, "seed 0x%08x, %u mutants, ISA level 0x%x", s, mutants, f->isa);
	for (f->mutant = 0; f->mutant < mutants; f->mutant++) {
		int changes = 1 + prandom_u32_state(&f->rnd) % 3;
		const char *src;

		/* odd mutants of the CPU's own description, even ones of the others */
		d = f->mutant & 1 ? run : (run + 1 + (f->mutant >> 1) % 2) % 3;
		src = descs[d];

		/* minutes of KUnit at boot: let RCU's kthread run (an RCU stall else) */
		cond_resched();
		/* and a line now and then: the rig kills a boot silent for 240 s */
		if (f->mutant && !(f->mutant % 5000))
			kunit_info(test, "progress: %u of %u", f->mutant, mutants);

		if (fdt_open_into(src, fdt, fdt_totalsize(src) + FUZZ_SLACK))
			continue;
		scnprintf(f->what, sizeof(f->what), "%s: ",
			  (const char *[]){ "POWER8", "POWER9", "POWER10" }[d]);
		*t = base[d];
		for (i = 0, k = 0; i < 8 && k < changes; i++)
			if (!mutate(f, fdt, t))
				k++;
		if (read_fdt(f, fdt, m))
			continue;
		f->accepted++;
		exercise(f, m);
	}
	rig_reset();
	total = viol_total(f);
	/* the seed again, on the line the rig reads */
	kunit_info(test, "mutants %u accepted %lu codes %lu groups %lu fit %lu violations %lu seed 0x%08x",
		   mutants, f->accepted, f->codes, f->groups, f->fit, total, s);
	kunit_info(test, "counted apart: %lu groups whose compare is ORed with a non-threshold event's",
		   f->cmp_ored);
	violations(f);
	KUNIT_EXPECT_EQ(test, total, 0);
	KUNIT_EXPECT_GT(test, f->fit, 0);
}

/* An unknown property or node anywhere: the same model */
static void __init fuzz_unknown(struct kunit *test)
{
	struct fuzz *f = fuzz_init(test);
	struct isa207_model *m0 = kunit_kzalloc(test, sizeof(*m0), GFP_KERNEL);
	struct isa207_model *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);
	unsigned int runs = 0, same = 0;
	int d, i, n, o, off[256], err;
	char path[96];
	void *fdt;

	KUNIT_ASSERT_NOT_NULL(test, m0);
	KUNIT_ASSERT_NOT_NULL(test, m);
	fdt = kunit_kzalloc(test, desc_max() + FUZZ_SLACK, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fdt);
	prandom_seed_state(&f->rnd, seed ?: get_random_u32());
	for (d = 0; d < 3; d++) {
		KUNIT_ASSERT_EQ(test, fdt_open_into(descs[d], fdt,
						    fdt_totalsize(descs[d]) + FUZZ_SLACK), 0);
		if (read_fdt(f, fdt, m0)) {
			/* not a description of this ISA level; the CPU's own is */
			KUNIT_EXPECT_NE(test, d, desc_running());
			continue;
		}
		n = subtree(fdt, fdt_path_offset(fdt, "/pmus/pmu@0"), off, NULL, ARRAY_SIZE(off));
		for (i = 0; i < 2 * n; i++) {
			int sub;

			KUNIT_ASSERT_EQ(test, fdt_open_into(descs[d], fdt,
							    fdt_totalsize(descs[d]) + FUZZ_SLACK), 0);
			o = off[i / 2];
			if (fdt_get_path(fdt, o, path, sizeof(path)))
				strscpy(path, "?", sizeof(path));
			if (i & 1) {
				sub = fdt_add_subnode(fdt, o, "vendor-helper");
				KUNIT_ASSERT_GE(test, sub, 0);
				KUNIT_ASSERT_EQ(test, fdt_setprop_u32(fdt, sub, "ibm,vendor-data",
								      prandom_u32_state(&f->rnd)), 0);
				/* not a list of strings: not read, in a node that is no event */
				KUNIT_ASSERT_EQ(test, fdt_setprop_u32(fdt, sub, "ibm,meaning", 1), 0);
			} else {
				KUNIT_ASSERT_EQ(test, fdt_setprop_u32(fdt, o, "ibm,vendor-data",
								      prandom_u32_state(&f->rnd)), 0);
			}
			runs++;
			cond_resched();
			err = read_fdt(f, fdt, m);
			if (!err && !memcmp(m, m0, sizeof(*m)))
				same++;
			else if (runs - same <= 5)
				kunit_info(test, "description %d, %s in %s: %s", d,
					   i & 1 ? "a node" : "a property", path,
					   err ? "refused" : "another model");
		}
	}
	rig_reset();
	kunit_info(test, "unknown properties and nodes: %u, same model %u", runs, same);
	KUNIT_EXPECT_GT(test, runs, 0);
	KUNIT_EXPECT_EQ(test, same, runs);
}

/* Refused with one message naming a node, or accepted and harmless */
static void __init verdict(struct fuzz *f, void *fdt, struct isa207_model *m, int rounds,
			   unsigned int *refused, unsigned int *unnamed)
{
	int err = read_fdt(f, fdt, m), r;

	if (!err) {
		f->accepted++;
		for (r = 0; r < rounds; r++)
			exercise(f, m);
		return;
	}
	++*refused;
	/* no "ibm,power-pmu" node left: nothing to read, nothing to say */
	if (err == -ENODEV && !rig_nmsg)
		return;
	if (rig_nmsg != 1 || !strstr(rig_first, "/pmus/pmu@0")) {
		if (++*unnamed <= 5)
			kunit_info(f->test, "%s: %u messages, the first \"%s\"", f->what,
				   rig_nmsg, rig_first);
	}
}

/* Each property of the running CPU's description changed in turn */
static void __init fuzz_corpus(struct kunit *test)
{
	static const char * const muts[] = { "deleted", "4 bytes longer", "cut to half",
					     "first cell 0xffffffff" };
	struct fuzz *f = fuzz_init(test);
	struct isa207_model *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);
	unsigned int cases = 0, refused = 0, unnamed = 0;
	int d = desc_running(), off[256], n, i, k, mut, len, size;
	unsigned long total;
	u8 tmp[256];
	void *fdt;

	KUNIT_ASSERT_NOT_NULL(test, m);
	if (d < 0)
		kunit_skip(test, "no description for this CPU");
	size = fdt_totalsize(descs[d]) + FUZZ_SLACK;
	fdt = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fdt);
	prandom_seed_state(&f->rnd, seed ?: get_random_u32());
	KUNIT_ASSERT_EQ(test, fdt_open_into(descs[d], fdt, size), 0);
	n = subtree(fdt, fdt_path_offset(fdt, "/pmus/pmu@0"), off, NULL, ARRAY_SIZE(off));
	for (i = 0; i < n; i++) {
		for (k = 0; ; k++) {
			const char *name;
			const void *val;
			char pname[64];
			int po, j, err = 0;

			KUNIT_ASSERT_EQ(test, fdt_open_into(descs[d], fdt, size), 0);
			j = 0;
			fdt_for_each_property_offset(po, fdt, off[i])
				if (j++ == k)
					break;
			if (po < 0)
				break;
			val = fdt_getprop_by_offset(fdt, po, &name, &len);
			strscpy(pname, name, sizeof(pname));
			for (mut = 0; mut < ARRAY_SIZE(muts); mut++) {
				if ((mut == 1 && len + 4 > sizeof(tmp)) || (mut == 2 && !len) ||
				    (mut == 3 && len < 4))
					continue;
				KUNIT_ASSERT_EQ(test, fdt_open_into(descs[d], fdt, size), 0);
				val = fdt_getprop(fdt, off[i], pname, &len);
				memcpy(tmp, val, min_t(int, len, sizeof(tmp) - 4));
				memset(tmp + (mut == 1 ? len : 0), 0xff, 4);
				if (mut == 0)
					err = fdt_delprop(fdt, off[i], pname);
				else
					err = fdt_setprop(fdt, off[i], pname, tmp,
							  mut == 1 ? len + 4 : mut == 2 ? len / 2 : len);
				KUNIT_ASSERT_EQ(test, err, 0);
				cond_resched();
				f->what[0] = 0;
				what(f, fdt, off[i], muts[mut], pname);
				f->mutant = cases++;
				verdict(f, fdt, m, 8, &refused, &unnamed);
			}
		}
	}
	rig_reset();
	total = violations(f);
	kunit_info(test, "corpus: cases %u refused %u accepted %lu unnamed %u violations %lu",
		   cases, refused, f->accepted, unnamed, total);
	KUNIT_EXPECT_GT(test, refused, 0);
	KUNIT_EXPECT_EQ(test, unnamed, 0);
	KUNIT_EXPECT_EQ(test, total, 0);
}

/* The unsafe descriptions of rig/v2/attack/ whose base is the running CPU */
static void __init fuzz_attacks(struct kunit *test)
{
	struct fuzz *f = fuzz_init(test);
	struct isa207_model *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);
	unsigned int cases = 0, refused = 0, unnamed = 0, r0, i;
	int d = desc_running();
	unsigned long total, v0;
	void *fdt;

	KUNIT_ASSERT_NOT_NULL(test, m);
	KUNIT_ASSERT_GT(test, ARRAY_SIZE(rig_attacks), 0);
	prandom_seed_state(&f->rnd, seed ?: get_random_u32());
	for (i = 0; i < ARRAY_SIZE(rig_attacks); i++) {
		const char *a = rig_attacks[i].dtb;

		if (rig_attacks[i].base != d)
			continue;
		cond_resched();
		fdt = kunit_kzalloc(test, fdt_totalsize(a), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, fdt);
		memcpy(fdt, a, fdt_totalsize(a));
		scnprintf(f->what, sizeof(f->what), "%s", rig_attacks[i].name);
		f->mutant = cases++;
		r0 = refused;
		v0 = viol_total(f);
		verdict(f, fdt, m, 100, &refused, &unnamed);
		if (refused > r0)
			kunit_info(test, "attack %s: refused: %s", rig_attacks[i].name,
				   strim(rig_first));
		else
			kunit_info(test, "attack %s: accepted, violations %lu",
				   rig_attacks[i].name, viol_total(f) - v0);
		kunit_kfree(test, fdt);
	}
	rig_reset();
	total = violations(f);
	kunit_info(test, "attacks: cases %u refused %u accepted %lu unnamed %u violations %lu",
		   cases, refused, f->accepted, unnamed, total);
	if (!cases)
		kunit_skip(test, "no attack has this CPU's description as its base");
	KUNIT_EXPECT_EQ(test, unnamed, 0);
	KUNIT_EXPECT_EQ(test, total, 0);
}

/*
 * Each allocation of the running CPU's setup made to fail in turn, on the
 * boot's path: refused, with -ENOMEM (not the -EINVAL of a bad
 * description), and all it made freed; the last run, with no allocation
 * failed, accepted and all freed when its registration is refused
 */
static void __init fuzz_failslab(struct kunit *test)
{
	unsigned int n, total = 0, refused = 0, enomem = 0, leaked = 0;
	int d = desc_running(), err = -EINVAL;

	if (d < 0)
		kunit_skip(test, "no description for this CPU");
	for (n = 1; n < 100000; n++) {
		cond_resched();
		rig_fail_at = n;
		err = rig_run(descs[d], true);
		if (rig_nptrs && leaked < 5)
			kunit_info(test, "allocation %u failed: %u allocations not freed",
				   n, rig_nptrs);
		leaked += rig_nptrs;
		if (rig_allocs < n)	/* none failed: the description is read */
			break;
		total++;
		if (err)
			refused++;
		else if (total - refused <= 5)
			kunit_info(test, "allocation %u failed: accepted", n);
		if (err == -ENOMEM)
			enomem++;
		else if (err && refused - enomem <= 5)
			kunit_info(test, "allocation %u failed: refused with %d", n, err);
	}
	rig_fail_at = 0;
	rig_reset();
	kunit_info(test,
		   "failslab: allocations %u refused %u enomem %u accepted %u leaked %u kept-lost %u",
		   total, refused, enomem, total - refused, leaked, rig_lost);
	KUNIT_EXPECT_EQ(test, err, -EBUSY);	/* read, and its registration refused */
	KUNIT_EXPECT_EQ(test, leaked, 0);
	KUNIT_EXPECT_GT(test, total, 0);
	KUNIT_EXPECT_EQ(test, refused, total);
	KUNIT_EXPECT_EQ(test, enomem, total);
	KUNIT_EXPECT_EQ(test, rig_lost, 0);
}

/*
 * Mainline Linux's Power12 backend (arch/powerpc/perf/power12-pmu.c and
 * power12-events-list.h, not in the base tree), as data: what the
 * firmware series' Power12 description must give.  Mainline drives
 * Power12 with Power10's functions: the model must be POWER10's.
 */
static const int p12_generic[PERF_COUNT_HW_MAX] __initconst = {
	[PERF_COUNT_HW_CPU_CYCLES] = 0x600f4,
	[PERF_COUNT_HW_INSTRUCTIONS] = 0x500fa,
	[PERF_COUNT_HW_CACHE_REFERENCES] = 0x100fc,
	[PERF_COUNT_HW_CACHE_MISSES] = 0x400f0,
	[PERF_COUNT_HW_BRANCH_INSTRUCTIONS] = 0x10068,
	[PERF_COUNT_HW_BRANCH_MISSES] = 0x27098,
};

static const u64 p12_cache[C(MAX)][C(OP_MAX)][C(RESULT_MAX)] __initconst = {
	[C(L1D)] = {
		[C(OP_READ)] = { 0x100fc, 0x3e054 },
		[C(OP_WRITE)] = { 0, 0x300f0 },
		[C(OP_PREFETCH)] = { 0x1002c, 0 },
	},
	[C(L1I)] = {
		[C(OP_READ)] = { 0x4080, 0x200fc },
		[C(OP_WRITE)] = { 0x3f00000001c040, -1 },
		[C(OP_PREFETCH)] = { 0x40a0, 0 },
	},
	[C(LL)] = {
		[C(OP_READ)] = { 0x10340000003c040, 0x300fe },
		[C(OP_WRITE)] = { 0x10000046080, 0x26880 },
		[C(OP_PREFETCH)] = { 0x100000016080, 0 },
	},
	[C(DTLB)] = { { 0, 0x300fc }, { -1, -1 }, { -1, -1 } },
	[C(ITLB)] = { { 0, 0x400fc }, { -1, -1 }, { -1, -1 } },
	[C(BPU)] = { { 0x4d05e, 0x400f6 }, { -1, -1 }, { -1, -1 } },
	[C(NODE)] = { { -1, -1 }, { -1, -1 }, { -1, -1 } },
};

static const struct { const char *name; u64 code; } p12_events[] __initconst = {
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

static const char * const p12_formats[][2] __initconst = {
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

static bool p12_plant;
module_param(p12_plant, bool, 0444);
MODULE_PARM_DESC(p12_plant, "compare POWER10's description with Power12's tables");

/* @name's attribute in @attrs, or NULL */
static struct perf_pmu_events_attr *find_attr(struct attribute **attrs, const char *name)
{
	for (; attrs && *attrs; attrs++)
		if (!strcmp((*attrs)->name, name))
			return container_of(*attrs, struct perf_pmu_events_attr, attr.attr);
	return NULL;
}

static unsigned int count_attrs(struct attribute **attrs)
{
	unsigned int n = 0;

	while (attrs && attrs[n])
		n++;
	return n;
}

#define P12_DIFF(fmt, ...)	do { diffs++; kunit_info(test, fmt, ##__VA_ARGS__); } while (0)

/* The Power12 description against mainline's Power12 tables, on ISA 3.1 */
static void __init fuzz_power12(struct kunit *test)
{
	struct isa207_model *m10 = kunit_kzalloc(test, sizeof(*m10), GFP_KERNEL);
	const u64 *c = &dt_cache[0][0][0], *w = &p12_cache[0][0][0];
	struct perf_pmu_events_attr *a;
	unsigned int i, diffs = 0;

	KUNIT_ASSERT_NOT_NULL(test, m10);
	if (!(isa207_cpu_isa() & ISA207_ISA_31))
		kunit_skip(test, "Power12's description is of ISA 3.1");
	KUNIT_ASSERT_EQ(test, rig_setup(__dtb_v2test_power10_begin), 0);
	*m10 = dt_model;
	KUNIT_ASSERT_EQ_MSG(test, rig_setup(p12_plant ? __dtb_v2test_power10_begin :
					    __dtb_v2test_power12_begin), 0, "%s", rig_first);
	if (strcmp(rig_name, "Power12"))
		P12_DIFF("name %s", rig_name);
	if (memcmp(m10, &dt_model, sizeof(*m10)))
		P12_DIFF("a model other than POWER10's");
	for (i = 0; i < PERF_COUNT_HW_MAX; i++)
		if (dt_generic[i] != p12_generic[i])
			P12_DIFF("generic event %u: 0x%x, mainline 0x%x", i,
					    dt_generic[i], p12_generic[i]);
	for (i = 0; i < sizeof(dt_cache) / sizeof(*c); i++)
		if (c[i] != w[i])
			P12_DIFF("cache event %u: 0x%llx, mainline 0x%llx", i,
					    c[i], w[i]);
	for (i = 0; i < ARRAY_SIZE(p12_events); i++) {
		a = find_attr(dt_events_group.attrs, p12_events[i].name);
		if (!a || attr_code(a) != p12_events[i].code)
			P12_DIFF("event %s: 0x%llx, mainline 0x%llx",
					    p12_events[i].name, a ? attr_code(a) : 0, p12_events[i].code);
	}
	for (i = 0; i < ARRAY_SIZE(p12_formats); i++) {
		a = find_attr(dt_format_group.attrs, p12_formats[i][0]);
		if (!a || strcmp(a->event_str ?: "", p12_formats[i][1]))
			P12_DIFF("format %s: %s, mainline %s", p12_formats[i][0],
					    a ? a->event_str : "none", p12_formats[i][1]);
	}
	if (count_attrs(dt_events_group.attrs) != ARRAY_SIZE(p12_events) ||
	    count_attrs(dt_format_group.attrs) != ARRAY_SIZE(p12_formats))
		P12_DIFF("%u events, %u formats; mainline %zu, %zu",
				    count_attrs(dt_events_group.attrs),
				    count_attrs(dt_format_group.attrs),
				    ARRAY_SIZE(p12_events), ARRAY_SIZE(p12_formats));
	rig_reset();
	kunit_info(test, "power12: events %zu formats %zu generic %d cache %zu differences %u",
		   ARRAY_SIZE(p12_events), ARRAY_SIZE(p12_formats), PERF_COUNT_HW_MAX,
		   sizeof(dt_cache) / sizeof(*c), diffs);
	KUNIT_EXPECT_EQ(test, diffs, 0);
}

static struct kunit_case __refdata isa207_fuzz_cases[] = {
	KUNIT_CASE_SLOW(fuzz_mutants),
	KUNIT_CASE(fuzz_unknown),
	KUNIT_CASE(fuzz_corpus),
	KUNIT_CASE(fuzz_attacks),
	KUNIT_CASE(fuzz_failslab),
	KUNIT_CASE(fuzz_power12),
	{}
};

static struct kunit_suite isa207_fuzz_suite = {
	.name = "isa207_fuzz",
	.test_cases = isa207_fuzz_cases,
};
kunit_test_init_section_suites(&isa207_fuzz_suite);

MODULE_DESCRIPTION("rig: a fuzzer of the isa207 description reader");
MODULE_LICENSE("GPL");
