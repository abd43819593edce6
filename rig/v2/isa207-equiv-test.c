// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rig test, not part of the series: the isa207 engine with the running
 * CPU's model against the stock isa207-common.c of the base kernel,
 * compiled into the same kernel as ref_isa207_*() (rig/v2-series-check.sh
 * generates isa207-ref.[ch] and isa207-ref-alt.h from the base tree).
 * Compared: which codes are refused, the reserved values check, which
 * groups fit (power_check_constraints()' test, with and without the group
 * rule), the MMCRs and counters of every group that fits, clearing each
 * counter's PMCxSEL, and the alternatives; for the C model, for the model read from the description
 * (when the series has the reader) and for the decode made once (when it
 * has it).  isa207_equiv_test.plant=N plants a fault in the model, to see the
 * comparison fail.  The sweeps' seed is new on every boot and printed;
 * isa207_equiv_test.seed= replays a run.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <asm/cputable.h>
#include <asm/reg.h>

#include "isa207-common.h"
#include "isa207-ref.h"
#include "isa207-ref-alt.h"
#include "isa207-rig.h"

/* core-book3s' adders of the isa207 backends (isa207_use_model()) */
#define RIG_ADDERS	ISA207_ADD_FIELDS, ISA207_TEST_ADDER

/* static in the series; rig/v2-overlay.sh exports it */
extern const struct isa207_model power8_isa207_model;

static int plant;
module_param(plant, int, 0444);
MODULE_PARM_DESC(plant, "a fault planted in the model: 0 none, 1-6");
static bool sweeps = true;
module_param(sweeps, bool, 0444);
MODULE_PARM_DESC(sweeps, "run equiv_c and equiv_dt (0: skip them)");
static u32 seed;
module_param(seed, uint, 0444);
MODULE_PARM_DESC(seed, "the sweeps' seed, 0: a new one");

struct ctx {
	struct isa207_model m;
	const unsigned int (*alt)[2];
	int nalt;
	const u64 *json;	/* perf's JSON event codes for the CPU */
	int njson;
	u32 isa, flags;
	unsigned long gm, gv;
	struct perf_event ev[6];
#ifdef ISA207_MAX_DEC
	struct isa207_event dec[6];
#endif
	struct rnd_state rnd;
};

/* A random code for the model, as rig_rnd_code() makes them */
static u64 rnd_code(struct ctx *c, u64 *cfg1)
{
	return rig_rnd_code(&c->rnd, c->m.valid[0], cfg1);
}

static void do_plant(struct ctx *c)
{
	int i;

	switch (plant) {
	case 1:		/* the model loses its first rule */
		memmove(&c->m.rule[0], &c->m.rule[1], sizeof(c->m.rule[0]) * --c->m.nrules);
		break;
	case 2:		/* a wrong SDAR default */
		for (i = 0; i < c->m.nfields; i++)
			if (c->m.field[i].role == ISA207_ROLE_SDAR)
				c->m.field[i].def ^= 1;
		break;
	case 3:		/* PMC2's and PMC3's PMCxSEL exchanged */
		swap(c->m.place[0].to[1], c->m.place[0].to[2]);
		break;
	case 5:		/* an alternative pair lost */
		c->m.npairs--;
		break;
	}
}

/* After the model is compiled: the reserved values of another ISA level */
static void do_plant_isa(struct ctx *c)
{
	if (plant == 6)
		c->m.isa ^= (c->isa & ISA207_ISA_300) ? ISA207_ISA_31 : ISA207_ISA_300;
}

static struct ctx * __init setup(struct kunit *test, bool from_dt)
{
	struct ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	unsigned int pvr = PVR_VER(mfspr(SPRN_PVR));
	const struct isa207_model *src;
	const char *why = NULL;
#ifdef ISA207_DT_COMPATIBLE
	const char *blob = NULL;
#endif

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->isa = isa207_cpu_isa();
	c->flags = PPMU_HAS_SIER | PPMU_ARCH_207S;
	switch (pvr) {
	case PVR_POWER10:
		src = &power10_isa207_model;
		c->alt = ref_alt_power10;
		c->nalt = ARRAY_SIZE(ref_alt_power10);
		c->json = ref_json_power10;
		c->njson = ARRAY_SIZE(ref_json_power10);
		c->flags |= PPMU_ARCH_31 | PPMU_HAS_ATTR_CONFIG1;
		c->gm = CNST_CACHE_PMC4_MASK;
		c->gv = CNST_CACHE_PMC4_VAL;
#ifdef ISA207_DT_COMPATIBLE
		blob = __dtb_v2test_power10_begin;
#endif
		break;
	case PVR_POWER9:
		src = &power9_isa207_model;
		c->alt = ref_alt_power9;
		c->nalt = ARRAY_SIZE(ref_alt_power9);
		c->json = ref_json_power9;
		c->njson = ARRAY_SIZE(ref_json_power9);
		c->gm = CNST_CACHE_PMC4_MASK;
		c->gv = CNST_CACHE_PMC4_VAL;
#ifdef ISA207_DT_COMPATIBLE
		blob = __dtb_v2test_power9_begin;
#endif
		break;
	case PVR_POWER8:
	case PVR_POWER8E:
	case PVR_POWER8NVL:
		src = &power8_isa207_model;
		c->alt = ref_alt_power8;
		c->nalt = ARRAY_SIZE(ref_alt_power8);
		c->json = ref_json_power8;
		c->njson = ARRAY_SIZE(ref_json_power8);
#ifdef ISA207_DT_COMPATIBLE
		blob = __dtb_v2test_power8_begin;
#endif
		break;
	default:
		kunit_skip(test, "no model for PVR version 0x%x", pvr);
	}
	if (from_dt) {
#ifdef ISA207_DT_COMPATIBLE
		struct device_node *root, *pmu;
		void *mem = of_fdt_unflatten_tree((const unsigned long *)blob, NULL, &root);
		int err;

		KUNIT_ASSERT_NOT_NULL(test, mem);
		/* of_find_compatible_node() puts its first node: @root is still used */
		pmu = of_find_compatible_node(of_node_get(root), NULL, ISA207_DT_COMPATIBLE);
		err = pmu ? isa207_dt_read(pmu, c->isa, &c->m) : -ENODEV;
		if (!err)
			kunit_info(test, "model read from %pOF: %u fields, %u placements, %u rules",
				   pmu, c->m.nfields, c->m.nplaces, c->m.nrules);
		/* the model keeps nothing of the tree */
		kfree(mem);
		KUNIT_ASSERT_EQ(test, err, 0);
#else
		kunit_skip(test, "the series has no description reader");
#endif
	} else {
		c->m = *src;
	}
	do_plant(c);
	KUNIT_ASSERT_EQ_MSG(test, isa207_model_init(&c->m, c->isa, &why), 0, "%s", why);
	do_plant_isa(c);
	return c;
}

