// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * debugfs powerpc/dts_pmu: what the kernel understood of the description
 * driving the core PMU, for whoever writes or debugs one.
 */

#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <asm/reg.h>

#include "dts_pmu.h"

static int dts_pmu_show(struct seq_file *m, void *unused)
{
	const struct dts_pmu *p = dts_pmu_live();
	unsigned int i, n;

	seq_printf(m, "name: %s\nsource: %s\n", p->name, p->source);
	seq_printf(m, "nr_pmc: %u  nr_mmcr: %u  max_counter: %u  programmable: 0x%x\n",
		   p->nr_pmc, p->nr_mmcr, p->max_counter, p->programmable);
	seq_printf(m, "isa 3.1 (mmcr3, sier2/3, pmccext, bhrbrd): %d  siar privilege: %d  reserved sample value: 0x%x\n",
		   !!(p->features & DTS_FEAT_ISA31), !!(p->features & DTS_FEAT_SIAR_PRIV),
		   p->reserved_sample);
	for (n = 1; n <= p->nr_pmc; n++)
		for (i = 0; i < p->nr_restricted[n]; i++)
			seq_printf(m, "restricted: PMC%u counts 0x%llx\n", n,
				   p->restricted[n][i]);
	seq_puts(m, "fields (name config:bits -> register bits, condition):\n");
	for (i = 0; i < p->nr_fields; i++) {
		const struct dts_pmu_field *f = &p->fields[i];

		seq_printf(m, "  %-16s config%u:%u-%u", f->name, f->config, f->shift,
			   f->shift + fls64(f->mask) - 1);
		if (f->mmcr == DTS_PMU_NO_FIELD) {
			seq_puts(m, " (selector)\n");
			continue;
		}
		seq_printf(m, " -> %s", dts_mmcr_names[f->mmcr]);
		if (f->per_pmc) {
			for (n = 1; n <= p->nr_pmc; n++)
				if (p->programmable & BIT(n))
					seq_printf(m, " pmc%u@%u", n, f->pmc_shift[n]);
		} else {
			seq_printf(m, " @%u", f->target);
		}
		seq_printf(m, " %s%s%s\n", dts_cond_names[f->cond], f->encoding ? " " : "",
			   f->encoding ? dts_encoding_names[f->encoding] : "");
	}
	seq_printf(m, "constraints: nc at bit %u limit %u, group mask 0x%llx value 0x%llx\n",
		   p->nc_shift, p->nc_limit, p->group_mask, p->group_val);
	for (i = 0; i < p->nr_rules; i++) {
		const struct dts_pmu_rule *r = &p->rules[i];

		seq_printf(m, "  %-16s %s: ((config%u >> %u) & 0x%llx) << %u, mask 0x%016llx%s%s%s\n",
			   r->name, dts_cond_names[r->cond], r->config, r->eshift,
			   r->emask, r->cshift, r->cmask,
			   r->restricted_too ? ", restricted counters too" : "",
			   r->encoding ? ", " : "",
			   r->encoding ? dts_encoding_names[r->encoding] : "");
	}
	seq_printf(m, "ebb needs pmc: %d  bhrb needs ebb: %d\n", p->ebb_needs_pmc,
		   p->bhrb_needs_ebb);
	for (i = 0; i < p->nr_alt; i++)
		seq_printf(m, "alternatives: 0x%x 0x%x\n", p->alt[i][0], p->alt[i][1]);
	seq_printf(m, "bhrb: %u entries\n", p->bhrb_nr);
	for (i = 0; i < DTS_BR_MAX; i++) {
		if (p->bhrb_ifm[i] >= 0)
			seq_printf(m, "  %s: ifm %d\n", dts_branch_names[i],
				   p->bhrb_ifm[i]);
		else
			seq_printf(m, "  %s: %s\n", dts_branch_names[i],
				   p->bhrb_ifm[i] == DTS_BHRB_IGNORED ? "ignored" : "unsupported");
	}
	for (i = 0; i < p->nr_deny; i++)
		seq_printf(m, "denied events (pvr & 0x%x == 0x%x): %u%s\n",
			   p->deny[i].pvr_mask, p->deny[i].pvr_value, p->deny[i].n,
			   &p->deny[i] == dts_denied(p, mfspr(SPRN_PVR)) ? ", this CPU" : "");
	for (i = 0; i < DTS_PMU_NR_GENERIC; i++)
		seq_printf(m, "generic %s: 0x%x\n", dts_generic_names[i], p->generic[i]);
	for (i = 0; i < p->nr_events; i++)
		seq_printf(m, "event %s: 0x%llx\n", p->ev_names[i], p->ev_codes[i]);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(dts_pmu);

static int __init dts_pmu_debugfs_init(void)
{
	if (dts_pmu_live())
		debugfs_create_file("dts_pmu", 0444, arch_debugfs_dir, NULL,
				    &dts_pmu_fops);
	return 0;
}
late_initcall(dts_pmu_debugfs_init);
