/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the KUnit tests of the device-tree described core PMU share
 * (dts_pmu_kunit.c, dts_pmu_fuzz_kunit.c).
 */
#ifndef _POWERPC_PERF_TESTS_DTS_PMU_KUNIT_H
#define _POWERPC_PERF_TESTS_DTS_PMU_KUNIT_H

struct dts_pmu;
struct power_pmu;

void dts_test_fill_power_pmu(const struct dts_pmu *p, struct power_pmu *pp);

/* skiboot 783e33f1's POWER10 node, as emitted and with its errors corrected */
extern const u8 __dtb_dts_pmu_rfc_begin[];
extern const u8 __dtb_dts_pmu_rfc_fixed_begin[];

#endif