/* Stock's check_attr_config(): POWER9 and POWER10 add one reserved value */
static int ref_check(struct ctx *c, u64 code, u64 cfg1)
{
	struct perf_event ev = { .attr.config = code, .attr.config1 = cfg1 };
	u64 sample = (code >> 24) & 0x1f;

	if (!(c->isa & ISA207_ISA_300))
		return 0;
	if (sample == ((c->isa & ISA207_ISA_31) ? 0x10 : 0xc))
		return -EINVAL;
	return ref_isa3XX_check_attr_config(&ev);
}

/*
 * Two events of the group set different, non-zero threshold starts or
 * stops: stock ORs them into MMCRA (0b1111 is reserved from ISA 3.0), the
 * series' POWER9 and POWER10 models refuse the group.
 */
static bool thresh_or(const struct ctx *c, const u64 *code, int n)
{
	int i, j, k;

	if (!(c->isa & ISA207_ISA_300))
		return false;
	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			for (k = 32; k <= 36; k += 4) {
				u64 a = (code[i] >> k) & 0xf, b = (code[j] >> k) & 0xf;

				if (a && b && a != b)
					return true;
			}
	return false;
}

/* The constraint bits of the rules "events that set a threshold start (stop) agree" */
static unsigned long thresh_rules(const struct isa207_model *m)
{
	unsigned long bits = 0;
	int i;

	for (i = 0; i < m->nrules; i++) {
		const struct isa207_rule *r = &m->rule[i];
		const struct isa207_field *f = &m->field[r->fields[0]];

		if (r->kind == ISA207_AGREE && r->nfields == 1 && r->cwidth &&
		    r->cond.field == r->fields[0] + 1 && !f->word && f->width == 4 &&
		    (f->shift == 32 || f->shift == 36))
			bits |= GENMASK(r->cshift + r->cwidth - 1, r->cshift);
	}
	return bits;
}

/* @code is the event of a fixed counter (PMC5, PMC6) */
static bool is_fixed(const struct ctx *c, u64 code)
{
	unsigned int pmc = (code >> 16) & 0xf;

	return pmc >= 5 && pmc <= 6 && (code & ~GENMASK_ULL(63, 60)) == c->m.fixed[pmc - 1];
}

static bool fixed_cfg1(const struct ctx *c, const u64 *code, const u64 *cfg1, int n)
{
	while (n--)
		if (cfg1[n] && is_fixed(c, code[n]))
			return true;
	return false;
}

/* An event of the group has config1 bits above the 18 of the threshold compare */
static bool cmp_beyond(const u64 *cfg1, int n)
{
	while (n--)
		if (cfg1[n] >> 18)
			return true;
	return false;
}

/*
 * ISA 3.1, config1 bits above 18: does the series answer as stock would
 * with config1 cut to the 18 bits stock's MMCRA takes (@xm, @xv: the
 * series' constraints, @grp with its group rule)?
 */
static bool as_stock_cut(const struct ctx *c, const u64 *code, const u64 *cfg1, int n,
			 const unsigned long *xm, const unsigned long *xv, bool grp)
{
	unsigned long tm[6], tv[6];
	int i;

	for (i = 0; i < n; i++)
		if (ref_isa207_get_constraint(code[i], &tm[i], &tv[i],
					      cfg1[i] & GENMASK_ULL(17, 0)))
			return false;
	return rig_fits(xm, xv, n, RIG_ADDERS, grp ? c->m.grp_mask : 0,
			grp ? c->m.grp_mask : 0) ==
	       rig_fits(tm, tv, n, RIG_ADDERS, grp ? c->gm : 0,
			grp ? c->gv : 0);
}

