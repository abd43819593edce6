// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * debugfs powerpc/dts_pmu: what the kernel understood of the description
 * driving the core PMU, for whoever writes or debugs one.
 *
 * debugfs powerpc/dts_pmu_check: write a flattened device tree with an
 * "ibm,power-pmu" node under /pmus in one write(); this kernel's verifier
 * reads it as it would a firmware one (the write fails with its error)
 * and reading the file gives "accepted" or why not.  Nothing of the
 * description is kept or used.
 */

#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/libfdt.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sizes.h>
#include <linux/uaccess.h>
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

static DEFINE_MUTEX(dts_check_lock);
static char dts_check_verdict[sizeof(((struct dts_parse *)0)->err) + 16] = "nothing checked\n";

/* Verify the description in @blob; 0 if this kernel would accept it */
static int dts_check_blob(const void *blob, size_t len, struct dts_parse *ps,
			  struct dts_pmu *p)
{
	int rc;

	if (fdt_check_header(blob) || fdt_totalsize(blob) > len) {
		strscpy(ps->err, "not a flattened device tree", sizeof(ps->err));
		return -EINVAL;
	}
	rc = dts_pmu_parse_fdt(ps, p, blob, NULL);
	if (!rc)
		dts_parse_free(ps);
	return rc;
}

static ssize_t dts_check_write(struct file *file, const char __user *ubuf, size_t len,
			       loff_t *ppos)
{
	struct dts_parse *ps;
	struct dts_pmu *p;
	void *blob;
	int rc = -ENOMEM;

	if (*ppos || len < sizeof(struct fdt_header) || len > SZ_1M)
		return -EINVAL;
	blob = memdup_user(ubuf, len);
	if (IS_ERR(blob))
		return PTR_ERR(blob);
	ps = kzalloc(sizeof(*ps), GFP_KERNEL);
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (ps && p)
		rc = dts_check_blob(blob, len, ps, p);
	mutex_lock(&dts_check_lock);
	if (!rc) {
		unsigned int i, n;

		n = scnprintf(dts_check_verdict, sizeof(dts_check_verdict), "accepted");
		for (i = 0; i < DTS_FORM_MAX; i++)
			if (ps->forms & BIT(i))
				n += scnprintf(dts_check_verdict + n, sizeof(dts_check_verdict) - n,
					       " %s", dts_form_names[i]);
		scnprintf(dts_check_verdict + n, sizeof(dts_check_verdict) - n, "\n");
	} else {
		snprintf(dts_check_verdict, sizeof(dts_check_verdict), "rejected (%d): %s\n",
			 rc, ps && ps->err[0] ? ps->err : "out of memory");
	}
	mutex_unlock(&dts_check_lock);
	kfree(p);
	kfree(ps);
	kfree(blob);
	return rc ?: len;
}

static ssize_t dts_check_read(struct file *file, char __user *ubuf, size_t len, loff_t *ppos)
{
	char buf[sizeof(dts_check_verdict)];

	mutex_lock(&dts_check_lock);
	strscpy(buf, dts_check_verdict, sizeof(buf));
	mutex_unlock(&dts_check_lock);
	return simple_read_from_buffer(ubuf, len, ppos, buf, strlen(buf));
}

static const struct file_operations dts_check_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= dts_check_read,
	.write	= dts_check_write,
	.llseek	= default_llseek,
};

static int __init dts_pmu_debugfs_init(void)
{
	if (dts_pmu_live())
		debugfs_create_file("dts_pmu", 0444, arch_debugfs_dir, NULL,
				    &dts_pmu_fops);
	debugfs_create_file("dts_pmu_check", 0600, arch_debugfs_dir, NULL, &dts_check_fops);
	return 0;
}
late_initcall(dts_pmu_debugfs_init);
