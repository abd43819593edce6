// SPDX-License-Identifier: GPL-2.0
/*
 * fdtmerge BASE.dtb OVERLAY.dtbo NODE OUTDIR
 *
 * The rig's firmware boot (rig/guest/fw-stage.sh): the running kernel's boot
 * device tree (/sys/firmware/fdt: skiboot's tree) with an overlay applied;
 * NODE of the result is written out as a /proc/device-tree style directory
 * (a directory per node, a file per property).  Put into a copy of the live
 * tree that is mounted over /sys/firmware/devicetree/base, it is part of
 * the tree kexec-tools flattens for the next kernel, as petitboot does on a
 * POWER server.  Built statically against the kernel tree's libfdt
 * (scripts/dtc/libfdt).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <libfdt.h>

static void *slurp(const char *path, size_t extra, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t n = 0, cap = 1 << 16;
	char *buf = malloc(cap + extra);

	if (!f || !buf) {
		perror(path);
		exit(1);
	}
	for (;;) {
		size_t got = fread(buf + n, 1, cap - n, f);

		n += got;
		if (n < cap)
			break;
		cap *= 2;
		buf = realloc(buf, cap + extra);
		if (!buf) {
			perror("realloc");
			exit(1);
		}
	}
	fclose(f);
	*len = n;
	return buf;
}

/* Write node @node of @fdt and its children under @dir; nodes written */
static int dump(const void *fdt, int node, const char *dir)
{
	char path[4096];
	int prop, child, n = 1;

	if (mkdir(dir, 0755)) {
		perror(dir);
		exit(1);
	}
	fdt_for_each_property_offset(prop, fdt, node) {
		const char *name;
		const void *val;
		int len;
		FILE *f;

		val = fdt_getprop_by_offset(fdt, prop, &name, &len);
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		f = fopen(path, "wb");
		if (!f || !val || fwrite(val, 1, len, f) != (size_t)len || fclose(f)) {
			perror(path);
			exit(1);
		}
	}
	fdt_for_each_subnode(child, fdt, node) {
		snprintf(path, sizeof(path), "%s/%s", dir, fdt_get_name(fdt, child, NULL));
		n += dump(fdt, child, path);
	}
	return n;
}

int main(int argc, char **argv)
{
	size_t blen, olen, size;
	void *base, *ovl, *out;
	int rc, node = 0;

	if (argc != 5) {
		fprintf(stderr, "usage: fdtmerge BASE.dtb OVERLAY.dtbo NODE OUTDIR\n");
		return 2;
	}
	base = slurp(argv[1], 0, &blen);
	ovl = slurp(argv[2], 0, &olen);
	size = blen + 2 * olen + 4096;
	out = malloc(size);
	if (!out)
		return 1;
	rc = fdt_open_into(base, out, size);
	if (!rc)
		rc = fdt_overlay_apply(out, ovl);
	if (!rc)
		rc = fdt_pack(out);
	if (!rc)
		rc = node = fdt_path_offset(out, argv[3]);
	if (rc > 0)
		rc = 0;
	if (rc) {
		fprintf(stderr, "fdtmerge: %s\n", fdt_strerror(rc));
		return 1;
	}
	printf("fdtmerge: %s + %s: %s -> %s (%d nodes)\n", argv[1], argv[2], argv[3],
	       argv[4], dump(out, node, argv[4]));
	return 0;
}