/* ISA 3.1: the group's answers differ from stock's through config1 bits above 18 alone */
static bool cmp_apart(const struct ctx *c, const u64 *code, const u64 *cfg1, int n,
		      const unsigned long *xm, const unsigned long *xv)
{
	return (c->isa & ISA207_ISA_31) && cmp_beyond(cfg1, n) &&
	       as_stock_cut(c, code, cfg1, n, xm, xv, true) &&
	       as_stock_cut(c, code, cfg1, n, xm, xv, false);
}

static void __init compare(struct kunit *test, struct ctx *c)
{
	unsigned long refuse_diff = 0, check_diff = 0, cases = 0, groups = 0, fit = 0, jcases = 0;
	unsigned long fit_diff = 0, mmcr_diff = 0, dec_diff = 0, alt_diff = 0, alts = 0, dis_diff = 0;
	unsigned long thresh_refused = 0, tbits = thresh_rules(&c->m), cmp_aparts = 0;
	unsigned long fixed_apart = 0;
	u32 rs = seed ?: get_random_u32();
	int i, g, j;

	if (!sweeps)
		kunit_skip(test, "isa207_equiv_test.sweeps=0");
	prandom_seed_state(&c->rnd, rs);
	kunit_info(test, "pvr 0x%lx seed 0x%08x", PVR_VER(mfspr(SPRN_PVR)), rs);

	/*
	 * First every JSON event code alone, its PMC field set to each of 0-6,
	 * with config1 0 and random (exclude_* random below): JSON_VARIANTS
	 * groups a code.  Then random groups of 1-6 random codes, 10^6 codes
	 * at least.
	 */
#define JSON_VARIANTS 14
	for (g = 0; g < c->njson * JSON_VARIANTS + 200000 || cases - jcases < 1000000; g++) {
		u64 code[6], cfg1[6];
		unsigned long sm[6], sv[6], nm[6], nv[6];
		unsigned int shwc[6], nhwc[6];
		struct mmcr_regs smm = { }, nmm = { };
		struct perf_event *pev[6];
		bool js = g < c->njson * JSON_VARIANTS, sf, nf;
		int n = js ? 1 : 1 + prandom_u32_state(&c->rnd) % 6, ok = 0;

		for (i = 0; i < n; i++) {
			int s, r;

			code[ok] = rnd_code(c, &cfg1[ok]);
			if (js) {
				code[ok] = (c->json[g / JSON_VARIANTS] & ~(0xfULL << 16)) |
					   (u64)(g / 2 % 7) << 16;
				if (!(g & 1))
					cfg1[ok] = 0;
				jcases++;
			}
			s = ref_isa207_get_constraint(code[ok], &sm[ok], &sv[ok], cfg1[ok]);
			r = isa207_model_constraint(&c->m, code[ok], &nm[ok], &nv[ok], cfg1[ok]);
			cases++;
			if (!!ref_check(c, code[ok], cfg1[ok]) !=
			    !!isa207_model_check_code(&c->m, code[ok], cfg1[ok]) &&
			    check_diff++ < 10)
				kunit_err(test, "code 0x%llx: reserved values differ", code[ok]);
			if (!!s != !!r) {
				if (refuse_diff++ < 10)
					kunit_err(test, "code 0x%llx config1 0x%llx: stock %d, model %d",
						  code[ok], cfg1[ok], s, r);
				continue;
			}
			if (!s)
				ok++;
		}
		if (!ok)
			continue;
		groups++;
		sf = rig_fits(sm, sv, ok, RIG_ADDERS, c->gm, c->gv);
		nf = rig_fits(nm, nv, ok, RIG_ADDERS, c->m.grp_mask,
			      c->m.grp_mask);
		/*
		 * Threshold starts or stops that differ: the series refuses,
		 * and without its two rules for them it answers as stock (or
		 * differs through config1 bits above 18 alone, see below).
		 */
		if (thresh_or(c, code, ok)) {
			unsigned long xm[6], xv[6];
			bool refused, as_stock;

			for (i = 0; i < ok; i++) {
				xm[i] = nm[i] & ~tbits;
				xv[i] = nv[i] & ~tbits;
			}
			refused = !nf &&
				  !rig_fits(nm, nv, ok, RIG_ADDERS, 0, 0);
			as_stock = rig_fits(xm, xv, ok, RIG_ADDERS,
					    c->m.grp_mask, c->m.grp_mask) == sf &&
				   rig_fits(xm, xv, ok, RIG_ADDERS, 0, 0) ==
				   rig_fits(sm, sv, ok, RIG_ADDERS, 0, 0);
			if (refused && !as_stock && cmp_apart(c, code, cfg1, ok, xm, xv)) {
				cmp_aparts++;
				continue;
			}
			if (!refused || !as_stock) {
				if (fit_diff++ < 10)
					kunit_err(test, "group of %d (0x%llx 0x%llx ...), starts or stops differ: fits %d / %d",
						  ok, code[0], code[1], sf, nf);
				continue;
			}
			thresh_refused += sf;
			continue;
		}
		/*
		 * ISA 3.1: stock's constraint compares the whole of config1,
		 * saturated, its MMCRA takes config1's 18 bits; the series
		 * compares what it programs.  With bits above 18, the two may
		 * agree on different groups: counted apart when the series
		 * answers as stock with config1 cut to those 18 bits.
		 */
		if ((sf != nf || rig_fits(sm, sv, ok, RIG_ADDERS, 0, 0) !=
		     rig_fits(nm, nv, ok, RIG_ADDERS, 0, 0)) &&
		    cmp_apart(c, code, cfg1, ok, nm, nv)) {
			cmp_aparts++;
			continue;
		}
		if (sf != nf ||
		    rig_fits(sm, sv, ok, RIG_ADDERS, 0, 0) !=
		    rig_fits(nm, nv, ok, RIG_ADDERS, 0, 0)) {
			if (fit_diff++ < 10)
				kunit_err(test, "group of %d (0x%llx 0x%llx ...): fits %d / %d",
					  ok, code[0], ok > 1 ? code[1] : 0, sf, nf);
			continue;
		}
		if (!sf)
			continue;
		fit++;
		for (i = 0; i < ok; i++) {
			u32 r = prandom_u32_state(&c->rnd);

			pev[i] = &c->ev[i];
			memset(pev[i], 0, sizeof(*pev[i]));
			pev[i]->attr.config = code[i];
			pev[i]->hw.config = code[i];	/* what core-book3s schedules */
			pev[i]->attr.config1 = cfg1[i];
			pev[i]->attr.exclude_user = r & 1;
			pev[i]->attr.exclude_kernel = (r >> 1) & 1;
			pev[i]->attr.exclude_hv = (r >> 2) & 1;
			pev[i]->attr.exclude_idle = (r >> 3) & 1;
			if (((r >> 4) & 7) == 0)
				pev[i]->attr.sample_type = PERF_SAMPLE_BRANCH_STACK;
		}
		ref_isa207_compute_mmcr(code, ok, shwc, &smm, pev, c->flags);
		/*
		 * Stock programs the threshold compare of config1 for any
		 * event, PMC5's and PMC6's too; the series places nothing of
		 * a fixed counter's event's config1: stock without it, the
		 * groups it changes counted apart.
		 */
		if (fixed_cfg1(c, code, cfg1, ok)) {
			struct mmcr_regs z = { };
			u64 keep[6];

			for (i = 0; i < ok; i++) {
				keep[i] = cfg1[i];
				if (is_fixed(c, code[i]))
					pev[i]->attr.config1 = 0;
			}
			ref_isa207_compute_mmcr(code, ok, shwc, &z, pev, c->flags);
			for (i = 0; i < ok; i++)
				pev[i]->attr.config1 = keep[i];
			fixed_apart += !!memcmp(&z, &smm, sizeof(z));
			smm = z;
		}
		/* a counter stopped: stock's, the series', the model's PMCxSEL cleared */
		for (j = 0; j < ISA207_NR_PMC; j++) {
			struct mmcr_regs a = smm, b = smm, w = smm;
			unsigned int q;

			ref_isa207_disable_pmc(j, &a);
			isa207_disable_pmc(j, &b);
			for (q = 0; q < c->m.nplaces && j < ISA207_NR_PROG; q++) {
				const struct isa207_place *p = &c->m.place[q];

				if (c->m.field[p->field].role == ISA207_ROLE_PSEL)
					w.mmcr1 &= ~GENMASK(p->to[j] + p->width - 1, p->to[j]);
			}
			if ((memcmp(&a, &b, sizeof(a)) || memcmp(&a, &w, sizeof(a))) && dis_diff++ < 10)
				kunit_err(test, "PMC%d disabled: mmcr1 %lx / %lx, the model's %lx",
					  j + 1, a.mmcr1, b.mmcr1, w.mmcr1);
		}
		if (c->isa & ISA207_ISA_31)	/* power10_compute_mmcr() adds it */
			smm.mmcr0 |= MMCR0_C56RUN;
		isa207_model_mmcr(&c->m, code, ok, nhwc, &nmm, pev);
		if (memcmp(&smm, &nmm, sizeof(smm)) || memcmp(shwc, nhwc, ok * sizeof(*shwc))) {
			if (mmcr_diff++ < 10)
				kunit_err(test,
					  "group of %d (0x%llx 0x%llx): mmcr0 %lx/%lx 1 %lx/%lx 2 %lx/%lx 3 %lx/%lx a %lx/%lx",
					  ok, code[0], ok > 1 ? code[1] : 0,
					  smm.mmcr0, nmm.mmcr0, smm.mmcr1, nmm.mmcr1,
					  smm.mmcr2, nmm.mmcr2, smm.mmcr3, nmm.mmcr3,
					  smm.mmcra, nmm.mmcra);
			continue;
		}
#ifdef ISA207_MAX_DEC
		{
			struct isa207_event *dp[6];
			unsigned long dm, dv;
			bool bad = false;

			for (i = 0; i < ok; i++) {
				dp[i] = &c->dec[i];
				isa207_model_decode(&c->m, pev[i], dp[i]);
				/* the decode is of this code: else the walk answers */
				if (!dp[i]->n || dp[i]->d[0].code != code[i])
					bad = true;
				if (plant == 4 && dp[i]->n)	/* a decode one bit off */
					dp[i]->d[0].mmcr[ISA207_MMCRA] ^= BIT(3);
				if (isa207_model_constraint_dec(&c->m, dp[i], code[i], &dm, &dv,
								cfg1[i]) || dm != nm[i] || dv != nv[i])
					bad = true;
			}
			memset(&nmm, 0, sizeof(nmm));
			for (i = 0; i < ok; i++)
				pev[i]->pmu_private = dp[i];
			isa207_model_mmcr(&c->m, code, ok, nhwc, &nmm, pev);
			if ((bad || memcmp(&smm, &nmm, sizeof(smm)) ||
			     memcmp(shwc, nhwc, ok * sizeof(*shwc))) && dec_diff++ < 10)
				kunit_err(test, "group of %d (0x%llx ...): the decode differs",
					  ok, code[0]);
		}
#endif
	}

	/* alternatives: every code of the stock table, the run-state ones, random codes */
	for (g = 0; g < 2 * c->nalt + 4 + 1000; g++) {
		static const u64 run[] = { 0x1e, 0x600f4, 0x2, 0x500fa };
		u64 sa[MAX_EVENT_ALTERNATIVES], na[MAX_EVENT_ALTERNATIVES], code, cfg1;
		int f, sn, nn;

		if (g < 2 * c->nalt)
			code = c->alt[g / 2][g % 2];
		else if (g < 2 * c->nalt + 4)
			code = run[g - 2 * c->nalt];
		else
			code = rnd_code(c, &cfg1);
		for (f = 0; f < 2; f++) {
			unsigned int flags = f ? PPMU_ONLY_COUNT_RUN : 0;

			sn = ref_isa207_get_alternatives(code, sa, c->nalt, flags,
							 (const unsigned int (*)[MAX_ALT])c->alt);
			nn = isa207_model_alternatives(&c->m, code, flags, na);
			alts++;
			for (j = 0; j < sn && sn == nn && sa[j] == na[j]; j++)
				;
			if ((sn != nn || j != sn) && alt_diff++ < 10)
				kunit_err(test, "code 0x%llx flags %u: %d / %d alternatives",
					  code, flags, sn, nn);
		}
	}

	kunit_info(test, "codes %lu json %lu refused-differently %lu reserved-differently %lu groups %lu fit %lu fit-differently %lu mmcr-differently %lu disable-differently %lu decode-differently %lu alternatives %lu differently %lu thresh-or-refused %lu cmp-apart %lu fixed-cfg1-apart %lu",
		   cases, jcases, refuse_diff, check_diff, groups, fit, fit_diff, mmcr_diff, dis_diff,
		   dec_diff, alts, alt_diff, thresh_refused, cmp_aparts, fixed_apart);
	KUNIT_EXPECT_EQ(test, refuse_diff, 0);
	KUNIT_EXPECT_EQ(test, check_diff, 0);
	KUNIT_EXPECT_EQ(test, fit_diff, 0);
	KUNIT_EXPECT_EQ(test, mmcr_diff, 0);
	KUNIT_EXPECT_EQ(test, dis_diff, 0);
	KUNIT_EXPECT_EQ(test, dec_diff, 0);
	KUNIT_EXPECT_EQ(test, alt_diff, 0);
	KUNIT_EXPECT_GT(test, fit, 1000);
}

