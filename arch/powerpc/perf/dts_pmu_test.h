/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the KUnit tests of the device-tree described core PMU share
 * (dts_pmu_test.c, dts_pmu_test_fuzz.c).
 */
#ifndef _POWERPC_PERF_DTS_PMU_TEST_H
#define _POWERPC_PERF_DTS_PMU_TEST_H

struct dts_pmu;
struct power_pmu;

void dts_test_fill_power_pmu(const struct dts_pmu *p, struct power_pmu *pp);

/* skiboot 783e33f1's POWER10 node, as emitted and with its errors corrected */
extern const u8 __dtb_dts_pmu_test_rfc_begin[];
extern const u8 __dtb_dts_pmu_test_rfc_fixed_begin[];

#endif
