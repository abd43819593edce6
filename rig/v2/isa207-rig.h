/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Rig tests, not part of the series: what the equivalence test and the
 * fuzzer share (rig/v2/isa207-equiv-test.c, isa207-fuzz-test.c).
 */
#ifndef _RIG_ISA207_RIG_H_
#define _RIG_ISA207_RIG_H_

#include <linux/prandom.h>

/* The descriptions of the v2 firmware series (rig/v2-series-check.sh) */
extern const char __dtb_v2test_power8_begin[], __dtb_v2test_power8_end[];
extern const char __dtb_v2test_power9_begin[], __dtb_v2test_power9_end[];
extern const char __dtb_v2test_power10_begin[], __dtb_v2test_power10_end[];
extern const char __dtb_v2test_power12_begin[];

/* core-book3s' power_check_constraints() test of a group's constraints */
static inline bool rig_fits(const unsigned long *amask, const unsigned long *aval, int n,
			    unsigned long addf, unsigned long tadd, unsigned long gm,
			    unsigned long gv)
{
	unsigned long value = 0, mask = 0, nv;
	int i;

	for (i = 0; i < n; i++) {
		nv = (value | aval[i]) + (value & aval[i] & addf);
		if (((((nv + tadd) ^ value) & mask) & ~gm) ||
		    ((((nv + tadd) ^ aval[i]) & amask[i]) & ~gm))
			return false;
		value = nv;
		mask |= amask[i];
	}
	return (value & mask & gm) == (mask & gv);
}

static inline u64 rig_rnd64(struct rnd_state *s)
{
	return ((u64)prandom_u32_state(s) << 32) | prandom_u32_state(s);
}

/*
 * A random code, mostly within @valid (the model's fields), its counter
 * mostly 0-6, sometimes PMC5's or PMC6's event, a cache event, bit 63
 * (EBB), bits 60-62 (BHRB, IFM); and a random config1.
 */
static inline u64 rig_rnd_code(struct rnd_state *s, u64 valid, u64 *cfg1)
{
	u32 r = prandom_u32_state(s);
	u64 code = rig_rnd64(s);

	if ((r & 7) != 0)
		code &= valid;
	if ((r >> 3) & 1)
		code = (code & ~(0xfULL << 16)) | ((u64)((r >> 4) % 7) << 16);
	if (((r >> 7) & 31) == 0)
		code = ((r >> 12) & 1) ? 0x500fa : 0x600f4;
	if (((r >> 13) & 15) == 0)
		code = (code & ~0xff0feULL) | (((r >> 17) & 1) ? 0x30056 : 0x4f052);
	if (((r >> 18) & 7) == 0)
		code &= ~(0x7ULL << 29);
	if (((r >> 21) & 7) == 0)
		code |= 1ULL << 63;
	if (((r >> 24) & 15) == 0)
		code |= (1ULL << 62) | ((u64)((r >> 28) & 3) << 60);
	*cfg1 = (r >> 30) ? rig_rnd64(s) & (BIT_ULL((prandom_u32_state(s) % 22) + 1) - 1) : 0;
	return code;
}

#endif