/*
 * Each rule the architecture fixes, and a model trying to weaken it: the
 * compiler refuses every one (POWER10's model, compiled for ISA 3.1;
 * the series' KUnit has ten of these on its fixture).
 */
static const char * const weaken[] = {
	"a placement on MMCRA[sample enable]",
	"a placement on MMCRA[IFM]",
	"a placement on MMCRA[BHRBRD]",
	"a placement on MMCR2's freeze bits",
	"a shared placement over PMC1SEL",
	"two counters' PMCxSEL on the same bits",
	"an MMCR3 field shared by the counters",
	"an MMCR3 field in another counter's part",
	"no default SDAR mode",
	"an SDAR default wider than its field",
	"a field over bits 60-63",
	"a code condition on bit 63 (EBB)",
	"an alternative with the EBB bit",
	"an alternative on PMC7",
	"run alternatives with the BHRB bit",
	"PMC3 fixed (fewer programmable counters)",
	"PMC6 programmable",
	"a fixed event naming another counter",
	"a fixed event with threshold bits",
	"a fixed event with a reserved sampling mode",
	"no counter field",
	"an agreement on bits beyond its field",
	"an agreement on a constant",
	"rules needing more than the constraint word",
	"a placement past bit 63",
	"PMCxSEL shared, not per counter",
	"threshold starts ORed without an agreement",
	"an SDAR mode elsewhere in MMCRA",
	"PMC4SEL at bits 56-63 (the unit fields gone)",
	"the sampling eligibility from a field of its own",
	"another field on MMCRA's threshold compare (attack 10)",
	"the threshold compare at MMCRA bits 46-56",
};

static void model_weaken(struct isa207_model *m, int i)
{
	struct isa207_place *p = &m->place[m->nplaces];
	struct isa207_field *f = &m->field[m->nfields];

	switch (i) {
	case 0: *p = (struct isa207_place)ISA207_PLACE(2, MMCRA, 0, 1, 0); m->nplaces++; break;
	case 1: *p = (struct isa207_place)ISA207_PLACE(3, MMCRA, 0, 2, 30); m->nplaces++; break;
	case 2: *p = (struct isa207_place)ISA207_PLACE(2, MMCRA, 0, 1, 37); m->nplaces++; break;
	case 3: *p = (struct isa207_place)ISA207_PLACE(6, MMCR2, 0, 2, 62); m->nplaces++; break;
	case 4: *p = (struct isa207_place)ISA207_PLACE(6, MMCR1, 0, 2, 24); m->nplaces++; break;
	case 5: m->place[0].to[1] = m->place[0].to[2]; break;
	case 6: m->place[12].per_pmc = false; break;
	case 7: m->place[12].to[1] = 49; break;
	case 8: m->field[7].def = 0; break;
	case 9: m->field[7].def = 4; break;
	case 10: m->field[16].width = 7; break;
	case 11: m->field[12].cond = (struct isa207_cond){ .ncodes = 1,
			.code_mask = BIT_ULL(63), .codes = { BIT_ULL(63) } }; break;
	case 12: m->pairs[0][1] |= BIT_ULL(63); break;
	case 13: m->pairs[0][1] = 0x7001e; break;
	case 14: m->run_pairs[0][1] |= BIT_ULL(62); break;
	case 15: m->fixed[2] = 0x300f0; break;
	case 16: m->fixed[5] = 0; break;
	case 17: m->fixed[4] = 0x600fa; break;
	case 18: m->fixed[4] |= 0xf00000000ULL; break;
	case 19: m->fixed[4] |= 0x1000100ULL; break;
	case 20: m->field[5].role = ISA207_ROLE_NONE; break;
	case 21: m->rule[1].from = 1; m->rule[1].width = 2; break;
	case 22: *f = (struct isa207_field){ .def = 1 }; m->nfields++;
		 m->rule[2].fields[0] = m->nfields - 1; break;
	case 23: m->rule[4].fields[0] = m->rule[4].fields[1] = m->rule[4].fields[2] = 16;
		 m->rule[4].fields[3] = 15; m->rule[0].fields[0] = 16;
		 m->rule[1].fields[0] = 15; m->rule[2].fields[0] = 16;
		 m->rule[3].fields[0] = 16; break;
	case 24: m->place[1].to[0] = 64; break;
	case 25: m->place[0].per_pmc = false; break;
	case 26: m->nrules--; break;
	case 27: m->place[5].to[0] = 40; break;
	case 28: m->place[3] = m->place[--m->nplaces]; m->place[0].to[3] = 56; break;
	case 29: *f = m->field[m->place[7].field]; m->place[7].field = m->nfields++;
		 m->rule[4] = m->rule[3]; m->rule[4].fields[0] = m->nfields - 1; break;
	case 30: *f = m->field[m->place[16].field]; f->role = ISA207_ROLE_NONE;
		 m->place[16].field = m->nfields++; break;
	case 31: m->place[16].to[0] = 46; break;
	}
}

static void __init refuses_p10(struct kunit *test)
{
	struct isa207_model *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);
	const char *why;
	int i, err;

	KUNIT_ASSERT_NOT_NULL(test, m);
	*m = power10_isa207_model;
	KUNIT_ASSERT_EQ(test, isa207_model_init(m, ISA207_ISA_300 | ISA207_ISA_31, &why), 0);
	for (i = 0; i < ARRAY_SIZE(weaken); i++) {
		*m = power10_isa207_model;
		model_weaken(m, i);
		why = NULL;
		err = isa207_model_init(m, ISA207_ISA_300 | ISA207_ISA_31, &why);
		KUNIT_EXPECT_NE_MSG(test, err, 0, "%s: accepted", weaken[i]);
		/* the rig counts these lines: only a refusal says "refused (" */
		if (err)
			kunit_info(test, "%s: refused (%s)", weaken[i], why ?: "?");
	}
	/*
	 * MMCR3 is ISA 3.1's: POWER10's model on ISA 3.0, less its MMCR2
	 * field and its threshold rule (too wide for 3.0's constraint word),
	 * its threshold compare placed as 3.0's (10 bits)
	 */
	*m = power10_isa207_model;
	KUNIT_ASSERT_EQ(test, m->place[11].reg, ISA207_MMCR2);
	m->place[11] = m->place[--m->nplaces];
	KUNIT_ASSERT_EQ(test, m->field[m->place[11].field].role, ISA207_ROLE_THRESH_CMP);
	m->place[11].width = 10;
	KUNIT_ASSERT_EQ(test, m->rule[4].nfields, 4);
	m->rule[4] = m->rule[--m->nrules];
	why = NULL;
	err = isa207_model_init(m, ISA207_ISA_300, &why);
	KUNIT_EXPECT_NE_MSG(test, err, 0, "POWER10's MMCR3 fields on ISA 3.0: accepted");
	if (err)
		kunit_info(test, "POWER10's MMCR3 fields on ISA 3.0: refused (%s)", why ?: "?");
}

/* The C model of the running CPU gives stock isa207-common's answers */
static void __init equiv_c(struct kunit *test)
{
	compare(test, setup(test, false));
}

/* So does its description, read by isa207_dt_read() */
static void __init equiv_dt(struct kunit *test)
{
	compare(test, setup(test, true));
}

/*
 * make bench (rig/bench.sh), never a pass or a fail on timing: the
 * schedule path of a group of 1, 4 and 6 events as core-book3s runs it
 * (each event's constraint, the group test, compute_mmcr) on the running
 * CPU for the base tree's isa207-common.c ("stock", the hand-coded code
 * before the series), the engine with the C model ("c", the hand-coded
 * backend with the series) and with the model read from the firmware
 * series' description ("dt"), interrupts off, best of 21 rounds; the
 * decode made once when an event is created (c and dt); the read of the
 * description.  Each in host time and in guest instructions: PMC5 with
 * MMCR0 unfrozen and MMCR1 0 (PMC1-4 count nothing), no alert, which
 * QEMU counts whatever the host's load.
 */
#define BENCH_LOOPS	20000
#define BENCH_ROUNDS	21

static unsigned long bench_pmc5(void)
{
	return mfspr(SPRN_PMC5);
}

struct bench {
	struct ctx *c, *d;
	u64 code[6];
	struct perf_event *pev[6];
	int n;
};

/* One schedule of @n events by @who: 0 stock, 1 the C model, 2 the DT model */
static int bench_once(struct bench *b, int who, int n)
{
	struct ctx *c = who == 2 ? b->d : b->c;
	unsigned long mask[6], val[6];
	unsigned int hwc[6];
	struct mmcr_regs mmcr = { };
	int i;

	for (i = 0; i < n; i++) {
		if (who == 0 ? ref_isa207_get_constraint(b->code[i], &mask[i], &val[i], 0) :
		    isa207_model_constraint_dec(&c->m, &c->dec[i], b->code[i], &mask[i],
						&val[i], 0))
			return -EINVAL;
	}
	if (who == 0 ? !rig_fits(mask, val, n, RIG_ADDERS, c->gm, c->gv) :
	    !rig_fits(mask, val, n, RIG_ADDERS, c->m.grp_mask,
		      c->m.grp_mask))
		return -EAGAIN;
	return who == 0 ? ref_isa207_compute_mmcr(b->code, n, hwc, &mmcr, b->pev, c->flags) :
			  isa207_model_mmcr(&c->m, b->code, n, hwc, &mmcr, b->pev);
}

/*
 * One round: ns and instructions of BENCH_LOOPS calls of @what(@b, @who,
 * @n), each kept if below *@ns, *@insns.  The callers interleave the
 * rounds of stock, c and dt, so that a slow stretch of the host's (the
 * emulator's clock is the host's) falls on all three alike.
 */
static int bench_run(struct bench *b, int (*what)(struct bench *, int, int), int who, int n,
		     u64 *ns, u64 *insns)
{
	unsigned long flags, mmcr0, mmcr1, mmcr2, mmcra, pmc5, i0;
	int l, err = 0;
	u64 t0, t, in;

	/* the decodes core-book3s keeps with each event (pmu_private) */
	for (l = 0; l < b->n; l++)
		b->pev[l]->pmu_private = who ? &(who == 2 ? b->d : b->c)->dec[l] : NULL;
	local_irq_save(flags);
	mmcr0 = mfspr(SPRN_MMCR0);
	mmcr1 = mfspr(SPRN_MMCR1);
	mmcr2 = mfspr(SPRN_MMCR2);
	mmcra = mfspr(SPRN_MMCRA);
	pmc5 = mfspr(SPRN_PMC5);
	mtspr(SPRN_MMCR1, 0);
	mtspr(SPRN_MMCR2, 0);
	mtspr(SPRN_MMCRA, 0);
	mtspr(SPRN_PMC5, 0);
	mtspr(SPRN_MMCR0, 0);
	isync();
	t0 = ktime_get_ns();
	i0 = bench_pmc5();
	for (l = 0; l < BENCH_LOOPS && !err; l++)
		err = what(b, who, n);
	in = bench_pmc5() - i0;
	t = ktime_get_ns() - t0;
	mtspr(SPRN_MMCR0, mmcr0 | MMCR0_FC);
	mtspr(SPRN_PMC5, pmc5);
	mtspr(SPRN_MMCRA, mmcra);
	mtspr(SPRN_MMCR2, mmcr2);
	mtspr(SPRN_MMCR1, mmcr1);
	mtspr(SPRN_MMCR0, mmcr0);
	local_irq_restore(flags);
	*ns = min(*ns, t);
	*insns = min(*insns, in);
	return err;
}

/* The decode made when an event is created, of the @n events */
static int bench_decode(struct bench *b, int who, int n)
{
	struct ctx *c = who == 2 ? b->d : b->c;
	int i;

	for (i = 0; i < n; i++)
		isa207_model_decode(&c->m, b->pev[i], &c->dec[i]);
	return 0;
}

/* Best of BENCH_ROUNDS rounds of @what for @first (0 stock, 1 c) to 2 (dt), interleaved */
static void bench_best(struct kunit *test, struct bench *b,
		       int (*what)(struct bench *, int, int), int first, int n, u64 *ns, u64 *in)
{
	int r, i;

	for (i = first; i < 3; i++)
		ns[i] = in[i] = U64_MAX;
	for (r = 0; r < BENCH_ROUNDS; r++)
		for (i = first; i < 3; i++)
			KUNIT_ASSERT_EQ(test, bench_run(b, what, i, n, &ns[i], &in[i]), 0);
}

static void __init bench_paths(struct kunit *test)
{
	static const char * const who[] = { "stock", "c", "dt" };
	struct bench *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	u64 ns[3], in[3];
	int i, j, n, sizes[] = { 1, 4, 6 };

	KUNIT_ASSERT_NOT_NULL(test, b);
	b->c = setup(test, false);
	b->d = setup(test, true);
	/*
	 * PMC6's and PMC5's events (cycles and instructions, as perf stat
	 * opens them), then the first JSON codes that make a group stock and
	 * both models schedule
	 */
	for (i = -2; i < b->c->njson && b->n < 6; i++) {
		b->code[b->n] = i == -2 ? 0x600f4 : i == -1 ? 0x500fa : b->c->json[i];
		b->pev[b->n] = &b->c->ev[b->n];
		b->pev[b->n]->attr.config = b->code[b->n];
		b->pev[b->n]->hw.config = b->code[b->n];
		bench_decode(b, 1, b->n + 1);
		bench_decode(b, 2, b->n + 1);
		if (!bench_once(b, 0, b->n + 1) && !bench_once(b, 1, b->n + 1) &&
		    !bench_once(b, 2, b->n + 1))
			b->n++;
	}
	for (i = 0; i < b->n; i++)
		b->pev[i]->pmu_private = NULL;
	KUNIT_ASSERT_EQ(test, b->n, 6);
	kunit_info(test, "bench_codes: 0x%llx 0x%llx 0x%llx 0x%llx 0x%llx 0x%llx", b->code[0],
		   b->code[1], b->code[2], b->code[3], b->code[4], b->code[5]);
	for (j = 0; j < ARRAY_SIZE(sizes); j++) {
		n = sizes[j];
		bench_best(test, b, bench_once, 0, n, ns, in);
		for (i = 0; i < 3; i++)
			kunit_info(test, "bench_schedule_%d_%s: %llu ns %llu.%02llu insns", n, who[i],
				   ns[i] / BENCH_LOOPS, in[i] / BENCH_LOOPS,
				   in[i] % BENCH_LOOPS * 100 / BENCH_LOOPS);
	}
	bench_best(test, b, bench_decode, 1, 6, ns, in);
	for (i = 1; i < 3; i++) {
		kunit_info(test, "bench_decode_6_%s: %llu ns %llu.%02llu insns", who[i],
			   ns[i] / BENCH_LOOPS, in[i] / BENCH_LOOPS,
			   in[i] % BENCH_LOOPS * 100 / BENCH_LOOPS);
	}
}

/* The read of the running CPU's description, model compiled (isa207_dt_read()) */
static void __init bench_read(struct kunit *test)
{
#ifdef ISA207_DT_COMPATIBLE
	struct ctx *c = setup(test, true);
	const char *blob = c->isa & ISA207_ISA_31 ? __dtb_v2test_power10_begin :
			   c->isa & ISA207_ISA_300 ? __dtb_v2test_power9_begin :
			   __dtb_v2test_power8_begin;
	struct isa207_model *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);
	struct device_node *root, *pmu;
	void *mem = of_fdt_unflatten_tree((const unsigned long *)blob, NULL, &root);
	u64 t0, t = U64_MAX;
	int r, l;

	KUNIT_ASSERT_NOT_NULL(test, m);
	KUNIT_ASSERT_NOT_NULL(test, mem);
	pmu = of_find_compatible_node(of_node_get(root), NULL, ISA207_DT_COMPATIBLE);
	KUNIT_ASSERT_NOT_NULL(test, pmu);
	for (r = 0; r < BENCH_ROUNDS; r++) {
		t0 = ktime_get_ns();
		for (l = 0; l < 100; l++)
			KUNIT_ASSERT_EQ(test, isa207_dt_read(pmu, c->isa, m), 0);
		t = min(t, ktime_get_ns() - t0);
	}
	of_node_put(pmu);
	kfree(mem);
	kunit_info(test, "bench_read_us: %llu.%02llu", t / 100 / 1000, t / 100 % 1000 / 10);
#else
	kunit_skip(test, "the series has no description reader");
#endif
}

static struct kunit_case __refdata rigbench_cases[] = {
	KUNIT_CASE_SLOW(bench_paths),
	KUNIT_CASE(bench_read),
	{}
};

static struct kunit_suite rigbench_suite = {
	.name = "rigbench_isa207",
	.test_cases = rigbench_cases,
};

static struct kunit_case __refdata isa207_equiv_cases[] = {
	KUNIT_CASE_SLOW(equiv_c),
	KUNIT_CASE_SLOW(equiv_dt),
	KUNIT_CASE(refuses_p10),
	{}
};

static struct kunit_suite isa207_equiv_suite = {
	.name = "isa207_equiv",
	.test_cases = isa207_equiv_cases,
};
kunit_test_init_section_suites(&isa207_equiv_suite, &rigbench_suite);

MODULE_DESCRIPTION("rig: the isa207 engine against stock isa207-common");
MODULE_LICENSE("GPL");
